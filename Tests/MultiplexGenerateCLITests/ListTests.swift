// `multiplex-generate --list FILE`: the protocols of a `multiplexers.json` (the `MultiplexerGeneratorPlugin`
// build-tool plugin's list) generated into one file, and one clear line for every malformed list.

import Foundation
import Testing

@Suite struct ListTests {
  /// Writes `contents` to `multiplexers.json` in a new temporary directory.
  private func list(_ contents: String) throws -> (directory: TemporaryDirectory, path: String) {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("multiplexers.json").path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return (directory, path)
  }

  /// Expects `contents` to be refused with one line naming the list and containing `message`.
  private func expectRefused(
    _ contents: String,
    _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let (directory, path) = try list(contents)
    defer { directory.remove() }
    try expectBadInput(["--list", path], "\(path): \(message)", sourceLocation: sourceLocation)
  }

  @Test func malformedListsAreRefusedWithOneLine() throws {
    try expectRefused(#"{"multiplexers": ["#, "not valid JSON (")
    try expectRefused(#"["XMLParserDelegate"]"#, "the top level is not an object")
    try expectRefused(#"{"protocols": []}"#, "unknown key 'protocols' at the top level")
    try expectRefused(#"{}"#, #"no "multiplexers" array"#)
    try expectRefused(#"{"multiplexers": []}"#, #""multiplexers" lists no protocol"#)
    try expectRefused(#"{"multiplexers": ["XMLParserDelegate"]}"#, "multiplexers[0] is not an object")
    try expectRefused(
      #"{"multiplexers": [{"protocol": "XMLParserDelegate", "module": "FoundationXML", "output": "X.swift"}]}"#,
      "multiplexers[0]: unknown key 'output' (keys: protocol, module, arguments)"
    )
    try expectRefused(
      #"{"multiplexers": [{"module": "FoundationXML"}]}"#,
      #"multiplexers[0]: "protocol" must be a protocol's name"#
    )
    try expectRefused(
      #"{"multiplexers": [{"protocol": "XMLParserDelegate"}]}"#,
      #"multiplexers[0] (XMLParserDelegate): "module" must be a module's name"#
    )
    try expectRefused(
      #"{"multiplexers": [{"protocol": "XMLParserDelegate", "module": "FoundationXML", "arguments": "--access"}]}"#,
      #"multiplexers[0] (XMLParserDelegate): "arguments" must be strings"#
    )
  }

  @Test func entriesAreCheckedAsCommandLines() throws {
    // Flags that name files or the output are the command line's, not an entry's.
    for flag in ["--output", "--symbol-graph-dir", "-I", "--sdk", "--check", "--list"] {
      try expectRefused(
        #"{"multiplexers": [{"protocol": "P", "module": "M", "arguments": ["\#(flag)", "x"]}]}"#,
        #"multiplexers[0] (P): "arguments" cannot give '\#(flag)'; allowed: --type-name, --access"#
      )
    }
    try expectRefused(
      #"{"multiplexers": [{"protocol": "P", "module": "M", "arguments": ["--access"]}]}"#,
      #"multiplexers[0] (P): "arguments" ends with --access, which needs a value"#
    )
    // The tool's own checks, naming the entry.
    try expectRefused(
      #"{"multiplexers": [{"protocol": "P", "module": "M", "arguments": ["--access=open"]}]}"#,
      "multiplexers[0] (P): bad --access 'open'; expected internal, package or public"
    )
    try expectRefused(
      #"{"multiplexers": [{"protocol": "P", "module": "No Module"}]}"#,
      "multiplexers[0] (P): bad --module 'No Module': not a module name"
    )
    try expectRefused(
      #"{"multiplexers": [{"protocol": "P", "module": "M"}, {"protocol": "P", "module": "N"}]}"#,
      "multiplexers[1] (P) and multiplexers[0] (P) both generate PMultiplexer; give one a --type-name"
    )
  }

  @Test func theCommandLineOnlySaysWhereToWrite() throws {
    try expectBadInput(
      ["--list", "multiplexers.json", "--module", "FoundationXML"],
      "--module cannot be used with --list"
    )
    try expectBadInput(["XMLParserDelegate", "--list", "multiplexers.json"], "unexpected argument 'XMLParserDelegate'")
    try expectBadInput(["--list", "/nonexistent/multiplexers.json"], "cannot read the list '/nonexistent/")
  }

  /// Every listed protocol, one after the other in one file, each with its flags; the same list gives the same
  /// bytes.
  @Test func theListedProtocolsAreGeneratedIntoOneFile() throws {
    let (directory, path) = try list(
      """
      {"multiplexers": [
        {"protocol": "XMLParserDelegate", "module": "FoundationXML"},
        {"protocol": "XMLParserDelegate", "module": "FoundationXML",
         "arguments": ["--type-name", "PublicParserEvents", "--access=public"]}
      ]}
      """
    )
    defer { directory.remove() }
    let output = directory.url.appendingPathComponent("GeneratedMultiplexers.swift").path
    let result = try generate(["--list", path, "--output", output])
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(
      result.output.hasPrefix(
        "wrote \(output): XMLParserDelegateMultiplexer for protocol XMLParserDelegate of module FoundationXML, "
      ),
      "\(result.output)"
    )
    #expect(result.output.contains("; PublicParserEvents for protocol XMLParserDelegate of module FoundationXML, "))
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("final class XMLParserDelegateMultiplexer"))
    #expect(text.contains("public final class PublicParserEvents"))
    #expect(text.components(separatedBy: "// Generated by multiplex-generate").count == 3)
    let again = try generate(["--list", path, "--output", output, "--check"])
    #expect(again.status == 0, "\(again.errorOutput)")
  }

  /// A protocol the module does not declare fails the list with the tool's own line.
  @Test func anUnknownProtocolFailsTheList() throws {
    let (directory, path) = try list(
      #"{"multiplexers": [{"protocol": "XMLParserDelegat", "module": "FoundationXML"}]}"#
    )
    defer { directory.remove() }
    try expectBadInput(["--list", path], "no protocol 'XMLParserDelegat' in module 'FoundationXML'")
  }
}
