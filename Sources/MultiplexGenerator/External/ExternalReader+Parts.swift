import MultiplexGeneratorModel

/// The parts every requirement shape shares: attributes, modifiers, generic signatures, parameters, results,
/// accessors and the user's choices.
extension ExternalReader {
  /// The attributes the generated members copy, and the requirement's availability.
  struct Attributes {
    var forwarded: [Attribute] = []
    var availability: [Attribute] = []
  }

  /// `@available`, a global actor, `@preconcurrency` and `@discardableResult`, which the forwarding member copies;
  /// what cannot be forwarded is refused (``Refusals/attributes(of:name:isolation:rules:)``).
  mutating func readAttributes(_ member: MemberDeclaration, name: String, isolation: Attribute?) -> Attributes {
    report(Refusals.attributes(of: member, name: name, isolation: isolation, rules: rules))
    var result = Attributes()
    for attribute in member.attributes {
      switch attribute.name {
      case "available":
        // The symbol-graph reader leaves out what is unavailable on the platform the graph was made for, and
        // another platform's `unavailable` (watchOS's, on iOS) is copied to the forwarding member as it is.
        result.availability.append(attribute)
        result.forwarded.append(attribute)
      case "discardableResult", "preconcurrency":
        result.forwarded.append(attribute)
      case _ where attribute.isGlobalActor:
        result.forwarded.append(attribute)
      default:
        break
      }
    }
    return result
  }

  /// Checks the modifiers (``Refusals/modifiers(of:name:isolation:rules:)``; in an `@objc` protocol, `optional` was
  /// read already: ``ExternalMember/isOptional``); returns whether the requirement is `nonisolated`.
  mutating func checkModifiers(_ member: MemberDeclaration, name: String, isolation: Attribute?) -> Bool {
    report(Refusals.modifiers(of: member, name: name, isolation: isolation, rules: rules))
    return member.modifiers.contains { $0.hasPrefix("nonisolated") }
  }

  /// What the generator's front end reads differently (``Refusals/Rules``).
  var rules: Refusals.Rules { .generator(isObjC: origin.isObjC) }

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
      report(Refusals.parameter(parameter, name: Naming.bareName(internalName), requirement: requirement, rules: rules))
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
    if let refusal = Refusals.result(type, at: offset, name: name) {
      report([refusal])
      return nil
    }
    let valueType = type.implicitlyUnwrappedAsOptional
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
    report(Refusals.accessors(of: member, name: name))
    let isSettable = member.accessors?.contains { $0.keyword == "set" } ?? false
    let getterEffects = member.accessors?.last { $0.keyword == "get" }?.effects
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
      guard valid.contains(policy) else {
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
}
