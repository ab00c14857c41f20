// Finding the modules of the SwiftPM package that `multiplex-generate` runs in, so that a protocol of one of its
// targets or dependencies can be read without hand-written search paths.

import MultiplexSymbolGraphReader

/// The build directory of a SwiftPM package: the search paths `swift symbolgraph-extract` needs to load the
/// package's modules as the compiler built them.
struct PackageBuild: Equatable {
  /// The package's directory (the one holding `Package.swift`).
  var packageDirectory: String
  /// The configuration directory that holds the built modules (`.build/debug` or `.build/release`, see
  /// ``builtConfiguration(of:)``), `nil` when the package has not been built.
  var configurationDirectory: String?

  /// The package whose `Package.swift` is in `directory` (an absolute path, such as the current directory) or
  /// the nearest directory above it, or `nil` outside a package.
  static func enclosing(_ directory: String) -> PackageBuild? {
    var current = directory
    while true {
      if FileSystem.exists(Path.join(current, "Package.swift")) {
        return PackageBuild(packageDirectory: current, configurationDirectory: builtConfiguration(of: current))
      }
      let parent = Path.deletingLastComponent(current)
      guard parent != current else { return nil }
      current = parent
    }
  }

  /// The configuration directory of the host build that was built last: of `.build/debug` and `.build/release`
  /// (links SwiftPM makes to the host triple's folders) or, without them, `.build/<triple>/debug` and
  /// `.build/<triple>/release`, the one whose `Modules` folder was modified most recently (a release build made
  /// after a debug one is used, not the stale debug one). The error that names a module the build lacks names it.
  private static func builtConfiguration(of package: String) -> String? {
    let build = Path.join(package, ".build")
    func built(_ directories: [String]) -> [(configuration: String, modified: Double)] {
      directories.flatMap { directory in ["debug", "release"].map { Path.join(directory, $0) } }
        .compactMap { configuration in
          guard let modified = FileSystem.modificationTime(Path.join(configuration, "Modules")) else { return nil }
          return (configuration, modified)
        }
    }
    var candidates = built([build])
    if candidates.isEmpty {
      candidates = built(contents(of: build).filter { $0.contains("-") }.map { Path.join(build, $0) })
    }
    return candidates.max { $0.modified < $1.modified }?.configuration
  }

  /// The arguments that make the package's built modules loadable, sorted within each kind:
  /// - `-I <configuration>/Modules`: the Swift modules of every target and dependency;
  /// - `-Xcc -fmodule-map-file=<path>`: each C target's module map, the one SwiftPM wrote
  ///   (`<configuration>/<Target>.build/module.modulemap`, not the host tools' copy in `<Target>-tool.build`) or
  ///   the target's own (`include/module.modulemap`, or `module.modulemap` of a system library), in the package,
  ///   its checked-out dependencies (`.build/checkouts/*`) and the dependencies SwiftPM resolved to a directory
  ///   (``localDependencies``); one map per target, as clang rejects a module defined twice.
  ///
  /// Empty when the package has not been built.
  var searchArguments: [String] {
    guard let configuration = configurationDirectory else { return [] }
    var arguments = ["-I", Path.join(configuration, "Modules")]
    var moduleMaps: [String] = []
    var targets: Set<String> = []
    // SwiftPM 6 builds a target that a macro or plugin needs twice, into `<Target>.build` and, for the host tools,
    // `<Target>-tool.build`, each with a module map defining the same module: clang rejects the second
    // (`redefinition of module`) whenever it builds the module (a cold module cache). One map per target.
    for name in Self.contents(of: configuration) where name.hasSuffix(".build") && !name.hasSuffix("-tool.build") {
      let map = Path.join(Path.join(configuration, name), "module.modulemap")
      if FileSystem.exists(map) {
        moduleMaps.append(map)
        targets.insert(String(name.dropLast(".build".count)))
      }
    }
    let checkouts = Path.join(packageDirectory, ".build/checkouts")
    let packages =
      [packageDirectory] + Self.contents(of: checkouts).map { Path.join(checkouts, $0) } + localDependencies
    for package in packages {
      let sources = Path.join(package, "Sources")
      for name in Self.contents(of: sources) where targets.insert(name).inserted {
        let target = Path.join(sources, name)
        for map in [Path.join(target, "include"), target].map({ Path.join($0, "module.modulemap") })
        where FileSystem.exists(map) {
          moduleMaps.append(map)
        }
      }
    }
    for map in moduleMaps.sorted() { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
    return arguments
  }

  /// The directories of the dependencies that SwiftPM resolved to a directory of their own rather than a checkout,
  /// as it records them in `.build/workspace-state.json`: a path dependency (`.package(path:)`, state
  /// `fileSystem`) and an edited one (`swift package edit`, state `edited`: its `path`, else
  /// `Packages/<subpath>`), in the file's order. Empty when the file is missing or not what SwiftPM writes.
  var localDependencies: [String] {
    let file = Path.join(packageDirectory, ".build/workspace-state.json")
    guard let bytes = try? FileSystem.contents(ofFile: file),
      case .object(let workspace)? = try? JSONValue.parse(bytes),
      case .object(let object)? = workspace["object"],
      case .array(let dependencies)? = object["dependencies"]
    else { return [] }
    return dependencies.compactMap { dependency in
      guard case .object(let fields) = dependency, case .object(let state)? = fields["state"],
        case .string(let kind)? = state["name"], kind == "fileSystem" || kind == "edited"
      else { return nil }
      if case .string(let path)? = state["path"], !path.isEmpty {
        return path.hasPrefix("/") ? path : Path.join(packageDirectory, path)
      }
      if kind == "edited", case .string(let subpath)? = fields["subpath"] {
        return Path.join(Path.join(packageDirectory, "Packages"), subpath)
      }
      return nil
    }
  }

  /// What to do when a module could not be loaded: build the package, or use the command plugin.
  var advice: String {
    guard let configuration = configurationDirectory else {
      return "the package in '\(packageDirectory)' is not built: run `swift build` there first, or use "
        + "`swift package generate-multiplexer`"
    }
    return "the package's build (\(configuration)) does not have it: check --module, run "
      + "`swift build` if the module is new, or use `swift package generate-multiplexer`"
  }

  private static func contents(of directory: String) -> [String] {
    ((try? FileSystem.contentsOfDirectory(directory)) ?? []).sorted()
  }
}
