import MultiplexModel

// From symbol graphs to an `ExternalProtocol`: find the protocol, follow the protocols it refines, and write it
// back as one Swift protocol declaration.

/// Reads protocols from the symbol graphs of one or more modules, loading a module's graphs when a protocol or
/// one of its parents needs them.
package final class SymbolGraphReader {
  /// Returns the graphs of a module (see ``SymbolGraphDirectory/graphs(forModule:)``), or throws
  /// ``SymbolGraphError/unknownModule(module:detail:)`` saying why there are none.
  package typealias ModuleLoader = (_ module: String) throws(SymbolGraphError) -> [NamedSymbolGraph]

  private let loadModule: ModuleLoader
  /// The names of the modules whose graphs are at hand besides those loaded (a `--symbol-graph-dir`'s) and may
  /// declare a type with one of the USRs or names given (see ``SymbolGraphDirectory/moduleNames(mayDeclare:orTitled:)``),
  /// read when a requirement names a type of a module nothing else tells
  /// (see ``resolveTypes(_:platform:importing:)``).
  let availableModules: (_ usrs: [String], _ names: [String]) -> [String]
  /// Everything loaded so far.
  var index = SymbolIndex()
  /// The modules whose graphs could not be loaded while looking for a type's module: not asked for again.
  var failedModules: Set<String> = []
  /// The modules the user imports (`--import`): read first when looking for a type's module, and trusted to
  /// declare the types no graph at hand declares.
  package var givenImports: [String] = []

  /// Frameworks an SDK umbrella module re-exports (its module map's `export *` of the headers it imports), which a
  /// file importing the umbrella sees: `--import UIKit` places `CGPoint` and `NSRange` too.
  static let umbrellaReexports: [String: [String]] = [
    "UIKit": ["Foundation", "CoreGraphics", "CoreFoundation"],
    "AppKit": ["Foundation", "CoreGraphics", "CoreFoundation"],
    "Foundation": ["CoreFoundation"],
  ]

  /// A reader that asks `loadModule` for each module it needs, once; `availableModules` names the modules whose
  /// graphs are at hand besides and may declare a type with one of the USRs or names it is given (see
  /// ``availableModules``).
  package init(
    loadModule: @escaping ModuleLoader,
    availableModules: @escaping (_ usrs: [String], _ names: [String]) -> [String] = { _, _ in [] },
    modulesAtHand: @escaping () -> [String] = { [] }
  ) {
    self.loadModule = loadModule
    self.availableModules = availableModules
    self.modulesAtHand = modulesAtHand
  }

  /// The modules whose graphs are at hand (a `--symbol-graph-dir`'s), which can be read without extracting
  /// anything: the only ones read to date a type (``datedTypes(of:)``). Extracting a graph for that alone could take
  /// minutes (`ObjectiveC`'s, for a library's requirement naming `ObjCBool`).
  let modulesAtHand: () -> [String]

  /// A reader of the graphs in one directory.
  package convenience init(directory: SymbolGraphDirectory) {
    self.init(
      loadModule: { module throws(SymbolGraphError) in
        guard let graphs = try directory.graphs(forModule: module) else {
          let available = (try? directory.moduleNames()) ?? []
          let list = available.isEmpty ? "none" : available.joined(separator: ", ")
          throw .unknownModule(
            module: module,
            detail: "no \(module).symbols.json in '\(directory.path)' (modules there: \(list))"
          )
        }
        return graphs
      },
      availableModules: { usrs, names in (try? directory.moduleNames(mayDeclare: usrs, orTitled: names)) ?? [] },
      modulesAtHand: { (try? directory.moduleNames()) ?? [] }
    )
  }

  /// The protocol `name` (a top-level name, or a dotted path for a nested protocol) of module `module`, with
  /// the requirements of the protocols it refines flattened in.
  package func externalProtocol(named name: String, module: String) throws(SymbolGraphError) -> ExternalProtocol {
    try load(module)
    let root = try findProtocol(named: name, module: module, orInModulesItReexports: true)
    var walk = Walk(
      platform: PlatformAvailability(
        operatingSystem: index.operatingSystem(of: module),
        environment: index.environment(of: module)
      )
    )
    walk.rootAvailability = root.availability ?? []
    // A protocol unavailable where the graph was made: Swift cannot name it there, so no file could compile.
    if walk.platform.isUnavailable(walk.rootAvailability) {
      throw .unavailableProtocol(name: name, module: module, platform: walk.platform.domain ?? "this platform")
    }
    try visit(root, walk: &walk, rootName: name)
    let rootHeader = ProtocolHeader(fragments: root.declarationFragments ?? [])
    let isObjC =
      root.identifier.precise.hasPrefix("c:objc")
      || rootHeader?.attributes.contains { $0.hasPrefix("@objc") } == true
      || walk.requirements.contains { $0.isOptional }
    guard walk.isClassBound || isObjC else {
      throw .notClassBound(name: name, module: module)
    }
    var attributes = rootHeader?.attributes ?? []
    if isObjC && !attributes.contains(where: { $0.hasPrefix("@objc") }) {
      attributes.insert("@objc", at: 0)
    }
    var hasInheritedIsolation = false
    if let inherited = walk.inheritedIsolation, !attributes.contains(where: Self.isGlobalActorAttribute) {
      attributes.append(inherited)
      // A Swift module's protocol (not a Clang module's, whose importer applies the parent's actor itself).
      hasInheritedIsolation = !root.identifier.precise.hasPrefix("c:") || root.identifier.precise.hasPrefix("c:@M@")
    }
    var lines = DeclarationText.availabilityAttributes(root.availability ?? [])
    var head = (attributes + ["protocol", root.pathComponents.last ?? name]).joined(separator: " ")
    if !walk.inherited.isEmpty { head += ": " + walk.inherited.joined(separator: ", ") }
    if !walk.whereRequirements.isEmpty { head += " where " + walk.whereRequirements.joined(separator: ", ") }
    lines.append(head + " {")
    var members: [ExternalMember] = []
    var modules = walk.modules.union(self.modules(namedIn: root.declarationFragments ?? []))
    // A Clang module's protocol (an Objective-C library's, an SDK framework's) names types its headers import, which
    // its module re-exports (`export *`): a file that imports it sees them. A Swift module re-exports nothing it
    // does not say: the file imports each type's module, found in the graphs at hand, or says which to pass.
    let isClangModule = root.identifier.precise.hasPrefix("c:") && !root.identifier.precise.hasPrefix("c:@M@")
    if !walk.unresolved.isEmpty && !isClangModule {
      let resolved = resolveTypes(walk.unresolved, platform: walk.platform, importing: module)
      modules.formUnion(resolved.modules)
      // A type the `--import`s may declare is the user's word; one whose likely framework (`UIColor`: UIKit) is
      // not among them is still refused: one `--import MapKit` does not make a file naming `UIColor` compile.
      let unplaced = resolved.unresolved.filter { type in
        guard !givenImports.isEmpty else { return true }
        let suggested = suggestedModules(for: type)
        let seen = Set(givenImports.flatMap { [$0] + Self.umbrellaReexports[$0, default: []] })
        return !suggested.isEmpty && !suggested.contains(where: seen.contains)
      }
      if !unplaced.isEmpty {
        throw .unresolvedTypes(
          name: name,
          module: module,
          types: unplaced.map(\.name),
          requirements: unplaced.map(\.requirement),
          suggestions: unplaced.flatMap { suggestedModules(for: $0) }
        )
      }
    }
    // A protocol that declares no version here but whose requirements all come with one (`WKDownloadDelegate`):
    // its event stream is declared available from that version, and its requirements are events from there.
    let eventsIntroduction = walk.platform.earliestIntroduction(
      ofRequirements: walk.requirements.map(\.availability),
      protocol: root.availability ?? []
    )
    var eventsProtocolEntries = root.availability ?? []
    if let eventsIntroduction, let domain = walk.platform.domain {
      eventsProtocolEntries.append(Availability(domain: domain, introduced: eventsIntroduction))
    }
    for requirement in walk.requirements {
      let availability = PlatformAvailability.clamped(requirement.availability, to: root.availability ?? [])
      for attribute in DeclarationText.availabilityAttributes(availability) {
        lines.append("  " + attribute)
      }
      lines.append("  " + requirement.text)
      let hasDefault = hasDefaultImplementation(requirement, walk: walk)
      if hasDefault {
        // The multiplexer calls the default implementation: its extension's module must be visible too.
        for relationship in index.relationships(Relationship.defaultImplementationOf, to: requirement.usr) {
          if let declaring = self.module(declaring: relationship.source) { modules.insert(declaring) }
        }
      }
      var member = ExternalMember(
        hasDefaultImplementation: hasDefault,
        isOptional: requirement.isOptional,
        objcSelector: Self.objcSelector(usr: requirement.symbol.identifier.precise)
      )
      member.declaringProtocol = requirement.declaringProtocol
      // The types a requirement names are dated only for one newer than the stream (reading their graphs costs).
      let isNewer = !walk.platform.isAvailableAtDeploymentFloor(availability, protocol: eventsProtocolEntries)
      member.isEventCaseAvailable = walk.platform.isEventCaseAvailable(
        availability,
        protocol: eventsProtocolEntries,
        namedTypes: isNewer ? datedTypes(of: requirement) : []
      )
      members.append(member)
    }
    lines.append("}")
    let source = lines.joined(separator: "\n") + "\n"
    try validate(source, requirements: walk.requirements, name: name)
    modules.remove(module)
    var external = ExternalProtocol(
      source: source,
      moduleName: module,
      isObjC: isObjC,
      members: members,
      importedModules: modules.sorted()
    )
    external.omittedRequirements = walk.omitted
    external.platform = walk.platform.domain
    external.hasInheritedIsolation = hasInheritedIsolation
    external.sendableTypes = Set(walk.typeSendability.filter(\.value).keys)
    if let eventsIntroduction, let domain = walk.platform.domain {
      let version = [eventsIntroduction.major, eventsIntroduction.minor ?? 0].map(String.init).joined(separator: ".")
      external.eventsAvailability = "@available(\(domain) \(version), *)"
    }
    // Declared in a source file outside any SDK: a library built from source, whose module exists on the platforms
    // it was built for (see ``ExternalProtocol/isBuiltFromSource``).
    if let uri = root.location?.uri, !uri.containsText(".sdk/") { external.isBuiltFromSource = true }
    external.qualifier = root.pathComponents.dropLast().map { $0 + "." }.joined()
    return external
  }

  // MARK: - Dating the types a requirement names

  /// The types `requirement` names with their availability, or `nil` when one of them cannot be dated: found in the
  /// graphs loaded, in the generator's table, among the standard library's oldest types, or in the graph at hand
  /// (``modulesAtHand``) of the module a Swift type's identifier names (Foundation's `DateComponents` in a UIKit
  /// requirement), read for this alone (``datingIndex``). An Objective-C type no loaded graph declares cannot be dated.
  func datedTypes(of requirement: Requirement) -> [(name: String, availability: [Availability])]? {
    var dated = requirement.tableDatedTypes
    let tableNames = Set(dated.map(\.name))
    for (name, usr) in requirement.namedTypeIdentifiers where !tableNames.contains(name) {
      guard let usr else { return nil }
      if Self.standardLibraryTypesAtEveryFloor.contains(usr) || Self.forwardDeclaredTypes[usr] != nil { continue }
      guard let symbol = index.symbol(usr) ?? datingSymbol(usr) else { return nil }
      dated.append((name, symbol.availability ?? []))
    }
    return dated
  }

  /// The graphs read only to date the types of requirements (``datedTypes(of:)``), apart from ``index`` so that
  /// reading them changes nothing else the reader decides (a type's module, a requirement left out).
  private var datingIndex = SymbolIndex()
  /// The modules whose graphs could not be read for ``datingIndex``: not asked for again.
  private var datingFailures: Set<String> = []

  /// The symbol of the Swift type with identifier `usr` in the graph of the module the identifier names, if any.
  private func datingSymbol(_ usr: String) -> Symbol? {
    guard let module = Self.module(ofSwiftUSR: usr) else { return nil }
    if !datingIndex.contains(module: module) && !datingFailures.contains(module) {
      do {
        guard modulesAtHand().contains(module) else { throw SymbolGraphError.unknownModule(module: module, detail: "") }
        datingIndex.add(module: module, graphs: try loadModule(module))
      } catch {
        datingFailures.insert(module)
      }
    }
    return datingIndex.symbol(usr)
  }

  // MARK: - Loading and finding

  func load(_ module: String) throws(SymbolGraphError) {
    guard !index.contains(module: module) else { return }
    index.add(module: module, graphs: try loadModule(module))
  }

  /// The protocol `name` of `module`; with `orInModulesItReexports`, also one a module that `module` re-exports
  /// declares (``reexportedModules``: swift-corelibs-foundation's `FileManagerDelegate` is
  /// `FoundationEssentials`'s, which a client reaches as `Foundation`'s).
  private func findProtocol(
    named name: String,
    module: String,
    orInModulesItReexports: Bool = false
  ) throws(SymbolGraphError) -> Symbol {
    let path = name.split(separator: ".").map(String.init)
    let symbols = index.mainSymbols(of: module)
    let matches = symbols.filter { $0.pathComponents == path }
    if let found = matches.first(where: { $0.kind.identifier == "swift.protocol" }) {
      return found
    }
    if matches.isEmpty, orInModulesItReexports {
      for reexported in Self.reexportedModules.filter({ $0.value == module }).keys.sorted() {
        guard (try? load(reexported)) != nil, let found = try? findProtocol(named: name, module: reexported) else {
          continue
        }
        return found
      }
    }
    if let other = matches.first {
      throw .notAProtocol(name: name, module: module, kind: Self.kindName(other.kind.identifier))
    }
    let protocols = symbols.filter { $0.kind.identifier == "swift.protocol" }
    let names = protocols.map { $0.pathComponents.joined(separator: ".") }
    throw .protocolNotFound(name: name, module: module, nearMatches: NearMatches.of(name, among: names))
  }

  private static func kindName(_ identifier: String) -> String {
    switch identifier {
    case "swift.func": return "function"
    case "swift.typealias": return "type alias"
    case "swift.var": return "variable"
    default: return identifier.hasPrefix("swift.") ? String(identifier.dropFirst(6)) : identifier
    }
  }

  // MARK: - Following the protocols it refines

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
    var isClassBound = false
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
  private static let keptNames: Set<String> = ["AnyObject", "Sendable", "SendableMetatype", "NSObjectProtocol"]
  /// Parents whose presence makes the protocol class-bound.
  private static let classBoundNames: Set<String> = ["AnyObject", "NSObjectProtocol", "class"]

  private func visit(_ proto: Symbol, walk: inout Walk, rootName: String) throws(SymbolGraphError) {
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
          tableDatedTypes: forwardDeclared.availability
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
      if parts.count == 2, parts[0] == "Self",
        Self.classBoundNames.contains(parts[1]) || Self.isClassUSR(header?.typeUSRs[parts[1]])
      {
        walk.isClassBound = true
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

  private func visitParent(
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
      walk.isClassBound = true
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
  private func overriddenRequirements(_ usr: String) -> [String] {
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
  private static func isStandardLibraryUSR(_ usr: String) -> Bool {
    usr.hasPrefix("s:s") || usr.hasPrefix("s:Sc")
  }

  /// A USR that names a class: a Swift class (`s:...C`) or an Objective-C class (`c:objc(cs)...`).
  private static func isClassUSR(_ usr: String?) -> Bool {
    guard let usr else { return false }
    return usr.hasPrefix("c:objc(cs)") || (usr.hasPrefix("s:") && usr.hasSuffix("C"))
  }

  // MARK: - Validation

  /// Checks that `source` parses as one protocol declaration with one member per requirement; names the first
  /// requirement whose text does not parse.
  private func validate(_ source: String, requirements: [Requirement], name: String) throws(SymbolGraphError) {
    if let declaration = try? ProtocolDeclaration(parsing: source), declaration.members.count == requirements.count {
      return
    }
    for requirement in requirements {
      let single = try? ProtocolDeclaration(parsing: "protocol P {\n  \(requirement.text)\n}\n")
      if single?.members.count != 1 {
        throw .unparsableDeclaration(name: name, requirement: requirement.symbol.names.title, text: requirement.text)
      }
    }
    throw .unparsableDeclaration(name: name, requirement: "(the protocol's own declaration)", text: source)
  }
}

extension SymbolGraphReader {
  /// The Objective-C selector in the USR of an `@objc` method: what follows `(im)` (an instance method) or
  /// `(cm)` (a class method), or for a property, its name, which is its getter's selector (`(py)window`), as in `c:objc(pl)WKNavigationDelegate(im)webView:decidePolicyForNavigationAction:`
  /// `decisionHandler:` or, for a protocol declared in Swift, `c:@M@DownloadKit@objc(pl)DownloadDelegate(im)`
  /// `download:didReceive:`. `nil` for any other USR.
  package static func objcSelector(usr: String) -> String? {
    guard usr.hasPrefix("c:"),
      let marker = [usr.lastRangeOfText("(im)"), usr.lastRangeOfText("(cm)"), usr.lastRangeOfText("(py)")]
        .compactMap({ $0 }).max(by: { $0.lowerBound < $1.lowerBound })
    else { return nil }
    let selector = usr[marker.upperBound...]
    return selector.isEmpty ? nil : String(selector)
  }
}
