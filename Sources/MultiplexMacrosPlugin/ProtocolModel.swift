import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Multiplexed` reads from a protocol: its name, access level, isolation and availability, and each
/// requirement in a form ready to forward. Building it checks every shape; what cannot be forwarded becomes a
/// diagnostic, and a model with diagnostics generates nothing (so the macro never emits invalid code).
struct ProtocolModel {
  /// The protocol's name, as written.
  let name: String
  /// The names of the types that enclose the protocol, outermost first, each followed by a dot (`Outer.`); empty
  /// at file scope. Generated extensions live at file scope and need it.
  let qualifier: String
  /// The access modifier of the generated types (`public`, `package`, `fileprivate`, `private`), or `nil`.
  let typeAccess: String?
  /// The access modifier of generated members (`public`, `package`), or `nil` for the default.
  let memberAccess: String?
  /// `@available` attributes of the protocol, copied to every generated declaration.
  let availability: [AttributeSyntax]
  /// The protocol's global actor attribute (`@MainActor`), copied to the generated types.
  let isolation: AttributeSyntax?
  /// Whether the protocol refines `Sendable`; the combining protocol then does too.
  let isSendable: Bool
  /// The requirements, in declaration order.
  let requirements: [Requirement]
  /// The protocol's type aliases, by name. Conforming types see them unqualified; the combining protocol, which
  /// does not conform, must name them through the protocol, or spell out a generic one.
  let typeAliases: [String: TypeAliasDeclSyntax]

  /// `ScrollViewDelegateMultiplexer`.
  var multiplexerName: String { name + "Multiplexer" }
  /// `ScrollViewDelegateCombining`.
  var combiningName: String { name + "Combining" }
  /// `any ScrollViewDelegate`.
  var observerType: String { "any \(name)" }
  /// `any Outer.ScrollViewDelegate`, valid at file scope too.
  var qualifiedObserverType: String { "any \(qualifier)\(name)" }
  /// `Outer.ScrollViewDelegateMultiplexer`, valid at file scope too.
  var qualifiedMultiplexerName: String { qualifier + multiplexerName }
  /// `scrollViewDelegateMultiplexer`, the base name of every combining method.
  var combiningBaseName: String { Naming.lowerCamelCase(name) + "Multiplexer" }
}

/// One forwardable requirement.
struct Requirement {
  enum Shape {
    /// A method; `signature` is the requirement with its attributes, modifiers and trivia removed and every
    /// parameter named (unnamed parameters get a unique internal name), for the default implementation.
    /// `forwardingSignature` is the same for the multiplexer's member, where a `borrowing` parameter is declared
    /// `__shared`: the same convention (the member still witnesses the requirement) without the no-implicit-copy
    /// rule, which forbids the forwarding closure to capture a copyable `borrowing` parameter. The closure borrows
    /// it, so a noncopyable value is not copied either.
    case method(
      signature: FunctionDeclSyntax,
      forwardingSignature: FunctionDeclSyntax,
      name: String,
      arguments: [Argument]
    )
    /// A property. Effects only exist on read-only properties.
    case property(name: String, type: TypeSyntax, isSettable: Bool, getterEffects: AccessorEffectSpecifiersSyntax?)
    /// A subscript; the signatures as for methods, without accessors (`subscript(index: Int) -> String?`).
    case `subscript`(
      signature: SubscriptDeclSyntax,
      forwardingSignature: SubscriptDeclSyntax,
      arguments: [Argument],
      isSettable: Bool,
      getterEffects: AccessorEffectSpecifiersSyntax?
    )
  }

  /// How a parameter is passed on to each observer.
  struct Argument {
    /// The argument label, or `nil` for none.
    let label: String?
    /// The parameter's internal name.
    let name: String
    /// `inout` parameters are passed as `&name`.
    let isInout: Bool
    /// `@autoclosure` parameters are passed as `name()`, which wraps the call in a new autoclosure.
    let isAutoclosure: Bool
    /// Parameter packs (`repeat each T`) are passed as `repeat each name`.
    let isPack: Bool
  }

  /// What a call returns.
  enum Result {
    case void
    /// A value. `type` is the result as the requirement spells it, for signatures. `valueType` is the type of the
    /// value, for generic arguments and the combining method, with `T!` spelled `T?` (only allowed in
    /// signatures). `isOptional` when the type is spelled as an `Optional`, so `nil` is its natural default.
    case value(type: TypeSyntax, valueType: TypeSyntax, isOptional: Bool)
  }

  let shape: Shape
  /// `viewForZooming(in:)` or `preferredHeight`, for messages.
  let displayName: String
  let result: Result
  let isAsync: Bool
  /// `throws`, or `throws(E)`; `nil` for a non-throwing requirement. `throws(Never)` is kept in signatures, but
  /// calls to it take no `try` (see ``isThrowing``).
  let throwsClause: ThrowsClauseSyntax?
  /// The value the multiplexer returns when no observer answers (also what the default implementation returns).
  let defaultValue: ExprSyntax?
  /// Whether observers must implement the requirement (no default implementation is generated).
  let isRequired: Bool
  /// Attributes copied to the forwarding member: `@available`, a global actor, `@preconcurrency`,
  /// `@discardableResult`.
  let forwardedAttributes: [AttributeSyntax]
  /// `@available` attributes, copied to the default implementation and the combining method.
  let availability: [AttributeSyntax]
  /// Whether the requirement is `nonisolated`.
  let isNonisolated: Bool
  /// Generic parameters of the requirement (names), for the combining method.
  let genericParameters: GenericParameterClauseSyntax?
  let genericWhereClause: GenericWhereClauseSyntax?
  /// The argument label of the requirement's combining method, unique in the protocol: `combineViewForZoomingIn`.
  var combiningLabel: String

  var returnsValue: Bool {
    if case .value = result { return true }
    return false
  }

  /// Whether calls take `try`: `throws(Never)` does not throw, and `try` on it is a warning.
  var isThrowing: Bool {
    guard let throwsClause else { return false }
    guard let type = throwsClause.type else { return true }
    return !Requirement.isNever(type)
  }

  /// Names a generated local must not take: they are visible where it is declared. The parameters, and every
  /// token of the default value (evaluated in the forwarding member).
  var reservedNames: Set<String> {
    var names: Set<String> = []
    switch shape {
    case .method(_, _, _, let arguments), .subscript(_, _, let arguments, _, _):
      for argument in arguments { names.insert(argument.name) }
    case .property:
      break
    }
    if let defaultValue {
      for token in defaultValue.tokens(viewMode: .sourceAccurate) { names.insert(token.text) }
    }
    return names
  }
  /// The thrown type of `throws(E)`, or `nil` (also for `throws(Never)`, whose calls do not throw).
  var typedThrowsType: TypeSyntax? { isThrowing ? throwsClause?.type : nil }
}

extension ProtocolModel {
  /// Reads `declaration`. Returns `nil` and appends to `diagnostics` if something cannot be forwarded.
  static func make(
    from declaration: some SyntaxProtocol,
    attribute: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> ProtocolModel? {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      let attribute = attribute.located(in: declaration)
      diagnostics.append(
        Diagnostic(
          .notAProtocol(kind: describeKind(of: declaration)),
          on: attribute,
          fixIt: .removal(of: attribute, message: .remove("@\(Naming.multiplexed)"))
        )
      )
      return nil
    }
    // A protocol that does not parse already has the parser's errors: more from the macro would be noise, and
    // code generated from missing pieces would not compile.
    if proto.hasError { return nil }
    let before = diagnostics.count
    let name = proto.name.text

    // Attributes of the protocol.
    var availability: [AttributeSyntax] = []
    var isolation: AttributeSyntax? = nil
    for attribute in multiplexedAttributes(of: proto).dropFirst() {
      diagnostics.append(
        Diagnostic(
          .duplicateMultiplexed,
          on: attribute,
          fixIt: .removal(of: attribute, message: .remove("@\(Naming.multiplexed)"))
        )
      )
    }
    for element in proto.attributes {
      guard case .attribute(let attribute) = element else { continue }
      let attributeName = Naming.attributeName(attribute)
      if attributeName == "available" {
        availability.append(attribute.trimmed)
      } else if attributeName == "objc" {
        diagnostics.append(
          Diagnostic(
            .objcProtocol,
            on: attribute,
            fixIt: .removal(of: attribute, message: .remove("@objc"))
          )
        )
      } else if isGlobalActor(attribute) {
        isolation = attribute.trimmed
      }
    }

    // The types that enclose the protocol, outermost first.
    var enclosingNames: [String] = []
    for enclosing in context.lexicalContext {
      if let decl = enclosing.as(StructDeclSyntax.self) {
        enclosingNames.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ClassDeclSyntax.self) {
        enclosingNames.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(EnumDeclSyntax.self) {
        enclosingNames.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ActorDeclSyntax.self) {
        enclosingNames.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ExtensionDeclSyntax.self) {
        enclosingNames.insert(decl.extendedType.trimmedDescription, at: 0)
      }
    }

    // Access level.
    var typeAccess: String? = nil
    for modifier in proto.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.package), .keyword(.fileprivate), .keyword(.private):
        typeAccess = modifier.name.text
      default:
        break
      }
      // The extension role's output lives at file scope, where a `private` nested declaration is out of reach.
      if modifier.name.tokenKind == .keyword(.private), !enclosingNames.isEmpty {
        let replacement = modifier.with(\.name, modifier.name.with(\.tokenKind, .keyword(.fileprivate)))
        diagnostics.append(
          Diagnostic(
            .privateNestedProtocol(protocolName: name),
            on: modifier,
            fixIt: .replace(
              message: MultiplexedFixIt.replace("private", with: "fileprivate"),
              oldNode: modifier,
              newNode: replacement
            )
          )
        )
      }
    }
    let memberAccess = (typeAccess == "public" || typeAccess == "package") ? typeAccess : nil

    // The generated code spells `Multiplex.…` and `Swift.…`: a type of that name around it would hide the module.
    for typeName in enclosingNames + [name] where Naming.modules.contains(typeName) {
      diagnostics.append(Diagnostic(.typeHidesModule(typeName: typeName), on: proto.name))
    }

    // Inheritance: class-bound, nothing whose requirements we cannot see.
    var isClassBound = false
    var isSendable = false
    for inherited in proto.inheritanceClause?.inheritedTypes ?? [] {
      // `AnyObject & Sendable` is a composition of what may be inherited one by one.
      let types = inherited.type.as(CompositionTypeSyntax.self)?.elements.map(\.type) ?? [inherited.type]
      for type in types {
        let typeName = type.trimmedDescription
        switch typeName {
        case "AnyObject", "Swift.AnyObject", "class":
          isClassBound = true
        case "Sendable", "Swift.Sendable":
          isSendable = true
        default:
          diagnostics.append(Diagnostic(.unsupportedInheritance(typeName: typeName), on: type))
        }
      }
    }
    if !isClassBound {
      diagnostics.append(notClassBoundDiagnostic(proto))
    }
    if let whereClause = proto.genericWhereClause {
      diagnostics.append(Diagnostic(.protocolWhereClause, on: whereClause))
    }
    if let primary = proto.primaryAssociatedTypeClause {
      diagnostics.append(Diagnostic(.primaryAssociatedTypes, on: primary))
    }

    // Type aliases, which the combining protocol must qualify.
    var typeAliases: [String: TypeAliasDeclSyntax] = [:]
    for member in proto.memberBlock.members {
      if let alias = member.decl.as(TypeAliasDeclSyntax.self) { typeAliases[alias.name.text] = alias.trimmed }
    }

    // Requirements.
    var requirements: [Requirement] = []
    for member in proto.memberBlock.members {
      if let requirement = Requirement.make(
        from: member.decl,
        protocolName: name,
        isolation: isolation,
        in: context,
        diagnostics: &diagnostics
      ) {
        requirements.append(requirement)
      }
    }

    // Combining labels must be unique: overloads get a numeric suffix, one that is no other requirement's label
    // (`valueFor2()` has the label `combineValueFor2`).
    let naturalLabels = Set(requirements.filter(\.returnsValue).map(\.combiningLabel))
    var assignedLabels: Set<String> = []
    for index in requirements.indices where requirements[index].returnsValue {
      let label = requirements[index].combiningLabel
      var candidate = label
      var suffix = 2
      while assignedLabels.contains(candidate) || (candidate != label && naturalLabels.contains(candidate)) {
        candidate = label + String(suffix)
        suffix += 1
      }
      assignedLabels.insert(candidate)
      requirements[index].combiningLabel = candidate
    }

    guard diagnostics.count == before else { return nil }
    return ProtocolModel(
      name: name,
      qualifier: enclosingNames.map { $0 + "." }.joined(),
      typeAccess: typeAccess,
      memberAccess: memberAccess,
      availability: availability,
      isolation: isolation,
      isSendable: isSendable,
      requirements: requirements,
      typeAliases: typeAliases
    )
  }

  /// The `@Multiplexed` attributes of `proto`, in source order. More than one is an error.
  static func multiplexedAttributes(of proto: ProtocolDeclSyntax) -> [AttributeSyntax] {
    proto.attributes.compactMap { element in
      guard case .attribute(let attribute) = element, Naming.attributeName(attribute) == Naming.multiplexed else {
        return nil
      }
      return attribute
    }
  }

  /// `@MainActor`, or a custom attribute without arguments whose name ends in `Actor` (the convention for global
  /// actors; the macro cannot look the type up).
  static func isGlobalActor(_ attribute: AttributeSyntax) -> Bool {
    let name = Naming.attributeName(attribute)
    return name == "MainActor" || (name.hasSuffix("Actor") && name != "Actor" && attribute.arguments == nil)
  }

  /// "not class-bound", with a fix-it that adds `AnyObject` to the inheritance clause.
  static func notClassBoundDiagnostic(_ proto: ProtocolDeclSyntax) -> Diagnostic {
    let fixIt: FixIt
    if let clause = proto.inheritanceClause {
      var types = Array(clause.inheritedTypes)
      let anyObject = InheritedTypeSyntax(
        type: TypeSyntax(IdentifierTypeSyntax(name: .identifier("AnyObject"))),
        trailingComma: .commaToken(trailingTrivia: .space)
      )
      types.insert(anyObject, at: 0)
      let newClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
      fixIt = .replace(message: MultiplexedFixIt.addAnyObject, oldNode: clause, newNode: newClause)
    } else {
      let newClause = InheritanceClauseSyntax(
        colon: .colonToken(trailingTrivia: .space),
        inheritedTypes: [InheritedTypeSyntax(type: TypeSyntax(IdentifierTypeSyntax(name: .identifier("AnyObject"))))]
      )
      let newName = proto.name.with(\.trailingTrivia, [])
      let replacement =
        proto
        .with(\.name, newName)
        .with(\.inheritanceClause, newClause.with(\.trailingTrivia, proto.name.trailingTrivia))
      fixIt = .replace(message: MultiplexedFixIt.addAnyObject, oldNode: proto, newNode: replacement)
    }
    return Diagnostic(.notClassBound(protocolName: proto.name.text), on: proto.name, fixIt: fixIt)
  }

  static func describeKind(of declaration: some SyntaxProtocol) -> String {
    switch declaration.kind {
    case .classDecl: return "a class"
    case .structDecl: return "a struct"
    case .enumDecl: return "an enum"
    case .actorDecl: return "an actor"
    case .extensionDecl: return "an extension"
    case .functionDecl: return "a function"
    case .variableDecl: return "a variable"
    case .typeAliasDecl: return "a type alias"
    default: return "this declaration"
    }
  }
}

extension AttributeSyntax {
  /// The same attribute inside `declaration`, which knows its neighbouring tokens (the attribute a macro receives
  /// may be a detached copy); `self` if it is not found.
  func located(in declaration: some SyntaxProtocol) -> AttributeSyntax {
    let attributes = declaration.asProtocol((any WithAttributesSyntax).self)?.attributes ?? []
    for element in attributes {
      if case .attribute(let candidate) = element, candidate.trimmedDescription == trimmedDescription {
        return candidate
      }
    }
    return self
  }
}

extension FixIt {
  /// A fix-it that deletes `node` (an attribute or a modifier) and leaves the surrounding layout tidy.
  ///
  /// On its own line, the node's line goes away; at the start of a line, what follows moves to its place; after
  /// another attribute on the same line, the space before it goes too.
  static func removal(of node: some SyntaxProtocol, message: MultiplexedFixIt) -> FixIt {
    let empty = Syntax(TokenSyntax(.identifier(""), presence: .missing))
    var changes: [FixIt.Change] = [.replace(oldNode: Syntax(node), newNode: empty)]
    let previous = node.previousToken(viewMode: .sourceAccurate)
    let next = node.nextToken(viewMode: .sourceAccurate)
    let startsLine =
      previous == nil || node.leadingTrivia.contains(where: \.isNewline)
      || previous!.trailingTrivia.contains(where: \.isNewline)
    let nextOnSameLine = next.map { !$0.leadingTrivia.contains(where: \.isNewline) } ?? false
    if startsLine, let next {
      changes.append(.replaceLeadingTrivia(token: next, newTrivia: node.leadingTrivia))
    } else if !nextOnSameLine, let previous {
      changes.append(.replaceTrailingTrivia(token: previous, newTrivia: []))
    }
    return FixIt(message: message, changes: changes)
  }
}

extension Requirement {
  /// Reads one member of the protocol. Returns `nil` for members that are not requirements (type aliases) and
  /// for unsupported shapes, which append a diagnostic.
  static func make(
    from decl: DeclSyntax,
    protocolName: String,
    isolation: AttributeSyntax?,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    if let function = decl.as(FunctionDeclSyntax.self) {
      return makeMethod(
        function,
        protocolName: protocolName,
        isolation: isolation,
        in: context,
        diagnostics: &diagnostics
      )
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      return makeProperty(variable, isolation: isolation, diagnostics: &diagnostics)
    }
    if let associatedType = decl.as(AssociatedTypeDeclSyntax.self) {
      diagnostics.append(Diagnostic(.associatedType(name: associatedType.name.text), on: associatedType))
    } else if let initializer = decl.as(InitializerDeclSyntax.self) {
      diagnostics.append(Diagnostic(.initializer, on: initializer.initKeyword))
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      return makeSubscript(subscriptDecl, isolation: isolation, diagnostics: &diagnostics)
    } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
      diagnostics.append(
        Diagnostic(.conditionalCompilation, on: ifConfig.clauses.first?.poundKeyword ?? ifConfig.poundEndif)
      )
    } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(MacroExpansionDeclSyntax.self) {
      // Not requirements: a type alias is usable as is, `#warning` and friends expand in place.
    } else if !decl.is(MissingDeclSyntax.self) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: decl))
    }
    return nil
  }

  /// The markers, forwarded attributes and availability of a requirement. Diagnoses duplicate markers.
  fileprivate struct Attributes {
    var defaultMarker: AttributeSyntax? = nil
    var requiredMarker: AttributeSyntax? = nil
    var forwarded: [AttributeSyntax] = []
    var availability: [AttributeSyntax] = []
  }

  fileprivate static func readAttributes(
    _ list: AttributeListSyntax,
    name: String,
    diagnostics: inout [Diagnostic]
  ) -> Attributes {
    var result = Attributes()
    for element in list {
      guard case .attribute(let attribute) = element else { continue }
      switch Naming.attributeName(attribute) {
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
        // An unavailable requirement: Swift rejects it outside `@objc` protocols (`*`), and the multiplexer would
        // have to implement it (a platform).
        let isUnavailable = attribute.arguments?.tokens(viewMode: .sourceAccurate).contains {
          $0.tokenKind == .keyword(.unavailable) || $0.tokenKind == .identifier("unavailable")
        }
        if isUnavailable == true {
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
  fileprivate static func checkModifiers(
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
  fileprivate static func checkGlobalActors(
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
  fileprivate static func invalidModifier(_ modifier: DeclModifierSyntax, name: String) -> Diagnostic {
    Diagnostic(
      .invalidModifier(name: name, modifier: modifier.name.text),
      on: modifier,
      fixIt: .removal(of: modifier, message: .remove(modifier.name.text))
    )
  }

  /// Diagnoses `where T == Int` on a generic parameter `T` of the requirement: Swift rejects it ("makes generic
  /// parameter non-generic"), and the generated members and combining method would repeat the error.
  fileprivate static func checkSameTypeRequirements(
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
  fileprivate static func checkGenericParameterNames(
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
  fileprivate static func mentionsSelf(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
  }

  // MARK: Types

  /// Whether `type` (a parameter's) carries the specifier `keyword` (`borrowing`, `consuming`, `sending`, `inout`).
  static func hasSpecifier(_ keyword: Keyword, _ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return attributed.specifiers.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(keyword) }
  }

  /// Whether `type` (a parameter's) carries the attribute `name` (`autoclosure`, `escaping`).
  static func hasAttribute(_ name: String, _ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return attributed.attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return Naming.attributeName(attribute) == name
    }
  }

  /// `type` without the specifier `keyword`: `sending T` → `T`.
  static func removingSpecifier(_ keyword: Keyword, from type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return type }
    let kept = attributed.specifiers.filter { specifier in
      !specifier.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(keyword) }
    }
    guard kept.count != attributed.specifiers.count else { return type }
    if kept.isEmpty && attributed.attributes.isEmpty {
      return attributed.baseType.with(\.leadingTrivia, attributed.leadingTrivia)
    }
    return TypeSyntax(attributed.with(\.specifiers, TypeSpecifierListSyntax(Array(kept))))
  }

  /// `type` with the specifier `old` spelled `new`: `borrowing T` → `__shared T`.
  static func replacingSpecifier(_ old: Keyword, with new: Keyword, in type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self),
      let specifiers = KeywordReplacer(old: old, new: new).rewrite(attributed.specifiers).as(
        TypeSpecifierListSyntax.self
      )
    else { return type }
    return TypeSyntax(attributed.with(\.specifiers, specifiers))
  }

  static func isVoid(_ type: TypeSyntax) -> Bool {
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.isEmpty { return true }
    let text = type.trimmedDescription
    return text == "Void" || text == "Swift.Void"
  }

  static func isNever(_ type: TypeSyntax) -> Bool {
    let text = type.trimmedDescription
    return text == "Never" || text == "Swift.Never"
  }

  static func isOptionalType(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
        && member.genericArgumentClause != nil
    }
    return false
  }

  // MARK: Results

  /// Reads the result type and the default value, and diagnoses a missing or useless default.
  fileprivate static func readResult(
    type: TypeSyntax?,
    name: String,
    markers: Attributes,
    declaration: some DeclSyntaxProtocol & WithAttributesSyntax,
    diagnostics: inout [Diagnostic]
  ) -> (Result, ExprSyntax?)? {
    let defaultValue = markers.defaultMarker.flatMap(defaultExpression)
    guard let type, !isVoid(type) else {
      if let marker = markers.defaultMarker {
        diagnostics.append(
          Diagnostic(
            .defaultOnVoid(name: name),
            on: marker,
            fixIt: .removal(of: marker, message: .remove("@\(Naming.defaultMarker)"))
          )
        )
        return nil
      }
      return (.void, nil)
    }
    // Swift rejects `some` in a requirement's result; without this, the message would ask for a default.
    if type.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.some) }) {
      diagnostics.append(Diagnostic(.opaqueType(name: name, type: type.trimmedDescription), on: type))
      return nil
    }
    // The multiplexer returns an observer's answer, which a generic function handed it: Swift cannot prove that
    // nothing else refers to it, and rejects the forwarding member.
    if hasSpecifier(.sending, type) {
      diagnostics.append(
        Diagnostic(
          .sendingResult(name: name),
          on: type,
          fixIt: .replace(
            message: MultiplexedFixIt.remove("sending"),
            oldNode: type,
            newNode: removingSpecifier(.sending, from: type)
          )
        )
      )
      return nil
    }
    let resultType = type.trimmed
    // `T!` is only allowed at the top of a signature: generic arguments and the combining method spell `T?`.
    var valueType = resultType
    if let unwrapped = valueType.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      valueType = TypeSyntax(OptionalTypeSyntax(wrappedType: unwrapped.wrappedType))
    }
    if isNever(valueType) {
      diagnostics.append(Diagnostic(.neverResult(name: name), on: type))
      return nil
    }
    let isOptional = isOptionalType(valueType)
    if defaultValue == nil, !isOptional {
      diagnostics.append(
        Diagnostic(
          .missingDefault(name: name, type: resultType.description, isRequired: markers.requiredMarker != nil),
          on: type,
          fixIt: FixIt(
            message: MultiplexedFixIt.insertDefault,
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(insertingDefaultMarker(declaration)))]
          )
        )
      )
      return nil
    }
    return (
      .value(type: resultType, valueType: valueType, isOptional: isOptional),
      defaultValue ?? (isOptional ? ExprSyntax("nil") : nil)
    )
  }

  /// `declaration` with `@MultiplexedDefault(<#value#>)` written first.
  private static func insertingDefaultMarker<Declaration: DeclSyntaxProtocol & WithAttributesSyntax>(
    _ declaration: Declaration
  ) -> Declaration {
    let marker = AttributeSyntax(
      atSign: .atSignToken(leadingTrivia: declaration.leadingTrivia),
      attributeName: IdentifierTypeSyntax(name: .identifier(Naming.defaultMarker)),
      leftParen: .leftParenToken(),
      arguments: .argumentList([LabeledExprSyntax(expression: ExprSyntax("<#value#>"))]),
      rightParen: .rightParenToken(trailingTrivia: .space)
    )
    var copy = declaration.with(\.leadingTrivia, [])
    copy.attributes = AttributeListSyntax([.attribute(marker)] + Array(copy.attributes))
    return copy
  }

  /// The expression of `@MultiplexedDefault(expression)`.
  fileprivate static func defaultExpression(_ attribute: AttributeSyntax) -> ExprSyntax? {
    guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first else { return nil }
    return first.expression.trimmed
  }

  // MARK: Methods

  private static func makeMethod(
    _ function: FunctionDeclSyntax,
    protocolName: String,
    isolation: AttributeSyntax?,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    let baseName = function.name.text
    var displayName = baseName + "("
    for parameter in function.signature.parameterClause.parameters {
      displayName += Naming.bare(parameter.firstName) + ":"
    }
    displayName += ")"

    let markers = readAttributes(function.attributes, name: displayName, diagnostics: &diagnostics)
    checkGlobalActors(function.attributes, isolation: isolation, name: displayName, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(
      function.modifiers,
      name: displayName,
      isolation: isolation,
      diagnostics: &diagnostics
    )

    if function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
      // Already diagnosed; the rest of the checks would only add noise.
      return nil
    }
    if mentionsSelf(function.signature) || function.genericWhereClause.map(mentionsSelf) == true
      || function.genericParameterClause.map(mentionsSelf) == true
    {
      diagnostics.append(Diagnostic(.selfRequirement(name: displayName), on: function.name))
    }
    checkSameTypeRequirements(
      function.genericWhereClause,
      generics: function.genericParameterClause,
      name: displayName,
      diagnostics: &diagnostics
    )
    checkGenericParameterNames(function.genericParameterClause, name: displayName, diagnostics: &diagnostics)

    let effects = function.signature.effectSpecifiers
    let throwsClause = effects?.throwsClause
    if let throwsClause, throwsClause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
      diagnostics.append(
        Diagnostic(
          .rethrowsRequirement(name: displayName),
          on: throwsClause.throwsSpecifier,
          fixIt: .replace(
            message: MultiplexedFixIt.replaceRethrows,
            oldNode: throwsClause.throwsSpecifier,
            newNode: throwsClause.throwsSpecifier.with(\.tokenKind, .keyword(.throws))
          )
        )
      )
    }

    // Parameters: name the unnamed ones, record how each is passed on. Generated names avoid the other
    // parameters and the identifiers of the default value, which is evaluated where the parameters are visible.
    var takenNames: Set<String> = []
    for parameter in function.signature.parameterClause.parameters {
      takenNames.insert((parameter.secondName ?? parameter.firstName).text)
    }
    if let expression = markers.defaultMarker.flatMap(defaultExpression) {
      for token in expression.tokens(viewMode: .sourceAccurate) { takenNames.insert(token.text) }
    }
    var arguments: [Argument] = []
    var parameters: [FunctionParameterSyntax] = []
    for parameter in function.signature.parameterClause.parameters {
      var parameter = parameter
      let internalName = Naming.bare(parameter.secondName ?? parameter.firstName)
      checkParameter(parameter, name: internalName, requirement: displayName, diagnostics: &diagnostics)
      let internalToken = parameter.secondName ?? parameter.firstName
      // An unnamed parameter needs a name to be passed on; one named `Multiplex` would hide the module from the
      // generated body, which spells `Multiplex.Combiner`.
      if internalToken.tokenKind == .wildcard || Naming.bare(internalToken) == Naming.runtimeModule {
        let unique = Naming.fresh("argument", avoiding: takenNames)
        takenNames.insert(unique)
        parameter = parameter.with(\.secondName, .identifier(unique))
        if parameter.firstName.trailingTrivia.isEmpty {
          parameter = parameter.with(\.firstName, parameter.firstName.with(\.trailingTrivia, .space))
        }
      } else if let secondName = parameter.secondName, Naming.bare(secondName) == Naming.bare(parameter.firstName) {
        // `value value: Int` and `for `for`: Int` draw a warning ("extraneous duplicate parameter name"); one
        // name is enough. The internal one is kept: it may need its backticks.
        parameter = parameter.with(\.firstName, secondName.with(\.leadingTrivia, parameter.firstName.leadingTrivia))
          .with(\.secondName, nil)
      }
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      let name = (parameter.secondName ?? parameter.firstName).text
      // Only the parameter's own specifier and attributes: `(inout Int) -> Void` is a closure, not an `inout`.
      let isInout = hasSpecifier(.inout, parameter.type)
      let isAutoclosure = hasAttribute("autoclosure", parameter.type)
      let isPack = parameter.type.is(PackExpansionTypeSyntax.self)
      arguments.append(
        Argument(label: label, name: name, isInout: isInout, isAutoclosure: isAutoclosure, isPack: isPack)
      )
      parameters.append(parameter)
    }

    guard
      let (result, defaultValue) = readResult(
        type: function.signature.returnClause?.type,
        name: displayName,
        markers: markers,
        declaration: function,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }

    // Collisions with the multiplexer's own members: a property's name, or a method that takes an observer.
    let firstType = function.signature.parameterClause.parameters.first?.type.trimmedDescription
    if arguments.isEmpty && Naming.ownPropertyNames.contains(baseName)
      || Naming.ownMethodNames.contains(displayName)
        && (firstType == protocolName || firstType == "any \(protocolName)")
    {
      diagnostics.append(Diagnostic(.nameCollision(name: displayName), on: function.name))
      return nil
    }

    let stripped = strippedSignature(function, parameters: parameters)
    // In the multiplexer, a `borrowing` parameter is declared `__shared`: the same convention (the witness matches
    // the requirement) without the no-implicit-copy rule that forbids a closure to capture a copyable `borrowing`
    // parameter. The forwarding closure borrows it, so a noncopyable value is never copied either.
    let forwarding = strippedSignature(
      function,
      parameters: parameters.map { parameter in
        parameter.with(\.type, replacingSpecifier(.borrowing, with: .__shared, in: parameter.type))
      }
    )

    var label = "combine" + Naming.upperCamelCase(Naming.bare(function.name))
    for parameter in parameters where parameter.firstName.tokenKind != .wildcard {
      label += Naming.upperCamelCase(Naming.bare(parameter.firstName))
    }

    return Requirement(
      shape: .method(signature: stripped, forwardingSignature: forwarding, name: baseName, arguments: arguments),
      displayName: displayName,
      result: result,
      isAsync: effects?.asyncSpecifier != nil,
      throwsClause: throwsClause?.trimmed,
      defaultValue: defaultValue,
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded,
      availability: markers.availability,
      isNonisolated: isNonisolated,
      genericParameters: function.genericParameterClause?.trimmed,
      genericWhereClause: function.genericWhereClause?.trimmed,
      combiningLabel: label
    )
  }

  /// Diagnoses what a parameter cannot be forwarded with: a variadic, a default argument, `consuming`, `sending`.
  fileprivate static func checkParameter(
    _ parameter: FunctionParameterSyntax,
    name: String,
    requirement: String,
    diagnostics: inout [Diagnostic]
  ) {
    if let ellipsis = parameter.ellipsis {
      let elementType = parameter.type.trimmed
      let arrayType = ArrayTypeSyntax(element: elementType)
      diagnostics.append(
        Diagnostic(
          .variadicParameter(name: name),
          on: ellipsis,
          fixIt: FixIt(
            message: MultiplexedFixIt.replaceWithArray(elementType.description),
            changes: [
              .replace(oldNode: Syntax(parameter.type), newNode: Syntax(arrayType)),
              .replace(oldNode: Syntax(ellipsis), newNode: Syntax(TokenSyntax.ellipsisToken(presence: .missing))),
            ]
          )
        )
      )
    }
    if let defaultArgument = parameter.defaultValue {
      let fixed = parameter.with(\.defaultValue, nil).with(\.type, parameter.type.with(\.trailingTrivia, []))
      diagnostics.append(
        Diagnostic(
          .defaultArgument(parameter: name, name: requirement),
          on: defaultArgument,
          fixIt: .replace(message: MultiplexedFixIt.removeDefaultArgument, oldNode: parameter, newNode: fixed)
        )
      )
    }
    guard let attributed = parameter.type.as(AttributedTypeSyntax.self) else { return }
    for token in attributed.specifiers.tokens(viewMode: .sourceAccurate) {
      switch token.tokenKind {
      case .keyword(.consuming):
        // Each observer would consume the value: a copyable one could be copied, but the macro cannot tell
        // whether the type is copyable, and a noncopyable one cannot be given to more than one observer.
        diagnostics.append(
          Diagnostic(
            .consumingParameter(name: name),
            on: token,
            fixIt: .replace(
              message: MultiplexedFixIt.replace("consuming", with: "borrowing"),
              oldNode: token,
              newNode: token.with(\.tokenKind, .keyword(.borrowing))
            )
          )
        )
      case .keyword(.sending):
        let fixed = removingSpecifier(.sending, from: parameter.type)
        diagnostics.append(
          Diagnostic(
            .sendingParameter(name: name),
            on: token,
            fixIt: .replace(message: MultiplexedFixIt.remove("sending"), oldNode: parameter.type, newNode: fixed)
          )
        )
      default:
        break
      }
    }
  }

  /// The requirement as the generated members declare it: `func`, the name, generics, the signature with
  /// `parameters`, and no attributes, modifiers or trivia.
  private static func strippedSignature(
    _ function: FunctionDeclSyntax,
    parameters: [FunctionParameterSyntax]
  ) -> FunctionDeclSyntax {
    var signature = function.signature
    signature.parameterClause.parameters = FunctionParameterListSyntax(
      parameters.enumerated().map { index, parameter in
        parameter.with(\.trailingComma, index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
      }
    )
    return FunctionDeclSyntax(
      funcKeyword: .keyword(.func, trailingTrivia: .space),
      name: function.name.trimmed,
      genericParameterClause: function.genericParameterClause?.trimmed,
      signature: signature.trimmed,
      genericWhereClause: function.genericWhereClause?.trimmed
    )
  }

  // MARK: Properties

  private static func makeProperty(
    _ variable: VariableDeclSyntax,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    // A protocol allows one binding per `var` with an accessor block; anything else is already a compiler error.
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type
    else {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this property declaration"), on: variable))
      return nil
    }
    let name = identifier.identifier.text
    let markers = readAttributes(variable.attributes, name: name, diagnostics: &diagnostics)
    checkGlobalActors(variable.attributes, isolation: isolation, name: name, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(variable.modifiers, name: name, isolation: isolation, diagnostics: &diagnostics)
    if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) { return nil }
    if mentionsSelf(type) {
      diagnostics.append(Diagnostic(.selfRequirement(name: name), on: type))
    }
    if isVoid(type) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "a property of type 'Void'"), on: type))
    }

    // `let`, or `var` without accessors: Swift rejects both in a protocol. Offer the read-only spelling.
    let accessorBlock = binding.accessorBlock
    if variable.bindingSpecifier.tokenKind == .keyword(.let) || accessorBlock == nil {
      let readOnly = AccessorBlockSyntax(
        leadingTrivia: .space,
        leftBrace: .leftBraceToken(trailingTrivia: .space),
        accessors: .accessors([AccessorDeclSyntax(accessorSpecifier: .keyword(.get))]),
        rightBrace: .rightBraceToken(leadingTrivia: .space)
      )
      let fixedBinding = binding.with(\.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, []))
        .with(\.accessorBlock, accessorBlock ?? readOnly)
      let fixed = variable.with(\.bindingSpecifier, variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))
        .with(\.bindings, [fixedBinding.with(\.trailingTrivia, binding.trailingTrivia)])
      if variable.bindingSpecifier.tokenKind == .keyword(.let) {
        var replacement = fixed.with(\.attributes, []).with(\.modifiers, []).trimmed
        replacement.bindingSpecifier.leadingTrivia = []
        diagnostics.append(
          Diagnostic(
            .letProperty(name: name, replacement: replacement.description),
            on: variable.bindingSpecifier,
            fixIt: .replace(
              message: MultiplexedFixIt.replace("let", with: "var"),
              oldNode: variable,
              newNode: fixed
            )
          )
        )
      } else {
        diagnostics.append(
          Diagnostic(
            .propertyWithoutAccessors(name: name),
            on: identifier,
            fixIt: .replace(message: MultiplexedFixIt.insertAccessors, oldNode: variable, newNode: fixed)
          )
        )
      }
    }

    let (isSettable, getterEffects) = readAccessors(accessorBlock, name: name, diagnostics: &diagnostics)

    guard
      let (result, defaultValue) = readResult(
        type: type,
        name: name,
        markers: markers,
        declaration: variable,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }
    if Naming.ownPropertyNames.contains(name) {
      diagnostics.append(Diagnostic(.nameCollision(name: name), on: identifier))
      return nil
    }

    return Requirement(
      shape: .property(name: name, type: type.trimmed, isSettable: isSettable, getterEffects: getterEffects),
      displayName: name,
      result: result,
      isAsync: getterEffects?.asyncSpecifier != nil,
      throwsClause: getterEffects?.throwsClause?.trimmed,
      defaultValue: defaultValue,
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded,
      availability: markers.availability,
      isNonisolated: isNonisolated,
      genericParameters: nil,
      genericWhereClause: nil,
      combiningLabel: "combine" + Naming.upperCamelCase(Naming.bare(identifier.identifier))
    )
  }
}

extension Requirement {
  /// Whether the accessors include `set`, and the effects of `get`. Diagnoses `mutating`, `nonmutating` and
  /// `rethrows`.
  fileprivate static func readAccessors(
    _ block: AccessorBlockSyntax?,
    name: String,
    diagnostics: inout [Diagnostic]
  ) -> (isSettable: Bool, getterEffects: AccessorEffectSpecifiersSyntax?) {
    var isSettable = false
    var getterEffects: AccessorEffectSpecifiersSyntax? = nil
    if case .accessors(let accessors) = block?.accessors {
      for accessor in accessors {
        if let modifier = accessor.modifier,
          modifier.name.tokenKind == .keyword(.mutating) || modifier.name.tokenKind == .keyword(.nonmutating)
        {
          diagnostics.append(invalidModifier(modifier, name: name))
        }
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.set): isSettable = true
        case .keyword(.get): getterEffects = accessor.effectSpecifiers?.trimmed
        default: break
        }
      }
    }
    if let throwsClause = getterEffects?.throwsClause, throwsClause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
      diagnostics.append(Diagnostic(.rethrowsRequirement(name: name), on: throwsClause))
    }
    return (isSettable, getterEffects)
  }

  // MARK: Subscripts

  fileprivate static func makeSubscript(
    _ declaration: SubscriptDeclSyntax,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    // A subscript's parameter has a label only when it is written with two names: `subscript(at index: Int)`.
    func label(of parameter: FunctionParameterSyntax) -> String? {
      guard parameter.secondName != nil, parameter.firstName.tokenKind != .wildcard else { return nil }
      return parameter.firstName.text
    }
    let parameterList = declaration.parameterClause.parameters
    let displayName =
      "subscript("
      + parameterList.map { (label(of: $0).map(Naming.argumentLabel) ?? "_") + ":" }
      .joined() + ")"

    let markers = readAttributes(declaration.attributes, name: displayName, diagnostics: &diagnostics)
    checkGlobalActors(declaration.attributes, isolation: isolation, name: displayName, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(
      declaration.modifiers,
      name: displayName,
      isolation: isolation,
      diagnostics: &diagnostics
    )
    if declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) { return nil }
    if mentionsSelf(declaration.parameterClause) || mentionsSelf(declaration.returnClause)
      || declaration.genericWhereClause.map(mentionsSelf) == true
      || declaration.genericParameterClause.map(mentionsSelf) == true
    {
      diagnostics.append(Diagnostic(.selfRequirement(name: displayName), on: declaration.subscriptKeyword))
    }
    checkSameTypeRequirements(
      declaration.genericWhereClause,
      generics: declaration.genericParameterClause,
      name: displayName,
      diagnostics: &diagnostics
    )
    checkGenericParameterNames(declaration.genericParameterClause, name: displayName, diagnostics: &diagnostics)
    if isVoid(declaration.returnClause.type) {
      diagnostics.append(
        Diagnostic(.unsupportedMember(kind: "a subscript of type 'Void'"), on: declaration.returnClause.type)
      )
    }
    let (isSettable, getterEffects) = readAccessors(
      declaration.accessorBlock,
      name: displayName,
      diagnostics: &diagnostics
    )

    var takenNames: Set<String> = ["newValue"]
    for parameter in parameterList { takenNames.insert((parameter.secondName ?? parameter.firstName).text) }
    if let expression = markers.defaultMarker.flatMap(defaultExpression) {
      for token in expression.tokens(viewMode: .sourceAccurate) { takenNames.insert(token.text) }
    }
    var arguments: [Argument] = []
    var parameters: [FunctionParameterSyntax] = []
    for parameter in parameterList {
      var parameter = parameter
      let internalToken = parameter.secondName ?? parameter.firstName
      checkParameter(parameter, name: Naming.bare(internalToken), requirement: displayName, diagnostics: &diagnostics)
      let argumentLabel = label(of: parameter)
      // Name an unnamed parameter, and one that would hide the module or the setter's `newValue`. Without a
      // label, the new name needs `_` in front of it to keep the subscript unlabeled.
      if internalToken.tokenKind == .wildcard
        || [Naming.runtimeModule, "newValue"].contains(Naming.bare(internalToken))
      {
        let unique = Naming.fresh("argument", avoiding: takenNames)
        takenNames.insert(unique)
        let first =
          argumentLabel == nil
          ? TokenSyntax.wildcardToken(leadingTrivia: parameter.firstName.leadingTrivia)
          : parameter.firstName
        parameter = parameter.with(\.firstName, first.with(\.trailingTrivia, .space))
          .with(\.secondName, .identifier(unique))
      }
      arguments.append(
        Argument(
          label: argumentLabel,
          name: (parameter.secondName ?? parameter.firstName).text,
          isInout: false,
          isAutoclosure: hasAttribute("autoclosure", parameter.type),
          isPack: parameter.type.is(PackExpansionTypeSyntax.self)
        )
      )
      parameters.append(parameter)
    }

    guard
      let (result, defaultValue) = readResult(
        type: declaration.returnClause.type,
        name: displayName,
        markers: markers,
        declaration: declaration,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }

    func stripped(_ parameters: [FunctionParameterSyntax]) -> SubscriptDeclSyntax {
      var clause = declaration.parameterClause
      clause.parameters = FunctionParameterListSyntax(
        parameters.enumerated().map { index, parameter in
          parameter.with(\.trailingComma, index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
        }
      )
      return SubscriptDeclSyntax(
        genericParameterClause: declaration.genericParameterClause?.trimmed,
        parameterClause: clause.trimmed,
        returnClause: declaration.returnClause.trimmed.with(\.leadingTrivia, .space),
        genericWhereClause: declaration.genericWhereClause?.trimmed.with(\.leadingTrivia, .space)
      )
    }
    let forwarding = stripped(
      parameters.map { $0.with(\.type, replacingSpecifier(.borrowing, with: .__shared, in: $0.type)) }
    )

    var combiningLabel = "combineSubscript"
    for argument in arguments {
      if let label = argument.label { combiningLabel += Naming.upperCamelCase(Naming.argumentLabel(label)) }
    }
    return Requirement(
      shape: .subscript(
        signature: stripped(parameters),
        forwardingSignature: forwarding,
        arguments: arguments,
        isSettable: isSettable,
        getterEffects: getterEffects
      ),
      displayName: displayName,
      result: result,
      isAsync: getterEffects?.asyncSpecifier != nil,
      throwsClause: getterEffects?.throwsClause?.trimmed,
      defaultValue: defaultValue,
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded,
      availability: markers.availability,
      isNonisolated: isNonisolated,
      genericParameters: declaration.genericParameterClause?.trimmed,
      genericWhereClause: declaration.genericWhereClause?.trimmed,
      combiningLabel: combiningLabel
    )
  }
}

/// Respells one keyword: `borrowing` as `__shared`.
private final class KeywordReplacer: SyntaxRewriter {
  let old: Keyword
  let new: Keyword

  init(old: Keyword, new: Keyword) {
    self.old = old
    self.new = new
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ token: TokenSyntax) -> TokenSyntax {
    token.tokenKind == .keyword(old) ? token.with(\.tokenKind, .keyword(new)) : token
  }
}
