import MultiplexModel

/// Reads a protocol of another module, in parts (``ProtocolDeclaration``), into the model: `multiplex-generate`'s
/// reader, which needs no syntax tree.
///
/// Each requirement is made by the model's ``RequirementReader``, as `@Multiplexed`'s are, with the user's flags as
/// its choices: the same ``ProtocolModel`` of the same declaration, refused for the same reasons (``Refusals``),
/// with the same explanation (`FrontEndParityTests`), worded for the generator: a message names the requirement and
/// `multiplex-generate`, and asks for `--default` where the macro asks for `@MultiplexedDefault`.
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
  /// The `mutating` methods and getters met (another module's protocol that is not class-bound), by name: reported
  /// together, in one line.
  var mutatingRequirements: [(name: String, offset: Int, declaringProtocol: String?)] = []

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

    report(Refusals.protocolAttributes(of: declaration, rules: rules))
    report(Refusals.hiddenModules(typeNames: [name], at: declaration.nameOffset))
    // Inheritance: class-bound; the requirements of inherited protocols come flattened in.
    report(Refusals.inheritance(of: declaration, rules: rules))
    report(Refusals.protocolClauses(of: declaration))
    let isolation = declaration.isolation

    guard members.count == declaration.members.count else {
      report(
        .externalMemberCount(declared: declaration.members.count, described: members.count),
        at: declaration.nameOffset
      )
      return nil
    }
    var requirements: [Requirement] = []
    var reader = RequirementReader(declaration, rules: rules, spelling: .canonical, isolation: isolation)
    for (member, description) in zip(declaration.members, members) {
      guard var requirement = readRequirement(member, reader: &reader, external: description) else { continue }
      requirement.isObjCOptional = origin.isObjC && description.isOptional
      if origin.isObjC { requirement.objcSelector = description.objcSelector }
      requirement.isEventCaseAvailable = description.isEventCaseAvailable
      // The setter of a protocol that is not class-bound is `mutating`, unless declared `nonmutating`.
      if !(description.isDeclaredInClassBoundProtocol ?? origin.isClassBound) {
        requirement.isMutatingSetter =
          member.accessors?.contains { $0.keyword == "set" && !$0.modifiers.contains("nonmutating") } ?? false
      }
      if origin.isObjC, description.isOptional, let names = ExternalGenerator.requirementNames(of: member) {
        let protocols = [description.declaringProtocol, declaration.name].compactMap { $0 }
        requirement.changesSenderWhenImplemented =
          SenderChangingRequirement.entry(for: names.short, in: protocols)?
          .source
      }
      requirements.append(requirement)
    }
    Requirement.assignUniqueCombiningLabels(&requirements)
    reportMutatingRequirements()
    reportMissingDefaults()

    guard problems.isEmpty else { return nil }
    return ProtocolModel(
      origin: .external(origin),
      name: name,
      qualifier: qualifier,
      typeAccess: access,
      memberAccess: access,
      availability: declaration.availability,
      isolation: isolation,
      isSendable: declaration.isSendable,
      parents: [],
      requirements: requirements,
      typeAliases: declaration.typeAliases,
      multiplexerName: typeName
    )
  }

  /// What the generator's front end reads differently (``Refusals/Rules``).
  var rules: Refusals.Rules { .generator(isObjC: origin.isObjC) }

  // MARK: Requirements

  /// The problems reported while reading `member` name it: `requirement 'func f() -> Int': …`.
  private(set) var currentMember: MemberDeclaration? = nil
  /// The protocol that declares the member being read (a parent flattened in, or the protocol itself), if known.
  private(set) var currentDeclaringProtocol: String? = nil

  /// The requirement `member` declares, read by the model's reader with the user's flags (`external`).
  private mutating func readRequirement(
    _ member: MemberDeclaration,
    reader: inout RequirementReader,
    external: ExternalMember
  ) -> Requirement? {
    currentMember = member
    currentDeclaringProtocol = external.declaringProtocol
    defer {
      currentMember = nil
      currentDeclaringProtocol = nil
    }
    var choices = RequirementChoices()
    choices.defaultValue = external.defaultValue.map(Expression.init(parsing:))  // one expression: `ExternalGenerator`
    choices.reservedNames = Set(choices.defaultValue?.tokens ?? [])  // as the macro's `@MultiplexedDefault` reserves
    choices.hasDefaultImplementation = external.hasDefaultImplementation
    choices.keepsAnswer = external.keepsAnswer
    choices.isDecidedOnce = external.isDecidedOnce
    choices.decisionSpelling = external.isDecidedOnce == true ? "--decided-once" : "--every-observer"
    choices.decisionOffset = member.offset
    choices.combining = external.combining
    choices.combiningSpelling = "--combine"
    choices.combiningOffset = member.offset
    let read = reader.read(member, choices: choices)
    report(reader.refusals)
    if let missing = reader.missingDefault {
      // Reported with every other one, in one line (``reportMissingDefaults()``), by the name `--default` takes.
      missingDefaults.append((name: external.defaultName ?? missing.name, type: missing.type, offset: missing.offset))
    }
    guard var requirement = read else { return nil }
    requirement.defaultNote = external.defaultNote
    requirement.keepsAnswer = external.keepsAnswer
    requirement.combiningNote = external.combiningNote
    guard external.hasDefaultImplementation else { return requirement }
    // The protocol's own extension implements it: when no observer answers, ask that implementation, on a stub.
    requirement.usesModuleDefault = true
    if requirement.returnsValue {
      requirement.defaultValue = Expression(parsing: requirement.call(on: "self." + Naming.defaultsStorage))
    }
    return requirement
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

  /// Reports each of `refusals` (the model's list, ``Refusals``) at its offset; a `mutating` method or getter is
  /// kept for ``reportMutatingRequirements()``.
  mutating func report(_ refusals: [Refusal]) {
    for refusal in refusals {
      if case .externalMutatingMethod(_, let name) = refusal.diagnostic {
        if !mutatingRequirements.contains(where: { $0.name == name }) {
          mutatingRequirements.append((name, refusal.offset, currentDeclaringProtocol))
        }
        continue
      }
      report(refusal.diagnostic, at: refusal.offset)
    }
  }

  /// One line for every `mutating` method and getter, at the first.
  private mutating func reportMutatingRequirements() {
    guard let first = mutatingRequirements.first else { return }
    // The parent that declares them (a class-bound protocol inherits them), when they share one.
    let declaring = Set(mutatingRequirements.map { $0.declaringProtocol ?? declaration.name })
    report(
      .externalMutatingRequirements(
        protocolName: declaration.name,
        declaringProtocol: declaring.count == 1 ? declaring.first : nil,
        names: mutatingRequirements.map(\.name)
      ),
      at: first.offset
    )
  }

  mutating func report(_ diagnostic: MultiplexedDiagnostic, at offset: Int) {
    let message = Self.message(diagnostic, member: currentMember, isObjC: origin.isObjC, protocolName: declaration.name)
    problems.append(Problem(message: message, offset: offset))
  }

  /// `diagnostic`'s message worded for the generator: it names `multiplex-generate`, and, about a member, the
  /// requirement (see ``MemberDeclaration/requirementText(isObjC:)``); a fix that would edit the protocol, which is
  /// not the user's, is replaced by the way around it (``MultiplexedDiagnostic/messageForAnotherModule(protocolName:)``).
  static func message(
    _ diagnostic: MultiplexedDiagnostic,
    member: MemberDeclaration?,
    isObjC: Bool,
    protocolName: String
  ) -> String {
    if let member, let message = diagnostic.messageForAnotherModule(protocolName: protocolName) {
      return "requirement '\(member.requirementText(isObjC: isObjC))': \(message)"
    }
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
