import MultiplexModel

// Following the protocols a protocol refines: its requirements and theirs, flattened into one declaration.

extension SymbolGraphReader {
  /// The standard library's types a delegate method names that every deployment target a multiplexer can have
  /// (Swift 5.1's) has, by their symbols' identifiers (no SDK graph declares them): `Bool`, `Int`, `UInt`, the
  /// sized integers, `Double`, `Float`, `Character`, `String`, `Array`, `Dictionary`, `Set`, `Optional`, `Error`.
  static let standardLibraryTypesAtEveryFloor: Set<String> = [
    "s:Sb", "s:Si", "s:Su", "s:s4Int8V", "s:s5Int16V", "s:s5Int32V", "s:s5Int64V", "s:s5UInt8V", "s:s6UInt16V",
    "s:s6UInt32V", "s:s6UInt64V", "s:Sd", "s:Sf", "s:SJ", "s:SS", "s:Sa", "s:SD", "s:Sh", "s:Sq", "s:s5ErrorP",
  ]

  /// One requirement found on the way, with its declaration text.
  struct Requirement {
    var usr: String
    var symbol: Symbol
    var isOptional: Bool
    var text: String
    /// Every symbol that is this requirement: `usr` first, then those of the parents' declarations it restates
    /// (or that restate it), which a default implementation may name instead.
    var usrs: [String]
    /// The availability of the generated member: the symbol's, or none when one of its restatements has none (a
    /// conforming type's one member satisfies every restatement, so it is as available as the least restricted).
    var availability: [Availability]
    /// The protocol whose declaration was met first (the root's own restatement, or a parent's).
    var declaringProtocol: String? = nil
    /// The types its declaration names, as spelled, with their symbols' identifiers: dated by ``datedTypes(of:)``
    /// when the requirement is newer than its protocol's event stream.
    var namedTypeIdentifiers: [(name: String, usr: String?)] = []
    /// The availability of the types among them the generator's table of forward-declared types dates
    /// (``forwardDeclared(in:platform:)``).
    var tableDatedTypes: [(name: String, availability: [Availability])] = []
    /// The USR of the protocol whose declaration was met first: whether it is class-bound decides whether a
    /// settable property or subscript has a `mutating` setter (``SymbolGraphReader/isClassBound(_:cache:)``, asked
    /// once the walk has loaded every parent's graph).
    var declaringProtocolUSR: String? = nil
  }

  /// What visiting a protocol and its parents has found so far.
  struct Walk {
    /// The platform the graphs were made for: a requirement unavailable there is left out.
    var platform: PlatformAvailability
    /// The availability of the protocol being generated.
    var rootAvailability: [Availability] = []
    /// The requirements left out, with why (see ``ExternalProtocol/omittedRequirements``).
    var omitted: [String] = []
    /// The protocols visited (the root and every protocol it refines whose requirements were flattened in).
    var visited: [String] = []
    var requirements: [Requirement] = []
    /// The inheritance clause of the rebuilt protocol: the parents that are kept rather than flattened.
    var inherited: [String] = []
    var whereRequirements: [String] = []
    /// The class (or `Actor`) a conforming type must be, from the protocol or a parent (`protocol P: UIView`,
    /// `where Self: UIView`, `protocol P: Actor`): a multiplexer is a class of its own and cannot conform.
    var conformerConstraint: String?
    /// Whether each protocol met is class-bound, by USR (``SymbolGraphReader/isClassBound(_:cache:)``).
    var classBoundByUSR: [String: Bool] = [:]
    /// The index in ``requirements`` of every requirement symbol met, and of every one those override: a
    /// refinement may restate a parent's requirement, which the graph gives its own symbol, with an `overrides`
    /// edge to the parent's, and possibly other fragments (`override`, other parameter names, attributes).
    var indexByUSR: [String: Int] = [:]
    /// The index in ``requirements`` by ``SymbolGraphReader/RequirementIdentity/key``: two parents may declare the same
    /// requirement, unrelated by `overrides`, which one member satisfies too.
    var indexByKey: [String: Int] = [:]

    /// How many declarations of one requirement a member declared as each satisfies, by index in
    /// ``requirements`` (see ``SymbolGraphReader/RequirementIdentity/strength``).
    var strengths: [Int] = []

    /// Adds `requirement`, or merges it into the one already found that it restates (or that restates it). Of
    /// two declarations the one a conforming member satisfies both with is kept: a settable property (a member
    /// `{ get set }` satisfies `{ get }` too), a method that does not throw.
    mutating func add(_ requirement: Requirement, overriding overridden: [String], identity: RequirementIdentity) {
      let byUSR = indexByUSR
      let existing = ([requirement.usr] + overridden).compactMap { byUSR[$0] }.first ?? indexByKey[identity.key]
      guard let existing else {
        let index = requirements.count
        var requirement = requirement
        requirement.usrs = [requirement.usr] + overridden
        requirements.append(requirement)
        strengths.append(identity.strength)
        for usr in [requirement.usr] + overridden { indexByUSR[usr] = index }
        indexByKey[identity.key] = index
        return
      }
      for usr in [requirement.usr] + overridden where indexByUSR[usr] == nil {
        indexByUSR[usr] = existing
        requirements[existing].usrs.append(usr)
      }
      if identity.strength > strengths[existing] {
        strengths[existing] = identity.strength
        requirements[existing].usr = requirement.usr
        requirements[existing].symbol = requirement.symbol
        requirements[existing].isOptional = requirement.isOptional
        requirements[existing].text = requirement.text
      }
      if requirement.availability.isEmpty { requirements[existing].availability = [] }
    }
    /// The modules of the protocols visited and of the types their requirements name (see
    /// ``SymbolGraphReader/modules(namedIn:)``).
    var modules: Set<String> = []
    /// The types the requirements name whose module no loaded graph says (see
    /// ``SymbolGraphReader/unresolvedTypes(in:requirement:)``).
    var unresolved: [UnresolvedType] = []
    /// The global actor attribute of the first parent that has one (`@MainActor`), which the protocol inherits.
    var inheritedIsolation: String? = nil
    /// Whether each type the requirements name is known to be `Sendable`, by path (see
    /// ``SymbolGraphReader/recordSendability(of:in:)``).
    var typeSendability: [String: Bool] = [:]
  }

  /// Whether `attribute` (`@MainActor`, `@DBActor`) names a global actor, as the model reads one
  /// (``Attribute/isGlobalActor``).
  static func isGlobalActorAttribute(_ attribute: String) -> Bool {
    guard attribute.hasPrefix("@") else { return false }
    let name = attribute.dropFirst().prefix { $0 != "(" }.split(separator: ".").last.map(String.init) ?? ""
    return Attribute(name: name, text: attribute).isGlobalActor
  }

  /// Parents that stay in the inheritance clause instead of being flattened: the standard library's and
  /// Concurrency's protocols and `NSObjectProtocol` (whose requirements every `NSObject` already has).
  static let keptNames: Set<String> = ["AnyObject", "Sendable", "SendableMetatype", "NSObjectProtocol"]
  /// Parents whose presence makes the protocol class-bound: kept in the inheritance clause, where the generator reads
  /// it (a protocol that is not class-bound is multiplexed for observers that are objects, `any P & AnyObject`).
  static let classBoundNames: Set<String> = ["AnyObject", "NSObjectProtocol", "class"]

  func visit(_ proto: Symbol, walk: inout Walk, rootName: String) throws(SymbolGraphError) {
    let usr = proto.identifier.precise
    guard !walk.visited.contains(usr) else { return }
    walk.visited.append(usr)
    // A flattened parent's requirements are members of its module's protocol: a file that calls them imports it.
    if let module = module(declaring: usr) { walk.modules.insert(module) }

    let required = index.relationships(Relationship.requirementOf, to: usr).map { ($0.source, false) }
    let optional = index.relationships(Relationship.optionalRequirementOf, to: usr).map { ($0.source, true) }
    let isOptional = Dictionary(required + optional, uniquingKeysWith: { first, _ in first })
    for requirementUSR in index.sortedInDeclarationOrder(Array(isOptional.keys)) {
      guard let symbol = index.symbol(requirementUSR), let optional = isOptional[requirementUSR] else { continue }
      if walk.platform.isUnavailable(symbol.availability ?? []) {
        let platform = walk.platform.domain ?? "this platform"
        let omission = "'\(symbol.names.title)' (unavailable on \(platform): no sender calls it there)"
        if !walk.omitted.contains(omission) { walk.omitted.append(omission) }
        continue
      }
      let forwardDeclared = Self.forwardDeclared(
        in: DeclarationText.removingOverride(symbol.declarationFragments ?? []),
        platform: walk.platform
      )
      let fragments = forwardDeclared.fragments
      if let type = forwardDeclared.undeclared.first {
        let platform = walk.platform.domain ?? "this platform"
        guard optional else {
          throw .undeclaredType(name: rootName, requirement: symbol.names.title, type: type, platform: platform)
        }
        let omission = "'\(symbol.names.title)' (it names '\(type)', which no framework declares on \(platform))"
        if !walk.omitted.contains(omission) { walk.omitted.append(omission) }
        continue
      }
      walk.modules.formUnion(forwardDeclared.modules)
      let namedTypes =
        fragments.compactMap { fragment -> (name: String, availability: [Availability])? in
          guard fragment.kind == "typeIdentifier", let type = fragment.preciseIdentifier.flatMap(index.symbol) else {
            return nil
          }
          return (fragment.spelling, type.availability ?? [])
        } + forwardDeclared.availability
      if let newer = walk.platform.newerType(
        among: namedTypes,
        than: symbol.availability ?? [],
        orProtocol: walk.rootAvailability
      ) {
        let platform = walk.platform.domain ?? "this platform"
        let version = [newer.version.major, newer.version.minor ?? 0].map(String.init).joined(separator: ".")
        guard optional else {
          throw .typeNewerThanRequirement(
            name: rootName,
            requirement: symbol.names.title,
            type: newer.name,
            introduced: platform + " " + version
          )
        }
        let omission =
          "'\(symbol.names.title)' (it names '\(newer.name)', introduced in \(platform) \(version), after the "
          + "requirement: no member can implement it)"
        if !walk.omitted.contains(omission) { walk.omitted.append(omission) }
        continue
      }
      let availability =
        walk.platform.deprecatingAsNamedTypes(symbol.availability ?? [], among: namedTypes)
        ?? symbol.availability ?? []
      let text = DeclarationText.requirementText(of: writingExistentialAny(fragments), isOptional: optional)
      walk.modules.formUnion(modules(namedIn: fragments))
      recordSendability(of: fragments, in: &walk.typeSendability)
      for type in unresolvedTypes(in: fragments, requirement: symbol.names.title) where !walk.unresolved.contains(type)
      {
        walk.unresolved.append(type)
      }
      walk.add(
        Requirement(
          usr: requirementUSR,
          symbol: symbol,
          isOptional: optional,
          text: text,
          usrs: [requirementUSR],
          availability: availability,
          declaringProtocol: proto.pathComponents.joined(separator: "."),
          namedTypeIdentifiers: fragments.filter { $0.kind == "typeIdentifier" }.map {
            ($0.spelling, $0.preciseIdentifier)
          },
          tableDatedTypes: forwardDeclared.availability,
          declaringProtocolUSR: usr
        ),
        overriding: overriddenRequirements(requirementUSR),
        identity: Self.requirementIdentity(text)
      )
    }

    let header = ProtocolHeader(fragments: proto.declarationFragments ?? [])
    // A parent's global actor (UIKit's `@MainActor` on `UITableViewDelegate`) isolates a refinement that does not
    // restate it, as Swift infers: the first one met is the protocol's.
    if walk.visited.count > 1, walk.inheritedIsolation == nil,
      let actor = header?.attributes.first(where: Self.isGlobalActorAttribute)
    {
      walk.inheritedIsolation = actor
    }
    for requirement in header?.whereRequirements ?? [] where !walk.whereRequirements.contains(requirement) {
      walk.whereRequirements.append(requirement)
      let parts = requirement.split(separator: ":", maxSplits: 1).map { $0.trimmingSpacesAndTabs() }
      if parts.count == 2, parts[0] == "Self", Self.isClassUSR(header?.typeUSRs[parts[1]]) {
        walk.conformerConstraint = walk.conformerConstraint ?? parts[1]
      }
    }
    let conformances =
      index.relationships(Relationship.conformsTo, from: usr)
      + index.relationships(Relationship.inheritsFrom, from: usr)
    let parents: [ProtocolHeader.Inherited] =
      header?.inherited
      ?? conformances.map { relationship in
        let name = relationship.targetFallback?.split(separator: ".").last.map(String.init)
        return .init(
          name: index.symbol(relationship.target)?.names.title ?? name ?? relationship.target,
          usr: relationship.target
        )
      }
    for parent in parents {
      try visitParent(parent, of: proto, conformances: conformances, walk: &walk, rootName: rootName)
    }
  }

  func visitParent(
    _ parent: ProtocolHeader.Inherited,
    of child: Symbol,
    conformances: [Relationship],
    walk: inout Walk,
    rootName: String
  ) throws(SymbolGraphError) {
    let lastComponent = parent.name.split(separator: ".").last.map(String.init) ?? parent.name
    func keep() {
      if !walk.inherited.contains(parent.name) { walk.inherited.append(parent.name) }
    }
    if Self.classBoundNames.contains(lastComponent) || Self.isClassUSR(parent.usr) {
      if Self.isClassUSR(parent.usr) { walk.conformerConstraint = walk.conformerConstraint ?? parent.name }
      return keep()
    }
    if parent.usr.map(Self.actorUSRs.contains) ?? Self.actorNames.contains(lastComponent) {
      walk.conformerConstraint = walk.conformerConstraint ?? parent.name
      return keep()
    }
    // The USR from the fragments, or from the `conformsTo` edge whose fallback or target names this parent.
    let usr =
      parent.usr
      ?? conformances.first { relationship in
        relationship.targetFallback?.hasSuffix("." + lastComponent) == true
          || index.symbol(relationship.target)?.names.title == lastComponent
      }?.target
    guard let usr, !Self.keptNames.contains(lastComponent), !Self.isStandardLibraryUSR(usr) else {
      return keep()
    }
    if index.symbol(usr) == nil {
      // The module that declares it: the relationship's `targetFallback` (`Module.Name`) says, else the USR.
      let fallback = conformances.first { $0.target == usr }?.targetFallback
      let fallbackModule = fallback?.firstIndex(of: ".").map { String(fallback![..<$0]) }
      guard let module = fallbackModule ?? Self.module(ofSwiftUSR: usr) else { return keep() }
      do {
        try load(module)
      } catch {
        let detail: String
        if case .unknownModule(_, let why) = error { detail = why } else { detail = error.description }
        throw .parentUnavailable(name: rootName, parent: parent.name, parentModule: module, detail: detail)
      }
    }
    guard let symbol = index.symbol(usr), symbol.kind.identifier == "swift.protocol" else {
      return keep()
    }
    try visit(symbol, walk: &walk, rootName: rootName)
  }

  /// The requirements `usr` overrides, directly or not (a refinement of a refinement may restate it again).
  func overriddenRequirements(_ usr: String) -> [String] {
    var found: [String] = []
    var pending = [usr]
    while let next = pending.popLast() {
      for relationship in index.relationships(Relationship.overrides, from: next)
      where relationship.target != usr && !found.contains(relationship.target) {
        found.append(relationship.target)
        pending.append(relationship.target)
      }
    }
    return found
  }

  /// What identifies a requirement to a conforming type, and how much a member declared as it satisfies.
  struct RequirementIdentity {
    /// The declaration without its own attributes, modifiers, accessors (`{ get }`, `{ get set }`), `throws`,
    /// parameters' internal names and whitespace: `func update(arg value: Int)`, `@MainActor func update(arg: Int)`
    /// and `func update(arg: Int) throws` are the same requirement, as one member satisfies them (two such
    /// methods cannot even be overloads). Overloads keep their types apart, with their types' attributes
    /// (`@escaping () -> Void` and `@escaping @Sendable () -> Void` are two types).
    var key: String
    /// One for a settable property or subscript, one for a method that does not throw: a member declared as the
    /// stronger of two declarations of the same key satisfies both.
    var strength: Int
  }

  /// The ``RequirementIdentity`` of a requirement's declaration text.
  static func requirementIdentity(_ text: String) -> RequirementIdentity {
    guard let declaration = try? ProtocolDeclaration(parsing: "protocol P {\n\(text)\n}"),
      declaration.members.count == 1, let member = declaration.members.first
    else { return RequirementIdentity(key: text.filter { !$0.isWhitespace }, strength: 0) }
    // The labels only: a method's first names, a subscript's first of two names (one name is no label).
    let isSubscript = member.kind == .subscript
    let parameters = member.parameters.map { parameter in
      let label = isSubscript && parameter.secondName == nil ? "_" : Naming.bareName(parameter.firstName)
      return label + ": " + parameter.type.description + (parameter.isVariadic ? "..." : "")
    }
    let signature =
      GenericParameter.clause(member.genericParameters ?? []) + "(" + parameters.joined(separator: ", ") + ")"
      + (member.effects?.isAsync == true ? " async" : "") + (member.result.map { " -> " + $0.description } ?? "")
      + GenericRequirement.clause(member.whereClause ?? [])
    let key: String
    switch member.kind {
    case .function(let name): key = "func " + Naming.bareName(name) + signature
    case .subscript: key = "subscript" + signature
    case .property(let name, _): key = "var " + Naming.bareName(name) + ": " + (member.result?.description ?? "")
    default: key = member.text
    }
    var strength = 0
    if case .function = member.kind, member.effects?.throwsKeyword == nil { strength += 1 }
    if member.accessors?.contains(where: { $0.keyword == "set" }) == true { strength += 1 }
    return RequirementIdentity(key: key, strength: strength)
  }

  /// A USR of the standard library (`s:s...`) or of Concurrency (`s:Sc...`).
  static func isStandardLibraryUSR(_ usr: String) -> Bool {
    usr.hasPrefix("s:s") || usr.hasPrefix("s:Sc")
  }

  /// Concurrency's `Actor` and Distributed's `DistributedActor`, which only actors adopt.
  static let actorUSRs: Set<String> = ["s:ScA", "s:11Distributed0A5ActorP"]
  static let actorNames: Set<String> = ["Actor", "DistributedActor"]

  /// Whether `proto` is class-bound: an Objective-C protocol, an `@objc` one, or one that refines `AnyObject`,
  /// `NSObjectProtocol`, a class or a class-bound protocol, or requires `Self` to be one (in `where`). Decided once
  /// per protocol (`cache`); a cycle counts as not class-bound. Asked after the walk, when the graphs of the parents
  /// it visited are loaded (a Swift parent of another module whose graph is not loaded counts as not class-bound).
  func isClassBound(_ proto: Symbol, cache: inout [String: Bool]) -> Bool {
    let usr = proto.identifier.precise
    if let known = cache[usr] { return known }
    cache[usr] = false
    let header = ProtocolHeader(fragments: proto.declarationFragments ?? [])
    var result = usr.hasPrefix("c:") || header?.attributes.contains { $0.hasPrefix("@objc") } == true
    let conformances =
      index.relationships(Relationship.conformsTo, from: usr)
      + index.relationships(Relationship.inheritsFrom, from: usr)
    let parents: [(name: String, usr: String?)] =
      header?.inherited.map { ($0.name, $0.usr) }
      ?? conformances.map { (index.symbol($0.target)?.names.title ?? $0.target, $0.target) }
    for parent in parents where !result {
      let last = parent.name.split(separator: ".").last.map(String.init) ?? parent.name
      // An Objective-C protocol (`c:objc(pl)…`) is class-bound, loaded or not.
      if Self.classBoundNames.contains(last) || Self.isClassUSR(parent.usr)
        || parent.usr.map(Self.actorUSRs.contains) == true || parent.usr?.hasPrefix("c:") == true
      {
        result = true
      } else if let parentUSR = parent.usr
        ?? conformances.first(where: {
          index.symbol($0.target)?.names.title == last
        })?.target, let symbol = index.symbol(parentUSR), symbol.kind.identifier == "swift.protocol"
      {
        result = isClassBound(symbol, cache: &cache)
      }
    }
    for requirement in header?.whereRequirements ?? [] where !result {
      let parts = requirement.split(separator: ":", maxSplits: 1).map { $0.trimmingSpacesAndTabs() }
      result =
        parts.count == 2 && parts[0] == "Self"
        && (Self.classBoundNames.contains(parts[1]) || Self.isClassUSR(header?.typeUSRs[parts[1]]))
    }
    cache[usr] = result
    return result
  }

  /// A USR that names a class: a Swift class (`s:...C`) or an Objective-C class (`c:objc(cs)...`).
  static func isClassUSR(_ usr: String?) -> Bool {
    guard let usr else { return false }
    return usr.hasPrefix("c:objc(cs)") || (usr.hasPrefix("s:") && usr.hasSuffix("C"))
  }
}
