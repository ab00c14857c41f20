// `swift package generate-multiplexer <Protocol> --module <Module> [...]`: runs `multiplex-generate` with the same
// arguments. For a module that is a target of this package or of one of its dependencies, the plugin asks
// SwiftPM for the symbol graphs (of that target and the targets it depends on) and passes them with
// `--symbol-graph-dir`; for any other module (a toolchain module such as FoundationXML) the tool runs
// `swift symbolgraph-extract` itself.
//
// In an Xcode project the plugin adopts XcodeProjectPlugin's `XcodeCommandPlugin` too (at the end of this file, as
// swift-openapi-generator's and grpc-swift-protobuf's plugins do). That module exists only in Xcode: that part has
// not been compiled here.

import Foundation
import PackagePlugin

@main
struct GenerateMultiplexer: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      try run(context.tool(named: "multiplex-generate"), arguments, in: context.package.directoryURL, command: nil)
      return
    }
    guard let module = Self.value(of: "--module", in: arguments) else {
      throw PluginError(
        "pass --module <Module>: the module that declares the protocol (a target of this package or of a "
          + "dependency, or a toolchain module such as FoundationXML)"
      )
    }
    var toolArguments = arguments
    if Self.value(of: "--symbol-graph-dir", in: arguments) == nil,
      let target = Self.sourceModule(named: module, in: context.package)
    {
      let directory = try symbolGraphs(of: target, in: context)
      toolArguments += ["--symbol-graph-dir", directory.path]
    }
    let command =
      (["swift", "package", "--allow-writing-to-package-directory", "generate-multiplexer"]
      + arguments.filter { $0 != "--check" }).map(Self.shellQuoted).joined(separator: " ")
    try run(
      context.tool(named: "multiplex-generate"),
      toolArguments,
      in: context.package.directoryURL,
      command: command
    )
  }

  /// Runs the tool in `directory`, the package's or the Xcode project's (so `--output` is relative to it), prints what it printed on
  /// standard output (the usage, the generated file, or the `wrote <file>: …` line that says what was written)
  /// and turns its exit status into an error that says what to do next; the tool has already printed its
  /// one-line reason on standard error.
  private func run(
    _ tool: PluginContext.Tool,
    _ arguments: [String],
    in directory: URL,
    command: String?
  ) throws {
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    if let command { environment["MULTIPLEX_GENERATE_COMMAND"] = command }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    print(String(decoding: printed, as: UTF8.self), terminator: "")
    switch process.terminationStatus {
    case 0:
      return
    case 1:
      throw PluginError(
        "the generated file is stale; regenerate it with: \(command ?? "swift package generate-multiplexer")"
      )
    case 2:
      throw PluginError(
        "multiplex-generate refused the input (its `error:` line says why); fix the arguments and run again"
      )
    default:
      throw PluginError("multiplex-generate failed with exit status \(process.terminationStatus)")
    }
  }

  /// The symbol graphs of `target` and of the Swift modules it depends on, copied into one directory of the
  /// plugin's work directory (a protocol may refine one declared in a dependency).
  ///
  /// C targets are skipped: a Swift protocol cannot be declared there, and SwiftPM cannot extract the graph of
  /// some (swift-nio-ssl's `CNIOBoringSSLShims`: "invalid argument '-std=c++17' not allowed with 'C'"). A
  /// dependency whose graph cannot be made is skipped too: the tool, run in the package's directory, extracts a
  /// parent protocol's module itself from the package's build when it needs one.
  private func symbolGraphs(of target: SourceModuleTarget, in context: PluginContext) throws -> URL {
    let directory = context.pluginWorkDirectoryURL.appendingPathComponent("symbol-graphs")
    let files = FileManager.default
    try? files.removeItem(at: directory)
    try files.createDirectory(at: directory, withIntermediateDirectories: true)
    let dependencies = target.recursiveTargetDependencies.compactMap { $0 as? SwiftSourceModuleTarget }
    for module in [target] + dependencies.map({ $0 as SourceModuleTarget }) where module.kind != .test {
      let result: PackageManager.SymbolGraphResult
      do {
        result = try packageManager.getSymbolGraph(
          for: module,
          options: .init(minimumAccessLevel: .public, includeSynthesized: false, includeSPI: false)
        )
      } catch {
        guard module.id == target.id else { continue }
        throw PluginError(
          "could not make the symbol graph of target '\(module.name)' (\(error)); "
            + "run `swift build --target \(module.name)` to see why"
        )
      }
      let names = try files.contentsOfDirectory(atPath: result.directoryURL.path)
      for name in names where name.hasSuffix(".symbols.json") {
        let destination = directory.appendingPathComponent(name)
        try? files.removeItem(at: destination)
        try files.copyItem(at: result.directoryURL.appendingPathComponent(name), to: destination)
      }
    }
    return directory
  }

  /// The Swift source module named `module` among the targets of `package` and of its dependencies
  /// (breadth-first, the root package first).
  private static func sourceModule(named module: String, in package: Package) -> SourceModuleTarget? {
    var queue = [package]
    var seen: Set<String> = []
    while !queue.isEmpty {
      let current = queue.removeFirst()
      guard seen.insert(current.id).inserted else { continue }
      for target in current.targets {
        if let source = target as? SourceModuleTarget, source.moduleName == module, source.kind != .test {
          return source
        }
      }
      queue += current.dependencies.map(\.package)
    }
    return nil
  }

  /// The value of `flag` (`--flag value` or `--flag=value`), the last one if repeated.
  private static func value(of flag: String, in arguments: [String]) -> String? {
    var found: String?
    for (index, argument) in arguments.enumerated() {
      if argument == flag, index + 1 < arguments.count {
        found = arguments[index + 1]
      } else if argument.hasPrefix(flag + "=") {
        found = String(argument.dropFirst(flag.count + 1))
      }
    }
    return found
  }

  private static func shellQuoted(_ argument: String) -> String {
    let safe = argument.allSatisfy { character in
      character.isASCII && (character.isLetter || character.isNumber || "-_./=:@+,".contains(character))
    }
    if safe && !argument.isEmpty { return argument }
    return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

#if canImport(XcodeProjectPlugin)
// An Xcode project (Xcode's XcodeProjectPlugin module; not compiled on Linux, where it does not exist): the tool
// runs in the project's directory with the arguments as given. There is no package graph to ask for symbol graphs:
// the module is an SDK or toolchain module, which the tool extracts itself, or `--symbol-graph-dir` names the
// graphs.
import XcodeProjectPlugin

extension GenerateMultiplexer: XcodeCommandPlugin {
  func performCommand(context: XcodePluginContext, arguments: [String]) throws {
    let help = arguments.contains("--help") || arguments.contains("-h")
    let command =
      "Xcode: the project's GenerateMultiplexer command with the arguments "
      + arguments.filter { $0 != "--check" }.map(Self.shellQuoted).joined(separator: " ")
    try run(
      context.tool(named: "multiplex-generate"),
      arguments,
      in: context.xcodeProject.directoryURL,
      command: help ? nil : command
    )
  }
}
#endif

/// A plugin failure: one line that says what to do next.
struct PluginError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
