/// Makes a ``Requirement`` of each member of a ``ProtocolDeclaration``: the one reader of requirements, which
/// `@Multiplexed` (the protocol it is attached to) and `multiplex-generate` (a protocol of another module) both use.
///
/// It applies the one list of refusals (``Refusals``) and collects what it refuses in ``refusals``, at their
/// offsets: the generator reports them there, the macro places them on the syntax with their fix-its. What differs
/// between the front ends is passed in: their ``Refusals/Rules``, how a signature is spelled (``Spelling``), and
/// what the user chose for each requirement (``RequirementChoices``: the macro's markers, the generator's flags).
package struct RequirementReader {
  /// How the generated members spell a requirement's signature (``RequirementSignature``).
  package enum Spelling: Sendable {
    /// From the parts read, canonically: a symbol graph's declaration has no layout of its own.
    case canonical
    /// As the protocol's text has it: its user's line breaks, comments and spacing.
    case asWritten
  }

  /// A requirement that returns a value nothing answers for: no default value, none implemented, no `Optional`.
  package struct MissingDefault: Sendable {
    /// The requirement's name, and its result type (spelled as ``Spelling`` says).
    package var name: String
    package var type: String
    /// Where the result type starts.
    package var offset: Int
  }

  package let declaration: ProtocolDeclaration
  package let rules: Refusals.Rules
  package let spelling: Spelling
  /// The protocol's global actor, or `nil`.
  package let isolation: Attribute?
  /// What the member being read refuses, in source order; emptied by ``read(_:choices:)``.
  package private(set) var refusals: [Refusal] = []
  /// The member being read, when it returns a value nothing answers for (each front end names its own remedy).
  package private(set) var missingDefault: MissingDefault?

  package init(_ declaration: ProtocolDeclaration, rules: Refusals.Rules, spelling: Spelling, isolation: Attribute?) {
    self.declaration = declaration
    self.rules = rules
    self.spelling = spelling
    self.isolation = isolation
  }

  /// The requirement `member` declares, with `choices` applied; `nil` for a member that is no requirement (a type
  /// alias) and for one that is refused (``refusals``, ``missingDefault``).
  package mutating func read(_ member: MemberDeclaration, choices: RequirementChoices) -> Requirement? {
    refusals = []
    missingDefault = nil
    if let refusal = Refusals.member(member) {
      refusals.append(refusal)
      return nil
    }
    var requirement: Requirement?
    switch member.kind {
    case .function(let name): requirement = readMethod(member, name: name, choices: choices)
    case .property(let name, let isLet): requirement = readProperty(member, name: name, isLet: isLet, choices: choices)
    case .subscript: requirement = readSubscript(member, choices: choices)
    case .associatedType, .initializer, .typeAlias, .other: return nil
    }
    guard var requirement else { return nil }
    apply(choices, to: &requirement)
    return requirement
  }

  // MARK: Shapes

  private mutating func readMethod(
    _ member: MemberDeclaration,
    name: String,
    choices: RequirementChoices
  ) -> Requirement? {
    let displayName = member.displayName ?? name
    let attributes = readAttributesAndModifiers(member, name: displayName)
    if Refusals.isStatic(member) { return nil }
    refusals += Refusals.genericSignature(of: member, name: displayName)
    refusals += Refusals.effects(of: member, name: displayName)
    let named = readParameters(member, owner: .method, reserved: choices.reservedNames, requirement: displayName)
    guard
      let (result, defaultValue) = readResult(member, type: member.result, name: displayName, choices: choices),
      refusals.isEmpty
    else { return nil }
    if let collision = Refusals.nameCollision(of: member, name: displayName, protocolName: declaration.name) {
      refusals.append(collision)
      return nil
    }
    let shape = Requirement.Shape.method(
      signature: signature(member, named, forwarding: false),
      forwardingSignature: signature(member, named, forwarding: true),
      name: Naming.bareName(name),
      arguments: arguments(member, named)
    )
    return make(shape, member, name: displayName, effects: member.effects, attributes, result, defaultValue, choices)
  }

  private mutating func readProperty(
    _ member: MemberDeclaration,
    name declaredName: String,
    isLet: Bool,
    choices: RequirementChoices
  ) -> Requirement? {
    guard let type = member.result else { return nil }  // refused by `Refusals.member(_:)`
    let name = Naming.bareName(declaredName)
    let attributes = readAttributesAndModifiers(member, name: name)
    if Refusals.isStatic(member) { return nil }
    refusals += Refusals.property(of: member, name: name, declaredName: declaredName, isLet: isLet)
    refusals += Refusals.accessors(of: member, name: name, in: declaration, rules: rules)
    let (isSettable, getterEffects) = accessors(member)
    guard let (result, defaultValue) = readResult(member, type: type, name: name, choices: choices), refusals.isEmpty
    else { return nil }
    if let collision = Refusals.nameCollision(of: member, name: name, protocolName: declaration.name) {
      refusals.append(collision)
      return nil
    }
    let shape = Requirement.Shape.property(
      name: name,
      type: type,
      isSettable: isSettable,
      getterEffects: getterEffects?.description
    )
    return make(shape, member, name: name, effects: getterEffects, attributes, result, defaultValue, choices)
  }

  private mutating func readSubscript(_ member: MemberDeclaration, choices: RequirementChoices) -> Requirement? {
    let displayName = member.displayName ?? "subscript"
    let attributes = readAttributesAndModifiers(member, name: displayName)
    if Refusals.isStatic(member) { return nil }
    refusals += Refusals.genericSignature(of: member, name: displayName)
    guard let type = member.result else { return nil }
    refusals += Refusals.subscriptResult(of: member)
    refusals += Refusals.accessors(of: member, name: displayName, in: declaration, rules: rules)
    let (isSettable, getterEffects) = accessors(member)
    let named = readParameters(member, owner: .subscript, reserved: choices.reservedNames, requirement: displayName)
    guard let (result, defaultValue) = readResult(member, type: type, name: displayName, choices: choices),
      refusals.isEmpty
    else { return nil }
    let shape = Requirement.Shape.subscript(
      signature: signature(member, named, forwarding: false),
      forwardingSignature: signature(member, named, forwarding: true),
      arguments: arguments(member, named),
      isSettable: isSettable,
      getterEffects: getterEffects?.description
    )
    return make(shape, member, name: displayName, effects: getterEffects, attributes, result, defaultValue, choices)
  }

  /// The requirement of `shape`, with what every shape reads alike.
  private func make(
    _ shape: Requirement.Shape,
    _ member: MemberDeclaration,
    name: String,
    effects: MemberDeclaration.Effects?,
    _ attributes: Attributes,
    _ result: Requirement.Result,
    _ defaultValue: Expression?,
    _ choices: RequirementChoices
  ) -> Requirement {
    Requirement(
      shape: shape,
      displayName: name,
      result: result,
      isAsync: effects?.isAsync == true,
      throwing: effects?.throwing,
      defaultValue: defaultValue,
      isRequired: choices.isRequired,
      forwardedAttributes: attributes.forwarded,
      availability: attributes.availability,
      isNonisolated: attributes.isNonisolated,
      genericParameters: member.genericParameters,
      genericWhereClause: member.whereClause,
      combiningLabel: member.combiningLabel ?? ""
    )
  }

  // MARK: Parts

  /// The attributes the forwarding member copies, the availability, and whether the requirement is `nonisolated`.
  private struct Attributes {
    var forwarded: [Attribute] = []
    var availability: [Attribute] = []
    var isNonisolated = false
  }

  /// `@available`, a global actor, `@preconcurrency` and `@discardableResult`, which the forwarding member copies
  /// (and the availability); what cannot be forwarded is refused (``Refusals/attributes(of:name:isolation:rules:)``,
  /// ``Refusals/modifiers(of:name:in:isolation:rules:)``).
  private mutating func readAttributesAndModifiers(_ member: MemberDeclaration, name: String) -> Attributes {
    refusals += Refusals.attributes(of: member, name: name, isolation: isolation, rules: rules)
    refusals += Refusals.modifiers(
      of: member,
      name: name,
      in: declaration,
      isolation: isolation,
      rules: rules
    )
    var attributes = Attributes(isNonisolated: member.modifiers.contains { $0.hasPrefix("nonisolated") })
    for attribute in member.attributes {
      switch attribute.name {
      case "available":
        // One unavailable on every platform is refused; another platform's `unavailable` (watchOS's, on iOS) is
        // copied to the forwarding member as it is.
        attributes.availability.append(attribute)
        attributes.forwarded.append(attribute)
      case "discardableResult", "preconcurrency":
        attributes.forwarded.append(attribute)
      case _ where attribute.isGlobalActor:
        attributes.forwarded.append(attribute)
      default:
        break
      }
    }
    return attributes
  }

  /// The parameters named as the generated members declare them (unnamed ones, and those whose name would hide the
  /// `Multiplex` module, `self` or the setter's `newValue`, get a new one, avoiding `reserved`); each one's
  /// refusals (``Refusals/parameter(_:name:requirement:rules:)``).
  private mutating func readParameters(
    _ member: MemberDeclaration,
    owner: MemberDeclaration.ParameterOwner,
    reserved: Set<String>,
    requirement: String
  ) -> [MemberDeclaration.NamedParameter] {
    for parameter in member.parameters {
      let internalName = Naming.bareName(parameter.secondName ?? parameter.firstName)
      refusals += Refusals.parameter(parameter, name: internalName, requirement: requirement, rules: rules)
    }
    return MemberDeclaration.namedParameters(member.parameters, owner: owner, reserved: reserved)
  }

  /// How each parameter is passed on. A label written as a duplicate name (`for `for`: Int`) is the internal name
  /// as written, which the signature as written keeps (``RequirementSignature``).
  private func arguments(
    _ member: MemberDeclaration,
    _ named: [MemberDeclaration.NamedParameter]
  ) -> [Requirement.Argument] {
    zip(member.parameters, named).map { parameter, named in
      let argument = named.argument
      guard spelling == .asWritten, member.kind != .subscript, !named.isRenamed, argument.label != nil,
        let secondName = parameter.secondName, Naming.bareName(secondName) == Naming.bareName(parameter.firstName)
      else { return argument }
      return Requirement.Argument(
        label: secondName,
        name: argument.name,
        isInout: argument.isInout,
        isAutoclosure: argument.isAutoclosure,
        isPack: argument.isPack,
        type: argument.type,
        isVariadic: argument.isVariadic
      )
    }
  }

  private func signature(
    _ member: MemberDeclaration,
    _ named: [MemberDeclaration.NamedParameter],
    forwarding: Bool
  ) -> String {
    RequirementSignature.spelled(
      member,
      named: named,
      forwarding: forwarding,
      spelling: spelling,
      source: declaration.source
    )
  }

  /// The result and the value returned when no observer answers: the user's, `nil` for an `Optional`, or the
  /// protocol's default implementation (which the generator's reader calls), or none for a requirement whose answers
  /// the multiplexer keeps (``RequirementChoices/keepsAnswer``); without any, the requirement is
  /// refused (``missingDefault``), and so are opaque, `sending` and `Never` results, and a default value for a
  /// requirement that returns nothing. No default is asked for when the requirement is refused already (one error
  /// per root cause: a default would not make it forwardable).
  private mutating func readResult(
    _ member: MemberDeclaration,
    type: SwiftType?,
    name: String,
    choices: RequirementChoices
  ) -> (Requirement.Result, Expression?)? {
    guard let type, !type.isVoid else {
      if let marker = choices.defaultMarkerOffset {
        refusals.append(Refusal(.defaultOnVoid(name: name), at: marker))
        return nil
      }
      return (.void, nil)
    }
    if let refusal = Refusals.result(type, at: member.resultOffset, name: name) {
      refusals.append(refusal)
      return nil
    }
    // `T!` is only allowed at the top of a signature: generic arguments and the combining method spell `T?`.
    let valueType = type.implicitlyUnwrappedAsOptional
    let isOptional = valueType.isOptional
    let result = Requirement.Result.value(type: type, valueType: valueType, isOptional: isOptional)
    if let value = choices.defaultValue, !choices.hasDefaultImplementation { return (result, value) }
    if choices.hasDefaultImplementation || isOptional {
      return (result, isOptional ? Expression(text: "nil", tokens: ["nil"]) : nil)
    }
    if choices.keepsAnswer { return (result, nil) }
    if !refusals.isEmpty { return nil }
    let spelled =
      switch spelling {
      case .canonical: type.description
      case .asWritten: String(String.UnicodeScalarView(declaration.source[member.resultOffset..<member.resultEnd]))
      }
    missingDefault = MissingDefault(name: name, type: spelled, offset: member.resultOffset)
    return nil
  }

  /// Whether the accessors include `set`, and the effects of `get` (their refusals are
  /// ``Refusals/accessors(of:name:in:rules:)``).
  private func accessors(_ member: MemberDeclaration) -> (isSettable: Bool, getterEffects: MemberDeclaration.Effects?) {
    let accessors = member.accessors ?? []
    return (accessors.contains { $0.keyword == "set" }, accessors.last { $0.keyword == "get" }?.effects)
  }

  /// Applies what the user chose: decided once or every observer, overriding
  /// ``Requirement/isDecisionRequirement(_:)``, and the combining policy. A choice that cannot apply is refused.
  private mutating func apply(_ choices: RequirementChoices, to requirement: inout Requirement) {
    refusals += choices.refusals
    if choices.isDecidedOnce == true, choices.combining != nil {
      // Each would be silently dropped for the other: a decision goes to one observer, a combining needs them all.
      let diagnostic = MultiplexedDiagnostic.decidedOnceAndCombined(
        decision: choices.decisionSpelling,
        combining: choices.combiningSpelling,
        name: requirement.displayName
      )
      refusals.append(Refusal(diagnostic, at: choices.combiningOffset))
      return
    }
    requirement.isDecision = Requirement.isDecisionRequirement(requirement)
    if let isDecidedOnce = choices.isDecidedOnce {
      if isDecidedOnce, let reason = Requirement.decisionObstacle(requirement) {
        refusals.append(
          Refusal(
            .decisionNotApplicable(spelling: choices.decisionSpelling, name: requirement.displayName, reason: reason),
            at: choices.decisionOffset
          )
        )
      } else {
        requirement.isDecision = isDecidedOnce
      }
    }
    if let policy = choices.combining {
      guard Requirement.accepts(policy, for: requirement) else {
        let diagnostic = MultiplexedDiagnostic.combineNotApplicable(
          spelling: choices.combiningSpelling,
          name: requirement.displayName,
          result: Requirement.resultDescription(requirement),
          valid: Requirement.validPolicies(requirement).map(\.rawValue)
        )
        refusals.append(Refusal(diagnostic, at: choices.combiningOffset))
        return
      }
      requirement.combining = policy
    }
  }
}
