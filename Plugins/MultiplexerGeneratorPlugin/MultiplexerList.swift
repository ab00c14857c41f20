// `multiplexers.json`: the protocols that `MultiplexerGeneratorPlugin` generates multiplexers for, checked in
// beside a target's sources.

import Foundation

/// The parsed `multiplexers.json` of a target:
///
/// ```json
/// {
///   "multiplexers": [
///     { "protocol": "XMLParserDelegate", "module": "FoundationXML" },
///     { "protocol": "URLSessionDataDelegate", "module": "FoundationNetworking",
///       "arguments": ["--type-name", "DataTaskEvents", "--access", "package"] }
///   ]
/// }
/// ```
///
/// Each entry names a protocol and the module that declares it (`multiplex-generate <Protocol> --module <Module>`)
/// and, optionally, more of the tool's flags in `arguments`, spelled as on its command line; only the flags that
/// shape the generated code are accepted (``allowedFlags``). Anything else (unknown keys, a flag that names a file,
/// a missing value, two entries with the same type name) is an error that names the file and the entry.
struct MultiplexerList {
  /// The file's name, in the directory of the target that applies the plugin.
  static let fileName = "multiplexers.json"

  /// The flags an entry's `arguments` may pass to `multiplex-generate`, each followed by one value (`--flag value`
  /// or `--flag=value`). The plugin chooses `--output`; files (`--symbol-graph-dir`, `-I`, `--sdk`) would be
  /// inputs the build does not know about.
  static let allowedFlags = [
    "--type-name", "--access", "--default", "--import", "--decided-once", "--every-observer", "--combine",
  ]

  /// One protocol to multiplex.
  struct Entry {
    var protocolName: String
    var module: String
    /// The extra flags, as given.
    var arguments: [String]
    /// The generated type's name: `--type-name`, or `<Protocol>Multiplexer` (as the tool names it).
    var typeName: String
    /// How errors name the entry: `multiplexers[0] (XMLParserDelegate)`.
    var label: String
  }

  var entries: [Entry]

  /// Parses `data`, the contents of the file at `path` (for messages, relative to the package).
  init(parsing data: Data, path: String) throws(PluginError) {
    func fail(_ message: String) -> PluginError {
      PluginError("\(path): \(message); expected " + #"{"multiplexers": [{"protocol": "P", "module": "M"}, …]}"#)
    }
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      throw fail("not valid JSON (\(detail))")
    }
    guard let root = json as? [String: Any] else { throw fail("the top level is not an object") }
    if let unknown = root.keys.sorted().first(where: { $0 != "multiplexers" }) {
      throw fail("unknown key '\(unknown)' at the top level")
    }
    guard let items = root["multiplexers"] as? [Any] else { throw fail("no \"multiplexers\" array") }
    guard !items.isEmpty else { throw fail("\"multiplexers\" lists no protocol") }

    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      var label = "multiplexers[\(index)]"
      guard let object = item as? [String: Any] else { throw fail("\(label) is not an object") }
      if let unknown = object.keys.sorted().first(where: { !["protocol", "module", "arguments"].contains($0) }) {
        throw fail("\(label): unknown key '\(unknown)' (keys: protocol, module, arguments)")
      }
      guard let protocolName = object["protocol"] as? String, Self.isQualifiedIdentifier(protocolName) else {
        throw fail("\(label): \"protocol\" must be a protocol's name, such as \"XMLParserDelegate\"")
      }
      label += " (\(protocolName))"
      guard let module = object["module"] as? String, Self.isIdentifier(module) else {
        throw fail("\(label): \"module\" must be a module's name, such as \"FoundationXML\"")
      }
      var arguments: [String] = []
      if let value = object["arguments"] {
        guard let strings = value as? [String] else {
          throw fail("\(label): \"arguments\" must be an array of strings")
        }
        arguments = strings
      }
      let typeName =
        try Self.typeName(in: arguments, label: label, fail: fail)
        ?? (protocolName.split(separator: ".").last.map(String.init) ?? protocolName) + "Multiplexer"
      if let other = entries.first(where: { $0.typeName == typeName }) {
        throw fail("\(label) and \(other.label) both generate \(typeName); give one a --type-name")
      }
      entries.append(
        Entry(protocolName: protocolName, module: module, arguments: arguments, typeName: typeName, label: label)
      )
    }
    self.entries = entries
  }

  /// Checks that `arguments` are allowed flags with values, and returns the `--type-name` given, if any.
  private static func typeName(
    in arguments: [String],
    label: String,
    fail: (String) -> PluginError
  ) throws(PluginError) -> String? {
    var typeName: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard allowedFlags.contains(flag) else {
        throw fail(
          "\(label): \"arguments\" cannot pass '\(argument)'; allowed: \(allowedFlags.joined(separator: ", ")), "
            + "each followed by its value"
        )
      }
      let value: String
      if flag != argument {
        value = String(argument.dropFirst(flag.count + 1))
      } else if let next = remaining.popFirst() {
        value = next
      } else {
        throw fail("\(label): \"arguments\" ends with \(flag), which needs a value")
      }
      if flag == "--type-name" {
        guard isIdentifier(value) else { throw fail("\(label): --type-name '\(value)' is not a Swift identifier") }
        typeName = value
      }
    }
    return typeName
  }

  /// A Swift identifier (ASCII letters, digits and underscores, not starting with a digit), as the tool accepts.
  static func isIdentifier(_ text: some StringProtocol) -> Bool {
    guard let first = text.first, !first.isNumber else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// Identifiers joined by dots (`Outer.Delegate`).
  static func isQualifiedIdentifier(_ text: String) -> Bool {
    text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
  }
}
