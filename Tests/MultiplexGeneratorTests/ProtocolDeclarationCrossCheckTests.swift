import MultiplexModel
import SwiftParser
import SwiftSyntax
import Testing

/// `ProtocolDeclaration`, the generator's parser of protocol declarations (no swift-syntax), against swift-syntax on
/// every protocol declaration the repository spells (issue 25, item 1): in the sources, the tests' string literals,
/// the fixtures and the generated files, plus hand-written ones in the shapes symbol graphs print. For each member,
/// the kind, names, modifiers, attribute names, parameters (names, type, variadic, default argument), effects,
/// result, generic clauses and accessors must be what swift-syntax reads.
@Suite struct ProtocolDeclarationCrossCheckTests {
  static let handWritten = [
    """
    @objc public protocol UITableViewDelegate : UIScrollViewDelegate, NSObjectProtocol {
      @available(iOS 2.0, *)
      @MainActor @objc optional func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
      @available(iOS, introduced: 8.0, deprecated: 13.0, message: "Use the \\"new\\" API")
      optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    }
    """,
    """
    public protocol Loader: AnyObject, Sendable where Self: NSObject {
      nonisolated func load<T, each U>(_ value: T, _ rest: repeat each U) async throws(LoadError) -> T? where T: Sendable
      var name: String { get async throws }
      var count: Int { get nonmutating set }
      subscript<K: Hashable>(key key: K, default fallback: @autoclosure () -> Int) -> Int { get set }
      static func make() -> Self
      mutating func touch()
      init(name: String)
      associatedtype Item: Equatable = Int
      typealias Handler<T> = (T) -> Void
      func each(_ body: () throws -> Void) rethrows; func log(_ items: Int..., level: Int = 0)
      func `default`(`for` `for`: borrowing Int, _: inout [String: Int], sending value: consuming Data) -> some Equatable
      static func == (lhs: Self, rhs: Self) -> Bool
    }
    """,
  ]

  static let folders = SwiftTypeCrossCheckTests.folders + ["Sources/MultiplexMacrosPlugin"]

  /// Every protocol declaration swift-syntax parses cleanly, without `#if` (which the parser reads as a member
  /// per line, as symbol graphs never print it).
  static let corpus: [String] = {
    let collector = Collector()
    for source in SwiftTypeCrossCheckTests.sources(in: folders) { collector.collect(source) }
    for text in handWritten { collector.collect(text) }
    return collector.protocols.sorted()
  }()

  final class Collector: SyntaxVisitor {
    var protocols: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    func collect(_ source: String) { walk(Parser.parse(source: source)) }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      let text = node.trimmedDescription
      if !node.hasError, !text.contains("#if"), !text.contains("<#") { protocols.insert(text) }
      return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
      guard node.openingQuote.tokenKind == .multilineStringQuote else { return .visitChildren }
      var content = ""
      for segment in node.segments {
        guard case .stringSegment(let text) = segment else { return .visitChildren }
        content += text.content.text
      }
      collect(content)
      return .visitChildren
    }
  }

  @Test func corpusIsLarge() {
    #expect(Self.corpus.count > 150, "only \(Self.corpus.count) protocol declarations")
  }

  @Test(arguments: corpus)
  func membersMatchSwiftSyntax(_ text: String) throws {
    let syntax = try #require(
      Parser.parse(source: text).statements.lazy.compactMap { $0.item.as(ProtocolDeclSyntax.self) }.first
    )
    let declaration = try ProtocolDeclaration(parsing: text)
    #expect(declaration.name == syntax.name.text)
    #expect(declaration.attributes.map(\.text) == syntax.attributes.map(\.trimmedDescription))
    #expect(declaration.inherited.count == (syntax.inheritanceClause?.inheritedTypes.count ?? 0))
    #expect((declaration.whereClause?.count) == syntax.genericWhereClause?.requirements.count)
    #expect(declaration.members.map(Self.summary) == syntax.memberBlock.members.map { Self.summary($0.decl) })
  }

  /// What both parsers must agree on for one member, as text.
  static func summary(_ member: MemberDeclaration) -> String {
    var parts: [String] = []
    switch member.kind {
    case .function(let name): parts.append("func " + name)
    case .property(let name, let isLet): parts.append((isLet ? "let " : "var ") + name)
    case .subscript: parts.append("subscript")
    // Only the kind and name of what the readers refuse or skip.
    case .initializer: return "init"
    case .associatedType(let name): return "associatedtype " + name
    case .typeAlias(let alias): return "typealias " + alias.name + " = " + alias.type.description
    case .other: return "other"
    }
    parts.append("attributes " + member.attributes.map(\.name).joined(separator: " "))
    parts.append("modifiers " + member.modifiers.joined(separator: " "))
    parts.append("generics " + (member.genericParameters.map(GenericParameter.clause) ?? "none"))
    for parameter in member.parameters {
      parts.append(
        "parameter " + parameter.firstName + " " + (parameter.secondName ?? "-") + ": "
          + parameter.type.description + (parameter.isVariadic ? "..." : "")
          + (parameter.hasDefaultArgument ? " = default" : "")
      )
    }
    parts.append("effects " + (member.effects?.description ?? "none"))
    parts.append("result " + (member.result?.description ?? "none"))
    parts.append("where " + (member.whereClause.map(GenericRequirement.clause) ?? "none"))
    let accessors = member.accessors?.map {
      ($0.modifiers + [$0.keyword, $0.effects?.description ?? ""]).joined(separator: " ")
    }
    parts.append("accessors " + (accessors?.joined(separator: ", ") ?? "none"))
    return parts.joined(separator: "; ")
  }

  /// The same summary from swift-syntax's tree.
  static func summary(_ decl: DeclSyntax) -> String {
    func type(_ syntax: TypeSyntax) -> String { SwiftType(parsing: syntax.trimmedDescription).description }
    func attributes(_ list: AttributeListSyntax) -> String {
      list.compactMap { element -> String? in
        guard case .attribute(let attribute) = element else { return nil }
        let name = attribute.attributeName.trimmedDescription
        return name.split(separator: ".").last.map(String.init) ?? name
      }.joined(separator: " ")
    }
    func modifiers(_ list: DeclModifierListSyntax) -> String { list.map(\.trimmedDescription).joined(separator: " ") }
    func parameters(_ clause: FunctionParameterClauseSyntax) -> [String] {
      clause.parameters.map { parameter in
        "parameter " + parameter.firstName.text + " " + (parameter.secondName?.text ?? "-") + ": "
          + type(parameter.type) + (parameter.ellipsis != nil ? "..." : "")
          + (parameter.defaultValue != nil ? " = default" : "")
      }
    }
    func generics(_ clause: GenericParameterClauseSyntax?) -> String {
      clause.map { GenericParameter.clause(GenericParameter.parseClause($0.trimmedDescription)) } ?? "none"
    }
    func whereClause(_ clause: GenericWhereClauseSyntax?) -> String {
      clause.map { GenericRequirement.clause(GenericRequirement.parseClause($0.trimmedDescription)) } ?? "none"
    }
    func effects(async: TokenSyntax?, throwsClause: ThrowsClauseSyntax?) -> String {
      let text = MemberDeclaration.Effects(
        isAsync: async != nil,
        throwsKeyword: throwsClause?.throwsSpecifier.text,
        thrownType: throwsClause?.type.map { SwiftType(parsing: $0.trimmedDescription) }
      ).description
      return async == nil && throwsClause == nil ? "none" : text
    }
    func accessors(_ block: AccessorBlockSyntax?) -> String {
      guard case .accessors(let list) = block?.accessors else { return "none" }
      return list.map { accessor in
        let effects = accessor.effectSpecifiers.map {
          MemberDeclaration.Effects(
            isAsync: $0.asyncSpecifier != nil,
            throwsKeyword: $0.throwsClause?.throwsSpecifier.text,
            thrownType: $0.throwsClause?.type.map { SwiftType(parsing: $0.trimmedDescription) }
          ).description
        }
        return
          ((accessor.modifier.map { [$0.trimmedDescription] } ?? []) + [
            accessor.accessorSpecifier.text, effects ?? "",
          ]).joined(separator: " ")
      }.joined(separator: ", ")
    }
    var parts: [String] = []
    if let function = decl.as(FunctionDeclSyntax.self) {
      let signature = function.signature
      parts = [
        "func " + function.name.text, "attributes " + attributes(function.attributes),
        "modifiers " + modifiers(function.modifiers), "generics " + generics(function.genericParameterClause),
      ]
      parts += parameters(signature.parameterClause)
      parts += [
        "effects "
          + effects(
            async: signature.effectSpecifiers?.asyncSpecifier,
            throwsClause: signature.effectSpecifiers?.throwsClause
          ),
        "result " + (signature.returnClause.map { type($0.type) } ?? "none"),
        "where " + whereClause(function.genericWhereClause), "accessors none",
      ]
    } else if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
      let typeAnnotation = binding.typeAnnotation, variable.bindings.count == 1
    {
      parts = [
        variable.bindingSpecifier.text + " " + binding.pattern.trimmedDescription,
        "attributes " + attributes(variable.attributes), "modifiers " + modifiers(variable.modifiers),
        "generics none", "effects none", "result " + type(typeAnnotation.type), "where none",
        "accessors " + accessors(binding.accessorBlock),
      ]
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      parts = [
        "subscript", "attributes " + attributes(subscriptDecl.attributes),
        "modifiers " + modifiers(subscriptDecl.modifiers), "generics " + generics(subscriptDecl.genericParameterClause),
      ]
      parts += parameters(subscriptDecl.parameterClause)
      parts += [
        "effects none", "result " + type(subscriptDecl.returnClause.type),
        "where " + whereClause(subscriptDecl.genericWhereClause), "accessors " + accessors(subscriptDecl.accessorBlock),
      ]
    } else if decl.is(InitializerDeclSyntax.self) {
      return "init"
    } else if let associatedType = decl.as(AssociatedTypeDeclSyntax.self) {
      return "associatedtype " + associatedType.name.text
    } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
      return "typealias " + alias.name.text + " = " + type(alias.initializer.value)
    } else {
      return "other"
    }
    return parts.joined(separator: "; ")
  }
}
