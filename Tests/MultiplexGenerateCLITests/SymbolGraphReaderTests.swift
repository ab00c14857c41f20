// The symbol-graph reader on the hand-written module `Test` (see Fixtures.swift).

import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

/// Reads `name` from module `module` of `directory`.
func read(_ name: String, module: String = "Test", in directory: TemporaryDirectory) throws -> ExternalProtocol {
  try SymbolGraphReader(directory: SymbolGraphDirectory(path: directory.path))
    .externalProtocol(named: name, module: module)
}

/// The error reading `name` throws, or `nil`.
func readError(_ name: String, module: String = "Test", in directory: TemporaryDirectory) -> SymbolGraphError? {
  do {
    _ = try read(name, module: module, in: directory)
    return nil
  } catch let error as SymbolGraphError {
    return error
  } catch {
    return nil
  }
}

/// Parses `source` and returns its single protocol declaration, failing the test if it does not parse cleanly.
func parsedProtocol(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ProtocolDeclSyntax?
{
  let file = Parser.parse(source: source)
  #expect(!file.hasError, "does not parse:\n\(source)", sourceLocation: sourceLocation)
  #expect(file.statements.count == 1, sourceLocation: sourceLocation)
  return file.statements.first?.item.as(ProtocolDeclSyntax.self)
}

@Suite struct SymbolGraphReaderTests {
  @Test func flattensTheRequirementsOfParentProtocols() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let child = try read("Child", in: directory)
    #expect(
      child.source == """
        protocol Child: AnyObject {
          func childThing()
          func parentThing()
        }

        """
    )
    #expect(child.members.count == 2)
    #expect(child.moduleName == "Test")
    #expect(!child.isObjC)
    let declaration = try #require(parsedProtocol(child.source))
    #expect(declaration.memberBlock.members.count == child.members.count)
  }

  @Test func followsParentsThroughConformsToWhenFragmentsHaveNoUSR() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let delegate = try read("ChildDelegate", in: directory)
    #expect(
      delegate.source == """
        protocol ChildDelegate: AnyObject, Sendable {
          func didTick(_ count: Int)
          func childThing()
          func parentThing()
        }

        """
    )
  }

  @Test func readsAParentFromAnotherModulesGraph() throws {
    let directory = try Fixtures.writeKitAndBase(withBase: true)
    defer { directory.remove() }
    let kit = try read("KitDelegate", module: "Kit", in: directory)
    #expect(kit.source.contains("protocol KitDelegate: AnyObject {"))
    #expect(kit.source.contains("func kitOne()\n  func baseOne() -> Int\n"))
    #expect(kit.members.count == 2)
  }

  @Test func aParentWhoseModuleHasNoGraphIsAnError() throws {
    let directory = try Fixtures.writeKitAndBase(withBase: false)
    defer { directory.remove() }
    let error = try #require(readError("KitDelegate", module: "Kit", in: directory))
    guard case .parentUnavailable(let name, let parent, let module, _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(name == "KitDelegate" && parent == "BaseDelegate" && module == "Base")
    #expect(error.description.contains("refines 'BaseDelegate' from module 'Base'"))
  }

  @Test func defaultImplementationsFromAnExtensionFile() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let defaults = try read("Defaults", in: directory)
    let lines = defaults.source.split(separator: "\n").dropFirst().dropLast().map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(lines == ["func a()", "func b(_ x: Int)", "func b(_ x: String)", "func c()"])
    // a(): unconstrained default in Other@Test. b(Int): its own default. b(String): the graph links b(Int)'s
    // default to it too (same name), but the signature differs. c(): only for NSObject subclasses.
    #expect(defaults.members.map(\.hasDefaultImplementation) == [true, true, false, false])
    #expect(defaults.members.allSatisfy { !$0.isOptional })
  }

  @Test func withoutTheExtensionFileThereAreNoDefaults() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Other@Test.symbols.json"))
    let defaults = try read("Defaults", in: directory)
    #expect(defaults.members.map(\.hasDefaultImplementation) == [false, false, false, false])
  }

  @Test func optionalRequirementsOfAnObjCProtocol() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let objC = try read("ObjCDelegate", in: directory)
    #expect(objC.isObjC)
    #expect(
      objC.source == """
        @objc protocol ObjCDelegate: NSObjectProtocol {
          @objc optional func didTap()
          @objc @MainActor optional func didScroll(_ offset: Double)
          @available(iOS 13.0, *)
          func required() -> Bool
        }

        """
    )
    #expect(objC.members.map(\.isOptional) == [true, true, false])
    let declaration = try #require(parsedProtocol(objC.source))
    #expect(declaration.memberBlock.members.count == 3)
  }

  @Test func nearMatchesForAMissingProtocol() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    #expect(
      readError("ChildDelegat", in: directory)
        == .protocolNotFound(name: "ChildDelegat", module: "Test", nearMatches: ["ChildDelegate", "Child"])
    )
    #expect(
      readError("childdelegate", in: directory)
        == .protocolNotFound(name: "childdelegate", module: "Test", nearMatches: ["ChildDelegate", "Child"])
    )
    let none = try #require(readError("Zebra", in: directory))
    #expect(none == .protocolNotFound(name: "Zebra", module: "Test", nearMatches: []))
    #expect(
      readError("ChildDelegat", in: directory)?.description
        == "no protocol 'ChildDelegat' in module 'Test'; did you mean 'ChildDelegate', 'Child'?"
    )
  }

  @Test func aNameOfAnotherKind() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    #expect(readError("Widget", in: directory) == .notAProtocol(name: "Widget", module: "Test", kind: "class"))
  }

  /// A protocol that is not class-bound is read (the generator multiplexes it for observers that are objects): its
  /// inheritance clause says so by leaving `AnyObject` out.
  @Test func notClassBound() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let proto = try read("NotClass", module: "Test", in: directory)
    #expect(proto.source.contains("protocol NotClass: Sendable {"))
    #expect(!proto.source.contains("AnyObject"))
  }

  @Test func orderIsDeterministicAndFollowsDeclarations() throws {
    let plain = try Fixtures.writeTestModule()
    let shuffled = try Fixtures.writeTestModule(shuffled: true)
    defer {
      plain.remove()
      shuffled.remove()
    }
    for name in ["Child", "ChildDelegate", "Defaults", "ObjCDelegate", "Located"] {
      let first = try read(name, in: plain)
      let second = try read(name, in: shuffled)
      #expect(first.source == second.source, "\(name)")
      #expect(first.members.map(\.hasDefaultImplementation) == second.members.map(\.hasDefaultImplementation))
    }
    // Listed third, second, first in the file; their source locations win.
    let located = try read("Located", in: plain)
    #expect(
      located.source == """
        protocol Located: AnyObject {
          func first()
          @available(*, deprecated, message: "use \\"third\\"")
          func second()
          func third()
        }

        """
    )
    _ = try #require(parsedProtocol(located.source))
  }

  @Test func unknownModuleListsTheModulesThere() throws {
    let directory = try Fixtures.writeTestModule()
    defer { directory.remove() }
    let error = try #require(readError("Child", module: "Tset", in: directory))
    #expect(
      error.description == "unknown module 'Tset': no Tset.symbols.json in '\(directory.path)' (modules there: Test)"
    )
  }

  @Test func malformedGraphs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.url.appendingPathComponent("Test.symbols.json")
    try Data("{\"module\": {\"name\": \"Test\"}, \"symbols\": [".utf8).write(to: file)
    let truncated = try #require(readError("Child", in: directory))
    #expect(truncated.description.hasPrefix("malformed symbol graph 'Test.symbols.json': not valid JSON"))

    try Data(#"{"module": {"name": "Test"}, "symbols": [{"kind": 3}], "relationships": []}"#.utf8).write(to: file)
    let wrongType = try #require(readError("Child", in: directory))
    #expect(wrongType.description.hasPrefix("malformed symbol graph 'Test.symbols.json': expected"))
    #expect(wrongType.description.contains("symbols[0].kind"))

    try Data(#"{"module": {"name": "Test"}, "symbols": []}"#.utf8).write(to: file)
    let missingKey = try #require(readError("Child", in: directory))
    #expect(missingKey.description.contains("missing key 'relationships'"))
  }

  @Test func aMissingDirectory() {
    let directory = SymbolGraphDirectory(path: "/nonexistent/symbol-graphs")
    #expect(
      throws: SymbolGraphError.unreadableDirectory(path: "/nonexistent/symbol-graphs", detail: "no such directory")
    ) {
      try SymbolGraphReader(directory: directory).externalProtocol(named: "P", module: "M")
    }
  }

  @Test func nearMatchRanking() {
    #expect(NearMatches.editDistance("kitten", "sitting") == 3)
    #expect(
      NearMatches.of("UIScrolViewDelegate", among: ["UIScrollViewDelegate", "UITableViewDelegate"]) == [
        "UIScrollViewDelegate"
      ]
    )
    #expect(NearMatches.of("Delegate", among: ["DelegateA", "DelegateB", "DelegateC", "DelegateD"]).count == 3)
  }

  @Test func availabilityAttributes() {
    let entries = [
      Availability(domain: "macOS", introduced: .init(major: 10, minor: 15)),
      Availability(domain: "iOS", introduced: .init(major: 13)),
      Availability(domain: "tvOS", introduced: .init(major: 13), deprecated: .init(major: 17), message: "no"),
      Availability(domain: "watchOS", isUnconditionallyUnavailable: true),
    ]
    #expect(
      DeclarationText.availabilityAttributes(entries) == [
        "@available(macOS 10.15, iOS 13.0, *)",
        "@available(tvOS, introduced: 13.0, deprecated: 17.0, message: \"no\")",
        "@available(watchOS, unavailable)",
      ]
    )
  }
}
