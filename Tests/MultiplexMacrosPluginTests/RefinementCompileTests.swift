import Foundation
import Testing

/// Refinement, compiled by the real compiler with the built macro plugin: what cannot be checked in one module's
/// test target (a parent of another module, a parent that is not `@Multiplexed`, which must not compile).
@Suite(.enabled(if: RefinementCompiler.available != nil, "the built plugin and modules are not where expected"))
struct RefinementCompileTests {
  /// A `public` `@Multiplexed` protocol of another module can be refined: the refinement's multiplexer implements
  /// its requirements through the other module's forwarders.
  @Test func aParentOfAnotherModule() throws {
    let compiler = try #require(RefinementCompiler.available)
    let directory = try compiler.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let parent = try compiler.run(
      """
      import MultiplexMacros
      @Multiplexed
      public protocol KitDelegate: AnyObject {
        func kitDidStart()
        func kitAnswer() -> Int?
      }
      """,
      module: "Kit",
      in: directory,
      emitModule: true
    )
    try #require(parent.status == 0, "\(parent.errors)")
    let child = try compiler.run(
      """
      import MultiplexMacros
      import Kit
      @Multiplexed
      public protocol AppDelegate: Kit.KitDelegate {
        func appDidStart()
      }
      final class Observer: AppDelegate {
        func kitDidStart() {}
        func appDidStart() {}
      }
      func use(_ multiplexer: AppDelegateMultiplexer) -> Int? {
        let kit: any Kit.KitDelegate = multiplexer
        multiplexer.add(Observer())
        kit.kitDidStart()
        return multiplexer.kitAnswer()
      }
      """,
      module: "App",
      in: directory,
      emitModule: false
    )
    #expect(child.status == 0, "\(child.errors)")
    #expect(child.errors.isEmpty)
  }

  /// A parent that is not `@Multiplexed`: one error on the user's line (where the refinement names the parent)
  /// says so and what to do; the others, in the refinement's expansion, name the parent too (its missing
  /// forwarding protocol, in the class's and the forwarding protocol's inheritance clauses, and the class's missing
  /// conformance).
  @Test func aParentThatIsNotMultiplexed() throws {
    let compiler = try #require(RefinementCompiler.available)
    let directory = try compiler.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try compiler.run(
      """
      import MultiplexMacros
      protocol PlainDelegate: AnyObject {
        func ping()
      }
      @Multiplexed
      protocol ChildDelegate: PlainDelegate {
        func pong()
      }
      """,
      module: "Plain",
      in: directory,
      emitModule: false
    )
    #expect(result.status != 0)
    let headlines = result.errors.filter { $0.contains(" error: ") && !$0.contains("|") }
    let onTheUsersLine = headlines.filter { $0.hasPrefix(directory.appendingPathComponent("Plain.swift").path + ":6:") }
    #expect(
      onTheUsersLine.count == 1
        && onTheUsersLine[0].hasSuffix(
          "error: '_requireMultiplexedPlainDelegate' is unavailable: 'PlainDelegate' is not @Multiplexed, so "
            + "'ChildDelegate' cannot refine it: add @Multiplexed to 'PlainDelegate', or declare its requirements in "
            + "'ChildDelegate' instead of refining it"
        ),
      "\(headlines)"
    )
    let inTheExpansion = headlines.filter { $0.hasPrefix("macro expansion @Multiplexed:") }
    #expect(inTheExpansion.count == headlines.count - 1, "\(headlines)")
    #expect(
      inTheExpansion.contains { $0.hasSuffix("error: cannot find type 'PlainDelegateMultiplexerForwarding' in scope") }
    )
    #expect(headlines.allSatisfy { $0.contains("'PlainDelegate") })
  }

  /// A requirement both parents of a diamond restate has two equally good forwarders: the refinement's
  /// multiplexer does not conform until the refinement restates it too (as the article says).
  @Test(arguments: [false, true])
  func aRequirementRestatedByBothParentsOfADiamond(restatedByTheRefinement: Bool) throws {
    let compiler = try #require(RefinementCompiler.available)
    let directory = try compiler.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try compiler.run(
      """
      import MultiplexMacros
      @Multiplexed protocol Root: AnyObject { func ping() }
      @Multiplexed protocol Left: Root { func ping() }
      @Multiplexed protocol Right: Root { func ping() }
      @Multiplexed protocol Both: Left, Right {
        func other()
        \(restatedByTheRefinement ? "func ping()" : "")
      }
      """,
      module: "Diamond",
      in: directory,
      emitModule: false
    )
    if restatedByTheRefinement {
      #expect(result.status == 0, "\(result.errors)")
    } else {
      #expect(result.status != 0)
      #expect(
        result.errors.contains { $0.hasSuffix("error: type 'BothMultiplexer' does not conform to protocol 'Left'") }
      )
    }
  }
}

/// The compiler, with the macro plugin and modules this test run was built with.
struct RefinementCompiler {
  let swiftc: URL
  let buildDirectory: URL

  /// The compiler next to the `swift` on `PATH`, and the build directory of this test binary; `nil` when the
  /// plugin or a module is missing.
  static let available: RefinementCompiler? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    guard
      let swiftc = path.split(separator: ":").map({ URL(fileURLWithPath: "\($0)/swiftc") }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0.path)
      })
    else { return nil }
    // The test binary lives in the build directory (`.build/<triple>/debug/MultiplexPackageTests.xctest`).
    var directory = Bundle.main.bundleURL
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("MultiplexMacrosPlugin-tool").path) {
        return RefinementCompiler(swiftc: swiftc, buildDirectory: directory)
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }()

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("refinement-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Compiles `source` as module `module` with `directory` on the import path: emits the module into
  /// `directory` with `emitModule`, else type-checks it. Returns the status and the compiler's output lines.
  func run(
    _ source: String,
    module: String,
    in directory: URL,
    emitModule: Bool
  ) throws -> (status: Int32, errors: [String]) {
    let file = directory.appendingPathComponent("\(module).swift")
    try (source + "\n").write(to: file, atomically: true, encoding: .utf8)
    var arguments = [
      "-module-name", module, "-swift-version", "6", "-parse-as-library",
      "-I", buildDirectory.appendingPathComponent("Modules").path, "-I", directory.path,
      "-Xcc",
      "-fmodule-map-file="
        + buildDirectory.appendingPathComponent("_MultiplexShims.build/module.modulemap").path,
      "-load-plugin-executable",
      buildDirectory.appendingPathComponent("MultiplexMacrosPlugin-tool").path + "#MultiplexMacrosPlugin",
      file.path,
    ]
    if emitModule {
      arguments += [
        "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
      ]
    } else {
      arguments += ["-typecheck"]
    }
    return try Self.launch(swiftc, arguments)
  }

  private static func launch(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: [String]) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return (process.terminationStatus, lines)
  }
}
