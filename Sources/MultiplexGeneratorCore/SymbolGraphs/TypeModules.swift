// Which modules a generated file imports: those of the types the protocol's declarations name.

extension SymbolGraphReader {
  /// Modules every Swift file imports implicitly: never written as an import.
  static let implicitModules: Set<String> = ["Swift", "_Concurrency", "_StringProcessing", "SwiftShims"]

  /// Modules whose types a client reaches through another module that re-exports them: swift-corelibs-foundation
  /// declares `Data`, `URL` and `Date` in `FoundationEssentials` and re-exports it from `Foundation`, the module
  /// clients import (and the only one on Apple platforms).
  static let reexportedModules: [String: String] = [
    "FoundationEssentials": "Foundation",
    "FoundationInternationalization": "Foundation",
  ]

  /// The modules the types named in `fragments` come from (see ``module(declaring:)``).
  func modules(namedIn fragments: [DeclarationFragment]) -> Set<String> {
    Set(
      fragments.compactMap { fragment in
        guard fragment.kind == "typeIdentifier", let usr = fragment.preciseIdentifier else { return nil }
        return module(declaring: usr)
      }
    )
  }

  /// The module a client imports to see the symbol with USR `usr`, or `nil` for a symbol every file sees (the
  /// standard library's) or whose module nothing tells.
  ///
  /// A symbol of a loaded graph belongs to the module whose graph lists it (`A` for a file `A@B.symbols.json`:
  /// a type `A` declares in an extension of `B`'s). Otherwise a Swift USR names its module:
  /// `s:<length><Module>…` (`s:8Dispatch0A5QueueC` is `Dispatch`'s `DispatchQueue`, a nested type starts with its
  /// outer type's module). The standard library's USRs (`s:s5ErrorP`, and the substitutions `s:Si`, `s:SS`,
  /// `s:Sa`, Concurrency's `s:ScT`), Clang-imported types (`s:So…`, `s:SC…`) and Objective-C USRs (`c:…`) name no
  /// module: a Clang type counts only when a loaded graph lists it.
  func module(declaring usr: String) -> String? {
    let module = index.declaringModule(usr) ?? Self.module(ofSwiftUSR: usr)
    return module.flatMap(Self.importableModule)
  }

  /// The module a Swift USR names: the first identifier after `s:` (`s:6Wheels4TireV` is `Wheels`'s `Tire`),
  /// or, for a type nested in an extension, the extending module (`s:6Wheels4TireV6GaugesE8PressureV`, the
  /// `Tire.Pressure` that `Gauges` declares, is `Gauges`'s). `nil` when the USR starts with no identifier
  /// (the standard library, Clang-imported types). The scan stops at what it does not read (an identifier
  /// with word substitutions, a generic signature): the module found so far stands.
  static func module(ofSwiftUSR usr: String) -> String? {
    guard usr.hasPrefix("s:") else { return nil }
    var rest = usr.dropFirst(2)
    func identifier() -> Substring? {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let length = Int(digits), length > 0, !digits.hasPrefix("0") else { return nil }
      let name = rest.dropFirst(digits.count).prefix(length)
      guard name.count == length else { return nil }
      rest = rest.dropFirst(digits.count + length)
      return name
    }
    guard var module = identifier() else { return nil }
    // Each further entity is an identifier and its kind (`V`, `C`, `O`, `P`, `a`); `E` makes the identifier
    // before it the module of an extension.
    while let name = identifier(), let kind = rest.first, kind.isASCII, kind.isLetter {
      rest = rest.dropFirst()
      if kind == "E" { module = name }
    }
    return String(module)
  }

  /// The module a client imports for types declared in `module`: `nil` for an implicitly imported module, the
  /// re-exporting module for one that is re-exported (``reexportedModules``).
  static func importableModule(_ module: String) -> String? {
    guard !implicitModules.contains(module) else { return nil }
    return reexportedModules[module] ?? module
  }
}
