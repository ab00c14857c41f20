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
//
// In an Xcode project the plugin adopts XcodeProjectPlugin's `XcodeBuildToolPlugin` too (at the end of this file,
// as swift-openapi-generator's build-tool plugin does). That module exists only in Xcode: that part has not been
// compiled here.

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
    return [
      Self.buildCommand(
        list: list,
        listPath: listPath,
        tool: try context.tool(named: "multiplex-generate").url,
        workDirectory: context.pluginWorkDirectoryURL,
        modulesBeingBuilt: Self.sourceModuleNames(in: context.package)
      )
    ]
  }

  /// The command that generates the multiplexers `list` names, for a package's target and an Xcode project's alike.
  ///
  /// - Parameters:
  ///   - listPath: The list's path as the generated file's header shows it (relative to the package or project).
  ///   - modulesBeingBuilt: The modules of the build under way, which the tool refuses to read.
  ///   - build: What runs the command, for the header's `Regenerate:` line.
  static func buildCommand(
    build: String = "swift build",
    list: URL,
    listPath: String,
    tool: URL,
    workDirectory: URL,
    modulesBeingBuilt: Set<String>
  ) -> Command {
    let output = workDirectory.appendingPathComponent(Self.outputName)
    return .buildCommand(
      displayName: "Generating the multiplexers listed in \(listPath)",
      executable: tool,
      arguments: ["--list", list.path, "--output", output.path],
      environment: [
        // The header's `Regenerate:` line: a relative path, so that the bytes do not depend on the checkout.
        "MULTIPLEX_GENERATE_COMMAND": "\(build) (MultiplexerGeneratorPlugin reads \(listPath))",
        // The build is under way: the tool must not read its modules, and refuses them.
        "MULTIPLEX_GENERATE_PACKAGE_MODULES": modulesBeingBuilt.sorted().joined(separator: " "),
      ],
      inputFiles: [list],
      outputFiles: [output]
    )
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

#if canImport(XcodeProjectPlugin)
// An Xcode project's target (Xcode's XcodeProjectPlugin module; not compiled on Linux, where it does not exist).
// A target has no directory of its own there: the list is the `multiplexers.json` among the target's files (add it
// to the target; it need not be copied into the product). The project's targets are the modules being built.
import XcodeProjectPlugin

extension MultiplexerGeneratorPlugin: XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
    let lists = target.inputFiles.map(\.url).filter { $0.lastPathComponent == Self.listName }
    guard lists.count == 1, let list = lists.first else {
      throw PluginError(
        "target '\(target.displayName)' applies MultiplexerGeneratorPlugin, which generates the multiplexers "
          + "listed in a file named \(Self.listName) among the target's files; it has \(lists.count)"
      )
    }
    return [
      Self.buildCommand(
        build: "an Xcode build",
        list: list,
        listPath: Self.relativePath(of: list, to: context.xcodeProject.directoryURL),
        tool: try context.tool(named: "multiplex-generate").url,
        workDirectory: context.pluginWorkDirectoryURL,
        modulesBeingBuilt: Set(context.xcodeProject.targets.map(\.displayName))
      )
    ]
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
