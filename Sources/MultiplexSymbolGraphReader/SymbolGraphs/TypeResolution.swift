import MultiplexModel

// The types a library's requirements name from modules the tool has not read (UIKit's `UIColor`, CoreGraphics'
// `CGPoint`, Foundation's `NSRange`), and the library's own protocols named as types (written `any P`).

extension SymbolGraphReader {
  /// A type a requirement names whose module no loaded graph says: ``resolveTypes(_:platform:importing:)`` looks for
  /// it.
  struct UnresolvedType: Equatable {
    /// The type's name as the requirement spells it (`UIColor`).
    var name: String
    /// Its USR, when the fragment carries one (`c:objc(cs)UIColor`); Foundation's `NSRange` comes without.
    var usr: String?
    /// The requirement that names it (its title, `pager(_:colorFor:)`).
    var requirement: String
  }

  /// Apple frameworks by the prefix of the types they declare, longest prefix first: the modules whose graphs
  /// ``resolveTypes(_:platform:importing:)`` reads, in order, to find the module of a type no loaded graph declares.
  /// Each guess is checked against the graph it loads (the type must be declared there), never taken on trust.
  static let frameworkPrefixes: [(prefix: String, modules: [String])] = [
    ("NSManaged", ["CoreData"]), ("NSFetched", ["CoreData"]), ("NSPersistent", ["CoreData"]),
    ("SCN", ["SceneKit"]), ("MTL", ["Metal"]), ("MTK", ["MetalKit"]), ("GLK", ["GLKit"]),
    ("UI", ["UIKit"]), ("NS", ["Foundation", "UIKit", "AppKit"]), ("CG", ["CoreGraphics", "CoreFoundation"]),
    ("CF", ["CoreFoundation"]), ("MK", ["MapKit"]),
    ("CL", ["CoreLocation"]), ("AV", ["AVFoundation", "AVKit"]), ("WK", ["WebKit"]), ("CA", ["QuartzCore"]),
    ("PH", ["Photos", "PhotosUI"]), ("UN", ["UserNotifications"]), ("SK", ["StoreKit", "SpriteKit"]),
    ("AR", ["ARKit"]), ("CN", ["Contacts", "ContactsUI"]), ("EK", ["EventKit", "EventKitUI"]), ("GK", ["GameKit"]),
    ("MF", ["MessageUI"]), ("PK", ["PassKit", "PencilKit"]), ("QL", ["QuickLook"]), ("SF", ["SafariServices"]),
    ("CB", ["CoreBluetooth"]), ("CM", ["CoreMotion", "CoreMedia"]), ("CV", ["CoreVideo"]), ("CT", ["CoreText"]),
    ("AS", ["AuthenticationServices"]), ("WC", ["WatchConnectivity"]), ("LA", ["LocalAuthentication"]),
    ("CK", ["CloudKit"]), ("VN", ["Vision"]), ("SFSpeech", ["Speech"]),
  ]

  /// The frameworks ``frameworkPrefixes`` guesses for a type named `name` on an Apple platform: those of the
  /// longest prefix that `name` starts with (followed by an uppercase letter), or none.
  static func guessedFrameworks(for name: String) -> [String] {
    let sorted = frameworkPrefixes.sorted { $0.prefix.count > $1.prefix.count }
    for entry in sorted where name.hasPrefix(entry.prefix) {
      let rest = name.dropFirst(entry.prefix.count)
      if rest.first?.isUppercase == true { return entry.modules }
    }
    return []
  }

  /// The types `fragments` name whose module is neither implicit nor known from a loaded graph or the USR: an
  /// Objective-C or C type (`c:objc(cs)UIColor`, `c:@S@CGPoint`, a Clang type renamed for Swift, `s:So…`), or a
  /// type without a USR whose name an Apple framework's prefix starts (`NSRange`: a C type alias the graph gives
  /// no USR). A type of an `@objc` Swift module (`c:@M@Pager@objc(cs)PagerView`) names its module.
  func unresolvedTypes(in fragments: [DeclarationFragment], requirement: String) -> [UnresolvedType] {
    fragments.compactMap { fragment in
      guard fragment.kind == "typeIdentifier" else { return nil }
      guard let usr = fragment.preciseIdentifier else {
        guard !Self.guessedFrameworks(for: fragment.spelling).isEmpty, moduleDeclaring(name: fragment.spelling) == nil
        else { return nil }
        return UnresolvedType(name: fragment.spelling, usr: nil, requirement: requirement)
      }
      let isClang = (usr.hasPrefix("c:") && !usr.hasPrefix("c:@M@")) || usr.hasPrefix("s:So") || usr.hasPrefix("s:SC")
      guard isClang, module(declaring: usr) == nil else { return nil }
      return UnresolvedType(name: fragment.spelling, usr: usr, requirement: requirement)
    }
  }

  /// The module a loaded graph declares a top-level type named `name` in, for a type without a USR.
  func moduleDeclaring(name: String) -> String? {
    for module in index.modules {
      if index.mainSymbols(of: module).contains(where: { $0.pathComponents == [name] && Self.isType($0) }) {
        return Self.importableModule(module)
      }
    }
    return nil
  }

  private static func isType(_ symbol: Symbol) -> Bool {
    ["swift.struct", "swift.class", "swift.enum", "swift.typealias", "swift.protocol"].contains(symbol.kind.identifier)
  }

  /// Finds the modules that declare `types` and returns them with the types still unknown: the types
  /// `importedModule` (which the generated file imports) re-exports need no module (``reexportedTypes(of:among:)``);
  /// for the others it reads the graphs of the modules the user imports (`--import`), then on an Apple platform those
  /// ``frameworkPrefixes`` guesses (from `--symbol-graph-dir` or `swift symbolgraph-extract`, as a parent
  /// protocol's), then every other graph at hand that may declare one of them (``availableModules``), stopping when
  /// every type is found.
  func resolveTypes(
    _ types: [UnresolvedType],
    platform: PlatformAvailability,
    importing importedModule: String
  ) -> (modules: Set<String>, unresolved: [UnresolvedType]) {
    var modules: Set<String> = []
    let reexported = reexportedTypes(of: importedModule, among: types)
    var pending = types.filter { !reexported.contains($0.usr ?? $0.name) }
    func settle() {
      pending.removeAll { type in
        let found = type.usr.flatMap { module(declaring: $0) } ?? moduleDeclaring(name: type.name)
        if let found { modules.insert(found) }
        return found != nil
      }
    }
    func tryLoading(_ module: String) {
      guard !pending.isEmpty, !index.contains(module: module), !failedModules.contains(module) else { return }
      do {
        try load(module)
        settle()
      } catch {
        failedModules.insert(module)
      }
    }
    settle()
    for module in givenImports { tryLoading(module) }
    if platform.domain != nil {
      var guessed: [String] = []
      for type in pending {
        for module in Self.guessedFrameworks(for: type.name) where !guessed.contains(module) { guessed.append(module) }
      }
      for module in guessed { tryLoading(module) }
    }
    // Only the graphs at hand that may declare a pending type are decoded: reading every graph of a directory of
    // an SDK's worth of modules, one by one, took 90 seconds a protocol.
    if !pending.isEmpty {
      for module in availableModules(pending.compactMap(\.usr), pending.map(\.name)) { tryLoading(module) }
    }
    return (modules, pending)
  }

  /// The types among `types` (by USR, or by name for one without) that a file importing `module` sees through it:
  /// when `module` is a framework with a Clang half (UIKit: its graph declares Objective-C and C symbols of its own),
  /// those its Clang declarations name (`UIView.frame` names `CGRect`): its headers import their modules, and a
  /// framework module re-exports what its headers import (`export *`). A protocol of its Swift half
  /// (`UIIndirectScribbleInteractionDelegate`) naming `CGRect` then needs no `import CoreGraphics`.
  ///
  /// - Complexity: O(*n*) in the fragments of `module`'s symbols, read only when `types` is not empty.
  func reexportedTypes(of module: String, among types: [UnresolvedType]) -> Set<String> {
    guard !types.isEmpty else { return [] }
    let wanted = Set(types.map { $0.usr ?? $0.name })
    var found: Set<String> = []
    for symbol in index.mainSymbols(of: module) {
      let usr = symbol.identifier.precise
      // A Clang declaration, not a Swift one exposed to Objective-C (`c:@M@…`, an extension's member `c:@CM@…`).
      guard usr.hasPrefix("c:"), !usr.hasPrefix("c:@M@"), !usr.hasPrefix("c:@CM@") else { continue }
      for fragment in symbol.declarationFragments ?? [] where fragment.kind == "typeIdentifier" {
        let key = fragment.preciseIdentifier ?? fragment.spelling
        if wanted.contains(key) { found.insert(key) }
      }
      if found.count == wanted.count { break }
    }
    return found
  }

  /// The module to suggest importing for `type`, which no graph at hand declares: the first framework its prefix
  /// suggests (``guessedFrameworks(for:)``) whose graph was not read, since a graph that was read and does not
  /// declare it rules its module out (`CMTime`: CoreMotion's graph at hand does not declare it, CoreMedia's was
  /// not at hand, so CoreMedia); none when every guess is ruled out.
  func suggestedModules(for type: UnresolvedType) -> [String] {
    Array(Self.guessedFrameworks(for: type.name).filter { !index.contains(module: $0) }.prefix(1))
  }

  /// `fragments` with `any` written before each protocol they name as a type (a protocol of a loaded graph, an
  /// Objective-C protocol, a Swift protocol's USR, ending in `P`), as Swift 6 with `ExistentialAny` requires and
  /// libraries written before it leave out: `source: PageSource` becomes `source: any PageSource`, `PageSource?`
  /// `(any PageSource)?`. A protocol already after `any` or `some`, a generic parameter's constraint
  /// (`<T: PageSource>`) and what follows `where` are left as they are, as is `AnyObject`.
  func writingExistentialAny(_ fragments: [DeclarationFragment]) -> [DeclarationFragment] {
    var result: [DeclarationFragment] = []
    var inWhereClause = false
    var angleDepth = 0
    for (position, fragment) in fragments.enumerated() {
      if fragment.kind == "keyword" && fragment.spelling == "where" { inWhereClause = true }
      if fragment.kind == "text" {
        for character in fragment.spelling {
          if character == "<" { angleDepth += 1 } else if character == ">" && angleDepth > 0 { angleDepth -= 1 }
        }
      }
      guard fragment.kind == "typeIdentifier", let usr = fragment.preciseIdentifier, isProtocol(usr),
        !inWhereClause, angleDepth == 0 || !Self.isConstraint(before: position, in: fragments)
      else {
        result.append(fragment)
        continue
      }
      let previous = result.last { !($0.kind == "text" && $0.spelling.allSatisfy(\.isWhitespace)) }
      if previous?.kind == "keyword" && ["any", "some"].contains(previous?.spelling.trimmingSpacesAndTabs()) {
        result.append(fragment)
        continue
      }
      if previous?.kind == "text", let text = previous?.spelling.trimmingSpacesAndTabs(),
        text.hasSuffix("any") || text.hasSuffix("some") || text.hasSuffix(".") || text.hasSuffix("&")
      {
        result.append(fragment)
        continue
      }
      let next = fragments.indices.contains(position + 1) ? fragments[position + 1] : nil
      let wraps = next?.kind == "text" && (next!.spelling.hasPrefix("?") || next!.spelling.hasPrefix("!"))
      let followsDot = next?.kind == "text" && next!.spelling.hasPrefix(".")
      if followsDot {  // `P.Type` and the like: a metatype, left alone.
        result.append(fragment)
        continue
      }
      result.append(DeclarationFragment(kind: "text", spelling: wraps ? "(" : ""))
      result.append(DeclarationFragment(kind: "keyword", spelling: "any"))
      result.append(DeclarationFragment(kind: "text", spelling: " "))
      result.append(fragment)
      if wraps { result.append(DeclarationFragment(kind: "text", spelling: ")")) }
    }
    return result.filter { !($0.kind == "text" && $0.spelling.isEmpty) }
  }

  /// Whether the type identifier at `position` follows a generic parameter and a colon (`<T: P>`).
  private static func isConstraint(before position: Int, in fragments: [DeclarationFragment]) -> Bool {
    var index = position - 1
    while index >= 0, fragments[index].kind == "text", fragments[index].spelling.trimmingSpacesAndTabs() == ":" {
      index -= 1
    }
    return index >= 0 && fragments[index].kind == "genericParameter"
  }

  /// Whether `usr` names a protocol other than `AnyObject`.
  private func isProtocol(_ usr: String) -> Bool {
    if let symbol = index.symbol(usr) { return symbol.kind.identifier == "swift.protocol" }
    if usr.hasPrefix("c:objc(pl)") || (usr.hasPrefix("c:@M@") && usr.containsText("@objc(pl)")) { return true }
    return usr.hasPrefix("s:") && usr.hasSuffix("P") && Self.module(ofSwiftUSR: usr) != nil
  }
}
