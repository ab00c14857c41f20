import MultiplexGeneratorModel

/// The parts every requirement shape shares: attributes, modifiers, generic signatures, parameters, results,
/// accessors and the user's choices.
extension ExternalReader {
  /// The attributes the generated members copy, and the requirement's availability.
  struct Attributes {
    var forwarded: [Attribute] = []
    var availability: [Attribute] = []
  }

  /// `@available` (a requirement unavailable on every platform is refused), a global actor (one other than the protocol's is
  /// refused), `@preconcurrency` and `@discardableResult`, which the forwarding member copies.
  mutating func readAttributes(_ member: MemberDeclaration, name: String, isolation: Attribute?) -> Attributes {
    var result = Attributes()
    for (attribute, offset) in zip(member.attributes, member.attributeOffsets) {
      switch attribute.name {
      case "available":
        // Only `*`: the symbol-graph reader leaves out what is unavailable on the platform the graph was made for,
        // and another platform's `unavailable` (watchOS's, on iOS) is copied to the forwarding member as it is.
        if attribute.isUnavailableOnEveryPlatform { report(.unavailableRequirement(name: name), at: offset) }
        result.availability.append(attribute)
        result.forwarded.append(attribute)
      case "discardableResult", "preconcurrency":
        result.forwarded.append(attribute)
      case "objc" where !origin.isObjC:
        // Only an `@objc` protocol has `@objc` requirements (the symbol graph then says the protocol is one).
        report(.objcRequirement(name: name), at: offset)
      case _ where Self.isGlobalActor(attribute):
        result.forwarded.append(attribute)
        if let isolation, isolation.name != attribute.name {
          report(
            .otherGlobalActor(name: name, actor: "@" + attribute.name, isolation: "@" + isolation.name),
            at: offset
          )
        }
      default:
        break
      }
    }
    return result
  }

  /// Checks the modifiers; returns whether the requirement is `nonisolated`. `static` is refused (and the
  /// caller reads no further), as are `mutating`, `nonmutating`, `weak` and `unowned`, `nonisolated` in an
  /// isolated protocol, and `optional` outside an `@objc` protocol (in one, it was read already:
  /// ``ExternalMember/isOptional``).
  mutating func checkModifiers(_ member: MemberDeclaration, name: String, isolation: Attribute?) -> Bool {
    var isNonisolated = false
    for (modifier, offset) in zip(member.modifiers, member.modifierOffsets) {
      switch modifier {
      case "static", "class":
        report(.staticMember, at: offset)
      case "optional" where !origin.isObjC:
        report(.optionalRequirement(name: name), at: offset)
      case "mutating", "nonmutating":
        report(.invalidModifier(name: name, modifier: modifier), at: offset)
      case "weak", "unowned":
        report(.ownershipModifier(name: name, modifier: modifier), at: offset)
      case _ where modifier.hasPrefix("nonisolated"):
        isNonisolated = true
        if let isolation {
          report(.nonisolatedInIsolatedProtocol(name: name, isolation: "@" + isolation.name), at: offset)
        }
      default:
        break
      }
    }
    return isNonisolated
  }

  /// Refuses a method's or subscript's generic signature that mentions `Self`, makes a generic parameter
  /// non-generic (`where T == Int`), or has a generic parameter that hides a module.
  mutating func checkGenericSignature(_ member: MemberDeclaration, name: String) {
    let generics = member.genericParameters ?? []
    let requirements = member.whereClause ?? []
    let types =
      member.parameters.map(\.type) + [member.result, member.effects?.thrownType].compactMap { $0 }
      + generics.compactMap(\.inheritedType) + requirements.flatMap(\.types)
    if types.contains(where: \.mentionsSelf) { report(.selfRequirement(name: name), at: member.nameOffset) }
    let names = Set(generics.map(\.name))
    for requirement in requirements {
      guard case .sameType(let left, let right) = requirement else { continue }
      for (side, other) in [(left, right), (right, left)] {
        guard case .named(let parameter, let arguments) = side, arguments.isEmpty, names.contains(parameter),
          !other.identifiers.contains(where: names.contains)
        else { continue }
        report(
          .nonGenericParameter(name: name, parameter: parameter, type: other.description),
          at: member.nameOffset
        )
        break
      }
    }
    for parameter in generics where Naming.modules.contains(parameter.name) {
      report(.genericParameterHidesModule(name: name, parameter: parameter.name), at: member.nameOffset)
    }
  }

  /// What declares the parameters being read: their labels and the names they must not take differ.
  enum ParameterOwner {
    /// A method: a parameter's first name is its label (`_` for none).
    case method
    /// A subscript: a parameter has a label only when written with two names, and none is named `newValue`.
    case `subscript`
  }

  /// A parameter as the generated members declare it: in the default implementation and the combining protocol
  /// (`declared`), and in the multiplexer's member (`forwarding`, where `borrowing` is spelled `__shared`).
  struct DeclaredParameter {
    var declared: String
    var forwarding: String
  }

  /// The parameters as the generated members declare them, and how each is passed on. Unnamed parameters get a
  /// name, as do those whose name would hide the `Multiplex` module, `self` or the setter's `newValue`.
  mutating func readParameters(
    _ parameters: [MemberDeclaration.Parameter],
    owner: ParameterOwner,
    requirement: String
  ) -> (parameters: [DeclaredParameter], arguments: [Requirement.Argument]) {
    var takenNames: Set<String> = owner == .subscript ? ["newValue"] : []
    for parameter in parameters { takenNames.insert(Naming.bareName(parameter.secondName ?? parameter.firstName)) }
    var hidden: Set<String> = [Naming.runtimeModule, "self", "Self"]
    if owner == .subscript { hidden.insert("newValue") }
    var declared: [DeclaredParameter] = []
    var arguments: [Requirement.Argument] = []
    for parameter in parameters {
      let internalName = parameter.secondName ?? parameter.firstName
      checkParameter(parameter, name: Naming.bareName(internalName), requirement: requirement)
      let label: String? =
        switch owner {
        case .method: parameter.firstName == "_" ? nil : parameter.firstName
        case .subscript: Self.subscriptLabel(of: parameter)
        }
      var names: String
      var name = Naming.bareName(internalName)
      if internalName == "_" || hidden.contains(name) {
        name = Naming.fresh("argument", avoiding: takenNames)
        takenNames.insert(name)
        names = (owner == .subscript ? label ?? "_" : parameter.firstName) + " " + name
      } else if owner == .method, let secondName = parameter.secondName,
        Naming.bareName(secondName) != Naming.bareName(parameter.firstName)
      {
        names = parameter.firstName + " " + secondName
      } else if owner == .method {
        // `value value: Int` draws a warning ("extraneous duplicate parameter name"): one name is enough.
        names = internalName
      } else {
        names = [parameter.firstName, parameter.secondName].compactMap { $0 }.joined(separator: " ")
      }
      let ellipsis = parameter.isVariadic ? "..." : ""
      names = (parameter.attributes + [names]).joined(separator: " ")
      declared.append(
        DeclaredParameter(
          declared: names + ": " + parameter.type.description + ellipsis,
          forwarding: names + ": " + parameter.type.replacingSpecifier("borrowing", with: "__shared").description
            + ellipsis
        )
      )
      let isPack: Bool = if case .packExpansion = parameter.type { true } else { false }
      arguments.append(
        Requirement.Argument(
          label: label,
          name: name,
          // Only the parameter's own specifier and attributes: `(inout Int) -> Void` is a closure, not an `inout`.
          isInout: owner == .method && parameter.type.hasSpecifier("inout"),
          isAutoclosure: parameter.type.hasAttribute("autoclosure"),
          isPack: isPack,
          type: parameter.type,
          isVariadic: parameter.isVariadic
        )
      )
    }
    return (declared, arguments)
  }

  /// A subscript parameter's argument label: its first name when it has two and the first is not `_`.
  static func subscriptLabel(of parameter: MemberDeclaration.Parameter) -> String? {
    parameter.secondName != nil && parameter.firstName != "_" ? parameter.firstName : nil
  }

  /// Refuses what a parameter cannot be forwarded with: a variadic, `consuming`, `sending`.
  ///
  /// A default argument is no obstacle: the generated members declare the parameter without it (a witness need not
  /// restate it, and callers of the protocol's requirement still get it). Swift protocols cannot declare one, but
  /// an Objective-C protocol's Swift interface may (`WCSessionDelegate`'s `userInfo: [String: Any] = [:]`).
  private mutating func checkParameter(_ parameter: MemberDeclaration.Parameter, name: String, requirement: String) {
    if parameter.isVariadic { report(.variadicParameter(name: name), at: parameter.ellipsisOffset) }
    if parameter.type.hasSpecifier("consuming") { report(.consumingParameter(name: name), at: parameter.typeOffset) }
    if parameter.type.hasSpecifier("sending") { report(.sendingParameter(name: name), at: parameter.typeOffset) }
  }

  /// The result and the value returned when no observer answers: `nil` for an `Optional`, the user's
  /// `--default` or the documented one, or the protocol's default implementation (which ``readRequirement`` calls);
  /// without any, the requirement is refused (with the others, in one line: ``reportMissingDefaults()``), and so
  /// are opaque, `sending` and `Never` results.
  mutating func readResult(
    _ type: SwiftType?,
    at offset: Int,
    name: String,
    external: ExternalMember,
    isRefused: Bool
  ) -> (Requirement.Result, Expression?)? {
    guard let type, !type.isVoid else { return (.void, nil) }
    if type.containsOpaqueType {
      report(.opaqueType(name: name, type: type.description), at: offset)
      return nil
    }
    if type.hasSpecifier("sending") {
      report(.sendingResult(name: name), at: offset)
      return nil
    }
    let valueType = type.implicitlyUnwrappedAsOptional
    if valueType.isNever {
      report(.neverResult(name: name), at: offset)
      return nil
    }
    let isOptional = valueType.isOptional
    let result = Requirement.Result.value(type: type, valueType: valueType, isOptional: isOptional)
    if let text = external.defaultValue, !external.hasDefaultImplementation {
      // The user's default, checked to be one expression by `ExternalGenerator`.
      return (result, Expression(parsing: text))
    }
    if external.hasDefaultImplementation || isOptional {
      return (result, isOptional ? Expression(parsing: "nil") : nil)
    }
    if isRefused { return nil }
    // Reported with every other one, in one line (``reportMissingDefaults()``), by the name `--default` takes.
    missingDefaults.append((name: external.defaultName ?? name, type: type.description, offset: offset))
    return nil
  }

  /// Whether the accessors include `set`, and the effects of `get`. Refuses `mutating`, `nonmutating` and a
  /// `rethrows` getter.
  mutating func readAccessors(
    _ member: MemberDeclaration,
    name: String
  ) -> (isSettable: Bool, getterEffects: MemberDeclaration.Effects?) {
    var isSettable = false
    var getterEffects: MemberDeclaration.Effects? = nil
    for accessor in member.accessors ?? [] {
      for (modifier, offset) in zip(accessor.modifiers, accessor.modifierOffsets)
      where modifier == "mutating" || modifier == "nonmutating" {
        report(.invalidModifier(name: name, modifier: modifier), at: offset)
      }
      switch accessor.keyword {
      case "set": isSettable = true
      case "get": getterEffects = accessor.effects
      default: break
      }
    }
    if let getterEffects, getterEffects.throwsKeyword == "rethrows" {
      report(.rethrowsRequirement(name: name), at: getterEffects.throwsOffset)
    }
    return (isSettable, getterEffects)
  }

  /// Applies the user's flags: `--decided-once` or `--every-observer`, overriding
  /// ``Requirement/isDecisionRequirement(_:)``, and `--combine`. A flag that cannot apply is refused.
  mutating func applyChoices(to requirement: inout Requirement, member: MemberDeclaration, external: ExternalMember) {
    requirement.isDecision = Requirement.isDecisionRequirement(requirement)
    if let isDecidedOnce = external.isDecidedOnce {
      let spelling = isDecidedOnce ? "--decided-once" : "--every-observer"
      if isDecidedOnce, let reason = Requirement.decisionObstacle(requirement) {
        report(
          .decisionNotApplicable(spelling: spelling, name: requirement.displayName, reason: reason),
          at: member.offset
        )
      } else {
        requirement.isDecision = isDecidedOnce
      }
    }
    if let policy = external.combining {
      let valid = Requirement.validPolicies(requirement)
      guard Requirement.accepts(policy, for: requirement) else {
        report(
          .combineNotApplicable(
            spelling: "--combine",
            name: requirement.displayName,
            result: Requirement.resultDescription(requirement),
            valid: valid.map(\.rawValue)
          ),
          at: member.offset
        )
        return
      }
      requirement.combining = policy
    }
  }

  /// `@MainActor`, or a custom attribute without arguments whose name ends in `Actor` (the convention for global
  /// actors; the reader cannot look the type up).
  static func isGlobalActor(_ attribute: Attribute) -> Bool {
    attribute.name == "MainActor"
      || (attribute.name.hasSuffix("Actor") && attribute.name != "Actor" && !attribute.text.contains("("))
  }
}
