import MultiplexGeneratorModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

extension Requirement {
  /// Reads one member of the protocol. Returns `nil` for members that are not requirements (type aliases) and
  /// for unsupported shapes, which append a diagnostic.
  static func make(
    from decl: DeclSyntax,
    protocolName: String,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let requirement: Requirement?
    if let function = decl.as(FunctionDeclSyntax.self) {
      requirement = makeMethod(
        function,
        protocolName: protocolName,
        isolation: isolation,
        diagnostics: &diagnostics
      )
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      requirement = makeProperty(variable, isolation: isolation, diagnostics: &diagnostics)
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      requirement = makeSubscript(subscriptDecl, isolation: isolation, diagnostics: &diagnostics)
    } else {
      diagnoseNonRequirement(decl, diagnostics: &diagnostics)
      return nil
    }
    guard var requirement else { return nil }
    applyChoices(to: &requirement, declaration: decl, diagnostics: &diagnostics)
    return requirement
  }

  /// Diagnoses a member that is no method, property or subscript, unless it is harmless (a type alias).
  private static func diagnoseNonRequirement(_ decl: DeclSyntax, diagnostics: inout [Diagnostic]) {
    if let associatedType = decl.as(AssociatedTypeDeclSyntax.self) {
      diagnostics.append(Diagnostic(.associatedType(name: associatedType.name.text), on: associatedType))
    } else if let initializer = decl.as(InitializerDeclSyntax.self) {
      diagnostics.append(Diagnostic(.initializer, on: initializer.initKeyword))
    } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
      diagnostics.append(
        Diagnostic(.conditionalCompilation, on: ifConfig.clauses.first?.poundKeyword ?? ifConfig.poundEndif)
      )
    } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(MacroExpansionDeclSyntax.self) {
      // Not requirements: a type alias is usable as is, `#warning` and friends expand in place.
    } else if !decl.is(MissingDeclSyntax.self) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: decl))
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

  static func readAttributes(
    _ list: AttributeListSyntax,
    name: String,
    diagnostics: inout [Diagnostic]
  ) -> Attributes {
    var result = Attributes()
    var policyMarkers: Set<String> = []
    for element in list {
      guard case .attribute(let attribute) = element else { continue }
      switch Naming.attributeName(attribute) {
      case let marker
      where [Naming.decidedOnceMarker, Naming.everyObserverMarker, Naming.combineMarker].contains(marker):
        // Read by `applyChoices(to:declaration:diagnostics:)`.
        if !policyMarkers.insert(marker).inserted { diagnostics.append(duplicateMarker(attribute, marker: marker)) }
      case Naming.defaultMarker:
        if result.defaultMarker != nil {
          diagnostics.append(duplicateMarker(attribute, marker: Naming.defaultMarker))
        } else {
          result.defaultMarker = attribute
        }
      case Naming.requiredMarker:
        if result.requiredMarker != nil {
          diagnostics.append(duplicateMarker(attribute, marker: Naming.requiredMarker))
        } else {
          result.requiredMarker = attribute
        }
      case "available":
        // A requirement unavailable everywhere (`*`): Swift rejects it outside `@objc` protocols. One unavailable on
        // another platform (`@available(watchOS, unavailable)`) is forwarded, the attribute copied.
        let model = MultiplexGeneratorModel.Attribute(name: "available", text: attribute.trimmedDescription)
        if model.isUnavailableOnEveryPlatform {
          diagnostics.append(Diagnostic(.unavailableRequirement(name: name), on: attribute))
        }
        result.availability.append(attribute.trimmed)
        result.forwarded.append(attribute.trimmed)
      case "objc":
        diagnostics.append(
          Diagnostic(
            .objcRequirement(name: name),
            on: attribute,
            fixIt: .removal(of: attribute, message: .remove("@objc"))
          )
        )
      case "discardableResult", "preconcurrency":
        result.forwarded.append(attribute.trimmed)
      default:
        if ProtocolModel.isGlobalActor(attribute) { result.forwarded.append(attribute.trimmed) }
      }
    }
    return result
  }

  private static func duplicateMarker(_ attribute: AttributeSyntax, marker: String) -> Diagnostic {
    Diagnostic(
      .duplicateMarker(marker: marker),
      on: attribute,
      fixIt: .removal(of: attribute, message: .remove("@\(marker)"))
    )
  }

  /// Checks the modifiers shared by methods and properties, and those of accessors. Returns whether the
  /// requirement is `nonisolated`.
  static func checkModifiers(
    _ modifiers: DeclModifierListSyntax,
    name: String,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Bool {
    var isNonisolated = false
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class):
        diagnostics.append(Diagnostic(.staticMember, on: modifier))
      case .keyword(.optional):
        diagnostics.append(
          Diagnostic(
            .optionalRequirement(name: name),
            on: modifier,
            fixIt: .removal(of: modifier, message: .remove("optional"))
          )
        )
      case .keyword(.mutating), .keyword(.nonmutating):
        diagnostics.append(invalidModifier(modifier, name: name))
      case .keyword(.weak), .keyword(.unowned):
        diagnostics.append(
          Diagnostic(
            .ownershipModifier(name: name, modifier: modifier.name.text),
            on: modifier,
            fixIt: .removal(of: modifier, message: .remove(modifier.trimmedDescription))
          )
        )
      case .keyword(.nonisolated):
        isNonisolated = true
        if let isolation {
          let isolationName = "@" + isolation.attributeName.trimmedDescription
          diagnostics.append(
            Diagnostic(
              .nonisolatedInIsolatedProtocol(name: name, isolation: isolationName),
              on: modifier,
              fixIt: .removal(of: modifier, message: .remove("nonisolated"))
            )
          )
        }
      default:
        break
      }
    }
    return isNonisolated
  }

  /// Diagnoses a requirement isolated to another global actor than its protocol's: the multiplexer's state is
  /// isolated to the protocol's actor, which the forwarding member could not reach synchronously.
  static func checkGlobalActors(
    _ attributes: AttributeListSyntax,
    isolation: AttributeSyntax?,
    name: String,
    diagnostics: inout [Diagnostic]
  ) {
    guard let isolation else { return }
    let protocolActor = Naming.attributeName(isolation)
    for element in attributes {
      guard case .attribute(let attribute) = element, ProtocolModel.isGlobalActor(attribute) else { continue }
      let actor = Naming.attributeName(attribute)
      guard actor != protocolActor else { continue }
      diagnostics.append(
        Diagnostic(
          .otherGlobalActor(name: name, actor: "@" + actor, isolation: "@" + protocolActor),
          on: attribute,
          fixIt: .removal(of: attribute, message: .remove("@" + actor))
        )
      )
    }
  }

  /// `mutating` or `nonmutating` on a requirement or an accessor of a class-bound protocol.
  static func invalidModifier(_ modifier: DeclModifierSyntax, name: String) -> Diagnostic {
    Diagnostic(
      .invalidModifier(name: name, modifier: modifier.name.text),
      on: modifier,
      fixIt: .removal(of: modifier, message: .remove(modifier.name.text))
    )
  }

  /// Diagnoses `where T == Int` on a generic parameter `T` of the requirement: Swift rejects it ("makes generic
  /// parameter non-generic"), and the generated members and combining method would repeat the error.
  static func checkSameTypeRequirements(
    _ whereClause: GenericWhereClauseSyntax?,
    generics: GenericParameterClauseSyntax?,
    name: String,
    diagnostics: inout [Diagnostic]
  ) {
    let names = Set(generics?.parameters.map(\.name.text) ?? [])
    guard !names.isEmpty else { return }
    for item in whereClause?.requirements ?? [] {
      guard let sameType = item.requirement.as(SameTypeRequirementSyntax.self) else { continue }
      // As `Syntax`: the sides are types in swift-syntax 600, a choice of type or expression from 601 on.
      let sides = [Syntax(sameType.leftType), Syntax(sameType.rightType)]
      for (side, other) in [(sides[0], sides[1]), (sides[1], sides[0])] {
        guard let parameter = side.as(IdentifierTypeSyntax.self), names.contains(parameter.name.text),
          !other.tokens(viewMode: .sourceAccurate).contains(where: { names.contains($0.text) })
        else { continue }
        diagnostics.append(
          Diagnostic(
            .nonGenericParameter(name: name, parameter: parameter.name.text, type: other.trimmedDescription),
            on: sameType
          )
        )
        break
      }
    }
  }

  /// Diagnoses a generic parameter named `Multiplex` or `Swift`, which would hide the module from the generated
  /// members and combining method (`Multiplex.Combiner`, `Swift.Void`).
  static func checkGenericParameterNames(
    _ clause: GenericParameterClauseSyntax?,
    name: String,
    diagnostics: inout [Diagnostic]
  ) {
    for parameter in clause?.parameters ?? [] where Naming.modules.contains(parameter.name.text) {
      diagnostics.append(
        Diagnostic(.genericParameterHidesModule(name: name, parameter: parameter.name.text), on: parameter.name)
      )
    }
  }

  /// Whether `node` mentions `Self`.
  static func mentionsSelf(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
  }

}
