// The `MultiplexerGeneratorPlugin` build-tool plugin: for a target that applies it, reads `multiplexers.json` in
// the target's directory (the protocols to multiplex, see `MultiplexerList`) and, for each entry, adds a build
// command that runs `multiplex-generate` into the plugin's work directory. The target compiles the generated
// multiplexers; nothing is checked in.
//
// At build time the tool can read only modules that exist before the build starts: toolchain and SDK modules
// (FoundationXML's `XMLParserDelegate`), for which it runs `swift symbolgraph-extract` itself. A module of the
// package graph (a target of this package or of a dependency) may not be built yet when the command runs, and a
// build-tool plugin cannot order its command after another target's compilation: such entries are refused with an
// error that names the command plugin, `swift package generate-multiplexer`, which writes a file to check in.

import Foundation
import PackagePlugin

@main
struct MultiplexerGeneratorPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else {
      throw PluginError("MultiplexerGeneratorPlugin applies to source targets only; '\(target.name)' is not one")
    }
    let listURL = target.directoryURL.appendingPathComponent(MultiplexerList.fileName)
    let listPath = Self.relativePath(of: listURL, to: context.package.directoryURL)
    guard let data = FileManager.default.contents(atPath: listURL.path) else {
      throw PluginError(
        "\(listPath): no such file; target '\(target.name)' applies MultiplexerGeneratorPlugin, which generates "
          + "the multiplexers listed in \(MultiplexerList.fileName) in the target's directory, e.g. "
          + #"{"multiplexers": [{"protocol": "XMLParserDelegate", "module": "FoundationXML"}]}"#
      )
    }
    let list = try MultiplexerList(parsing: data, path: listPath)

    // A module of the package graph cannot be read at build time (see the top of this file).
    let packageModules = Self.sourceModuleNames(in: context.package)
    for entry in list.entries where packageModules.contains(entry.module) {
      throw PluginError(
        "\(listPath): \(entry.label): module '\(entry.module)' is a target of the package graph, which the build "
          + "may not have compiled yet when this plugin's command runs; MultiplexerGeneratorPlugin reads only "
          + "toolchain and SDK modules. Remove the entry and generate the file with the command plugin: swift "
          + "package --allow-writing-to-package-directory generate-multiplexer \(entry.protocolName) --module "
          + "\(entry.module) --output \(Self.relativePath(of: target.directoryURL, to: context.package.directoryURL))"
          + "/Generated/\(entry.typeName).swift"
      )
    }

    let tool = try context.tool(named: "multiplex-generate")
    let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
    return list.entries.map { entry in
      let output = outputDirectory.appendingPathComponent("\(entry.typeName).swift")
      return .buildCommand(
        displayName: "Generating \(entry.typeName) for protocol \(entry.protocolName) of module \(entry.module)",
        executable: tool.url,
        arguments: [entry.protocolName, "--module", entry.module] + entry.arguments + ["--output", output.path],
        environment: [
          // The header's `Regenerate:` line: relative paths only, so that the bytes do not depend on the checkout.
          "MULTIPLEX_GENERATE_COMMAND": "swift build (MultiplexerGeneratorPlugin reads \(listPath))",
          // The package's build is under way: the tool must not read its half-built modules.
          "MULTIPLEX_GENERATE_NO_PACKAGE_BUILD": "1",
        ],
        inputFiles: [listURL],
        outputFiles: [output]
      )
    }
  }

  /// The module names of the source targets of `package` and of every package it depends on.
  private static func sourceModuleNames(in package: Package) -> Set<String> {
    var names: Set<String> = []
    var queue = [package]
    var seen: Set<String> = []
    while !queue.isEmpty {
      let current = queue.removeFirst()
      guard seen.insert(current.id).inserted else { continue }
      for case let target as SourceModuleTarget in current.targets {
        names.insert(target.moduleName)
      }
      queue += current.dependencies.map(\.package)
    }
    return names
  }

  /// `url`'s path relative to `base` when it is inside it, else its full path.
  static func relativePath(of url: URL, to base: URL) -> String {
    let path = url.standardizedFileURL.path
    let prefix = base.standardizedFileURL.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// A plugin failure: one line that says what to do next.
struct PluginError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
