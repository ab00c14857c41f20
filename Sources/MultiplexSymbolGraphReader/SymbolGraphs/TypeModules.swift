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
    "AVFAudio": "AVFoundation",
  ]

  /// An Objective-C type a framework's headers only forward-declare (`@class`): ``forwardDeclaredTypes``.
  struct ForwardDeclaredType {
    /// The module that declares it on each platform (by availability domain), `nil` where no framework does.
    var homes: [String: String?]
    /// Its name in Swift when it is not its Objective-C name, which is all a graph made without its module knows
    /// (`NSDiffableDataSourceSnapshotReference` for `NSDiffableDataSourceSnapshot`, a name Swift gives UIKit's
    /// generic struct).
    var swiftName: String? = nil
    /// The version that introduced it, on each platform (by availability domain) where that is later than the
    /// package's floor there: a graph made without its module does not say (`INIntent`, tvOS 14), and a requirement
    /// older than it cannot be implemented there.
    var introduced: [String: Availability.Version] = [:]
  }

  /// Objective-C types a framework's headers only forward-declare (`@class`), by USR. The symbol graph of the
  /// framework that names one has no symbol for it, and a Swift file that names it without importing its module gets
  /// "only been forward-declared" (`Scripts/apple-sweep.py` finds them):
  /// - `NSDiffableDataSourceSnapshot`, which CoreData's `NSFetchedResultsControllerDelegate` names: UIKit's
  ///   (AppKit's on macOS) `NSDiffableDataSourceSnapshotReference`.
  /// - `NSPortMessage`, which Foundation's `PortDelegate` names: macOS only.
  /// - `INIntent`, which `UIApplicationDelegate` and `NSApplicationDelegate` name: Intents' (tvOS 14, after
  ///   `UIApplicationDelegate`'s `application(_:handle:completionHandler:)` there).
  /// - `CKShare` and `CKShareMetadata` (Swift's `CKShare.Metadata`), which `UIWindowSceneDelegate`,
  ///   `UIApplicationDelegate` and `NSCloudSharingServiceDelegate` name: CloudKit's.
  /// - `AVAudioSession`, which CallKit's `CXProviderDelegate` names: AVFAudio's (none on macOS).
  static let forwardDeclaredTypes: [String: ForwardDeclaredType] = [
    "c:objc(cs)NSDiffableDataSourceSnapshot": ForwardDeclaredType(
      homes: ["iOS": "UIKit", "macCatalyst": "UIKit", "tvOS": "UIKit", "visionOS": "UIKit", "macOS": "AppKit"],
      swiftName: "NSDiffableDataSourceSnapshotReference"
    ),
    "c:objc(cs)NSPortMessage": ForwardDeclaredType(
      homes: ["iOS": .none, "tvOS": .none, "watchOS": .none, "visionOS": .none]
    ),
    "c:objc(cs)INIntent": ForwardDeclaredType(
      homes: everywhere("Intents"),
      introduced: ["tvOS": Availability.Version(major: 14)]
    ),
    "c:objc(cs)CKShare": ForwardDeclaredType(homes: everywhere("CloudKit")),
    "c:objc(cs)CKShareMetadata": ForwardDeclaredType(homes: everywhere("CloudKit"), swiftName: "CKShare.Metadata"),
    "c:objc(cs)AVAudioSession": ForwardDeclaredType(
      homes: [
        "iOS": "AVFAudio", "macCatalyst": "AVFAudio", "tvOS": "AVFAudio", "watchOS": "AVFAudio", "visionOS": "AVFAudio",
        "macOS": .none,
      ]
    ),
  ]

  /// `module` on every Apple platform.
  private static func everywhere(_ module: String) -> [String: String?] {
    ["iOS": module, "macCatalyst": module, "macOS": module, "tvOS": module, "watchOS": module, "visionOS": module]
  }

  /// What ``forwardDeclaredTypes`` says of the types `fragments` name on `platform`: the fragments with their Swift
  /// spellings, the modules to import, the names of those no module declares there, and the availability of those
  /// introduced there after the package's floor.
  static func forwardDeclared(
    in fragments: [DeclarationFragment],
    platform: PlatformAvailability
  ) -> (
    fragments: [DeclarationFragment], modules: Set<String>, undeclared: [String],
    availability: [(name: String, availability: [Availability])]
  ) {
    var fragments = fragments
    var modules: Set<String> = []
    var undeclared: [String] = []
    var availability: [(name: String, availability: [Availability])] = []
    guard let domain = platform.domain else { return (fragments, modules, undeclared, availability) }
    for index in fragments.indices where fragments[index].kind == "typeIdentifier" {
      guard let usr = fragments[index].preciseIdentifier, let type = forwardDeclaredTypes[usr],
        let home = type.homes[domain]
      else { continue }
      if let module = home { modules.insert(module) } else { undeclared.append(fragments[index].spelling) }
      if let version = type.introduced[domain] {
        availability.append((fragments[index].spelling, [Availability(domain: domain, introduced: version)]))
      }
      if let swiftName = type.swiftName { fragments[index].spelling = swiftName }
    }
    return (fragments, modules, undeclared, availability)
  }

  /// The modules the types named in `fragments` come from (see ``module(declaring:)``): type identifiers, and
  /// attributes that name a type (a global actor, `@DBActor`, whose fragment carries the actor's USR).
  func modules(namedIn fragments: [DeclarationFragment]) -> Set<String> {
    Set(
      fragments.compactMap { fragment in
        guard fragment.kind == "typeIdentifier" || fragment.kind == "attribute", let usr = fragment.preciseIdentifier
        else { return nil }
        return module(declaring: usr)
      }
    )
  }

  /// The module a client imports to see the symbol with USR `usr`, or `nil` for a symbol every file sees (the
  /// standard library's) or whose module nothing tells.
  ///
  /// A symbol of a loaded graph belongs to the module whose graph lists it (`A` for a file `A@B.symbols.json`:
  /// a type `A` declares in an extension of `B`'s). Otherwise a Swift USR names its module (see
  /// ``module(ofSwiftUSR:)``: `s:8Dispatch0A5QueueC` is `Dispatch`'s `DispatchQueue`). The standard library's
  /// USRs (`s:s5ErrorP`, and the substitutions `s:Si`, `s:SS`, `s:Sa`, Concurrency's `s:ScT`), Clang-imported
  /// types (`s:So…`, `s:SC…`) and Objective-C USRs (`c:…`) name no module: a Clang type counts only when a
  /// loaded graph lists it.
  func module(declaring usr: String) -> String? {
    let module = index.declaringModule(usr) ?? Self.module(ofSwiftUSR: usr)
    return module.flatMap(Self.importableModule)
  }

  /// The module a Swift USR of a type names: the first identifier after `s:` (`s:6Wheels4TireV` is `Wheels`'s
  /// `Tire`), or, for a type nested in an extension, the extending module (`s:6Wheels4TireV6GaugesE8PressureV`,
  /// the `Tire.Pressure` that `Gauges` declares, is `Gauges`'s), also when the extension is constrained (a generic
  /// signature, ending in `l`, between the module and `E`: `s:6Wheels3BoxV6GaugesSiRszlE9IntNestedV`).
  /// Identifiers may reuse words of earlier ones (`s:6Wheels4TireV0A3KitE8PressureV`: `0A3Kit` is `WheelsKit`).
  /// `nil` when the USR starts with no identifier (the standard library's `s:Si`, `s:s5ErrorP`; Clang-imported
  /// types, `s:So…`) or has a part the scan does not read: no module rather than a wrong one.
  static func module(ofSwiftUSR usr: String) -> String? {
    guard usr.hasPrefix("s:") else { return nil }
    var rest = Substring(usr.dropFirst(2))
    var words: [Substring] = []
    // An identifier, `<length><text>` or, after `0`, words of earlier identifiers (`a`...`z` by index, an uppercase
    // letter for the last one) mixed with `<length><text>` parts (the Swift mangling's word substitutions).
    func identifier() -> String? {
      func literal() -> Substring? {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0, !digits.hasPrefix("0") else { return nil }
        let text = rest.dropFirst(digits.count).prefix(length)
        guard text.count == length else { return nil }
        rest = rest.dropFirst(digits.count + length)
        // Words: runs of two or more characters that start with a non-digit and end before `_`, the end, or an
        // uppercase letter that follows a non-uppercase one.
        var start: String.Index?
        var index = text.startIndex
        while true {
          let character: Character? = index < text.endIndex ? text[index] : nil
          if let wordStart = start {
            let previous = text[text.index(before: index)]
            let ends =
              character == nil || character == "_" || (!previous.isUppercase && character?.isUppercase == true)
            if ends {
              if text.distance(from: wordStart, to: index) >= 2, words.count < 26 {
                words.append(text[wordStart..<index])
              }
              start = nil
            }
          }
          guard let character else { break }
          if start == nil, !character.isNumber, character != "_" { start = index }
          index = text.index(after: index)
        }
        return text
      }
      guard rest.first == "0" else { return literal().map(String.init) }
      rest = rest.dropFirst()
      guard rest.first != "0" else { return nil }  // Punycode: not read.
      var name = ""
      var substitutes = true
      repeat {
        while substitutes, let letter = rest.first, letter.isASCII, letter.isLetter {
          rest = rest.dropFirst()
          let index = Int(letter.lowercased().unicodeScalars.first!.value) - Int(("a" as Unicode.Scalar).value)
          guard index < words.count else { return nil }
          name += words[index]
          if letter.isUppercase { substitutes = false }
        }
        if rest.first == "0" {
          rest = rest.dropFirst()
          break
        }
        guard let part = literal() else { return nil }
        name += part
      } while substitutes
      return name
    }
    guard var module = identifier() else { return nil }
    // Each further entity is an identifier and its kind (`V`, `C`, `O`, `P`, `a`); `E`, possibly after a generic
    // signature, makes the identifier before it the module of an extension.
    while !rest.isEmpty {
      guard let name = identifier(), let kind = rest.first else { return nil }
      if "VCOPa".contains(kind) {
        rest = rest.dropFirst()
      } else if kind == "E" {
        rest = rest.dropFirst()
        module = name
      } else if let end = rest.indices.first(where: { rest[$0] == "l" && rest[$0...].dropFirst().first == "E" }) {
        // A constrained extension: its generic signature ends in `l`, then comes `E`.
        rest = rest[end...].dropFirst(2)
        module = name
      } else {
        return nil
      }
    }
    return module
  }

  /// The module a client imports for types declared in `module`: `nil` for an implicitly imported module, the
  /// re-exporting module for one that is re-exported (``reexportedModules``).
  static func importableModule(_ module: String) -> String? {
    guard !implicitModules.contains(module) else { return nil }
    return reexportedModules[module] ?? module
  }
}
