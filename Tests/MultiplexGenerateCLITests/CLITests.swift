// `multiplex-generate` run as a subprocess: exit codes, the one-line messages, --output, --check, determinism.

import Foundation
import Testing

/// The built `multiplex-generate`: `MULTIPLEX_GENERATE` if set, else the executable next to the test bundle
/// (SwiftPM builds it, a dependency of this test target, into the same directory).
func generatorPath() throws -> String {
  if let path = ProcessInfo.processInfo.environment["MULTIPLEX_GENERATE"] { return path }
  var candidates: [URL] = []
  if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
    candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
  }
  candidates.append(Bundle.main.bundleURL)
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  let found = candidates.map { $0.appendingPathComponent("multiplex-generate").path }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  return try #require(found, "multiplex-generate not found near \(candidates)")
}

/// Runs `multiplex-generate` with `arguments`, with a module cache that starts cold in each test run (see
/// ``coldModuleCacheEnvironment``): a fresh CI clone has no warm cache, so the tests must pass without one.
func generate(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
  try runProcess(generatorPath(), arguments, in: directory, environment: coldModuleCacheEnvironment)
}

/// The test process's environment with `XDG_CACHE_HOME` set to a directory created for this test run, so that
/// `swift symbolgraph-extract` (run by `multiplex-generate`) builds its clang modules into an empty module cache
/// (`$XDG_CACHE_HOME/clang/ModuleCache`) instead of reusing the user's. Module maps that clang rejects only
/// while building a module (such as two maps defining the same module) fail here as they do on a fresh CI machine.
let coldModuleCacheEnvironment: [String: String] = {
  let cache = FileManager.default.temporaryDirectory
    .appendingPathComponent("multiplex-tests-cache-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
  var environment = ProcessInfo.processInfo.environment
  environment["XDG_CACHE_HOME"] = cache.path
  return environment
}()

/// Expects exit status 2 and exactly one line on standard error, `error: ` then something containing `message`.
func expectBadInput(
  _ arguments: [String],
  _ message: String,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let result = try generate(arguments)
  #expect(result.status == 2, "\(arguments)", sourceLocation: sourceLocation)
  #expect(result.errorLines.count == 1, "\(result.errorOutput)", sourceLocation: sourceLocation)
  #expect(result.errorOutput.hasPrefix("error: "), sourceLocation: sourceLocation)
  #expect(result.errorOutput.contains(message), "\(result.errorOutput)", sourceLocation: sourceLocation)
  #expect(result.output.isEmpty, sourceLocation: sourceLocation)
}

@Suite struct CLITests {
  @Test func help() throws {
    for flag in ["--help", "-h"] {
      let result = try generate(["XMLParserDelegate", flag])
      #expect(result.status == 0)
      #expect(result.output.hasPrefix("USAGE: multiplex-generate <Protocol> --module <Module>"))
      #expect(result.errorOutput.isEmpty)
    }
  }

  @Test func malformedFlags() throws {
    try expectBadInput([], "missing the protocol name")
    try expectBadInput(["P"], "missing --module")
    try expectBadInput(["P", "Q", "--module", "M"], "unexpected argument 'Q'")
    try expectBadInput(["P", "--module", "M", "--frobnicate"], "unknown flag '--frobnicate'")
    try expectBadInput(["P", "--module", "M", "-x"], "unknown flag '-x'")
    try expectBadInput(["P", "--module", "M", "--access", "open"], "bad --access 'open'")
    try expectBadInput(["P", "--module", "M", "--access="], "empty value for --access")
    try expectBadInput(["P", "--module", "M", "--check"], "--check needs --output")
    try expectBadInput(["P", "--module", "M", "--check=yes", "--output", "f"], "--check takes no value")
    try expectBadInput(["P", "--module", "M", "--type-name", "Not-An-Identifier"], "bad --type-name")
    try expectBadInput(["P", "--module", "M", "--module", "N"], "--module given more than once")
    try expectBadInput(["P", "--module", "M", "--default", "height"], "bad --default 'height'")
    try expectBadInput(["P", "--module", "M", "--default", "=44"], "bad --default '=44'")
    try expectBadInput(["P", "--module", "M", "--default", "height(_:)= "], "bad --default")
    try expectBadInput(
      ["P", "--module", "M", "--default", "h(_:)=1", "--default", "h(_:)=2"],
      "--default h(_:) given more than once"
    )
    try expectBadInput(
      ["P", "--module", "M", "--combine", "observes(eventsOfKind:)=anyTru"],
      "bad --combine 'observes(eventsOfKind:)=anyTru': unknown combiner 'anyTru'; use one of first, last, anyTrue, "
        + "allTrue, firstNonNil"
    )
    try expectBadInput(["P", "--module", "M", "--combine", "count()"], "bad --combine 'count()'")
    try expectBadInput(
      ["P", "--module", "M", "--combine", "h()=first", "--combine", "h()=last"],
      "--combine h() given more than once"
    )
    try expectBadInput(
      ["P", "--module", "M", "--decided-once", "f(completion:)", "--every-observer", "f(completion:)"],
      "--decided-once and --every-observer both name f(completion:); keep one"
    )
    try expectBadInput(["P", "--module", "Foo.Bar"], "bad --module 'Foo.Bar'")
    try expectBadInput(["1P", "--module", "M"], "'1P' is not a protocol name")
    for flag in [
      "--module", "--output", "--type-name", "--access", "--target", "--sdk", "-I", "--symbol-graph-dir", "--default",
      "--decided-once", "--every-observer", "--combine",
    ] {
      // At the end of the line, and followed by another flag.
      let prefix = flag == "--module" ? ["P"] : ["P", "--module", "M"]
      try expectBadInput(prefix + [flag], "missing value for \(flag)")
      try expectBadInput(prefix + [flag, "--check"], "missing value for \(flag)")
    }
  }

  @Test func unknownModuleAndProtocol() throws {
    try expectBadInput(["P", "--module", "NoSuchModuleAnywhere"], "unknown module 'NoSuchModuleAnywhere'")
    try expectBadInput(
      ["XMLParserDelegat", "--module", "FoundationXML"],
      "no protocol 'XMLParserDelegat' in module 'FoundationXML'; did you mean 'XMLParserDelegate'?"
    )
    try expectBadInput(["XMLParser", "--module", "FoundationXML"], "'XMLParser' in module 'FoundationXML' is a class")
    try expectBadInput(
      ["XMLParserDelegate", "--module", "FoundationXML", "--target", "no-such-triple"],
      "unknown target triple"
    )
    try expectBadInput(["XMLParserDelegate", "--module", "FoundationXML", "--sdk", "/no/such/sdk"], "FoundationXML")
  }

  /// `--target` with the host's own triple reads the same module: the same file, but for the command the header
  /// repeats. Another platform's modules are not installed here (that is what `--symbol-graph-dir` is for), so
  /// its triple fails to load the module.
  @Test func explicitHostTargetGivesTheSameFile() throws {
    let info = try runProcess("/usr/bin/env", ["swift", "-print-target-info"])
    let triple = try #require(
      info.output.split(separator: "\n").first { $0.contains("\"triple\"") }?.split(separator: "\"").dropLast().last
    )
    let arguments = ["XMLParserDelegate", "--module", "FoundationXML"]
    let host = try generate(arguments)
    let targeted = try generate(arguments + ["--target", String(triple)])
    #expect(host.status == 0 && targeted.status == 0, "\(targeted.errorOutput)")
    #expect(targeted.output.contains("--target \(triple)"))
    let body = { (output: String) in output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) }
    #expect(body(host.output) == body(targeted.output))
    #expect(body(host.output).count > 100)
    // The triple reaches the extractor: a platform whose modules are not installed has no FoundationXML.
    let other = triple.hasPrefix("aarch64") ? "x86_64-unknown-linux-gnu" : "aarch64-unknown-linux-gnu"
    try expectBadInput(arguments + ["--target", other], "Couldn't load module 'FoundationXML'")
  }

  @Test func symbolGraphDirectoryInputs() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let graphs = ["--symbol-graph-dir", directory.path]
    // Not class-bound: multiplexed for observers that are objects.
    let notClass = try generate(["NotClass", "--module", "Test"] + graphs)
    #expect(notClass.status == 0, "\(notClass.errorOutput)")
    #expect(notClass.output.contains("Multiplex.Multiplexer<any NotClass & AnyObject>"))
    try expectBadInput(["ChildDelegat", "--module", "Test"] + graphs, "did you mean 'ChildDelegate', 'Child'?")
    try expectBadInput(["Child", "--module", "Nope"] + graphs, "unknown module 'Nope': no Nope.symbols.json")
    try expectBadInput(
      ["Child", "--module", "Test", "--symbol-graph-dir", "/no/such/dir"],
      "cannot read symbol-graph directory '/no/such/dir'"
    )
    let ok = try generate(["Child", "--module", "Test"] + graphs)
    #expect(ok.status == 0)
    #expect(ok.output.contains("final class ChildMultiplexer: Child, Multiplex.DelegateMultiplexing, "))

    try Data("{ not json".utf8).write(to: directory.url.appendingPathComponent("Test.symbols.json"))
    try expectBadInput(
      ["Child", "--module", "Test"] + graphs,
      "malformed symbol graph 'Test.symbols.json': not valid JSON"
    )
  }

  @Test func outputCheckAndDeterminism() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = ["XMLParserDelegate", "--module", "FoundationXML", "--type-name", "XMLMux", "--access", "public"]

    let first = try generate(arguments, in: directory.url)
    let second = try generate(arguments, in: directory.url)
    #expect(first.status == 0 && second.status == 0)
    #expect(first.output == second.output)
    #expect(first.errorOutput.isEmpty)
    let header = first.output.split(separator: "\n").prefix(2)
    #expect(
      Array(header) == [
        "// Generated by multiplex-generate from protocol XMLParserDelegate of module FoundationXML. Do not edit.",
        "// Regenerate: multiplex-generate XMLParserDelegate --module FoundationXML --type-name XMLMux --access public",
      ]
    )

    // --check on a missing file: exit 1, nothing written.
    let withOutput = arguments + ["--output", "Generated/XMLMux.swift"]
    let file = directory.url.appendingPathComponent("Generated/XMLMux.swift")
    let missing = try generate(withOutput + ["--check"], in: directory.url)
    #expect(missing.status == 1)
    #expect(missing.errorOutput.contains("'Generated/XMLMux.swift' does not exist"))
    #expect(!FileManager.default.fileExists(atPath: file.path))

    // Writing: the same bytes as standard output, but the command names --output.
    let written = try generate(withOutput, in: directory.url)
    // One line on standard output says what was written, with the protocol's requirement count.
    let graphs = try extractSymbolGraphs("FoundationXML")
    defer { graphs.remove() }
    let count = try independentRequirementTitles(of: "XMLParserDelegate", module: "FoundationXML", in: graphs).all.count
    let summary =
      "Generated/XMLMux.swift: XMLMux for protocol XMLParserDelegate of module FoundationXML, "
      + "\(count) requirements\n"
    #expect(written.status == 0)
    #expect(written.output == "wrote " + summary)
    #expect(try generate(withOutput, in: directory.url).output == "unchanged " + summary)
    let contents = try String(contentsOf: file, encoding: .utf8)
    #expect(contents.contains("--access public --output Generated/XMLMux.swift\n"))
    #expect(contents.split(separator: "\n").dropFirst(2) == first.output.split(separator: "\n").dropFirst(2))

    let current = try generate(withOutput + ["--check"], in: directory.url)
    #expect(current.status == 0)
    #expect(current.errorOutput.isEmpty)

    // A stale file: exit 1, the first differing line, and the file is left as it was.
    let stale = contents.replacingOccurrences(of: "foundCDATA", with: "foundCData")
    try stale.write(to: file, atomically: true, encoding: .utf8)
    let check = try generate(withOutput + ["--check"], in: directory.url)
    #expect(check.status == 1)
    #expect(check.errorLines.count == 1)
    #expect(check.errorOutput.contains("'Generated/XMLMux.swift' is stale: line "))
    #expect(check.errorOutput.contains("foundCDATA"))
    #expect(check.errorOutput.contains("regenerate with: multiplex-generate XMLParserDelegate"))
    #expect(try String(contentsOf: file, encoding: .utf8) == stale)

    // Regenerating fixes it.
    #expect(try generate(withOutput, in: directory.url).status == 0)
    #expect(try generate(withOutput + ["--check"], in: directory.url).status == 0)
  }

  /// The output goes through the generator's own file calls (no Foundation): a new file gets the umask's
  /// permissions, nothing is left beside it, and a path that cannot be written is one `error:` line with the C
  /// library's reason.
  @Test func outputFilesAndWriteFailures() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let graphs = ["--symbol-graph-dir", directory.path]
    let output = directory.url.appendingPathComponent("deep/er/Child.swift")
    let written = try generate(["Child", "--module", "Test", "--output", output.path] + graphs)
    #expect(written.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o600 } == 0o600)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
    #expect(siblings == ["Child.swift"])

    // A directory where a file is: creating it fails.
    let underAFile = output.appendingPathComponent("X.swift").path
    try expectBadInput(
      ["Child", "--module", "Test", "--output", underAFile] + graphs,
      "cannot write '\(underAFile)': File exists"
    )
    // A list that is a directory cannot be read.
    try expectBadInput(["--list", directory.path], "cannot read the list '\(directory.path)'")
  }

  @Test func includePathsReachAModuleCompiledHere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = directory.url.appendingPathComponent("Gadgets.swift")
    try "public protocol GadgetDelegate: AnyObject { func gadgetDidChange(_ value: Int) }\n"
      .write(to: source, atomically: true, encoding: .utf8)
    let swiftc = URL(fileURLWithPath: try swiftDriver()).deletingLastPathComponent().appendingPathComponent("swiftc")
    let compile = try runProcess(
      swiftc.path,
      [
        "-emit-module", "-module-name", "Gadgets", "-parse-as-library", source.path,
        "-emit-module-path", directory.url.appendingPathComponent("Gadgets.swiftmodule").path,
      ]
    )
    try #require(compile.status == 0, "\(compile.errorOutput)")
    try expectBadInput(["GadgetDelegate", "--module", "Gadgets"], "unknown module 'Gadgets'")
    let result = try generate(["GadgetDelegate", "--module", "Gadgets", "-I", directory.path])
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("func gadgetDidChange(_ value: Int)"))
    let joined = try generate(["GadgetDelegate", "--module", "Gadgets", "-I\(directory.path)"])
    #expect(
      joined.output == result.output.replacingOccurrences(of: "-I \(directory.path)", with: "-I\(directory.path)")
    )
  }

  /// A protocol nested in a type: the generated file names it by its path, and the generated types by the path
  /// without its dots (they are declared at file scope, where two nested `Delegate`s would collide).
  @Test func aNestedProtocol() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Nested")
    graph.symbol("s:6Nested5OuterV", kind: "swift.struct", path: ["Outer"], declaration: "struct Outer")
    let listener = (usr: "s:6Nested5OuterV8ListenerP", name: "Listener")
    graph.symbol(listener.usr, path: ["Outer", "Listener"], declaration: "protocol Listener : AnyObject")
    graph.symbol(
      "s:6Nested5OuterV8ListenerP5levelSiyF",
      kind: "swift.method",
      path: ["Outer", "Listener", "level()"],
      declaration: "func level() -> Int?"
    )
    graph.relate("requirementOf", "s:6Nested5OuterV8ListenerP5levelSiyF", listener.usr)
    try graph.write(to: directory.url)
    let result = try generate(["Outer.Listener", "--module", "Nested", "--symbol-graph-dir", directory.path])
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("final class OuterListenerMultiplexer: Outer.Listener, "))
    #expect(result.output.contains("Multiplex.Multiplexer<any Outer.Listener>"))
    #expect(result.output.contains("protocol OuterListenerCombining: AnyObject"))
    #expect(!result.output.contains("any Listener"))
  }

  @Test
  func aRequirementThatCannotBeForwarded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Statics")
    let proto = (usr: "s:7Statics1PP", name: "P")
    graph.symbol(proto.usr, path: ["P"], declaration: "protocol P : AnyObject")
    graph.requirement(
      "s:7Statics1PP4makeyyFZ",
      of: proto,
      title: "make()",
      declaration: "static func make()",
      kind: "swift.type.method"
    )
    try graph.write(to: directory.url)
    try expectBadInput(["P", "--module", "Statics", "--symbol-graph-dir", directory.path], "make()")
  }

  /// async-http-client's `HTTPClientResponseDelegate` shape: an associated type every requirement uses (as
  /// `Self.Response`). One `error:` line for the one root cause, with advice for a protocol the user does not own;
  /// not one per requirement that mentions `Self`, nor a `--default` request for a requirement just refused.
  @Test func anAssociatedTypeIsOneErrorLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Client")
    let proto = (usr: "s:6Client16ResponseDelegateP", name: "ResponseDelegate")
    graph.symbol(proto.usr, path: ["ResponseDelegate"], declaration: "protocol ResponseDelegate : AnyObject")
    graph.requirement(
      "s:6Client16ResponseDelegateP0B0Qa",
      of: proto,
      title: "Response",
      declaration: "associatedtype Response",
      kind: "swift.associatedtype"
    )
    let requirements = [
      ("didSendRequest(task:)", "func didSendRequest(task: Task<Self.Response>)"),
      ("didReceiveHead(task:_:)", "func didReceiveHead(task: Task<Self.Response>, _ head: Head) -> Future<Void>"),
      ("didFinishRequest(task:)", "func didFinishRequest(task: Task<Self.Response>) throws -> Self.Response"),
      ("didReceiveError(task:_:)", "func didReceiveError(task: Task<Self.Response>, _ error: any Error)"),
    ]
    for (index, (title, declaration)) in requirements.enumerated() {
      graph.requirement("s:6Client16ResponseDelegateP\(index)", of: proto, title: title, declaration: declaration)
    }
    try graph.write(to: directory.url)
    try expectBadInput(
      ["ResponseDelegate", "--module", "Client", "--symbol-graph-dir", directory.path],
      "Client: protocol 'ResponseDelegate' cannot be multiplexed by multiplex-generate: each conforming type chooses "
        + "its associated type 'Response', and one multiplexer holds observers of every conforming type. Instead, "
        + "declare a class-bound protocol of your own with concrete types in their place (mark it "
        + "@Multiplexed), and a small class conforming to 'ResponseDelegate' that forwards each call to that "
        + "protocol's multiplexer"
    )
  }

  /// A type whose module no graph declares is one `error:` line whose remedy names only the flags not passed: with
  /// `--sdk` and `--target` given (here an SDK that does not exist, so the extraction fails), only the graph directory.
  @Test func theImportRefusalOffersOnlyFlagsNotPassed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    let proto = (usr: "s:5Pager0A8DelegateP", name: "PagerDelegate")
    graph.symbol(proto.usr, path: [proto.name], declaration: "protocol PagerDelegate : AnyObject")
    graph.requirement(
      "s:5Pager0A8DelegateP5pager11didScrollToySo7CGPointV_tF",
      of: proto,
      title: "pager(didScrollTo:)",
      declaration: "func pager(didScrollTo point: {CGPoint|c:@S@CGPoint})"
    )
    try graph.write(to: directory.url)
    let base = ["PagerDelegate", "--module", "Pager", "--symbol-graph-dir", directory.path]
    let sdk = ["--sdk", directory.url.appendingPathComponent("NoSuch.sdk").path, "--target", "arm64-apple-ios13.0"]
    try expectBadInput(
      base + sdk,
      "pass --import CoreGraphics (or add that module's graph to the --symbol-graph-dir directory)\n"
    )
    try expectBadInput(
      base,
      "(or add that module's graph to the --symbol-graph-dir directory, or pass --sdk and --target to extract it)\n"
    )
  }

  /// `--combine`, `--decided-once` and `--every-observer` reach the generated file; a choice that cannot apply is
  /// one `error:` line naming the requirement and the valid choices.
  @Test func policiesChosenOnTheCommandLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Store")
    let proto = (usr: "s:5Store0A8ObserverP", name: "StoreObserver")
    graph.symbol(proto.usr, path: ["StoreObserver"], declaration: "protocol StoreObserver : AnyObject")
    graph.requirement(
      "s:5Store0A8ObserverP1",
      of: proto,
      title: "observes(eventsOfKind:)",
      declaration: "func observes(eventsOfKind kind: Int) -> Bool"
    )
    graph.requirement(
      "s:5Store0A8ObserverP2",
      of: proto,
      title: "retryResult(for:dueTo:completion:)",
      declaration: "func retryResult(for attempt: Int, dueTo error: any Error, completion: @escaping (Bool) -> Void)"
    )
    graph.requirement(
      "s:5Store0A8ObserverP3",
      of: proto,
      title: "progress(handler:)",
      declaration: "func progress(handler: @escaping (Double) -> Void)"
    )
    try graph.write(to: directory.url)
    let base = ["StoreObserver", "--module", "Store", "--symbol-graph-dir", directory.path]
    let plain = try generate(base + ["--default", "observes(eventsOfKind:)=false"])
    #expect(plain.status == 0, "\(plain.errorOutput)")
    #expect(plain.output.components(separatedBy: "// A decision:").count - 1 == 2)
    #expect(!plain.output.contains(".anyTrue"))

    let chosen = try generate(
      base + [
        "--default", "observes(eventsOfKind:)=false", "--combine", "observes(eventsOfKind:)=anyTrue",
        "--every-observer", "progress(handler:)",
      ]
    )
    #expect(chosen.status == 0, "\(chosen.errorOutput)")
    #expect(chosen.output.contains("._forward(.anyTrue, default: "))
    #expect(chosen.output.contains("Multiplex.Combiner.anyTrue.combine(&responses, default: defaultValue)"))
    #expect(chosen.output.components(separatedBy: "// A decision:").count - 1 == 1)
    #expect(chosen.output.contains("--combine 'observes(eventsOfKind:)=anyTrue' --every-observer 'progress(handler:)'"))

    try expectBadInput(
      base + ["--default", "observes(eventsOfKind:)=false", "--combine", "observes(eventsOfKind:)=firstNonNil"],
      "Store: --combine cannot combine the answers of 'observes(eventsOfKind:)', which returns 'Bool' (anyTrue and "
        + "allTrue need 'Bool', firstNonNil an 'Optional'); choose one of first, last, anyTrue, allTrue"
    )
    try expectBadInput(
      base + ["--default", "observes(eventsOfKind:)=false", "--decided-once", "observes(eventsOfKind:)"],
      "Store: --decided-once cannot apply to 'observes(eventsOfKind:)', a method that returns a value"
    )
    try expectBadInput(
      base + ["--default", "observes(eventsOfKind:)=false", "--every-observer", "retry()"],
      "Store: --every-observer names 'retry()', which is no requirement of the protocol"
    )
  }
}
