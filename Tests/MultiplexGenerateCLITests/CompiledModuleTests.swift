// The reader on modules compiled at test time from small sources: what a reviewer found in restated, overloaded
// and merged requirements, and in the modules a generated file imports.

import Foundation
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

/// Modules compiled from `sources` (name and text, in dependency order) into one temporary directory, and the
/// symbol graphs of the last one extracted into another.
struct CompiledModules {
  var modules: TemporaryDirectory
  var graphs: TemporaryDirectory
  var module: String

  init(_ sources: [(name: String, text: String)]) throws {
    modules = try TemporaryDirectory()
    let swiftc = URL(fileURLWithPath: try swiftDriver()).deletingLastPathComponent().appendingPathComponent("swiftc")
    for (name, text) in sources {
      let file = modules.url.appendingPathComponent("\(name).swift")
      try text.write(to: file, atomically: true, encoding: .utf8)
      let compile = try runProcess(
        swiftc.path,
        [
          "-emit-module", "-module-name", name, "-parse-as-library", file.path, "-I", modules.path,
          "-emit-module-path", modules.url.appendingPathComponent("\(name).swiftmodule").path,
        ]
      )
      try #require(compile.status == 0, "swiftc failed: \(compile.errorOutput)")
    }
    module = try #require(sources.last?.name)
    graphs = try extractSymbolGraphs(module, arguments: ["-I", modules.path])
  }

  func readProtocol(_ name: String) throws -> ExternalProtocol {
    try read(name, module: module, in: graphs)
  }

  func remove() {
    modules.remove()
    graphs.remove()
  }
}

@Suite struct CompiledModuleTests {
  /// An overload restated by a refinement (declared `override` in the graph) is the same signature as the parent's:
  /// the default of one overload does not count for a sibling overload that has none.
  @Test func aRestatedOverloadKeepsItsOwnDefault() throws {
    let compiled = try CompiledModules([
      (
        "Q",
        """
        public protocol Base: AnyObject {
          var v: Int? { get }
          func value(arg: Int) -> Int
          func value(arg: String) -> Int
        }
        extension Base { public func value(arg: Int) -> Int { 0 } }
        public protocol Mid: Base {
          var v: Int? { get set }
          func value(arg: Int) -> Int
        }
        public protocol Root2: Mid {}
        """
      )
    ])
    defer { compiled.remove() }
    let root = try compiled.readProtocol("Root2")
    let defaults = Dictionary(
      uniqueKeysWithValues: zip(
        root.source.split(separator: "\n").dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) },
        root.members.map(\.hasDefaultImplementation)
      )
    )
    #expect(defaults["func value(arg: Int) -> Int"] == true, "\(root.source)")
    #expect(defaults["func value(arg: String) -> Int"] == false, "\(root.source)")
  }

  /// A protocol naming a type of `FoundationNetworking` (on Linux, where `URLSessionTask` lives) imports it only
  /// where it exists: on Apple platforms the type is `Foundation`'s and the module does not exist.
  @Test func aPlatformConditionalModuleIsImportedWhereItExists() throws {
    let compiled = try CompiledModules([
      (
        "Net",
        """
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        public protocol NetDelegate: AnyObject {
          func task(_ t: URLSessionTask, didFinish interval: TimeInterval)
        }
        """
      )
    ])
    defer { compiled.remove() }
    let net = try compiled.readProtocol("NetDelegate")
    #expect(net.importedModules.contains("FoundationNetworking"))
    let generated = ExternalGenerator.generate(net, options: GenerationOptions(typeName: "NetMultiplexer"))
    guard case .success(let text) = generated else {
      Issue.record("not generated: \(generated)")
      return
    }
    let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("#") }
    #expect(
      imports == [
        "import Foundation", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif",
        "import Multiplex", "import Net",
      ],
      "\(text)"
    )
  }

  /// A global actor of another module, on a requirement or on the protocol, is an attribute in the graph: its
  /// module is imported as a type's is.
  @Test func aGlobalActorOfAnotherModuleIsImported() throws {
    let compiled = try CompiledModules([
      ("Actors", "@globalActor public actor DBActor { public static let shared = DBActor() }"),
      (
        "P",
        """
        import Actors
        public protocol Obs: AnyObject {
          @DBActor func changed(_ x: Int)
        }
        @DBActor public protocol Obs2: AnyObject {
          func changed2(_ x: Int)
        }
        """
      ),
    ])
    defer { compiled.remove() }
    for name in ["Obs", "Obs2"] {
      let observer = try compiled.readProtocol(name)
      #expect(observer.importedModules.contains("Actors"), "\(name): \(observer.importedModules)")
    }
  }

  /// Types that another module declares in extensions of `Wheels`'s types, one in a constrained extension: their
  /// USRs name `WheelsKit` through a word substitution, so the file imports `WheelsKit` as well as `Wheels`.
  @Test func theModuleOfATypeDeclaredInAnExtensionIsImported() throws {
    let compiled = try CompiledModules([
      ("Wheels", "public struct Tire { public init() {} }\npublic struct Box<T> {}\n"),
      (
        "WheelsKit",
        """
        import Wheels
        extension Tire { public struct Pressure {} }
        extension Box where T == Int { public struct IntNested {} }
        """
      ),
      (
        "Proto",
        """
        import Wheels
        import WheelsKit
        public protocol Uses: AnyObject {
          func a(_ t: Tire.Pressure)
          func b(_ t: Box<Int>.IntNested)
        }
        """
      ),
    ])
    defer { compiled.remove() }
    let uses = try compiled.readProtocol("Uses")
    #expect(Set(uses.importedModules) == ["Wheels", "WheelsKit"], "\(uses.importedModules)")
  }

  /// Two unrelated parents: parameter types that differ in a type attribute are two overloads; a get-only and a
  /// settable property, or a throwing and a non-throwing method, are one requirement, declared as the one a
  /// member satisfies both with.
  @Test func unrelatedParentsMergeWhatOneMemberSatisfies() throws {
    let compiled = try CompiledModules([
      (
        "Parents",
        """
        public protocol A: AnyObject {
          func take(_ f: @escaping () -> Void)
          var z: Int? { get }
          func q() throws
          var w: Int? { get set }
          func r()
        }
        public protocol B: AnyObject {
          func take(_ f: @escaping @Sendable () -> Void)
          var z: Int? { get set }
          func q()
          var w: Int? { get }
          func r() throws
        }
        public protocol C: A, B {}
        """
      )
    ])
    defer { compiled.remove() }
    let merged = try compiled.readProtocol("C")
    let lines = merged.source.split(separator: "\n").dropFirst().dropLast().map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(
      lines.sorted() == [
        "func q()", "func r()", "func take(_ f: @escaping () -> Void)",
        "func take(_ f: @escaping @Sendable () -> Void)", "var w: Int? { get set }", "var z: Int? { get set }",
      ],
      "\(merged.source)"
    )
    #expect(merged.members.count == lines.count)
    let generated = ExternalGenerator.generate(merged, options: GenerationOptions(typeName: "CMultiplexer"))
    guard case .success = generated else {
      Issue.record("not generated: \(generated)")
      return
    }
  }
}
