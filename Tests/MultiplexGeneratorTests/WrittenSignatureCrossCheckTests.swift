import MultiplexModel
import SwiftParser
import SwiftSyntax
import Testing

/// The signatures `@Multiplexed` spells as written (`RequirementReader.Spelling.asWritten`, from the parser's source
/// ranges) against swift-syntax: the requirement's trimmed signature, its parameters renamed as the model names them
/// and separated by `, `, a duplicate name written once, `borrowing` spelled `__shared` in the forwarding one. This
/// is how the macro spelled them while it read the syntax tree; the expansion keeps the user's layout and comments.
@Suite struct WrittenSignatureCrossCheckTests {
  static let handWritten = [
    """
    protocol Layouts: AnyObject {
      func place(
        _ view: Int,  // the view
        in frame: Double /* the frame */,
        animated
          animated: Bool
      ) async throws -> Int?
      func rename(_: Int, _ : String, _ Multiplex: Int, self: Int, value value: Int, for `for`: Int)
      func take<T: Equatable> (_ value: borrowing T, _ other: borrowing Int) -> T? where T: Sendable
      subscript(_ index: Int, _: String, key key: Int, newValue: Int) -> Int? { get }
      subscript <T>(at index: T,) -> T? where T: Hashable { get set }
      func trailing(a: Int, b: Int,)
      func nested(_ body: (_ a: Int, _ b: Int) -> Void, /* c */ c: [Int: String])
      @MultiplexedDefault(argument + 1) func defaulted(_: Int) -> Int
    }
    """
  ]

  static let corpus: [String] = ProtocolDeclarationCrossCheckTests.corpus + handWritten

  @Test(arguments: corpus)
  func signaturesMatchSwiftSyntax(_ text: String) throws {
    let syntax = try #require(
      Parser.parse(source: text).statements.lazy.compactMap { $0.item.as(ProtocolDeclSyntax.self) }.first
    )
    let declaration = try ProtocolDeclaration(parsing: text)
    let decls = syntax.memberBlock.members.map(\.decl)
    try #require(decls.count == declaration.members.count)
    for (member, decl) in zip(declaration.members, decls) {
      let choices = RequirementChoices(markersOf: member)
      let owner: MemberDeclaration.ParameterOwner
      switch member.kind {
      case .function: owner = .method
      case .subscript: owner = .subscript
      default: continue
      }
      let named = MemberDeclaration.namedParameters(member.parameters, owner: owner, reserved: choices.reservedNames)
      var reader = RequirementReader(declaration, rules: .macro, spelling: .asWritten, isolation: nil)
      guard let requirement = reader.read(member, choices: choices) else {
        // Every requirement written here for its layout can be forwarded.
        #expect(!Self.handWritten.contains(text), "refused: \(member.text)")
        continue
      }
      switch requirement.shape {
      case .method(let signature, let forwarding, _, _):
        let function = try #require(decl.as(FunctionDeclSyntax.self))
        #expect(signature == Self.spelled(function, named: named, forwarding: false))
        #expect(forwarding == Self.spelled(function, named: named, forwarding: true))
      case .subscript(let signature, let forwarding, _, _, _):
        let subscriptDecl = try #require(decl.as(SubscriptDeclSyntax.self))
        #expect(signature == Self.spelled(subscriptDecl, named: named, forwarding: false))
        #expect(forwarding == Self.spelled(subscriptDecl, named: named, forwarding: true))
      case .property:
        Issue.record("a property read from \(decl.trimmedDescription)")
      }
    }
  }

  // MARK: swift-syntax's spelling

  static func spelled(
    _ function: FunctionDeclSyntax,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool
  ) -> String {
    var signature = function.signature
    signature.parameterClause.parameters = parameters(
      function.signature.parameterClause.parameters,
      named: named,
      isMethod: true,
      forwarding: forwarding
    )
    return FunctionDeclSyntax(
      funcKeyword: .keyword(.func, trailingTrivia: .space),
      name: function.name.trimmed,
      genericParameterClause: function.genericParameterClause?.trimmed,
      signature: signature.trimmed,
      genericWhereClause: function.genericWhereClause?.trimmed.with(\.leadingTrivia, .space)
    ).description
  }

  static func spelled(
    _ declaration: SubscriptDeclSyntax,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool
  ) -> String {
    var clause = declaration.parameterClause
    clause.parameters = parameters(clause.parameters, named: named, isMethod: false, forwarding: forwarding)
    return SubscriptDeclSyntax(
      genericParameterClause: declaration.genericParameterClause?.trimmed,
      parameterClause: clause.trimmed,
      returnClause: declaration.returnClause.trimmed.with(\.leadingTrivia, .space),
      genericWhereClause: declaration.genericWhereClause?.trimmed.with(\.leadingTrivia, .space)
    ).description
  }

  static func bare(_ token: TokenSyntax) -> String { token.identifier?.name ?? token.text }

  static func parameters(
    _ list: FunctionParameterListSyntax,
    named: [MemberDeclaration.NamedParameter],
    isMethod: Bool,
    forwarding: Bool
  ) -> FunctionParameterListSyntax {
    var parameters: [FunctionParameterSyntax] = []
    for (parameter, named) in zip(list, named) {
      var parameter = parameter
      if named.isRenamed {
        if isMethod {
          parameter = parameter.with(\.secondName, .identifier(named.name))
          if parameter.firstName.trailingTrivia.isEmpty {
            parameter = parameter.with(\.firstName, parameter.firstName.with(\.trailingTrivia, .space))
          }
        } else {
          let first =
            named.argument.label == nil
            ? TokenSyntax.wildcardToken(leadingTrivia: parameter.firstName.leadingTrivia) : parameter.firstName
          parameter = parameter.with(\.firstName, first.with(\.trailingTrivia, .space))
            .with(\.secondName, .identifier(named.name))
        }
      } else if isMethod, let secondName = parameter.secondName,
        Self.bare(secondName) == Self.bare(parameter.firstName)
      {
        parameter = parameter.with(\.firstName, secondName.with(\.leadingTrivia, parameter.firstName.leadingTrivia))
          .with(\.secondName, nil)
      }
      if forwarding, let attributed = parameter.type.as(AttributedTypeSyntax.self) {
        let specifiers = attributed.specifiers.map { specifier -> TypeSpecifierListSyntax.Element in
          guard case .simpleTypeSpecifier(let simple) = specifier, simple.specifier.tokenKind == .keyword(.borrowing)
          else { return specifier }
          return .simpleTypeSpecifier(simple.with(\.specifier, simple.specifier.with(\.tokenKind, .keyword(.__shared))))
        }
        parameter = parameter.with(
          \.type,
          TypeSyntax(attributed.with(\.specifiers, TypeSpecifierListSyntax(specifiers)))
        )
      }
      parameters.append(parameter)
    }
    return FunctionParameterListSyntax(
      parameters.enumerated().map { index, parameter in
        parameter.with(\.trailingComma, index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
      }
    )
  }
}
