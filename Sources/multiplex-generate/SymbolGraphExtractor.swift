// Running `swift symbolgraph-extract` for modules that have no symbol graph on disk.

import MultiplexModel
import MultiplexSymbolGraphReader

/// Extracts the symbol graphs of toolchain and `-I` modules into a temporary directory, made when the first module
/// is extracted, that it removes when ``removeTemporaryDirectory()`` is called.
final class SymbolGraphExtractor {
  private let swift: String
  private let target: String?
  private let sdk: String?
  private let includePaths: [String]
  /// The package the tool runs in: its built modules are searched after `includePaths`.
  private let package: PackageBuild?
  /// How many seconds `swift symbolgraph-extract` may run before it is stopped (see ``ChildProcess/timeout(in:)``).
  private let timeout: Double
  /// The temporary directory, once made.
  private var directory: String?

  /// An extractor that runs `swift` (see ``findSwift(timeout:)``), stopping a run that takes longer than `timeout`
  /// seconds.
  init(swift: String, target: String?, sdk: String?, includePaths: [String], package: PackageBuild?, timeout: Double) {
    self.swift = swift
    self.timeout = timeout
    self.target = target
    self.sdk = sdk
    self.includePaths = includePaths
    self.package = package
  }

  /// Removes the temporary directory and everything extracted into it.
  func removeTemporaryDirectory() {
    if let directory { FileSystem.removeItem(directory) }
    directory = nil
  }

  /// The graphs of `module`, extracted with `swift symbolgraph-extract -minimum-access-level public`.
  func graphs(forModule module: String) throws(SymbolGraphError) -> [NamedSymbolGraph] {
    let directory: String
    do {
      directory = try self.directory ?? FileSystem.makeTemporaryDirectory(prefix: "multiplex-generate-")
    } catch {
      throw .unknownModule(module: module, detail: "cannot create a temporary directory: \(error)")
    }
    self.directory = directory
    let output = Path.join(directory, module)
    do {
      try FileSystem.createDirectory(output)
    } catch {
      throw .unknownModule(module: module, detail: "cannot create \(output): \(error)")
    }
    var arguments = ["symbolgraph-extract", "-module-name", module, "-output-dir", output]
    arguments += ["-minimum-access-level", "public"]
    if let target { arguments += ["-target", target] }
    if let sdk { arguments += ["-sdk", sdk] }
    if let target, let sdk { arguments += Self.macCatalystSearchPaths(target: target, sdk: sdk) }
    for path in includePaths { arguments += ["-I", path] }
    arguments += package?.searchArguments ?? []
    let (termination, errorOutput) = ChildProcess.run(swift, arguments, timeout: timeout)
    let status: Int32
    switch termination {
    case .exited(let code):
      status = code
    case .killedBySignal(let signal):
      throw .extractionFailed(module: module, detail: "swift symbolgraph-extract was killed by signal \(signal)")
    case .timedOut:
      throw .extractionFailed(
        module: module,
        detail: "swift symbolgraph-extract did not finish within \(Self.describeSeconds(timeout)) and was "
          + "stopped; to allow it longer, set \(ChildProcess.timeoutVariable) to a number of seconds (default "
          + "\(Self.describeSeconds(ChildProcess.defaultTimeout)))"
      )
    case .notStarted(let message):
      throw .extractionFailed(module: module, detail: "swift symbolgraph-extract failed: \(message)")
    }
    let graphs = try SymbolGraphDirectory(path: output).graphs(forModule: module)
    guard status == 0, let graphs else {
      let (couldNotLoad, detail) = Self.explain(errorOutput, status: status, package: package)
      throw couldNotLoad
        ? .unknownModule(module: module, detail: detail) : .extractionFailed(module: module, detail: detail)
    }
    return graphs
  }

  /// `600 seconds`, `1 second`, `0.5 seconds`.
  private static func describeSeconds(_ seconds: Double) -> String {
    // Not `rounded()`: the tool links no math library.
    let whole = seconds < 1e15 ? Int(seconds) : nil
    let number = whole.flatMap { Double($0) == seconds ? String($0) : nil } ?? String(seconds)
    return number + (number == "1" ? " second" : " seconds")
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
    if let line = lines.first(where: { $0.containsText("missing required module") })
      ?? lines.first(where: {
        $0.containsText("Couldn't load module")
      })
    {
      var complaint = line
      if let range = complaint.rangeOfText("error: ") { complaint = String(complaint[range.upperBound...]) }
      complaint = complaint.trimmingSpacesAndTabs()
      if complaint.hasSuffix(".") { complaint.removeLast() }
      return (true, "swift symbolgraph-extract: \(complaint); \(advice)")
    }
    var first = lines.first { $0.containsText("error:") } ?? lines.first ?? "exit status \(status)"
    if let range = first.rangeOfText("error: ") { first = String(first[range.upperBound...]) }
    return (false, "swift symbolgraph-extract failed: \(first.trimmingSpacesAndTabs())")
  }

  /// The `swift` driver of the toolchain this program runs with: `MULTIPLEX_GENERATE_SWIFT` if set; else on Linux
  /// the `bin/swift` of the toolchain whose runtime library is loaded (`usr/lib/swift/linux/libswiftCore.so` sits
  /// three levels under `usr/bin/swift`), on macOS the one `xcrun --find swift` names (the selected Xcode's or
  /// `TOOLCHAINS`' toolchain: the runtime there is the system's, which names no toolchain); else the first `swift`
  /// on `PATH`. `timeout` bounds the run of `xcrun`.
  static func findSwift(timeout: Double) -> String? {
    let environment = ChildProcess.environment
    if let override = environment["MULTIPLEX_GENERATE_SWIFT"], !override.isEmpty {
      return override
    }
    if let runtime = runtimeLibraryPath() {
      var toolchain = runtime
      for _ in 0..<4 { toolchain = Path.deletingLastComponent(toolchain) }
      let toolchainSwift = Path.join(toolchain, "bin/swift")
      if FileSystem.isExecutableFile(toolchainSwift) { return toolchainSwift }
    }
    #if os(macOS)
    let (termination, output) = ChildProcess.run(
      "/usr/bin/xcrun",
      ["--find", "swift"],
      capturing: .standardOutput,
      timeout: timeout
    )
    let found = output.trimmingSpacesAndTabs().split(whereSeparator: \.isNewline).first.map(String.init)
    if termination == .exited(0), let found, FileSystem.isExecutableFile(found) { return found }
    #endif
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/swift"
      if FileSystem.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// For a Mac Catalyst target (`arm64-apple-ios14.0-macabi`), the search paths of the iOS frameworks a MacOSX SDK
  /// keeps in `System/iOSSupport` (UIKit's Catalyst build), as `Scripts/apple-check.sh` passes them; none otherwise.
  static func macCatalystSearchPaths(target: String, sdk: String) -> [String] {
    guard target.hasSuffix("-macabi") else { return [] }
    let support = Path.join(sdk, "System/iOSSupport")
    return [
      "-Fsystem", Path.join(support, "System/Library/Frameworks"), "-I", Path.join(support, "usr/lib/swift"),
      "-Xcc", "-isystem", "-Xcc", Path.join(support, "usr/include"),
    ]
  }

  /// The SDK of the Apple platform `target` names (`arm64-apple-ios13.0` → the `iphoneos` SDK,
  /// `…-simulator` → `iphonesimulator`, `…-macabi` → `macosx`), as `xcrun --sdk <name> --show-sdk-path` finds it on macOS; `nil` elsewhere,
  /// or for a target of no Apple platform. `timeout` bounds the run of `xcrun`.
  static func appleSDK(forTarget target: String, timeout: Double) -> String? {
    #if os(macOS)
    let parts = target.split(separator: "-")
    guard parts.count >= 3, parts[1] == "apple" else { return nil }
    let system = parts[2].prefix { $0.isLetter }
    let isSimulator = parts.count > 3 && parts[3] == "simulator"
    // Mac Catalyst builds against the MacOSX SDK (its iOS frameworks in `System/iOSSupport`).
    let isMacCatalyst = parts.count > 3 && parts[3] == "macabi"
    let names: [Substring: (device: String, simulator: String)] = [
      "ios": ("iphoneos", "iphonesimulator"), "tvos": ("appletvos", "appletvsimulator"),
      "watchos": ("watchos", "watchsimulator"), "xros": ("xros", "xrsimulator"), "macosx": ("macosx", "macosx"),
      "macos": ("macosx", "macosx"),
    ]
    guard let name = names[system] else { return nil }
    let (termination, output) = ChildProcess.run(
      "/usr/bin/xcrun",
      ["--sdk", isMacCatalyst ? "macosx" : isSimulator ? name.simulator : name.device, "--show-sdk-path"],
      capturing: .standardOutput,
      timeout: timeout
    )
    let path = output.trimmingSpacesAndTabs().split(whereSeparator: \.isNewline).first.map(String.init)
    guard termination == .exited(0), let path, FileSystem.isDirectory(path) else { return nil }
    return path
    #else
    return nil
    #endif
  }

  /// The path of the loaded Swift runtime library, read from the process's memory map (Linux only).
  private static func runtimeLibraryPath() -> String? {
    #if os(Linux)
    guard let bytes = try? FileSystem.contents(ofFile: "/proc/self/maps") else { return nil }
    let maps = String(decoding: bytes, as: UTF8.self)
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
