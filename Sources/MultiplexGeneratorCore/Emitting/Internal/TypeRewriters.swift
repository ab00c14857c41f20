import SwiftSyntax
import SwiftSyntaxBuilder

/// The type names a type or a generic requirement refers to.
final class TypeReferences: SyntaxVisitor {
  /// A member type rooted in a plain name, as long as it goes: `C.Element.Index`.
  struct MemberPath {
    /// `C`.
    let root: String
    /// `Index`.
    let member: String
    /// `C.Element.Index`.
    let text: String
  }

  /// Every name a type is spelled from (`C` and `Int` in `[C.Element: Int]`, not `Element`).
  private(set) var allNames: Set<String> = []
  /// The names used as types themselves, not as the base of a member type (`Int`, not `C`, in
  /// `[C.Element: Int]`): those a call can infer.
  private(set) var directNames: Set<String> = []
  /// The longest member types rooted in a name, in source order.
  private(set) var memberPaths: [MemberPath] = []

  init(_ node: some SyntaxProtocol) {
    super.init(viewMode: .sourceAccurate)
    walk(node)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    allNames.insert(node.name.text)
    if node.parent?.as(MemberTypeSyntax.self)?.baseType.id != node.id { directNames.insert(node.name.text) }
    return .visitChildren
  }

  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    let isLongest = node.parent?.as(MemberTypeSyntax.self)?.baseType.id != node.id
    var base = node.baseType
    while let member = base.as(MemberTypeSyntax.self) { base = member.baseType }
    if isLongest, let root = base.as(IdentifierTypeSyntax.self) {
      memberPaths.append(MemberPath(root: root.name.text, member: node.name.text, text: node.trimmedDescription))
    }
    return .visitChildren
  }
}

/// Replaces member types by generic parameters: `C.Element` → `Element`.
final class MemberPathSubstituter: SyntaxRewriter {
  let substitutions: [String: String]

  init(_ substitutions: [String: String]) {
    self.substitutions = substitutions
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    guard let name = substitutions[node.trimmedDescription] else { return super.visit(node) }
    return TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))).with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }
}

/// Names the protocol's type aliases from outside the protocol: `Score` → `Delegate.Score`. Swift does not let a
/// generic type alias be named through a protocol: `Handler<Int>` is spelled out instead (`((Int) -> Void)`).
final class TypeAliasQualifier: SyntaxRewriter {
  let aliases: [String: TypeAliasDeclSyntax]
  let protocolType: String
  /// How many generic aliases are being spelled out, to stop on an alias that refers to itself.
  private var depth = 0

  init(aliases: [String: TypeAliasDeclSyntax], protocolType: String) {
    self.aliases = aliases
    self.protocolType = protocolType
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard let alias = aliases[node.name.text] else { return super.visit(node) }
    let arguments = node.genericArgumentClause.map { rewrite($0).cast(GenericArgumentClauseSyntax.self) }
    let replacement: TypeSyntax
    if let parameters = alias.genericParameterClause?.parameters, let arguments = arguments?.arguments,
      parameters.count == arguments.count, depth < 8
    {
      var substitutions: [String: TypeSyntax] = [:]
      for (parameter, argument) in zip(parameters, arguments) {
        guard let type = argument.argument.as(TypeSyntax.self) else { return super.visit(node) }
        substitutions[parameter.name.text] = Self.parenthesized(type.trimmed)
      }
      depth += 1
      let spelled = rewrite(GenericSubstituter(substitutions).rewrite(alias.initializer.value.trimmed))
      depth -= 1
      replacement = Self.parenthesized(spelled.cast(TypeSyntax.self))
    } else {
      replacement = TypeSyntax(
        MemberTypeSyntax(
          baseType: TypeSyntax(stringLiteral: protocolType),
          name: node.name.trimmed,
          genericArgumentClause: arguments
        )
      )
    }
    return replacement.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }

  /// `type`, in parentheses if it could bind differently where it is substituted (`(Int) -> Void` in `T?`).
  static func parenthesized(_ type: TypeSyntax) -> TypeSyntax {
    guard
      type.is(FunctionTypeSyntax.self) || type.is(CompositionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
        || type.is(AttributedTypeSyntax.self)
    else { return type }
    return TypeSyntax(TupleTypeSyntax(elements: [TupleTypeElementSyntax(type: type)]))
  }
}

/// Replaces generic parameters by types: `T` → `Int`.
final class GenericSubstituter: SyntaxRewriter {
  let substitutions: [String: TypeSyntax]

  init(_ substitutions: [String: TypeSyntax]) {
    self.substitutions = substitutions
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    // Only a root: `T.Element` keeps its member, `Element` in it is no generic parameter.
    guard let type = substitutions[node.name.text], node.genericArgumentClause == nil else { return super.visit(node) }
    return type.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
}
