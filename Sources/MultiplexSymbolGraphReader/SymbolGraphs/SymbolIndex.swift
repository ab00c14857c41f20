// Lookups over every symbol-graph file loaded so far, with a deterministic order for symbols.

/// Where a symbol was read: the key that orders requirements when the graph has no source locations.
package struct SymbolPosition: Comparable, Sendable {
  /// The order in which the symbol's module was loaded.
  var module: Int
  /// The file's place among its module's files.
  var file: Int
  /// The symbol's place in the file's `symbols` array.
  var symbol: Int

  package static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.module, lhs.file, lhs.symbol) < (rhs.module, rhs.file, rhs.symbol)
  }
}

/// The symbols and relationships of the modules loaded so far, indexed by USR.
///
/// A USR that several files declare (a symbol graph repeats a symbol that another module's extension graph
/// also lists) keeps its first occurrence in load order.
struct SymbolIndex {
  /// The modules loaded so far, in load order.
  private(set) var modules: [String] = []
  private var symbols: [String: (symbol: Symbol, position: SymbolPosition, module: String)] = [:]
  private var relationshipsByTarget: [String: [Relationship]] = [:]
  private var relationshipsBySource: [String: [Relationship]] = [:]
  /// Each loaded module's main-graph symbols, in file order (for finding a protocol by name).
  private var mainSymbols: [String: [Symbol]] = [:]
  /// The operating system and environment each loaded module's main graph was extracted for
  /// (``SymbolGraph/Module/operatingSystem``, ``SymbolGraph/Module/environment``).
  private var platforms: [String: (operatingSystem: String?, environment: String?)] = [:]

  /// Whether `module` has been loaded.
  func contains(module: String) -> Bool {
    mainSymbols[module] != nil
  }

  /// Adds the graphs of `module` (its main graph first).
  mutating func add(module: String, graphs: [NamedSymbolGraph]) {
    let moduleIndex = modules.count
    modules.append(module)
    mainSymbols[module] = graphs.first?.graph.symbols ?? []
    platforms[module] = (graphs.first?.graph.module.operatingSystem, graphs.first?.graph.module.environment)
    for (fileIndex, file) in graphs.enumerated() {
      // `A@B.symbols.json` holds what module `A` declares in extensions of `B`'s types.
      let declaringModule = file.fileName.contains("@") ? String(file.fileName.prefix { $0 != "@" }) : module
      for (symbolIndex, symbol) in file.graph.symbols.enumerated() where symbols[symbol.identifier.precise] == nil {
        let position = SymbolPosition(module: moduleIndex, file: fileIndex, symbol: symbolIndex)
        symbols[symbol.identifier.precise] = (symbol, position, declaringModule)
      }
      for relationship in file.graph.relationships {
        relationshipsByTarget[relationship.target, default: []].append(relationship)
        relationshipsBySource[relationship.source, default: []].append(relationship)
      }
    }
  }

  /// The operating system `module`'s main graph was extracted for, if it says (`ios`, `macosx`, `linux`).
  func operatingSystem(of module: String) -> String? {
    platforms[module]?.operatingSystem ?? nil
  }

  /// The environment `module`'s main graph was extracted for, if it says (`macabi` for Mac Catalyst).
  func environment(of module: String) -> String? {
    platforms[module]?.environment ?? nil
  }

  /// The symbol with USR `usr`, if a loaded graph declares it.
  func symbol(_ usr: String) -> Symbol? {
    symbols[usr]?.symbol
  }

  /// The module that declares the symbol with USR `usr`, if a loaded graph lists it: the module whose graphs
  /// were loaded, or `A` for a symbol of a file `A@B.symbols.json` (what `A` adds to `B`'s types).
  func declaringModule(_ usr: String) -> String? {
    symbols[usr]?.module
  }

  /// Where the symbol with USR `usr` was read.
  func position(_ usr: String) -> SymbolPosition? {
    symbols[usr]?.position
  }

  /// The relationships of kind `kind` that point to `usr`, in load order.
  func relationships(_ kind: String, to usr: String) -> [Relationship] {
    relationshipsByTarget[usr, default: []].filter { $0.kind == kind }
  }

  /// The relationships of kind `kind` that start at `usr`, in load order.
  func relationships(_ kind: String, from usr: String) -> [Relationship] {
    relationshipsBySource[usr, default: []].filter { $0.kind == kind }
  }

  /// The symbols that `module`'s main graph declares, in file order.
  func mainSymbols(of module: String) -> [Symbol] {
    mainSymbols[module] ?? []
  }

  /// Sorts USRs in declaration order: by source location when every one has a location, otherwise by where
  /// they were read (file order, which the compiler writes in declaration order); the USR breaks ties.
  func sortedInDeclarationOrder(_ usrs: [String]) -> [String] {
    let located = usrs.compactMap { usr in symbol(usr)?.location.map { (usr, $0) } }
    if located.count == usrs.count {
      return located.sorted { lhs, rhs in
        (lhs.1.uri, lhs.1.position.line, lhs.1.position.character, lhs.0)
          < (rhs.1.uri, rhs.1.position.line, rhs.1.position.character, rhs.0)
      }
      .map(\.0)
    }
    let unknown = SymbolPosition(module: .max, file: .max, symbol: .max)
    return usrs.sorted { lhs, rhs in
      let left = position(lhs) ?? unknown
      let right = position(rhs) ?? unknown
      return left != right ? left < right : lhs < rhs
    }
  }
}
