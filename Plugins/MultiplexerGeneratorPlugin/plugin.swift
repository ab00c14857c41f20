// The `MultiplexerGeneratorPlugin` build-tool plugin: for a target that applies it, adds one build command that runs
// `multiplex-generate --list <target>/multiplexers.json` (the protocols to multiplex; `Usage.swift` and
// `MultiplexerList.swift` of the tool describe the format) into the plugin's work directory. The target compiles
// the generated multiplexers; nothing generated is checked in.
//
// The tool, not the plugin, reads the list: SwiftPM runs a build-tool plugin again only when the package's
// structure changes (manifests, files added or removed), not when a file's contents change, while a build command
// runs again whenever a declared input (the list, the tool) changes. So the command's output is one file with a
// fixed name, whatever the list holds.
//
// At build time the tool can read only modules that exist before the build starts: toolchain and SDK modules
// (FoundationXML's `XMLParserDelegate`), for which it runs `swift symbolgraph-extract` itself. A module of the
// package graph (a target of this package or of a dependency) may not be built yet when the command runs, and a
// build-tool plugin cannot order its command after another target's compilation: the plugin passes the graph's
// module names (`MULTIPLEX_GENERATE_PACKAGE_MODULES`), and the tool refuses them with an error that names the
// command plugin, `swift package generate-multiplexer`, which writes a file to check in.

import Foundation
import PackagePlugin

@main
struct MultiplexerGeneratorPlugin: BuildToolPlugin {
  /// The list's name, in the directory of the target that applies the plugin.
  static let listName = "multiplexers.json"
  /// The generated file's name, in the plugin's work directory (unlikely to be a source file's of the target: a
  /// module may not have two files of the same name).
  static let outputName = "GeneratedMultiplexers.swift"

  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else {
      throw PluginError("MultiplexerGeneratorPlugin applies to source targets only; '\(target.name)' is not one")
    }
    let list = target.directoryURL.appendingPathComponent(Self.listName)
    let listPath = Self.relativePath(of: list, to: context.package.directoryURL)
    guard FileManager.default.fileExists(atPath: list.path) else {
      throw PluginError(
        "\(listPath): no such file; target '\(target.name)' applies MultiplexerGeneratorPlugin, which generates "
          + "the multiplexers listed in \(Self.listName) in the target's directory, such as "
          + #"{"multiplexers": [{"protocol": "XMLParserDelegate", "module": "FoundationXML"}]}"#
      )
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent(Self.outputName)
    return [
      .buildCommand(
        displayName: "Generating the multiplexers listed in \(listPath)",
        executable: try context.tool(named: "multiplex-generate").url,
        arguments: ["--list", list.path, "--output", output.path],
        environment: [
          // The header's `Regenerate:` line: a relative path, so that the bytes do not depend on the checkout.
          "MULTIPLEX_GENERATE_COMMAND": "swift build (MultiplexerGeneratorPlugin reads \(listPath))",
          // The package's build is under way: the tool must not read it, and refuses its modules.
          "MULTIPLEX_GENERATE_PACKAGE_MODULES": Self.sourceModuleNames(in: context.package).sorted()
            .joined(separator: " "),
        ],
        inputFiles: [list],
        outputFiles: [output]
      )
    ]
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
  private static func relativePath(of url: URL, to base: URL) -> String {
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
