import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

extension Requirement {
  /// Reads one member of the protocol, `decl`, through the model's reading of it (`text`): the model's refusals
  /// (``Refusals``) placed on the syntax, and the requirement. Returns `nil` for members that are not requirements
  /// (type aliases) and for refused ones, which append a diagnostic.
  static func make(
    from decl: DeclSyntax,
    text: ProtocolText,
    protocolName: String,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    guard let member = text.member(declaredBy: decl) else {
      // The parser and swift-syntax disagree on where a member starts (`ProtocolDeclarationCrossCheckTests` holds
      // them together): an error rather than a requirement left out of the multiplexer.
      if !decl.is(MissingDeclSyntax.self) {
        diagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: decl))
      }
      return nil
    }
    if let refusal = Refusals.member(member) {
      diagnostics.append(text.diagnostic(for: refusal, in: decl))
      return nil
    }
    let reading = Reading(text: text, member: member, decl: decl, isolation: isolation.map(Attribute.init))
    let requirement: Requirement?
    if let function = decl.as(FunctionDeclSyntax.self) {
      requirement = makeMethod(function, reading: reading, protocolName: protocolName, diagnostics: &diagnostics)
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      requirement = makeProperty(variable, reading: reading, diagnostics: &diagnostics)
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      requirement = makeSubscript(subscriptDecl, reading: reading, diagnostics: &diagnostics)
    } else {
      return nil
    }
    guard var requirement else { return nil }
    applyChoices(to: &requirement, declaration: decl, diagnostics: &diagnostics)
    return requirement
  }

  /// One member being read: the model's parts of it and the way back to its syntax.
  struct Reading {
    let text: ProtocolText
    let member: MemberDeclaration
    let decl: DeclSyntax
    /// The protocol's global actor, or `nil`.
    let isolation: Attribute?

    /// Whether the accessors include `set`, and the effects of `get` (their refusals are
    /// ``Refusals/accessors(of:name:)``).
    var accessors: (isSettable: Bool, getterEffects: MemberDeclaration.Effects?) {
      let accessors = member.accessors ?? []
      return (accessors.contains { $0.keyword == "set" }, accessors.last { $0.keyword == "get" }?.effects)
    }

    /// `refusals` placed on the member's syntax.
    func place(_ refusals: [Refusal]) -> [Diagnostic] { text.diagnostics(for: refusals, in: decl) }

    /// The refusals of the member's attributes and modifiers (``Refusals``), placed; whether it is `static`
    /// (then read no further: the other checks would only add noise) and `nonisolated`.
    func checkAttributesAndModifiers(
      name: String,
      diagnostics: inout [Diagnostic]
    ) -> (
      isStatic: Bool, isNonisolated: Bool
    ) {
      diagnostics += place(Refusals.attributes(of: member, name: name, isolation: isolation, rules: .macro))
      diagnostics += place(Refusals.modifiers(of: member, name: name, isolation: isolation, rules: .macro))
      return (Refusals.isStatic(member), member.modifiers.contains { $0.hasPrefix("nonisolated") })
    }
  }

  /// The markers, forwarded attributes and availability of a requirement. Diagnoses duplicate markers.
  struct Attributes {
    var defaultMarker: AttributeSyntax? = nil
    var requiredMarker: AttributeSyntax? = nil
    var forwarded: [AttributeSyntax] = []
    var availability: [AttributeSyntax] = []

    /// The identifiers of the default value, which generated names must not hide.
    var reservedNames: Set<String> {
      guard let expression = defaultMarker.flatMap(Requirement.defaultExpression) else { return [] }
      return Set(expression.tokens(viewMode: .sourceAccurate).map(\.text))
    }
  }

  static func readAttributes(_ list: AttributeListSyntax) -> Attributes {
    var result = Attributes()
    for element in list {
      guard case .attribute(let attribute) = element else { continue }
      switch Naming.attributeName(attribute) {
      case Naming.defaultMarker:
        // A second one is refused (``Refusals/attributes(of:name:isolation:rules:)``).
        if result.defaultMarker == nil { result.defaultMarker = attribute }
      case Naming.requiredMarker:
        if result.requiredMarker == nil { result.requiredMarker = attribute }
      case "available":
        // One unavailable on every platform is refused; one unavailable on another platform is forwarded.
        result.availability.append(attribute.trimmed)
        result.forwarded.append(attribute.trimmed)
      case "discardableResult", "preconcurrency":
        result.forwarded.append(attribute.trimmed)
      default:
        if ProtocolModel.isGlobalActor(attribute) { result.forwarded.append(attribute.trimmed) }
      }
    }
    return result
  }

}
