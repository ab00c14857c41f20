// Small symbol graphs written by hand, as JSON files in a temporary directory.

import Foundation

/// A symbol-graph file under construction. Declarations are written as Swift text; `{Name|usr}` marks a type
/// identifier fragment with its USR, `@Word` an attribute fragment, Swift keywords become keyword fragments.
struct GraphFixture {
  var module: String
  /// The operating system the graph says it was made for (`ios`, `macosx`), or none.
  var operatingSystem: String? = nil
  /// The environment the graph says it was made for (`macabi`: Mac Catalyst), or none.
  var environment: String? = nil
  var symbols: [[String: Any]] = []
  var relationships: [[String: Any]] = []

  init(module: String) {
    self.module = module
  }

  /// Adds a protocol (or, with `kind`, another top-level symbol).
  mutating func symbol(
    _ usr: String,
    kind: String = "swift.protocol",
    path: [String],
    declaration: String,
    availability: [[String: Any]]? = nil,
    line: Int? = nil,
    constraints: [[String: Any]]? = nil
  ) {
    var symbol: [String: Any] = [
      "kind": ["identifier": kind, "displayName": kind],
      "identifier": ["precise": usr, "interfaceLanguage": "swift"],
      "names": ["title": path.last ?? ""],
      "pathComponents": path,
      "declarationFragments": Self.fragments(declaration),
      "accessLevel": "public",
    ]
    if let availability { symbol["availability"] = availability }
    if let line {
      symbol["location"] = ["uri": "file:///\(module).swift", "position": ["line": line, "character": 2]]
    }
    if let constraints {
      symbol["swiftExtension"] = ["extendedModule": module, "typeKind": "swift.protocol", "constraints": constraints]
    }
    symbols.append(symbol)
  }

  /// Adds a method requirement `title` of protocol `proto` (path `[protocolName, title]`).
  mutating func requirement(
    _ usr: String,
    of proto: (usr: String, name: String),
    title: String,
    declaration: String,
    kind: String = "swift.method",
    optional: Bool = false,
    availability: [[String: Any]]? = nil,
    line: Int? = nil
  ) {
    symbol(
      usr,
      kind: kind,
      path: [proto.name, title],
      declaration: declaration,
      availability: availability,
      line: line
    )
    relate(optional ? "optionalRequirementOf" : "requirementOf", usr, proto.usr)
  }

  /// Adds a default implementation (a member of a protocol extension) of `requirement`.
  mutating func defaultImplementation(
    _ usr: String,
    of requirement: String,
    in proto: (usr: String, name: String),
    title: String,
    declaration: String,
    constraints: [[String: Any]]? = nil
  ) {
    symbol(usr, kind: "swift.method", path: [proto.name, title], declaration: declaration, constraints: constraints)
    relate("defaultImplementationOf", usr, requirement)
  }

  mutating func relate(_ kind: String, _ source: String, _ target: String, fallback: String? = nil) {
    var relationship: [String: Any] = ["kind": kind, "source": source, "target": target]
    if let fallback { relationship["targetFallback"] = fallback }
    relationships.append(relationship)
  }

  /// The file's JSON.
  func json() throws -> Data {
    let object: [String: Any] = [
      "metadata": ["formatVersion": ["major": 0, "minor": 6, "patch": 0], "generator": "hand-written fixture"],
      "module": [
        "name": module,
        "platform": operatingSystem.map { name -> [String: Any] in
          var platform: [String: Any] = ["operatingSystem": ["name": name]]
          if let environment { platform["environment"] = environment }
          return platform
        } ?? [:] as [String: Any],
      ],
      "symbols": symbols,
      "relationships": relationships,
    ]
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  /// Writes the file as `<fileName>` (default `<module>.symbols.json`) in `directory`.
  func write(to directory: URL, fileName: String? = nil) throws {
    try json().write(to: directory.appendingPathComponent(fileName ?? "\(module).symbols.json"))
  }

  private static let keywords: Set<String> = [
    "protocol", "func", "var", "let", "subscript", "init", "static", "optional", "associatedtype", "throws",
    "async", "inout", "where", "get", "set", "some", "any",
  ]

  /// Splits declaration text into fragments (see the type's documentation).
  static func fragments(_ declaration: String) -> [[String: Any]] {
    var fragments: [[String: Any]] = []
    var rest = Substring(declaration)
    var text = ""
    func flushText() {
      if !text.isEmpty { fragments.append(["kind": "text", "spelling": text]) }
      text = ""
    }
    while let character = rest.first {
      if character == "{", let close = rest.firstIndex(of: "}"), let bar = rest[..<close].firstIndex(of: "|") {
        flushText()
        let name = rest[rest.index(after: rest.startIndex)..<bar]
        let usr = rest[rest.index(after: bar)..<close]
        // `{Name|}`: a type identifier without a USR (Foundation's `NSRange` in a library's graph).
        var fragment: [String: Any] = ["kind": "typeIdentifier", "spelling": String(name)]
        if !usr.isEmpty { fragment["preciseIdentifier"] = String(usr) }
        fragments.append(fragment)
        rest = rest[rest.index(after: close)...]
      } else if character.isLetter || character == "@" || character == "_" {
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" }
        rest = rest.dropFirst(word.count)
        if word.hasPrefix("@") || keywords.contains(String(word)) {
          flushText()
          fragments.append(["kind": word.hasPrefix("@") ? "attribute" : "keyword", "spelling": String(word)])
        } else {
          text += word
        }
      } else {
        text.append(character)
        rest = rest.dropFirst()
      }
    }
    flushText()
    return fragments
  }
}

/// A fresh temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("multiplex-generator-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
