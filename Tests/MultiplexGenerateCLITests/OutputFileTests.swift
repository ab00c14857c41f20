// How `multiplex-generate --output` replaces a file: through a symbolic link, and never through a file that
// already has the temporary file's name.

import Foundation
import Testing

@Suite struct OutputFileTests {
  /// An output that is a symbolic link stays one: the file it leads to is written (a relative link, a link to a
  /// link, a link to a file not made yet), nothing is left beside either, and the next run reads it through the link.
  @Test func anOutputThatIsASymbolicLinkStaysALink() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let files = FileManager.default
    let targets = directory.url.appendingPathComponent("targets")
    let links = directory.url.appendingPathComponent("links")
    try files.createDirectory(at: targets, withIntermediateDirectories: true)
    try files.createDirectory(at: links, withIntermediateDirectories: true)
    try "old\n".write(to: targets.appendingPathComponent("Existing.swift"), atomically: true, encoding: .utf8)
    try files.createSymbolicLink(
      atPath: links.appendingPathComponent("Relative.swift").path,
      withDestinationPath: "../targets/Existing.swift"
    )
    try files.createSymbolicLink(
      atPath: links.appendingPathComponent("Chain.swift").path,
      withDestinationPath: "Relative.swift"
    )
    try files.createSymbolicLink(
      atPath: links.appendingPathComponent("Dangling.swift").path,
      withDestinationPath: targets.appendingPathComponent("New.swift").path
    )
    for (link, target) in [
      ("Relative.swift", "Existing.swift"), ("Chain.swift", "Existing.swift"), ("Dangling.swift", "New.swift"),
    ] {
      let linkPath = links.appendingPathComponent(link).path
      let destination = try files.destinationOfSymbolicLink(atPath: linkPath)
      let arguments = ["Child", "--module", "Test", "--symbol-graph-dir", directory.path, "--output", linkPath]
      let written = try generate(arguments)
      #expect(written.status == 0, "\(written.errorOutput)")
      #expect((try? files.destinationOfSymbolicLink(atPath: linkPath)) == destination, "\(link) is no longer a link")
      let contents = try String(contentsOf: targets.appendingPathComponent(target), encoding: .utf8)
      #expect(contents.contains("final class ChildMultiplexer: Child"), "\(link)")
      #expect(try generate(arguments).output.hasPrefix("unchanged"), "\(link)")
      #expect(try generate(arguments + ["--check"]).status == 0, "\(link)")
    }
    #expect(try files.contentsOfDirectory(atPath: targets.path).sorted() == ["Existing.swift", "New.swift"])
    #expect(
      try files.contentsOfDirectory(atPath: links.path).sorted() == ["Chain.swift", "Dangling.swift", "Relative.swift"]
    )
  }

  /// The file written before it replaces the output is new (`O_EXCL`): a symbolic link planted at its name, the
  /// output's name followed by `.multiplex-generate-<the tool's process id>`, is not followed (the file it leads to
  /// keeps its bytes); the tool takes another name.
  @Test func theTemporaryFileIsNeverOneThatExists() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let victim = directory.url.appendingPathComponent("victim.txt")
    try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
    let output = directory.url.appendingPathComponent("Child.swift")
    var environment = coldModuleCacheEnvironment
    environment["VICTIM"] = victim.path
    environment["OUTPUT"] = output.path
    // `$$` is the shell's process id, and the tool's after `exec`.
    let result = try runProcess(
      "/bin/sh",
      [
        "-c", "ln -s \"$VICTIM\" \"$OUTPUT.multiplex-generate-$$\" && exec \"$0\" \"$@\"", try generatorPath(),
        "Child", "--module", "Test", "--symbol-graph-dir", directory.path, "--output", output.path,
      ],
      environment: environment
    )
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) == nil)
    #expect(try String(contentsOf: output, encoding: .utf8).contains("final class ChildMultiplexer: Child"))
  }
}
