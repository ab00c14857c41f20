import MultiplexModel

// From symbol graphs to an `ExternalProtocol`: find the protocol, follow the protocols it refines, and write it
// back as one Swift protocol declaration.

/// Reads protocols from the symbol graphs of one or more modules, loading a module's graphs when a protocol or
/// one of its parents needs them.
package final class SymbolGraphReader {
  /// Returns the graphs of a module (see ``SymbolGraphDirectory/graphs(forModule:)``), or throws
  /// ``SymbolGraphError/unknownModule(module:detail:)`` saying why there are none.
  package typealias ModuleLoader = (_ module: String) throws(SymbolGraphError) -> [NamedSymbolGraph]

  let loadModule: ModuleLoader
  /// The names of the modules whose graphs are at hand besides those loaded (a `--symbol-graph-dir`'s) and may
  /// declare a type with one of the USRs or names given (see ``SymbolGraphDirectory/moduleNames(mayDeclare:orTitled:)``),
  /// read when a requirement names a type of a module nothing else tells
  /// (see ``resolveTypes(_:platform:importing:)``).
  let availableModules: (_ usrs: [String], _ names: [String]) -> [String]
  /// Everything loaded so far.
  var index = SymbolIndex()
  /// The modules whose graphs could not be loaded while looking for a type's module: not asked for again.
  var failedModules: Set<String> = []
  /// The graphs read only to date the types of requirements (``datedTypes(of:)``), apart from ``index`` so that
  /// reading them changes nothing else the reader decides (a type's module, a requirement left out).
  var datingIndex = SymbolIndex()
  /// The modules whose graphs could not be read for ``datingIndex``: not asked for again.
  var datingFailures: Set<String> = []
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
    if let constraint = walk.conformerConstraint {
      throw .constrainedConformers(name: name, module: module, constraint: constraint)
    }
    let rootHeader = ProtocolHeader(fragments: root.declarationFragments ?? [])
    let isObjC =
      root.identifier.precise.hasPrefix("c:objc")
      || rootHeader?.attributes.contains { $0.hasPrefix("@objc") } == true
      || walk.requirements.contains { $0.isOptional }
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
      if let usr = requirement.declaringProtocolUSR, let declaring = index.symbol(usr) {
        member.isDeclaredInClassBoundProtocol = isClassBound(declaring, cache: &walk.classBoundByUSR)
      }
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
    external.isClassBound = isObjC || isClassBound(root, cache: &walk.classBoundByUSR)
    external.platform = walk.platform.domain
    external.hasInheritedIsolation = hasInheritedIsolation
    external.sendableTypes = Set(walk.typeSendability.filter(\.value).keys)
    if let eventsIntroduction, let domain = walk.platform.domain {
      let version = [eventsIntroduction.major, eventsIntroduction.minor ?? 0].map(String.init).joined(separator: ".")
      external.eventsAvailability = "@available(\(domain) \(version), *)"
    }
    // Declared in a source file outside any SDK: a library built from source, whose module exists on the platforms
    // it was built for (see ``ExternalProtocol/isBuiltFromSource``).
    // A Clang module's protocol (an Objective-C library's) is not, even where its graph has a location (SymbolGraphGen
    // gives Clang declarations one when asked for their documentation).
    if let uri = root.location?.uri, !uri.containsText(".sdk/"),
      !root.identifier.precise.hasPrefix("c:") || root.identifier.precise.hasPrefix("c:@M@")
    {
      external.isBuiltFromSource = true
    }
    external.qualifier = root.pathComponents.dropLast().map { $0 + "." }.joined()
    return external
  }

  // MARK: - Loading and finding

  func load(_ module: String) throws(SymbolGraphError) {
    guard !index.contains(module: module) else { return }
    index.add(module: module, graphs: try loadModule(module))
  }

  /// The protocol `name` of `module`; with `orInModulesItReexports`, also one a module that `module` re-exports
  /// declares (``reexportedModules``: swift-corelibs-foundation's `FileManagerDelegate` is
  /// `FoundationEssentials`'s, which a client reaches as `Foundation`'s).
  func findProtocol(
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

  static func kindName(_ identifier: String) -> String {
    switch identifier {
    case "swift.func": return "function"
    case "swift.typealias": return "type alias"
    case "swift.var": return "variable"
    default: return identifier.hasPrefix("swift.") ? String(identifier.dropFirst(6)) : identifier
    }
  }

  // MARK: - Validation

  /// Checks that `source` parses as one protocol declaration with one member per requirement; names the first
  /// requirement whose text does not parse.
  func validate(_ source: String, requirements: [Requirement], name: String) throws(SymbolGraphError) {
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
