// `multiplex-generate --list FILE`: the protocols to generate, listed in a JSON file (`multiplexers.json`, which the
// `MultiplexerGeneratorPlugin` build-tool plugin passes).

import MultiplexSymbolGraphReader

/// A list of protocols to generate, one entry each:
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
/// An entry is `<protocol> --module <module>` followed by its `arguments`, parsed as the command line is; only the
/// flags that shape the generated code are accepted there (``allowedFlags``). Anything else (unknown keys, a
/// flag that names a file, two entries with the same type name) is a ``UsageError`` that names the file and the
/// entry.
enum MultiplexerList {
  /// The flags an entry's `arguments` may give, each followed by its value (`--flag value` or `--flag=value`). The
  /// output is the command line's; files (`--symbol-graph-dir`, `-I`, `--sdk`) would be inputs the build that
  /// runs the list does not know about.
  static let allowedFlags = [
    "--type-name", "--access", "--default", "--import", "--decided-once", "--every-observer", "--combine",
  ]

  /// The entries of the list at `path`, each as the command line it stands for.
  static func read(path: String) throws(UsageError) -> [Arguments] {
    guard let bytes = try? FileSystem.contents(ofFile: path) else {
      throw UsageError(message: "cannot read the list '\(path)'")
    }
    return try parse(bytes, path: path)
  }

  /// Parses `bytes`, the contents of the list at `path` (named in messages).
  static func parse(_ bytes: [UInt8], path: String) throws(UsageError) -> [Arguments] {
    func failure(_ message: String) -> UsageError {
      UsageError(
        message: "\(path): \(message); expected "
          + #"{"multiplexers": [{"protocol": "P", "module": "M", "arguments": [...]}, ...]}"#
      )
    }
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      throw failure("not valid JSON (\(error))")
    }
    guard case .object(let root) = json else { throw failure("the top level is not an object") }
    if let unknown = root.keys.sorted().first(where: { $0 != "multiplexers" }) {
      throw failure("unknown key '\(unknown)' at the top level")
    }
    guard case .array(let items)? = root["multiplexers"] else { throw failure("no \"multiplexers\" array") }
    guard !items.isEmpty else { throw failure("\"multiplexers\" lists no protocol") }

    var entries: [(label: String, arguments: Arguments)] = []
    for (index, item) in items.enumerated() {
      var label = "multiplexers[\(index)]"
      guard case .object(let object) = item else { throw failure("\(label) is not an object") }
      if let unknown = object.keys.sorted().first(where: { !["protocol", "module", "arguments"].contains($0) }) {
        throw failure("\(label): unknown key '\(unknown)' (keys: protocol, module, arguments)")
      }
      guard case .string(let protocolName)? = object["protocol"] else {
        throw failure("\(label): \"protocol\" must be a protocol's name, such as \"XMLParserDelegate\"")
      }
      label += " (\(protocolName))"
      guard case .string(let module)? = object["module"] else {
        throw failure("\(label): \"module\" must be a module's name, such as \"FoundationXML\"")
      }
      var extra: [String] = []
      if let value = object["arguments"] {
        guard let strings = try? JSONCursor(value).strings() else {
          throw failure("\(label): \"arguments\" must be strings")
        }
        extra = strings
      }
      try checkFlags(extra, label: label, failure: failure)
      let arguments: Arguments
      do {
        arguments = try Arguments.parse([protocolName, "--module", module] + extra)
      } catch {
        throw UsageError(message: "\(path): \(label): \(error.message)")
      }
      if let other = entries.first(where: { $0.arguments.resolvedTypeName == arguments.resolvedTypeName }) {
        throw failure(
          "\(label) and \(other.label) both generate \(arguments.resolvedTypeName); give one a --type-name"
        )
      }
      entries.append((label, arguments))
    }
    return entries.map(\.arguments)
  }

  /// Checks that `arguments` are allowed flags, each with its value.
  private static func checkFlags(
    _ arguments: [String],
    label: String,
    failure: (String) -> UsageError
  ) throws(UsageError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard allowedFlags.contains(flag) else {
        throw failure(
          "\(label): \"arguments\" cannot give '\(argument)'; allowed: \(allowedFlags.joined(separator: ", ")), "
            + "each followed by its value"
        )
      }
      if flag == argument {
        guard remaining.popFirst() != nil else {
          throw failure("\(label): \"arguments\" ends with \(flag), which needs a value")
        }
      }
    }
  }
}
