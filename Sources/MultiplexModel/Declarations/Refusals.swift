/// A shape no multiplexer can forward, found in a protocol's declaration: what is wrong and where.
///
/// Both front ends hand a protocol's text to ``ProtocolDeclaration/init(parsing:)`` (`@Multiplexed` the protocol it
/// is attached to, `multiplex-generate` the declaration a symbol graph prints) and apply the one list of refusals,
/// ``Refusals``, to its parts. The generator reports a refusal at its offset; the macro places it on the syntax node
/// that starts there and adds its fix-it.
package struct Refusal: Sendable {
  package var diagnostic: MultiplexedDiagnostic
  /// Where the refused part starts, in the Unicode scalars of the declaration's text.
  package var offset: Int

  package init(_ diagnostic: MultiplexedDiagnostic, at offset: Int) {
    self.diagnostic = diagnostic
    self.offset = offset
  }
}

/// The one list of refusals, shared by `@Multiplexed` and `multiplex-generate` (DESIGN.md §5): each check takes a
/// part of a ``ProtocolDeclaration`` and returns what it refuses, in source order. `FrontEndParityTests` runs one
/// example of each entry through both front ends.
///
/// What the list does not hold is what only one front end can see: the user's choices (``RequirementChoices``: a marker or flag that cannot apply is
/// refused by ``RequirementReader``), and the generator's symbol graph (an `@objc` protocol's optional members). A
/// requirement that returns a value nothing answers for is refused by both, each naming its own remedy.
package enum Refusals {
  /// What the front ends read differently.
  package struct Rules: Sendable {
    /// Whether the protocol is an `@objc` one (a symbol graph's), whose requirements may be `@objc` and `optional`.
    package var isObjC: Bool
    /// Whether a default argument is refused: Swift rejects one in a protocol, which the macro's user wrote; an
    /// Objective-C protocol's Swift interface may have one (`WCSessionDelegate`), which the generator leaves out.
    package var refusesDefaultArguments: Bool

    /// Whether the protocol's parents are read (the macro forwards through the code their own `@Multiplexed`
    /// generated, and refuses any other type it inherits); the generator reads their requirements flattened in,
    /// and an Objective-C protocol inheriting `NSObjectProtocol` is class-bound.
    package var readsParents: Bool

    /// Whether a protocol that is not class-bound is refused. `@Multiplexed`'s user owns the protocol and can add
    /// `AnyObject`; another module's protocol cannot be changed, so the generator multiplexes it for observers that
    /// are objects (`any P & AnyObject`, ``ProtocolModel/ExternalOrigin/isClassBound``).
    package var refusesNonClassBound: Bool

    /// `@Multiplexed`'s rules.
    package static let macro = Rules(
      isObjC: false,
      refusesDefaultArguments: true,
      readsParents: true,
      refusesNonClassBound: true
    )

    /// `multiplex-generate`'s rules for a protocol that is `@objc` or not.
    package static func generator(isObjC: Bool) -> Rules {
      Rules(isObjC: isObjC, refusesDefaultArguments: false, readsParents: false, refusesNonClassBound: false)
    }
  }

  /// The marker attributes `@Multiplexed` reads on a requirement; each may be written once.
  package static let markers: Set<String> = [
    Naming.defaultMarker, Naming.requiredMarker, Naming.decidedOnceMarker, Naming.everyObserverMarker,
    Naming.combineMarker,
  ]

  // MARK: The protocol

  // The macro's alone, with the parents part of `inheritance(of:rules:)`: a symbol graph prints no macro attribute,
  // and a `private` protocol is in no other module's graph (`DiagnosticsTests` holds them).

  /// `@Multiplexed` written more than once on the protocol: each one after the first.
  package static func duplicateMultiplexed(of declaration: ProtocolDeclaration) -> [Refusal] {
    zip(declaration.attributes, declaration.attributeOffsets).filter { $0.0.name == Naming.multiplexed }.dropFirst()
      .map { Refusal(.duplicateMultiplexed, at: $0.1) }
  }

  /// `private` on a protocol nested in a type (`isNested`): the macro's extension lives at file scope, where a
  /// `private` nested declaration is out of reach.
  package static func privateNested(_ declaration: ProtocolDeclaration, isNested: Bool) -> [Refusal] {
    guard isNested else { return [] }
    return zip(declaration.modifiers, declaration.modifierOffsets).filter { $0.0 == "private" }
      .map { Refusal(.privateNestedProtocol(protocolName: declaration.name), at: $0.1) }
  }

  /// `@objc` on a Swift protocol (the generator reads `@objc` protocols as such), in order.
  package static func protocolAttributes(of declaration: ProtocolDeclaration, rules: Rules) -> [Refusal] {
    zip(declaration.attributes, declaration.attributeOffsets).compactMap { attribute, offset in
      attribute.name == "objc" && !rules.isObjC ? Refusal(.objcProtocol, at: offset) : nil
    }
  }

  /// The inheritance clause: what `@Multiplexed` cannot forward through (a protocol that cannot be `@Multiplexed`,
  /// a type with generic arguments: ``ProtocolDeclaration/InheritedType/Role/other``), and, under the macro's
  /// rules, a protocol that is not class-bound (observers are held weakly; see ``isClassBound(_:rules:)``).
  package static func inheritance(of declaration: ProtocolDeclaration, rules: Rules) -> [Refusal] {
    var refusals: [Refusal] = []
    if rules.readsParents {
      for inherited in declaration.inheritedTypes {
        guard case .other = inherited.role else { continue }
        refusals.append(Refusal(.unsupportedInheritance(typeName: inherited.text), at: inherited.offset))
      }
    }
    if rules.refusesNonClassBound && !isClassBound(declaration, rules: rules) {
      refusals.append(Refusal(.notClassBound(protocolName: declaration.name), at: declaration.nameOffset))
    }
    return refusals
  }

  /// Whether the protocol is class-bound: `AnyObject` in its inheritance clause makes it so, and so does, for the
  /// macro, a parent (itself class-bound), for the generator, being `@objc` or inheriting `NSObjectProtocol`.
  package static func isClassBound(_ declaration: ProtocolDeclaration, rules: Rules) -> Bool {
    rules.isObjC
      || declaration.inheritedTypes.contains { inherited in
        switch inherited.role {
        case .classBound: true
        case .sendable: false
        case .parent: rules.readsParents
        case .other: !rules.readsParents && inherited.type.description.hasSuffix("NSObjectProtocol")
        }
      }
  }

  /// A type named `Multiplex` or `Swift` (the protocol, or a type around it): the generated code names the modules.
  package static func hiddenModules(typeNames: [String], at offset: Int) -> [Refusal] {
    typeNames.filter(Naming.modules.contains).map { Refusal(.typeHidesModule(typeName: $0), at: offset) }
  }

  /// A `where` clause and primary associated types on the protocol.
  package static func protocolClauses(of declaration: ProtocolDeclaration) -> [Refusal] {
    var refusals: [Refusal] = []
    if declaration.whereClause != nil { refusals.append(Refusal(.protocolWhereClause, at: declaration.whereOffset)) }
    if declaration.primaryAssociatedTypes != nil {
      refusals.append(Refusal(.primaryAssociatedTypes, at: declaration.primaryAssociatedTypesOffset))
    }
    return refusals
  }

  // MARK: Members

  /// A member that declares no requirement: an associated type, an initializer, `#if`, a property declaration with
  /// several or no names, or anything else but a type alias or a `#warning`. `nil` for a method, property or
  /// subscript, and for what is harmless.
  package static func member(_ member: MemberDeclaration) -> Refusal? {
    switch member.kind {
    case .function, .subscript, .typeAlias:
      return nil
    case .property:
      return member.result == nil
        ? Refusal(.unsupportedMember(kind: "this property declaration"), at: member.offset) : nil
    case .associatedType(let name):
      return Refusal(.associatedType(name: name), at: member.offset)
    case .initializer:
      return Refusal(.initializer, at: member.nameOffset)
    case .other(let keyword):
      if keyword == "#if" { return Refusal(.conditionalCompilation, at: member.nameOffset) }
      if keyword == "var" || keyword == "let" {
        // `var a, b: Int`, `var (a, b): (Int, Int)`.
        return Refusal(.unsupportedMember(kind: "this property declaration"), at: member.offset)
      }
      if keyword.hasPrefix("#") { return nil }  // `#warning` and friends expand in place; `#endif` closes `#if`.
      return Refusal(.unsupportedMember(kind: "this declaration"), at: member.offset)
    }
  }

  /// The attributes of requirement `name`: a marker written twice, `@available(*, unavailable)` (Swift rejects it
  /// outside `@objc` protocols; another platform's `unavailable` is forwarded), `@objc` outside an `@objc`
  /// protocol; then a global actor other than the protocol's, whose isolation the multiplexer could not reach.
  package static func attributes(
    of member: MemberDeclaration,
    name: String,
    isolation: Attribute?,
    rules: Rules
  ) -> [Refusal] {
    var refusals: [Refusal] = []
    var seenMarkers: Set<String> = []
    let attributes = Array(zip(member.attributes, member.attributeOffsets))
    for (attribute, offset) in attributes {
      if markers.contains(attribute.name) {
        if !seenMarkers.insert(attribute.name).inserted {
          refusals.append(Refusal(.duplicateMarker(marker: attribute.name), at: offset))
        }
      } else if attribute.name == "available" {
        if attribute.isUnavailableOnEveryPlatform {
          refusals.append(Refusal(.unavailableRequirement(name: name), at: offset))
        }
      } else if attribute.name == "objc", !rules.isObjC {
        refusals.append(Refusal(.objcRequirement(name: name), at: offset))
      }
    }
    if let isolation {
      for (attribute, offset) in attributes where attribute.isGlobalActor && attribute.name != isolation.name {
        refusals.append(
          Refusal(
            .otherGlobalActor(name: name, actor: "@" + attribute.name, isolation: "@" + isolation.name),
            at: offset
          )
        )
      }
    }
    return refusals
  }

  /// The modifiers of requirement `name`: `static` (after which a reader reads no further), `optional` outside an
  /// `@objc` protocol, `mutating` and `nonmutating` (in another module's protocol that is not class-bound, which the
  /// generator reads, `mutating` only, with its own message), `weak` and `unowned`, `nonisolated` in an isolated
  /// protocol.
  package static func modifiers(
    of member: MemberDeclaration,
    name: String,
    in declaration: ProtocolDeclaration,
    isolation: Attribute?,
    rules: Rules
  )
    -> [Refusal]
  {
    var refusals: [Refusal] = []
    for (modifier, offset) in zip(member.modifiers, member.modifierOffsets) {
      switch modifier {
      case "static", "class":
        refusals.append(Refusal(.staticMember, at: offset))
      case "optional" where !rules.isObjC:
        refusals.append(Refusal(.optionalRequirement(name: name), at: offset))
      case "mutating" where !rules.refusesNonClassBound:
        // Declared by another module's protocol that is not class-bound (this one, or a parent flattened in: Swift
        // refuses 'mutating' in a class-bound protocol's own declarations).
        refusals.append(
          Refusal(.externalMutatingMethod(protocolName: declaration.name, name: name), at: offset)
        )
      case "nonmutating" where !rules.refusesNonClassBound:
        break  // Called on a constant, as an object's method is.
      case "mutating", "nonmutating":
        refusals.append(Refusal(.invalidModifier(name: name, modifier: modifier), at: offset))
      case "weak", "unowned":
        refusals.append(Refusal(.ownershipModifier(name: name, modifier: modifier), at: offset))
      case _ where modifier.hasPrefix("nonisolated"):
        if let isolation {
          refusals.append(
            Refusal(.nonisolatedInIsolatedProtocol(name: name, isolation: "@" + isolation.name), at: offset)
          )
        }
      default:
        break
      }
    }
    return refusals
  }

  /// Whether the member is `static` (or `class`): refused by ``modifiers(of:name:in:isolation:rules:)``, and read no
  /// further (the other checks would only add noise).
  package static func isStatic(_ member: MemberDeclaration) -> Bool {
    member.hasModifier("static") || member.hasModifier("class")
  }

  /// A method's or subscript's generic signature: one that mentions `Self`, makes a generic parameter
  /// non-generic (`where T == Int`, which Swift rejects), or has a generic parameter that hides a module. At the
  /// member's name (the macro places the last two on the clause).
  package static func genericSignature(of member: MemberDeclaration, name: String) -> [Refusal] {
    var refusals: [Refusal] = []
    let generics = member.genericParameters ?? []
    let requirements = member.whereClause ?? []
    let types =
      member.parameters.map(\.type) + [member.result, member.effects?.thrownType].compactMap { $0 }
      + generics.compactMap(\.inheritedType) + requirements.flatMap(\.types)
    if types.contains(where: \.mentionsSelf) {
      refusals.append(Refusal(.selfRequirement(name: name), at: member.nameOffset))
    }
    let names = Set(generics.map(\.name))
    for requirement in requirements {
      guard case .sameType(let left, let right) = requirement else { continue }
      for (side, other) in [(left, right), (right, left)] {
        guard case .named(let parameter, let arguments) = side, arguments.isEmpty, names.contains(parameter),
          !other.identifiers.contains(where: names.contains)
        else { continue }
        refusals.append(
          Refusal(
            .nonGenericParameter(name: name, parameter: parameter, type: other.description),
            at: member.nameOffset
          )
        )
        break
      }
    }
    for parameter in generics where Naming.modules.contains(parameter.name) {
      refusals.append(
        Refusal(.genericParameterHidesModule(name: name, parameter: parameter.name), at: member.nameOffset)
      )
    }
    return refusals
  }

  /// A method that `rethrows`: the multiplexer calls observers, not the closure.
  package static func effects(of member: MemberDeclaration, name: String) -> [Refusal] {
    guard let effects = member.effects, effects.throwsKeyword == "rethrows" else { return [] }
    return [Refusal(.rethrowsRequirement(name: name), at: effects.throwsOffset)]
  }

  /// A parameter (its internal name `name`) of requirement `requirement`: a variadic, a default argument (by the
  /// rules), `consuming`, `sending`.
  package static func parameter(
    _ parameter: MemberDeclaration.Parameter,
    name: String,
    requirement: String,
    rules: Rules
  ) -> [Refusal] {
    var refusals: [Refusal] = []
    if parameter.isVariadic { refusals.append(Refusal(.variadicParameter(name: name), at: parameter.ellipsisOffset)) }
    if parameter.hasDefaultArgument, rules.refusesDefaultArguments {
      refusals.append(
        Refusal(.defaultArgument(parameter: name, name: requirement), at: parameter.defaultArgumentOffset)
      )
    }
    // Each observer would consume the value: a copyable one could be copied, but the reader cannot tell whether
    // the type is copyable, and a noncopyable one cannot be given to more than one observer.
    if parameter.type.hasSpecifier("consuming") {
      refusals.append(Refusal(.consumingParameter(name: name), at: parameter.typeOffset))
    }
    if parameter.type.hasSpecifier("sending") {
      refusals.append(Refusal(.sendingParameter(name: name), at: parameter.typeOffset))
    }
    return refusals
  }

  /// A result no multiplexer can return (`type`, at `offset`, not `Void`): opaque (Swift rejects `some` in a
  /// requirement), `sending` (an observer's answer, which a generic function handed the multiplexer), `Never`.
  package static func result(_ type: SwiftType, at offset: Int, name: String) -> Refusal? {
    if type.containsOpaqueType { return Refusal(.opaqueType(name: name, type: type.description), at: offset) }
    if type.hasSpecifier("sending") { return Refusal(.sendingResult(name: name), at: offset) }
    if type.implicitlyUnwrappedAsOptional.isNever { return Refusal(.neverResult(name: name), at: offset) }
    return nil
  }

  /// A property requirement `name` (declared `declaredName`, backticks kept): one whose type mentions `Self` or is
  /// `Void`, a `let`, a `var` without accessors.
  package static func property(
    of member: MemberDeclaration,
    name: String,
    declaredName: String,
    isLet: Bool
  )
    -> [Refusal]
  {
    guard let type = member.result else { return [] }
    var refusals: [Refusal] = []
    if type.mentionsSelf { refusals.append(Refusal(.selfRequirement(name: name), at: member.resultOffset)) }
    if type.isVoid {
      refusals.append(Refusal(.unsupportedMember(kind: "a property of type 'Void'"), at: member.resultOffset))
    }
    if isLet {
      let accessors = member.accessors.map { " { " + $0.map(\.keyword).joined(separator: " ") + " }" } ?? " { get }"
      refusals.append(
        Refusal(
          .letProperty(name: name, replacement: "var " + declaredName + ": " + type.description + accessors),
          at: member.nameOffset
        )
      )
    } else if member.accessors == nil {
      refusals.append(Refusal(.propertyWithoutAccessors(name: name), at: member.nameOffset))
    }
    return refusals
  }

  /// A subscript requirement of type `Void`.
  package static func subscriptResult(of member: MemberDeclaration) -> [Refusal] {
    guard let type = member.result, type.isVoid else { return [] }
    return [Refusal(.unsupportedMember(kind: "a subscript of type 'Void'"), at: member.resultOffset)]
  }

  /// The accessors of property or subscript `name`: `mutating` or `nonmutating` (the macro's protocol is
  /// class-bound; in another module's protocol that is not, a `mutating` getter), a getter that `rethrows`.
  package static func accessors(
    of member: MemberDeclaration,
    name: String,
    in declaration: ProtocolDeclaration,
    rules: Rules
  ) -> [Refusal] {
    var refusals: [Refusal] = []
    var getterEffects: MemberDeclaration.Effects? = nil
    for accessor in member.accessors ?? [] {
      for (modifier, offset) in zip(accessor.modifiers, accessor.modifierOffsets)
      where modifier == "mutating" || modifier == "nonmutating" {
        if !rules.refusesNonClassBound {
          // Another module's protocol that is not class-bound: a setter is called through a variable (`mutating`
          // is its default), a `nonmutating` one as it is; a `mutating` getter is not forwarded.
          if modifier == "mutating" && accessor.keyword == "get" {
            refusals.append(Refusal(.externalMutatingMethod(protocolName: declaration.name, name: name), at: offset))
          }
          continue
        }
        refusals.append(Refusal(.invalidModifier(name: name, modifier: modifier), at: offset))
      }
      if accessor.keyword == "get" { getterEffects = accessor.effects }
    }
    if let getterEffects, getterEffects.throwsKeyword == "rethrows" {
      refusals.append(Refusal(.rethrowsRequirement(name: name), at: getterEffects.throwsOffset))
    }
    return refusals
  }

  /// A requirement `name` (a method's display name, `add(_:)`) that would collide with the multiplexer's own
  /// members: a property's name (`count`), a parameterless method of its own, or one of its methods that takes an
  /// observer (`add(_:)` taking the protocol `protocolName`). At the member's name.
  package static func nameCollision(of member: MemberDeclaration, name: String, protocolName: String) -> Refusal? {
    let collides: Bool
    switch member.kind {
    case .property:
      collides = Naming.ownPropertyNames.contains(name)
    case .function(let declaredName):
      let baseName = Naming.bareName(declaredName)
      let firstType = member.parameters.first?.type.description
      collides =
        member.parameters.isEmpty
        && (Naming.ownPropertyNames.contains(baseName) || Naming.ownParameterlessMethodNames.contains(baseName))
        || Naming.ownMethodNames.contains(name) && (firstType == protocolName || firstType == "any \(protocolName)")
    default:
      collides = false
    }
    return collides ? Refusal(.nameCollision(name: name), at: member.nameOffset) : nil
  }
}

extension Attribute {
  /// `@MainActor`, or a custom attribute without arguments whose name ends in `Actor` (the convention for global
  /// actors; the readers cannot look the type up).
  package var isGlobalActor: Bool {
    name == "MainActor" || (name.hasSuffix("Actor") && name != "Actor" && !text.contains("("))
  }
}
