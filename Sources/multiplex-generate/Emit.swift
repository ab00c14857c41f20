// THE SEAM between this front end and the generator's emitter. The merge with the `generator-core` branch
// replaces the body of `emit(_:options:)` with `ExternalGenerator.generate(_:options:)` and its diagnostics;
// nothing else in the CLI knows how a multiplexer is written.
//
// Until then it writes a file that compiles and says what it read: the header, then the protocol rebuilt from
// the symbol graph, as comments. It is not a multiplexer.

import MultiplexGeneratorCore

/// What the emitter needs besides the protocol (mirrors the core's `GenerationOptions`).
struct EmitOptions {
  var typeName: String
  var access: AccessLevel
  /// The comment lines that open the file, each starting with `//`, ending with a newline.
  var header: String
}

/// Why the emitter refused: one line per requirement that cannot be forwarded (named, with why).
struct EmitFailure: Error {
  var messages: [String]
}

/// Writes the file for `external` (see the top of this file).
func emit(_ external: ExternalProtocol, options: EmitOptions) -> Result<String, EmitFailure> {
  var text = options.header
  text += "//\n"
  text += "// multiplex-generate: this build has no emitter yet (it comes with the generator core); it would write\n"
  text +=
    "// \(options.access.rawValue) final class \(options.typeName) for this protocol, read from the symbol graph:\n"
  text += "//\n"
  for line in external.source.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
    text += line.isEmpty ? "//\n" : "//   \(line)\n"
  }
  let defaults = external.members.filter(\.hasDefaultImplementation).count
  let optionals = external.members.filter(\.isOptional).count
  text += "//\n// \(external.members.count) requirements: \(defaults) with a default implementation, "
  text += "\(optionals) optional\(external.isObjC ? " (@objc protocol)" : "").\n"
  return .success(text)
}
