// The generated file imports the module of every type its declarations name: files generated from modules
// compiled here, type-checked against the real `Multiplex` runtime.

import Foundation
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

/// `Multiplex` compiled from this package's sources into a temporary directory, once per test process, as
/// `Scripts/typecheck-objc-golden.sh` compiles it: what a generated file is type-checked against.
enum MultiplexRuntimeModule {
  /// The swiftc arguments that make `import Multiplex` resolve.
  static func searchArguments() throws -> [String] {
    try built.get()
  }

  private static let built: Result<[String], any Error> = Result {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("multiplex-runtime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let header = root.appendingPathComponent("Sources/_MultiplexShims/include/_MultiplexShims.h").path
    try "module _MultiplexShims {\n  header \"\(header)\"\n  export *\n}\n"
      .write(to: directory.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
    let sources = root.appendingPathComponent("Sources/Multiplex")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
      .sorted().map { sources.appendingPathComponent($0).path }
    let result = try runProcess(
      swiftc(),
      [
        "-emit-module", "-module-name", "Multiplex", "-package-name", "multiplex", "-parse-as-library",
        "-swift-version", "6", "-enable-upcoming-feature", "InternalImportsByDefault", "-I", directory.path,
        "-emit-module-path", directory.appendingPathComponent("Multiplex.swiftmodule").path,
      ] + files
    )
    guard result.status == 0 else { throw CompileError(output: result.errorOutput) }
    return ["-I", directory.path]
  }

  struct CompileError: Error {
    var output: String
  }
}

/// The `swiftc` next to the `swift` on PATH.
func swiftc() throws -> String {
  URL(fileURLWithPath: try swiftDriver()).deletingLastPathComponent().appendingPathComponent("swiftc").path
}

/// Compiles `source` as module `name` (a `.swiftmodule` in `directory`, which is also searched for imports).
func compileModule(_ name: String, source: String, in directory: TemporaryDirectory) throws {
  let file = directory.url.appendingPathComponent("\(name).swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  let result = try runProcess(
    swiftc(),
    [
      "-emit-module", "-module-name", name, "-parse-as-library", "-swift-version", "6", "-I", directory.path,
      file.path, "-emit-module-path", directory.url.appendingPathComponent("\(name).swiftmodule").path,
    ]
  )
  try #require(result.status == 0, "swiftc failed for \(name): \(result.errorOutput)")
}

/// Type-checks `files` (Swift 6, warnings as errors, `MemberImportVisibility`: a member is visible only where its
/// module is imported) with the modules of `directory` and `Multiplex`; returns the compiler's errors.
func typecheck(_ files: [URL], modules directory: TemporaryDirectory) throws -> ProcessResult {
  try runProcess(
    swiftc(),
    [
      "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-enable-upcoming-feature",
      "MemberImportVisibility", "-I", directory.path,
    ] + MultiplexRuntimeModule.searchArguments() + files.map(\.path)
  )
}

@Suite struct ImportTests {
  @Test(
    arguments: [
      ("s:6Wheels4TireV", "Wheels"),
      ("s:6Wheels4TireV8PressureV", "Wheels"),
      ("s:6Wheels4TireV6GaugesE8PressureV", "Gauges"),
      ("s:8Dispatch0A5QueueC", "Dispatch"),
      // Word substitutions (`0A3Kit` is `WheelsKit`) and constrained extensions (a generic signature before `E`).
      ("s:6Wheels4TireV0A3KitE8PressureV", "WheelsKit"),
      ("s:6Wheels3BoxV0A3KitSiRszlE9IntNestedV", "WheelsKit"),
      ("s:6Wheels3BoxV6GaugesSiRszlE9IntNestedV", "Gauges"),
      ("s:9SwiftTire0aB6SpokesV", "SwiftTire"),
      ("s:6Wheels4TireV0A3KitE8PressureV0B5ValueV", "WheelsKit"),
      // A part the scan does not read: no module rather than a wrong one.
      ("s:6Wheels4TireVSg", nil),
      ("s:10Foundation12TimeIntervala", "Foundation"),
      ("s:s5ErrorP", nil),
      ("s:Si", nil),
      ("s:SS", nil),
      ("s:Sa", nil),
      ("s:ScT", nil),
      ("s:So8NSObjectC", nil),
      ("s:SC7FlagsV", nil),
      ("c:objc(cs)NSObject", nil),
      ("c:@S@timespec", nil),
    ] as [(String, String?)]
  )
  func theModuleASwiftUSRNames(usr: String, module: String?) {
    #expect(SymbolGraphReader.module(ofSwiftUSR: usr) == module)
  }

  @Test func implicitAndReexportedModules() {
    #expect(SymbolGraphReader.importableModule("Swift") == nil)
    #expect(SymbolGraphReader.importableModule("_Concurrency") == nil)
    #expect(SymbolGraphReader.importableModule("FoundationEssentials") == "Foundation")
    #expect(SymbolGraphReader.importableModule("Wheels") == "Wheels")
  }

  /// A protocol of `Cars` refining one of `Wheels` (whose default implementation the multiplexer calls), naming
  /// `Wheels`'s `Tire`, the `Tire.Pressure` that `Gauges` declares in an extension, `Foundation`'s `Date`,
  /// `URL` and `TimeInterval` and `Dispatch`'s `DispatchQueue`; `Cars` re-exports none of them. The generated
  /// file imports each module and compiles as it is.
  @Test func aGeneratedFileImportsTheModulesOfItsTypesAndCompiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule(
      "Wheels",
      source: """
        public struct Tire: Sendable { public init() {} }
        public protocol Rolling: AnyObject { func roll(_ tire: Tire) }
        extension Rolling { public func roll(_ tire: Tire) {} }
        """,
      in: directory
    )
    try compileModule(
      "Gauges",
      source: "import Wheels\nextension Tire { public struct Pressure: Sendable { public init() {} } }\n",
      in: directory
    )
    try compileModule(
      "Cars",
      source: """
        import Dispatch
        import Foundation
        import Gauges
        import Wheels
        public protocol CarDelegate: Rolling {
          func car(arrivedAt date: Date, after interval: TimeInterval, on queue: DispatchQueue)
          func car(measured pressure: Tire.Pressure) -> URL?
        }
        """,
      in: directory
    )
    let result = try generate(["CarDelegate", "--module", "Cars", "-I", directory.path])
    try #require(result.status == 0, "\(result.errorOutput)")
    let imports = result.output.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(
      imports == [
        "import Cars", "import Dispatch", "import Foundation", "import Gauges", "import Multiplex", "import Wheels",
      ]
    )
    let generated = directory.url.appendingPathComponent("CarDelegateMultiplexer.swift")
    try result.output.write(to: generated, atomically: true, encoding: .utf8)
    let client = directory.url.appendingPathComponent("Client.swift")
    // The client imports `Multiplex`: `add(_:retention:priority:)` is `DelegateMultiplexing`'s, and with
    // `MemberImportVisibility` a member of another module's extension needs that module imported.
    try """
    import Cars
    import Dispatch
    import Foundation
    import Gauges
    import Multiplex
    import Wheels

    final class Car: CarDelegate {
      func car(arrivedAt date: Date, after interval: TimeInterval, on queue: DispatchQueue) {}
      func car(measured pressure: Tire.Pressure) -> URL? { nil }
    }

    func drive(_ multiplexer: CarDelegateMultiplexer, _ car: Car) {
      multiplexer.add(car)
      multiplexer.car(arrivedAt: Date(), after: 1, on: .main)
      _ = multiplexer.car(measured: Tire.Pressure())
      multiplexer.roll(Tire())
    }
    """.write(to: client, atomically: true, encoding: .utf8)
    let compiled = try typecheck([generated, client], modules: directory)
    #expect(compiled.status == 0, "\(compiled.errorOutput)\n\(result.output)")

    // The same file less one of the imports the graph named does not compile: the check is not vacuous. (Not
    // `Dispatch`: swift-corelibs-foundation re-exports it.)
    for module in ["Gauges", "Wheels"] {
      let pruned = result.output.replacingOccurrences(of: "import \(module)\n", with: "")
      try pruned.write(to: generated, atomically: true, encoding: .utf8)
      #expect(try typecheck([generated], modules: directory).status != 0, "compiles without import \(module)")
    }
  }

  /// `--import` adds modules (sorted in with the others, once each); a bad name is a usage error.
  @Test func theImportFlag() throws {
    let arguments = ["XMLParserDelegate", "--module", "FoundationXML"]
    let plain = try generate(arguments)
    let added = try generate(arguments + ["--import", "Dispatch", "--import=Foundation", "--import", "Dispatch"])
    #expect(plain.status == 0 && added.status == 0, "\(added.errorOutput)")
    let imports = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("import ") } }
    #expect(imports(plain.output) == ["import Foundation", "import FoundationXML", "import Multiplex"])
    #expect(
      imports(added.output) == ["import Dispatch", "import Foundation", "import FoundationXML", "import Multiplex"]
    )
    try expectBadInput(arguments + ["--import", "Not.A.Module"], "bad --import 'Not.A.Module': not a module name")
    try expectBadInput(arguments + ["--import"], "missing value for --import")
  }
}
