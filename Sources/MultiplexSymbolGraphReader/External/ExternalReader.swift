import MultiplexModel

/// Reads a protocol of another module, in parts (``ProtocolDeclaration``), into the model: `multiplex-generate`'s
/// reader, which needs no syntax tree.
///
/// It makes the same ``ProtocolModel`` as `@Multiplexed`'s reader makes of the same declaration, and refuses what it
/// refuses, applying the same list (``Refusals``), with the same explanation (`FrontEndParityTests`), worded for the generator: a message names the
/// requirement and `multiplex-generate`, and asks for `--default` where the macro asks for `@MultiplexedDefault`.
/// What only the macro's user can change (markers, `@objc` on a Swift protocol, access modifiers) is not read.
struct ExternalReader {
  /// A reason the protocol cannot be multiplexed, and where in the text it is.
  struct Problem {
    var message: String
    var offset: Int
  }

  let declaration: ProtocolDeclaration
  let origin: ProtocolModel.ExternalOrigin
  let typeName: String
  /// The path of the type a nested protocol is declared in, with a trailing dot (`UITabBarController.Sidebar.`), or
  /// nothing.
  var qualifier = ""
  /// `public` or `package`, or `nil` for `internal`.
  let access: String?
  /// One per member of the declaration, in order.
  let members: [ExternalMember]
  private(set) var problems: [Problem] = []
  /// The requirements that return a value nothing answers for when no observer does, by the name `--default`
  /// takes: reported together, in one line.
  var missingDefaults: [(name: String, type: String, offset: Int)] = []

  init(
    _ declaration: ProtocolDeclaration,
    origin: ProtocolModel.ExternalOrigin,
    typeName: String,
    access: String?,
    members: [ExternalMember]
  ) {
    self.declaration = declaration
    self.origin = origin
    self.typeName = typeName
    self.access = access
    self.members = members
  }

  /// The protocol's model, or `nil` with ``problems`` saying why not.
  mutating func read() -> ProtocolModel? {
    let name = declaration.name
    // Associated types: the protocol is refused as a whole, in one line (its user can change nothing in it).
    let associatedTypes = declaration.members.filter {
      if case .associatedType = $0.kind { true } else { false }
    }
    if let first = associatedTypes.first {
      let names = associatedTypes.compactMap { member -> String? in
        if case .associatedType(let name) = member.kind { return name }
        return nil
      }
      report(.externalAssociatedTypes(protocolName: name, names: names), at: first.offset)
      return nil
    }

    var availability: [Attribute] = []
    var isolation: Attribute? = nil
    let rules = Refusals.Rules.generator(isObjC: origin.isObjC)
    report(Refusals.protocolAttributes(of: declaration, rules: rules))
    for attribute in declaration.attributes {
      if attribute.name == "available" {
        availability.append(attribute)
      } else if attribute.isGlobalActor {
        isolation = attribute
      }
    }
    let memberAccess = access

    report(Refusals.hiddenModules(typeNames: [name], at: declaration.nameOffset))

    // Inheritance: class-bound; the requirements of inherited protocols come flattened in.
    var isClassBound = origin.isObjC
    var isSendable = false
    for inherited in declaration.inherited {
      let types: [SwiftType]
      if case .composition(let elements) = inherited { types = elements } else { types = [inherited] }
      for type in types {
        switch type.description {
        case "AnyObject", "Swift.AnyObject", "class": isClassBound = true
        case "Sendable", "Swift.Sendable": isSendable = true
        case let typeName where origin.refinesNSObjectProtocol && typeName.hasSuffix("NSObjectProtocol"):
          isClassBound = true
        default: break
        }
      }
    }
    if !isClassBound { report(.notClassBound(protocolName: name), at: declaration.nameOffset) }
    report(Refusals.protocolClauses(of: declaration))

    var typeAliases: [String: TypeAlias] = [:]
    for member in declaration.members {
      if case .typeAlias(let alias) = member.kind { typeAliases[alias.name] = alias }
    }

    guard members.count == declaration.members.count else {
      report(
        .externalMemberCount(declared: declaration.members.count, described: members.count),
        at: declaration.nameOffset
      )
      return nil
    }
    var requirements: [Requirement] = []
    for (member, description) in zip(declaration.members, members) {
      var description = description
      description.isInObjCProtocol = origin.isObjC
      guard var requirement = readRequirement(member, isolation: isolation, external: description) else { continue }
      requirement.isObjCOptional = origin.isObjC && description.isOptional
      if origin.isObjC { requirement.objcSelector = description.objcSelector }
      requirements.append(requirement)
    }
    Requirement.assignUniqueCombiningLabels(&requirements)
    reportMissingDefaults()

    guard problems.isEmpty else { return nil }
    return ProtocolModel(
      origin: .external(origin),
      name: name,
      qualifier: qualifier,
      typeAccess: access,
      memberAccess: memberAccess,
      availability: availability,
      isolation: isolation,
      isSendable: isSendable,
      parents: [],
      requirements: requirements,
      typeAliases: typeAliases,
      multiplexerName: typeName
    )
  }

  // MARK: Requirements

  /// The problems reported while reading `member` name it: `requirement 'func f() -> Int': …`.
  private(set) var currentMember: MemberDeclaration? = nil

  private mutating func readRequirement(
    _ member: MemberDeclaration,
    isolation: Attribute?,
    external: ExternalMember
  ) -> Requirement? {
    currentMember = member
    defer { currentMember = nil }
    if let refusal = Refusals.member(member) {
      report([refusal])
      return nil
    }
    let requirement: Requirement?
    switch member.kind {
    case .function(let name):
      requirement = readMethod(member, name: name, isolation: isolation, external: external)
    case .property(let name, let isLet):
      requirement = readProperty(member, name: name, isLet: isLet, isolation: isolation, external: external)
    case .subscript:
      requirement = readSubscript(member, isolation: isolation, external: external)
    case .associatedType, .initializer, .typeAlias, .other:
      return nil
    }
    guard var requirement else { return nil }
    requirement.defaultNote = external.defaultNote
    requirement.combiningNote = external.combiningNote
    applyChoices(to: &requirement, member: member, external: external)
    guard external.hasDefaultImplementation else { return requirement }
    // The protocol's own extension implements it: when no observer answers, ask that implementation, on a stub.
    requirement.usesModuleDefault = true
    if requirement.returnsValue {
      requirement.defaultValue = Expression(parsing: requirement.call(on: "self." + Naming.defaultsStorage))
    }
    return requirement
  }

  private mutating func readMethod(
    _ member: MemberDeclaration,
    name: String,
    isolation: Attribute?,
    external: ExternalMember
  ) -> Requirement? {
    let before = problems.count
    let baseName = Naming.bareName(name)
    let displayName = member.displayName ?? name
    let attributes = readAttributes(member, name: displayName, isolation: isolation)
    let isNonisolated = checkModifiers(member, name: displayName, isolation: isolation)
    if Refusals.isStatic(member) { return nil }
    report(Refusals.genericSignature(of: member, name: displayName))
    report(Refusals.effects(of: member, name: displayName))
    let (parameters, arguments) = readParameters(member.parameters, owner: .method, requirement: displayName)
    guard
      let (result, defaultValue) = readResult(
        member.result,
        at: member.resultOffset,
        name: displayName,
        external: external,
        isRefused: problems.count > before
      )
    else { return nil }
    guard problems.count == before else { return nil }

    if let collision = Refusals.nameCollision(of: member, name: displayName, protocolName: declaration.name) {
      report([collision])
      return nil
    }

    func signature(_ parameters: [String]) -> String {
      "func " + name + GenericParameter.clause(member.genericParameters ?? []) + "("
        + parameters.joined(separator: ", ")
        + ")" + (member.effects.map { " " + $0.description } ?? "")
        + (member.result.map { " -> " + $0.description } ?? "")
        + GenericRequirement.clause(member.whereClause ?? [])
    }
    return Requirement(
      shape: .method(
        signature: signature(parameters.map(\.declared)),
        forwardingSignature: signature(parameters.map(\.forwarding)),
        name: baseName,
        arguments: arguments
      ),
      displayName: displayName,
      result: result,
      isAsync: member.effects?.isAsync == true,
      throwing: member.effects?.throwing,
      defaultValue: defaultValue,
      isRequired: false,
      forwardedAttributes: attributes.forwarded,
      availability: attributes.availability,
      isNonisolated: isNonisolated,
      genericParameters: member.genericParameters,
      genericWhereClause: member.whereClause,
      combiningLabel: member.combiningLabel ?? ""
    )
  }

  private mutating func readProperty(
    _ member: MemberDeclaration,
    name declaredName: String,
    isLet: Bool,
    isolation: Attribute?,
    external: ExternalMember
  ) -> Requirement? {
    let before = problems.count
    guard let type = member.result else { return nil }  // refused by `Refusals.member(_:)`
    let name = Naming.bareName(declaredName)
    let attributes = readAttributes(member, name: name, isolation: isolation)
    let isNonisolated = checkModifiers(member, name: name, isolation: isolation)
    if Refusals.isStatic(member) { return nil }
    report(Refusals.property(of: member, name: name, declaredName: declaredName, isLet: isLet))
    let (isSettable, getterEffects) = readAccessors(member, name: name)
    guard
      let (result, defaultValue) = readResult(
        type,
        at: member.resultOffset,
        name: name,
        external: external,
        isRefused: problems.count > before
      )
    else { return nil }
    guard problems.count == before else { return nil }
    if let collision = Refusals.nameCollision(of: member, name: name, protocolName: declaration.name) {
      report([collision])
      return nil
    }
    return Requirement(
      shape: .property(
        name: name,
        type: type,
        isSettable: isSettable,
        getterEffects: getterEffects.map(\.description)
      ),
      displayName: name,
      result: result,
      isAsync: getterEffects?.isAsync == true,
      throwing: getterEffects?.throwing,
      defaultValue: defaultValue,
      isRequired: false,
      forwardedAttributes: attributes.forwarded,
      availability: attributes.availability,
      isNonisolated: isNonisolated,
      genericParameters: nil,
      genericWhereClause: nil,
      combiningLabel: member.combiningLabel ?? ""
    )
  }

  private mutating func readSubscript(
    _ member: MemberDeclaration,
    isolation: Attribute?,
    external: ExternalMember
  ) -> Requirement? {
    let before = problems.count
    let displayName = member.displayName ?? "subscript"
    let attributes = readAttributes(member, name: displayName, isolation: isolation)
    let isNonisolated = checkModifiers(member, name: displayName, isolation: isolation)
    if Refusals.isStatic(member) { return nil }
    report(Refusals.genericSignature(of: member, name: displayName))
    guard let type = member.result else { return nil }
    report(Refusals.subscriptResult(of: member))
    let (isSettable, getterEffects) = readAccessors(member, name: displayName)
    let (parameters, arguments) = readParameters(member.parameters, owner: .subscript, requirement: displayName)
    guard
      let (result, defaultValue) = readResult(
        type,
        at: member.resultOffset,
        name: displayName,
        external: external,
        isRefused: problems.count > before
      )
    else { return nil }
    guard problems.count == before else { return nil }

    func signature(_ parameters: [String]) -> String {
      "subscript" + GenericParameter.clause(member.genericParameters ?? []) + "("
        + parameters.joined(separator: ", ") + ") -> " + type.description
        + GenericRequirement.clause(member.whereClause ?? [])
    }
    return Requirement(
      shape: .subscript(
        signature: signature(parameters.map(\.declared)),
        forwardingSignature: signature(parameters.map(\.forwarding)),
        arguments: arguments,
        isSettable: isSettable,
        getterEffects: getterEffects.map(\.description)
      ),
      displayName: displayName,
      result: result,
      isAsync: getterEffects?.isAsync == true,
      throwing: getterEffects?.throwing,
      defaultValue: defaultValue,
      isRequired: false,
      forwardedAttributes: attributes.forwarded,
      availability: attributes.availability,
      isNonisolated: isNonisolated,
      genericParameters: member.genericParameters,
      genericWhereClause: member.whereClause,
      combiningLabel: member.combiningLabel ?? ""
    )
  }

  // MARK: Reporting

  /// One problem for every requirement that needs a `--default` (``missingDefaults``), at the first one: the user
  /// pastes one list of flags.
  private mutating func reportMissingDefaults() {
    guard let first = missingDefaults.first else { return }
    let names = missingDefaults.map(\.name)
    let types = missingDefaults.map(\.type)
    report(
      origin.isObjC
        ? .externalObjCMissingDefaults(protocolName: declaration.name, names: names, types: types)
        : .externalMissingDefaults(protocolName: declaration.name, names: names, types: types),
      at: first.offset
    )
  }

  /// Reports each of `refusals` (the model's list, ``Refusals``) at its offset.
  mutating func report(_ refusals: [Refusal]) {
    for refusal in refusals { report(refusal.diagnostic, at: refusal.offset) }
  }

  mutating func report(_ diagnostic: MultiplexedDiagnostic, at offset: Int) {
    problems.append(
      Problem(message: Self.message(diagnostic, member: currentMember, isObjC: origin.isObjC), offset: offset)
    )
  }

  /// `diagnostic`'s message worded for the generator: it names `multiplex-generate`, and, about a member, the
  /// requirement (see ``MemberDeclaration/requirementText(isObjC:)``).
  static func message(_ diagnostic: MultiplexedDiagnostic, member: MemberDeclaration?, isObjC: Bool) -> String {
    let message = diagnostic.message(for: .generator)
    // A message that names its front end is about a requirement the protocol declares, which it names; the
    // generator's own messages name it already.
    guard let member, message != diagnostic.message(for: .macro) else { return message }
    return "requirement '\(member.requirementText(isObjC: isObjC))': \(message)"
  }
}

extension MemberDeclaration {
  /// The declaration as written, on one line, without what the symbol graph's reader adds to it: its `@available`
  /// attributes, and in an `@objc` protocol `@objc` and `optional` (`func height() -> Double`).
  fileprivate func requirementText(isObjC: Bool) -> String {
    var text = Substring(self.text)
    var kept: [String] = []
    // Attributes come first, each one's text as written.
    for attribute in attributes {
      text = text.drop { $0.isWhitespace }
      guard text.hasPrefix(attribute.text) else { break }
      text = text.dropFirst(attribute.text.count)
      if attribute.name != "available" && !(isObjC && attribute.name == "objc") { kept.append(attribute.text) }
    }
    text = text.drop { $0.isWhitespace }
    if isObjC, text.hasPrefix("optional ") { text = text.dropFirst("optional ".count).drop { $0.isWhitespace } }
    return (kept + [String(text)]).joined(separator: " ")
  }
}
