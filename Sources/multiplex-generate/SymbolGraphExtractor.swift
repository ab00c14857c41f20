// Running `swift symbolgraph-extract` for modules that have no symbol graph on disk.

import Foundation
import MultiplexGenerator

/// Extracts the symbol graphs of toolchain and `-I` modules into a temporary directory that it removes when
/// ``removeTemporaryDirectory()`` is called.
final class SymbolGraphExtractor {
  private let swift: String
  private let target: String?
  private let sdk: String?
  private let includePaths: [String]
  /// The package the tool runs in: its built modules are searched after `includePaths`.
  private let package: PackageBuild?
  private let directory: URL

  /// An extractor that runs `swift` (see ``findSwift()``).
  init(swift: String, target: String?, sdk: String?, includePaths: [String], package: PackageBuild?) {
    self.swift = swift
    self.target = target
    self.sdk = sdk
    self.includePaths = includePaths
    self.package = package
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("multiplex-generate-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
  }

  /// Removes the temporary directory and everything extracted into it.
  func removeTemporaryDirectory() {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The graphs of `module`, extracted with `swift symbolgraph-extract -minimum-access-level public`.
  func graphs(forModule module: String) throws(SymbolGraphError) -> [NamedSymbolGraph] {
    let output = directory.appendingPathComponent(module)
    do {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    } catch {
      throw .unknownModule(module: module, detail: "cannot create \(output.path): \(error.localizedDescription)")
    }
    var arguments = ["symbolgraph-extract", "-module-name", module, "-output-dir", output.path]
    arguments += ["-minimum-access-level", "public"]
    if let target { arguments += ["-target", target] }
    if let sdk { arguments += ["-sdk", sdk] }
    for path in includePaths { arguments += ["-I", path] }
    arguments += package?.searchArguments ?? []
    let (status, errorOutput) = Self.run(swift, arguments)
    let graphs = try SymbolGraphDirectory(path: output.path).graphs(forModule: module)
    guard status == 0, let graphs else {
      let (couldNotLoad, detail) = Self.explain(errorOutput, status: status, package: package)
      throw couldNotLoad
        ? .unknownModule(module: module, detail: detail) : .extractionFailed(module: module, detail: detail)
    }
    return graphs
  }

  /// Whether symbolgraph-extract could not find the module, and one line from its complaint with what to do:
  /// inside a package, build it or use the command plugin; elsewhere, pass the search paths.
  private static func explain(
    _ errorOutput: String,
    status: Int32,
    package: PackageBuild?
  ) -> (couldNotLoad: Bool, detail: String) {
    let lines = errorOutput.split(whereSeparator: \.isNewline).map(String.init)
    let advice =
      package?.advice
      ?? "pass -I with the directory of its .swiftmodule, --target/--sdk, or --symbol-graph-dir; for a module of "
      + "a SwiftPM package, run multiplex-generate in the package's directory after `swift build`, or use "
      + "`swift package generate-multiplexer`"
    // A C module that a Swift module needs (`missing required module 'CNIOLinux'`) comes before the generic
    // complaint about the module asked for.
    if let line = lines.first(where: { $0.contains("missing required module") })
      ?? lines.first(where: {
        $0.contains("Couldn't load module")
      })
    {
      var complaint = line
      if let range = complaint.range(of: "error: ") { complaint = String(complaint[range.upperBound...]) }
      complaint = complaint.trimmingCharacters(in: .whitespaces)
      if complaint.hasSuffix(".") { complaint.removeLast() }
      return (true, "swift symbolgraph-extract: \(complaint); \(advice)")
    }
    var first = lines.first { $0.contains("error:") } ?? lines.first ?? "exit status \(status)"
    if let range = first.range(of: "error: ") { first = String(first[range.upperBound...]) }
    return (false, "swift symbolgraph-extract failed: \(first.trimmingCharacters(in: .whitespaces))")
  }

  /// Runs `executable` with `arguments`; returns its exit status and standard error (standard output is
  /// discarded).
  private static func run(_ executable: String, _ arguments: [String]) -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errorPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (-1, "cannot run \(executable): \(error.localizedDescription)")
    }
    let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The `swift` driver of the toolchain this program runs with: `MULTIPLEX_GENERATE_SWIFT` if set, else the
  /// `bin/swift` of the toolchain whose runtime library is loaded (Linux: `usr/lib/swift/linux/libswiftCore.so`
  /// sits three levels under `usr/bin/swift`), else the first `swift` on `PATH`.
  static func findSwift() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["MULTIPLEX_GENERATE_SWIFT"], !override.isEmpty {
      return override
    }
    if let runtime = runtimeLibraryPath() {
      let toolchainSwift = URL(fileURLWithPath: runtime).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bin/swift").path
      if FileManager.default.isExecutableFile(atPath: toolchainSwift) { return toolchainSwift }
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/swift"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The path of the loaded Swift runtime library, read from the process's memory map (Linux only).
  private static func runtimeLibraryPath() -> String? {
    #if os(Linux)
    guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = line[slash...]
      if path.hasSuffix("/libswiftCore.so") { return String(path) }
    }
    return nil
    #else
    return nil
    #endif
  }
}
