import MultiplexModel

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

  /// What declares the parameters being read (the model's: their labels and the names they must not take differ).
  typealias ParameterOwner = MemberDeclaration.ParameterOwner

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
    let named = MemberDeclaration.namedParameters(parameters, owner: owner)
    var declared: [DeclaredParameter] = []
    for (parameter, named) in zip(parameters, named) {
      let internalName = parameter.secondName ?? parameter.firstName
      report(Refusals.parameter(parameter, name: Naming.bareName(internalName), requirement: requirement, rules: rules))
      var names: String
      if named.isRenamed {
        names = (owner == .subscript ? named.argument.label ?? "_" : parameter.firstName) + " " + named.name
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
    }
    return (declared, named.map(\.argument))
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
}
