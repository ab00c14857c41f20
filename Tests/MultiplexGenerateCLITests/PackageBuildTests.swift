// `multiplex-generate` run inside a SwiftPM package finds the package's built modules itself: the Swift modules
// in `.build/debug/Modules` and the C modules' module maps, which a Swift module of the package needs loaded.

import Foundation
import Testing

@Suite struct PackageBuildTests {
  /// A package laid out as SwiftPM builds it: `Package.swift`, the Swift module `Gadgets` in
  /// `.build/debug/Modules`, which imports two C modules: `CGadget`, whose module map SwiftPM wrote
  /// (`.build/debug/CGadget.build/module.modulemap`, and a copy in `.build/debug/CGadget-tool.build` as SwiftPM 6
  /// writes for the host tools' build), and `CDep`, a dependency's target with its own
  /// (`.build/checkouts/dep/Sources/CDep/include/module.modulemap`).
  private func builtPackage() throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    let root = package.url
    let files = FileManager.default
    try "// swift-tools-version: 6.0\n".write(
      to: root.appendingPathComponent("Package.swift"),
      atomically: true,
      encoding: .utf8
    )
    let include = root.appendingPathComponent("Sources/CGadget/include")
    try files.createDirectory(at: include, withIntermediateDirectories: true)
    try "struct gadget_point { int x; };\n".write(
      to: include.appendingPathComponent("gadget.h"),
      atomically: true,
      encoding: .utf8
    )
    let generatedMap = root.appendingPathComponent(".build/debug/CGadget.build")
    try files.createDirectory(at: generatedMap, withIntermediateDirectories: true)
    try "module CGadget {\n  header \"\(include.appendingPathComponent("gadget.h").path)\"\n  export *\n}\n".write(
      to: generatedMap.appendingPathComponent("module.modulemap"),
      atomically: true,
      encoding: .utf8
    )
    // SwiftPM 6 also builds a target that a macro or plugin needs for the host, into `<Target>-tool.build`, with
    // its own copy of the module map: two maps defining `CGadget`.
    let toolMap = root.appendingPathComponent(".build/debug/CGadget-tool.build")
    try files.createDirectory(at: toolMap, withIntermediateDirectories: true)
    try files.copyItem(
      at: generatedMap.appendingPathComponent("module.modulemap"),
      to: toolMap.appendingPathComponent("module.modulemap")
    )
    let depInclude = root.appendingPathComponent(".build/checkouts/dep/Sources/CDep/include")
    try files.createDirectory(at: depInclude, withIntermediateDirectories: true)
    try "struct dep_size { int width; };\n".write(
      to: depInclude.appendingPathComponent("dep.h"),
      atomically: true,
      encoding: .utf8
    )
    try "module CDep {\n  header \"dep.h\"\n  export *\n}\n".write(
      to: depInclude.appendingPathComponent("module.modulemap"),
      atomically: true,
      encoding: .utf8
    )
    let modules = root.appendingPathComponent(".build/debug/Modules")
    try files.createDirectory(at: modules, withIntermediateDirectories: true)
    let source = root.appendingPathComponent("Gadgets.swift")
    try """
    import CDep
    import CGadget
    public protocol GadgetDelegate: AnyObject { func gadgetMoved(by steps: Int) }
    public func origin() -> gadget_point { gadget_point(x: 0) }
    public func size() -> dep_size { dep_size(width: 1) }
    """.write(to: source, atomically: true, encoding: .utf8)
    let compile = try runProcess(
      swiftc(),
      [
        "-emit-module", "-module-name", "Gadgets", "-parse-as-library", source.path,
        "-Xcc", "-fmodule-map-file=\(generatedMap.appendingPathComponent("module.modulemap").path)",
        "-Xcc", "-fmodule-map-file=\(depInclude.appendingPathComponent("module.modulemap").path)",
        "-emit-module-path", modules.appendingPathComponent("Gadgets.swiftmodule").path,
      ]
    )
    try #require(compile.status == 0, "\(compile.errorOutput)")
    return package
  }

  @Test func insideTheBuiltPackageNoFlagsAreNeeded() throws {
    let package = try builtPackage()
    defer { package.remove() }
    // From the package's directory and from a directory under it.
    let nested = package.url.appendingPathComponent("Sources/CGadget")
    for directory in [package.url, nested] {
      let result = try generate(["GadgetDelegate", "--module", "Gadgets"], in: directory)
      #expect(result.status == 0, "\(result.errorOutput)")
      #expect(result.output.contains("func gadgetMoved(by steps: Int)"))
    }
  }

  @Test func outsideThePackageTheErrorSaysWhatToDo() throws {
    let package = try builtPackage()
    defer { package.remove() }
    let elsewhere = try TemporaryDirectory()
    defer { elsewhere.remove() }
    // The Swift module is found, its C module is not: one line naming it, saying what to do.
    let modules = package.url.appendingPathComponent(".build/debug/Modules").path
    let result = try generate(["GadgetDelegate", "--module", "Gadgets", "-I", modules], in: elsewhere.url)
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errorOutput)")
    #expect(result.errorOutput.hasPrefix("error: unknown module 'Gadgets': "))
    #expect(result.errorOutput.contains("missing required modules: 'CDep', 'CGadget'"))
    #expect(
      result.errorOutput.contains(
        "run multiplex-generate in the package's directory after `swift build`, or use "
          + "`swift package generate-multiplexer`"
      )
    )
  }

  @Test func anUnbuiltPackageIsToldToBuild() throws {
    let package = try builtPackage()
    defer { package.remove() }
    try FileManager.default.removeItem(at: package.url.appendingPathComponent(".build/debug/Modules"))
    let result = try generate(["GadgetDelegate", "--module", "Gadgets"], in: package.url)
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errorOutput)")
    #expect(result.errorOutput.contains("is not built: run `swift build` there first"))
  }

  /// Of a debug and a release build, the one built last is used: here the release build, made after a debug
  /// build that did not have the module yet.
  @Test func theConfigurationBuiltLastIsUsed() throws {
    let package = try builtPackage()
    defer { package.remove() }
    let build = package.url.appendingPathComponent(".build")
    let files = FileManager.default
    try files.moveItem(at: build.appendingPathComponent("debug/Modules"), to: build.appendingPathComponent("Modules"))
    try files.createDirectory(at: build.appendingPathComponent("debug/Modules"), withIntermediateDirectories: true)
    try files.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)],
      ofItemAtPath: build.appendingPathComponent("debug/Modules").path
    )
    try files.createDirectory(at: build.appendingPathComponent("release"), withIntermediateDirectories: true)
    try files.moveItem(at: build.appendingPathComponent("Modules"), to: build.appendingPathComponent("release/Modules"))
    try files.moveItem(
      at: build.appendingPathComponent("debug/CGadget.build"),
      to: build.appendingPathComponent("release/CGadget.build")
    )
    let result = try generate(["GadgetDelegate", "--module", "Gadgets"], in: package.url)
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("func gadgetMoved(by steps: Int)"))
  }

  /// With --target or --sdk, the modules are for that platform, not the host's build of the package: the package's
  /// build is not searched.
  @Test func aTargetOrSDKLeavesThePackageBuildOut() throws {
    let package = try builtPackage()
    defer { package.remove() }
    let result = try generate(["GadgetDelegate", "--module", "Gadgets", "--sdk", "/"], in: package.url)
    #expect(result.status == 2, "\(result.output)")
    #expect(result.errorOutput.hasPrefix("error: unknown module 'Gadgets': "), "\(result.errorOutput)")
    #expect(!result.errorOutput.contains("the package's build"), "\(result.errorOutput)")
  }

  /// Run by the build-tool plugin (`MULTIPLEX_GENERATE_PACKAGE_MODULES` set), the tool never reads the package's
  /// build, which is under way: a module of the package graph is refused with the command plugin's command, and
  /// any module the variable does not name is looked for without the package's build.
  @Test func theBuildToolPluginsVariableLeavesThePackageBuildOut() throws {
    let package = try builtPackage()
    defer { package.remove() }
    var environment = coldModuleCacheEnvironment
    environment["MULTIPLEX_GENERATE_PACKAGE_MODULES"] = "CGadget Gadgets"
    let refused = try runProcess(
      generatorPath(),
      ["GadgetDelegate", "--module", "Gadgets"],
      in: package.url,
      environment: environment
    )
    #expect(refused.status == 2, "\(refused.output)")
    #expect(refused.errorLines.count == 1, "\(refused.errorOutput)")
    #expect(
      refused.errorOutput.hasPrefix("error: module 'Gadgets' is a target of the package graph"),
      "\(refused.errorOutput)"
    )
    #expect(refused.errorOutput.contains("generate-multiplexer GadgetDelegate --module Gadgets --output"))

    environment["MULTIPLEX_GENERATE_PACKAGE_MODULES"] = ""
    let unread = try runProcess(
      generatorPath(),
      ["GadgetDelegate", "--module", "Gadgets"],
      in: package.url,
      environment: environment
    )
    #expect(unread.status == 2, "\(unread.output)")
    #expect(unread.errorOutput.hasPrefix("error: unknown module 'Gadgets': "), "\(unread.errorOutput)")
    #expect(!unread.errorOutput.contains("the package's build"), "\(unread.errorOutput)")
  }

  /// Dependencies that SwiftPM resolved to a directory are not under `.build/checkouts`: a path dependency
  /// (`.package(path: "../LocalDep")`, whose system-library target `CLocal` has its module map in its folder)
  /// and an edited one (`swift package edit`, in `Packages/edited`, whose target `CEdited` has its map in
  /// `include`). The tool finds them where SwiftPM records them, in `.build/workspace-state.json`.
  @Test func theCModulesOfDependenciesResolvedToADirectoryAreFound() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    let files = FileManager.default
    let root = workspace.url.appendingPathComponent("Root")
    let dependency = workspace.url.appendingPathComponent("LocalDep")
    func write(_ text: String, to url: URL) throws {
      try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write("// swift-tools-version: 6.0\n", to: root.appendingPathComponent("Package.swift"))
    try write("// swift-tools-version: 6.0\n", to: dependency.appendingPathComponent("Package.swift"))
    let localMap = dependency.appendingPathComponent("Sources/CLocal/module.modulemap")
    try write("struct local_size { int width; };\n", to: dependency.appendingPathComponent("Sources/CLocal/local.h"))
    try write("module CLocal {\n  header \"local.h\"\n  export *\n}\n", to: localMap)
    let editedInclude = root.appendingPathComponent("Packages/edited/Sources/CEdited/include")
    try write("struct edited_size { int height; };\n", to: editedInclude.appendingPathComponent("edited.h"))
    try write(
      "module CEdited {\n  header \"edited.h\"\n  export *\n}\n",
      to: editedInclude.appendingPathComponent("module.modulemap")
    )
    let modules = root.appendingPathComponent(".build/debug/Modules")
    try files.createDirectory(at: modules, withIntermediateDirectories: true)
    let source = root.appendingPathComponent("Gadgets.swift")
    try write(
      """
      import CEdited
      import CLocal
      public protocol GadgetDelegate: AnyObject { func gadgetMoved(by steps: Int) }
      public func size() -> local_size { local_size(width: 1) }
      public func height() -> edited_size { edited_size(height: 1) }
      """,
      to: source
    )
    let compile = try runProcess(
      swiftc(),
      [
        "-emit-module", "-module-name", "Gadgets", "-parse-as-library", source.path,
        "-Xcc", "-fmodule-map-file=\(localMap.path)",
        "-Xcc", "-fmodule-map-file=\(editedInclude.appendingPathComponent("module.modulemap").path)",
        "-emit-module-path", modules.appendingPathComponent("Gadgets.swiftmodule").path,
      ]
    )
    try #require(compile.status == 0, "\(compile.errorOutput)")

    // Without SwiftPM's record, neither C module is found.
    let unrecorded = try generate(["GadgetDelegate", "--module", "Gadgets"], in: root)
    #expect(unrecorded.status == 2)
    #expect(
      unrecorded.errorOutput.contains("missing required modules: 'CEdited', 'CLocal'"),
      "\(unrecorded.errorOutput)"
    )

    // What SwiftPM 6 writes (with a source-control dependency, found in .build/checkouts as before).
    try write(
      """
      {
        "object" : {
          "artifacts" : [],
          "dependencies" : [
            {
              "basedOn" : null,
              "packageRef" : { "identity" : "localdep", "kind" : "fileSystem", "location" : "\(dependency.path)",
                "name" : "LocalDep" },
              "state" : { "name" : "fileSystem", "path" : "\(dependency.path)" },
              "subpath" : "localdep"
            },
            {
              "basedOn" : null,
              "packageRef" : { "identity" : "edited", "kind" : "remoteSourceControl",
                "location" : "https://example.com/edited.git", "name" : "edited" },
              "state" : { "name" : "edited", "path" : null },
              "subpath" : "edited"
            },
            {
              "basedOn" : null,
              "packageRef" : { "identity" : "remote", "kind" : "remoteSourceControl",
                "location" : "https://example.com/remote.git", "name" : "remote" },
              "state" : { "checkoutState" : { "revision" : "0123456789abcdef0123456789abcdef01234567",
                "version" : "1.0.0" }, "name" : "sourceControlCheckout" },
              "subpath" : "remote"
            }
          ],
          "prebuilts" : []
        },
        "version" : 7
      }
      """,
      to: root.appendingPathComponent(".build/workspace-state.json")
    )
    let result = try generate(["GadgetDelegate", "--module", "Gadgets"], in: root)
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("func gadgetMoved(by steps: Int)"))
  }
}
