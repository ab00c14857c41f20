import MultiplexModel

// Dating the types a requirement names (see `SymbolGraphReader.datedTypes(of:)`), in graphs of their own.

extension SymbolGraphReader {
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

  /// The symbol of the Swift type with identifier `usr` in the graph of the module the identifier names, if any.
  func datingSymbol(_ usr: String) -> Symbol? {
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
}
