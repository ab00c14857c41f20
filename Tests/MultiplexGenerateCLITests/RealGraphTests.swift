// The reader on graphs that the toolchain's `swift symbolgraph-extract` makes at test time: FoundationXML's
// XMLParserDelegate and FoundationNetworking's URLSession delegates (on Linux, URLSession lives there).

import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

/// Runs `swift symbolgraph-extract` for `module` (with extra arguments) into a new temporary directory.
func extractSymbolGraphs(_ module: String, arguments: [String] = []) throws -> TemporaryDirectory {
  let directory = try TemporaryDirectory()
  let status = try runProcess(
    swiftDriver(),
    ["symbolgraph-extract", "-module-name", module, "-output-dir", directory.path, "-minimum-access-level", "public"]
      + arguments
  ).status
  try #require(status == 0, "symbolgraph-extract failed for \(module)")
  return directory
}

/// The `swift` driver on PATH.
func swiftDriver() throws -> String {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  let found = path.split(separator: ":").map { "\($0)/swift" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  return try #require(found, "no swift on PATH")
}

/// What the graph itself says about protocol `name`, read with JSONSerialization (independently of the reader):
/// the titles of its requirements and of those that have a `defaultImplementationOf` edge.
func independentRequirementTitles(
  of name: String,
  module: String,
  in directory: TemporaryDirectory
) throws -> (all: Set<String>, withDefaults: Set<String>) {
  let data = try Data(contentsOf: directory.url.appendingPathComponent("\(module).symbols.json"))
  let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let symbols = try #require(graph["symbols"] as? [[String: Any]])
  let relationships = try #require(graph["relationships"] as? [[String: Any]])
  func usr(_ symbol: [String: Any]) -> String { (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? "" }
  func title(_ symbol: [String: Any]) -> String { (symbol["names"] as? [String: Any])?["title"] as? String ?? "" }
  func kind(_ symbol: [String: Any]) -> String { (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "" }
  let proto = try #require(symbols.first { title($0) == name && kind($0) == "swift.protocol" })
  let requirementUSRs = Set(
    relationships.filter {
      ($0["kind"] as? String) == "requirementOf" && ($0["target"] as? String) == usr(proto)
    }.compactMap { $0["source"] as? String }
  )
  let defaulted = Set(
    relationships.filter { ($0["kind"] as? String) == "defaultImplementationOf" }.compactMap { $0["target"] as? String }
  )
  let requirements = symbols.filter { requirementUSRs.contains(usr($0)) }
  return (Set(requirements.map(title)), Set(requirements.filter { defaulted.contains(usr($0)) }.map(title)))
}

@Suite struct RealGraphTests {
  @Test func xmlParserDelegate() throws {
    let directory = try extractSymbolGraphs("FoundationXML")
    defer { directory.remove() }
    let external = try read("XMLParserDelegate", module: "FoundationXML", in: directory)
    let expected = try independentRequirementTitles(of: "XMLParserDelegate", module: "FoundationXML", in: directory)

    #expect(external.moduleName == "FoundationXML")
    #expect(!external.isObjC)
    #expect(external.source.hasPrefix("protocol XMLParserDelegate: AnyObject {\n"))
    let declaration = try #require(parsedProtocol(external.source))
    let names: [String] = declaration.memberBlock.members.compactMap { member -> String? in
      guard let function = member.decl.as(FunctionDeclSyntax.self) else { return nil }
      let labels: [String] = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
      return function.name.text + "(" + labels.joined() + ")"
    }
    // Every requirement is there once, as a method, and (on Linux) every one has a default implementation.
    #expect(Set(names) == expected.all)
    #expect(names.count == expected.all.count)
    #expect(expected.all.count >= 20)
    #expect(external.members.count == names.count)
    #expect(expected.withDefaults == expected.all)
    #expect(external.members.allSatisfy { $0.hasDefaultImplementation && !$0.isOptional })
    #expect(external.source.contains("  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data)\n"))
    #expect(
      external.source.contains(
        "  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data?\n"
      )
    )
    // The file's declaration order: parserDidStartDocument first.
    #expect(names.first == "parserDidStartDocument(_:)")
  }

  @Test func urlSessionDataDelegateFollowsItsParents() throws {
    let directory = try extractSymbolGraphs("FoundationNetworking")
    defer { directory.remove() }
    let external = try read("URLSessionDataDelegate", module: "FoundationNetworking", in: directory)
    let own = try independentRequirementTitles(
      of: "URLSessionDataDelegate",
      module: "FoundationNetworking",
      in: directory
    )
    let task = try independentRequirementTitles(
      of: "URLSessionTaskDelegate",
      module: "FoundationNetworking",
      in: directory
    )
    let session = try independentRequirementTitles(
      of: "URLSessionDelegate",
      module: "FoundationNetworking",
      in: directory
    )

    #expect(external.source.hasPrefix("protocol URLSessionDataDelegate: NSObjectProtocol, Sendable {\n"))
    let declaration = try #require(parsedProtocol(external.source))
    let memberCount = declaration.memberBlock.members.count
    #expect(external.members.count == memberCount)
    // Overloads share a title (didBecome downloadTask / streamTask), so count declarations, not titles.
    let requirementLines = external.source.split(separator: "\n").filter { $0.hasPrefix("  func ") }
    #expect(requirementLines.count == memberCount)
    #expect(Set(requirementLines).count == memberCount)
    #expect(own.all.count + task.all.count + session.all.count <= memberCount)
    #expect(external.source.contains("didCompleteWithError error: (any Error)?)"))
    #expect(external.source.contains("didBecomeInvalidWithError error: (any Error)?)"))
    #expect(external.source.contains("didReceive data: Data)"))
    #expect(
      external.source.contains("completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)")
    )
    // Own requirements first, then URLSessionTaskDelegate's, then URLSessionDelegate's.
    let firstTask = try #require(requirementLines.firstIndex { $0.contains("task: URLSessionTask,") })
    let firstSession = try #require(requirementLines.firstIndex { $0.contains("didBecomeInvalidWithError") })
    #expect(requirementLines[..<firstTask].allSatisfy { $0.contains("dataTask: URLSessionDataTask") })
    #expect(firstTask < firstSession)
    #expect(external.members.allSatisfy { $0.hasDefaultImplementation })
  }

  @Test func aProtocolFromACompiledModule() throws {
    // A module compiled here, read through -I: attributes, availability, effects, generics and a parent.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = directory.url.appendingPathComponent("Shapes.swift")
    try """
    @MainActor public protocol Shape: AnyObject, Sendable {
      func move(_ x: inout Int, label y: String?) throws -> Int?
      func load() async throws -> [String: Int]
      func generic<T: Hashable & Sendable>(_ value: T) -> T
      var name: String { get set }
      subscript(index: Int) -> String { get }
      @available(macOS 14, iOS 17, *) func newer()
      func closure(_ c: @escaping @Sendable (Int) -> Void)
    }
    public protocol Base: AnyObject { func base() }
    public protocol Refined: Base { func refined() }
    public extension Base { func base() {} }
    """.write(to: source, atomically: true, encoding: .utf8)
    let swiftc = URL(fileURLWithPath: try swiftDriver()).deletingLastPathComponent().appendingPathComponent("swiftc")
    let compile = try runProcess(
      swiftc.path,
      [
        "-emit-module", "-module-name", "Shapes", "-parse-as-library", source.path,
        "-emit-module-path", directory.url.appendingPathComponent("Shapes.swiftmodule").path,
      ]
    )
    try #require(compile.status == 0, "swiftc failed: \(compile.errorOutput)")
    let graphs = try extractSymbolGraphs("Shapes", arguments: ["-I", directory.path])
    defer { graphs.remove() }

    let shape = try read("Shape", module: "Shapes", in: graphs)
    _ = try #require(parsedProtocol(shape.source))
    #expect(shape.source.hasPrefix("@MainActor protocol Shape: AnyObject, Sendable {\n"))
    #expect(shape.members.count == 7)
    #expect(shape.source.contains("  @available(macOS 14.0, iOS 17.0, *)\n  @MainActor func newer()\n"))
    #expect(shape.source.contains("@MainActor var name: String { get set }"))
    #expect(shape.source.contains("func move(_ x: inout Int, label y: String?) throws -> Int?"))
    // Source locations exist for a module compiled from source: declaration order.
    #expect(shape.source.range(of: "func move")!.lowerBound < shape.source.range(of: "func load")!.lowerBound)

    let refined = try read("Refined", module: "Shapes", in: graphs)
    #expect(refined.source == "protocol Refined: AnyObject {\n  func refined()\n  func base()\n}\n")
    #expect(refined.members.map(\.hasDefaultImplementation) == [false, true])
  }

  /// A refinement that restates its parents' requirements (issue 23, item 3): the graph gives each restatement a
  /// symbol of its own, declared `override`, with other parameter names or attributes, or less availability; two
  /// unrelated parents may declare the same requirement too. Each is one requirement, declared once, as available as
  /// its least restricted declaration, with the parent's default implementation.
  @Test func restatedRequirementsAreReadOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = directory.url.appendingPathComponent("Restated.swift")
    try """
    public protocol Foo: AnyObject {
      func update(arg: Int)
      func other(x: Int) -> Int
      var name: String { get }
      func shared()
    }
    extension Foo {
      public func update(arg: Int) {}
      public func other(x: Int) -> Int { 0 }
      public var name: String { "" }
      public func shared() {}
    }
    public protocol Sibling: AnyObject { func shared() }
    public protocol Bar: Foo, Sibling {
      func update(arg: Int)
      @available(macOS 14, *) @discardableResult func other(x value: Int) -> Int
      var name: String { get }
      func own()
    }
    public protocol Baz: Bar { func update(arg: Int) }
    """.write(to: source, atomically: true, encoding: .utf8)
    let swiftc = URL(fileURLWithPath: try swiftDriver()).deletingLastPathComponent().appendingPathComponent("swiftc")
    let compile = try runProcess(
      swiftc.path,
      [
        "-emit-module", "-module-name", "Restated", "-parse-as-library", source.path,
        "-emit-module-path", directory.url.appendingPathComponent("Restated.swiftmodule").path,
      ]
    )
    try #require(compile.status == 0, "swiftc failed: \(compile.errorOutput)")
    let graphs = try extractSymbolGraphs("Restated", arguments: ["-I", directory.path])
    defer { graphs.remove() }

    for name in ["Bar", "Baz"] {
      let refined = try read(name, module: "Restated", in: graphs)
      _ = try #require(parsedProtocol(refined.source))
      let lines = refined.source.split(separator: "\n").dropFirst().dropLast().map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      #expect(lines.filter { $0.contains("func update(arg: Int)") } == ["func update(arg: Int)"], "\(name)")
      #expect(lines.filter { $0.contains("func other(") }.count == 1, "\(name)")
      #expect(lines.filter { $0.contains("var name: String") }.count == 1, "\(name)")
      #expect(lines.filter { $0.contains("func shared()") }.count == 1, "\(name)")
      #expect(!refined.source.contains("override"), "\(name)")
      // `Foo.other(x:)` is available everywhere, so one member that satisfies both is too.
      #expect(!refined.source.contains("@available"), "\(name)")
      #expect(refined.members.count == lines.count)
      let update = try #require(lines.firstIndex(of: "func update(arg: Int)"))
      #expect(refined.members[update].hasDefaultImplementation, "Foo's extension implements Bar's restatement")
      let generated = ExternalGenerator.generate(refined, options: GenerationOptions(typeName: name + "Multiplexer"))
      guard case .success(let text) = generated else {
        Issue.record("\(name): \(generated)")
        continue
      }
      let file = Parser.parse(source: text)
      let multiplexer = file.statements.compactMap { $0.item.as(ClassDeclSyntax.self) }.first
      let members = multiplexer?.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text }
      #expect(members?.filter { $0 == "update" }.count == 1, "\(name): one forwarding member")
      #expect(members?.filter { $0 == "shared" }.count == 1, "\(name): one forwarding member")
    }
  }
}
