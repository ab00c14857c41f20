// What `multiplex-generate` does, from its arguments to an exit status.

import MultiplexSymbolGraphReader

enum MultiplexGenerate {
  /// Success; with `--check`, the file is current.
  static let success: Int32 = 0
  /// `--check` found the file missing or stale.
  static let stale: Int32 = 1
  /// Bad input: a malformed command line, an unknown module or protocol, a protocol that cannot be multiplexed.
  static let badInput: Int32 = 2

  /// Set by a front end that runs the tool while the package is being built (the `MultiplexerGeneratorPlugin`
  /// build-tool plugin) to the names of the package graph's modules, separated by spaces. The tool then never
  /// searches the enclosing package's build (``PackageBuild``), whose modules and module maps may be half-written
  /// or not built yet, and refuses a protocol of one of these modules, naming the command plugin instead.
  static let packageModulesVariable = "MULTIPLEX_GENERATE_PACKAGE_MODULES"

  /// Runs the tool; `arguments` excludes the program name.
  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    let parsed: Arguments
    do {
      parsed = try Arguments.parse(arguments)
    } catch {
      return fail(error.message)
    }
    if parsed.help {
      write(Usage.text + "\n", to: .standardOutput)
      return success
    }
    guard let timeout = ChildProcess.timeout(in: environment) else {
      return fail(
        "bad \(ChildProcess.timeoutVariable) '\(environment[ChildProcess.timeoutVariable] ?? "")': expected a "
          + "number of seconds greater than 0"
      )
    }
    let command = Header.command(arguments: arguments, environment: environment)

    let generated: [Generated]
    if let list = parsed.list {
      // `--list`: every protocol of the list, one after the other in one file.
      let entries: [Arguments]
      do {
        entries = try MultiplexerList.read(path: list)
      } catch {
        return fail(error.message)
      }
      var results: [Generated] = []
      for entry in entries {
        guard let result = generate(entry, command: command, environment: environment, timeout: timeout) else {
          return badInput
        }
        results.append(result)
      }
      generated = results
    } else {
      guard let result = generate(parsed, command: command, environment: environment, timeout: timeout) else {
        return badInput
      }
      generated = [result]
    }
    let contents = generated.map(\.contents).joined(separator: "\n")

    guard let output = parsed.output else {
      write(contents, to: .standardOutput)
      return success
    }
    if parsed.check {
      return OutputFile.check(path: output, expected: contents, command: command)
    }
    let wrote: Bool
    do {
      wrote = try OutputFile.write(contents, to: output)
    } catch {
      return fail(error.message)
    }
    // One line saying what the file holds (the command plugin shows it): `wrote Generated/XMultiplexer.swift:
    // XMultiplexer for protocol X of module M, 21 requirements` (with `--list`, one such part per protocol,
    // separated by `; `).
    write(
      "\(wrote ? "wrote" : "unchanged") \(output): \(generated.map(\.summary).joined(separator: "; "))\n",
      to: .standardOutput
    )
    return success
  }

  /// One generated multiplexer: the file's text, and what it holds (`XMultiplexer for protocol X of module M,
  /// 21 requirements`).
  struct Generated {
    var contents: String
    var summary: String
  }

  /// Reads the protocol that `arguments` names and writes its multiplexer, or prints why not (one `error:` line
  /// per root cause) and returns `nil`. A program it runs is stopped after `timeout` seconds.
  private static func generate(
    _ arguments: Arguments,
    command: String,
    environment: [String: String],
    timeout: Double
  ) -> Generated? {
    let packageModules = environment[packageModulesVariable].map { $0.split(separator: " ").map(String.init) }
    if let packageModules, packageModules.contains(arguments.module) {
      fail(
        "module '\(arguments.module)' is a target of the package graph, which the build may not have compiled "
          + "yet when MultiplexerGeneratorPlugin runs: it reads only toolchain and SDK modules. Remove protocol "
          + "'\(arguments.protocolName)' from the list and generate its file with the command plugin: swift package "
          + "--allow-writing-to-package-directory generate-multiplexer \(arguments.protocolName) --module "
          + "\(arguments.module) --output <a file in the target>"
      )
      return nil
    }
    let extraction = LazyExtractor(
      arguments: arguments,
      searchesPackageBuild: packageModules == nil,
      timeout: timeout
    )
    defer { extraction.removeTemporaryDirectory() }
    let reader = SymbolGraphReader(
      loadModule: moduleLoader(arguments, extraction: extraction),
      availableModules: { usrs, names in
        guard let path = arguments.symbolGraphDirectory else { return [] }
        return (try? SymbolGraphDirectory(path: path).moduleNames(mayDeclare: usrs, orTitled: names)) ?? []
      },
      modulesAtHand: {
        guard let path = arguments.symbolGraphDirectory else { return [] }
        return (try? SymbolGraphDirectory(path: path).moduleNames()) ?? []
      }
    )
    reader.givenImports = arguments.imports
    let external: ExternalProtocol
    do {
      external = try reader.externalProtocol(named: arguments.protocolName, module: arguments.module)
    } catch {
      fail(error.description(passing: arguments.passedGraphFlags))
      return nil
    }

    let options = EmitOptions(
      typeName: arguments.resolvedTypeName,
      access: arguments.access,
      header: Header.text(protocolName: arguments.protocolName, module: arguments.module, command: command),
      defaultValues: arguments.defaultValues,
      imports: arguments.imports,
      decidedOnce: arguments.decidedOnce,
      everyObserver: arguments.everyObserver,
      combining: arguments.combining
    )
    switch emit(external, options: options) {
    case .success(let text):
      let count = external.members.count
      return Generated(
        contents: text,
        summary: "\(arguments.resolvedTypeName) for protocol \(arguments.protocolName) of module "
          + "\(arguments.module), \(count) requirement\(count == 1 ? "" : "s")"
      )
    case .failure(let failure):
      for message in failure.messages.dropLast() { write("error: \(message)\n", to: .standardError) }
      fail(failure.messages.last ?? "the generator refused protocol '\(arguments.protocolName)'")
      return nil
    }
  }

  /// Where the reader gets each module's graphs: `--symbol-graph-dir` for the module asked for; for a parent
  /// protocol's module (or a type's), that directory first, then `swift symbolgraph-extract`, for the target the
  /// directory's graph of the module asked for was made for unless `--target` says (a parent of UIKit's is
  /// extracted for the library's `arm64-apple-ios13.0`, not for the host); without the flag, always
  /// `swift symbolgraph-extract`.
  private static func moduleLoader(
    _ arguments: Arguments,
    extraction: LazyExtractor
  ) -> SymbolGraphReader.ModuleLoader {
    guard let path = arguments.symbolGraphDirectory else {
      return { module throws(SymbolGraphError) in try extraction.graphs(forModule: module) }
    }
    let directory = SymbolGraphDirectory(path: path)
    return { module throws(SymbolGraphError) in
      if let graphs = try directory.graphs(forModule: module) {
        if module == arguments.module { extraction.graphTarget = graphs.first?.graph.module.targetTriple }
        return graphs
      }
      guard module != arguments.module else {
        let available = (try? directory.moduleNames()) ?? []
        throw .unknownModule(
          module: module,
          detail: "no \(module).symbols.json in '\(path)' (modules there: "
            + (available.isEmpty ? "none" : available.joined(separator: ", ")) + ")"
        )
      }
      return try extraction.graphs(forModule: module)
    }
  }

  /// Prints `error: <message>` on standard error and returns ``badInput``.
  @discardableResult
  static func fail(_ message: String) -> Int32 {
    write("error: \(message)\n", to: .standardError)
    return badInput
  }

  static func write(_ text: String, to stream: StandardStream) {
    stream.write(text)
  }
}

/// Creates the ``SymbolGraphExtractor`` (and finds `swift`) only when a module has to be extracted.
final class LazyExtractor {
  private let arguments: Arguments
  private let searchesPackageBuild: Bool
  private let timeout: Double
  private var extractor: SymbolGraphExtractor?
  /// The target the graph of the module asked for was made for (``SymbolGraph/Module/targetTriple``), when it came
  /// from `--symbol-graph-dir`: the target other modules are extracted for when `--target` does not say.
  var graphTarget: String?

  /// `searchesPackageBuild`: whether a module may come from the build of the package the tool runs in; `timeout`:
  /// how many seconds a program it runs may take.
  init(arguments: Arguments, searchesPackageBuild: Bool, timeout: Double) {
    self.arguments = arguments
    self.searchesPackageBuild = searchesPackageBuild
    self.timeout = timeout
  }

  func graphs(forModule module: String) throws(SymbolGraphError) -> [NamedSymbolGraph] {
    if extractor == nil {
      guard let swift = SymbolGraphExtractor.findSwift(timeout: timeout) else {
        throw .unknownModule(
          module: module,
          detail: "cannot find the swift driver to run symbolgraph-extract (not next to the running toolchain, "
            + "not on PATH); set MULTIPLEX_GENERATE_SWIFT or pass --symbol-graph-dir"
        )
      }
      extractor = SymbolGraphExtractor(
        swift: swift,
        target: arguments.target ?? graphTarget,
        // A graph made for an Apple platform with no --sdk: that platform's SDK, as Xcode selects it (macOS only).
        sdk: arguments.sdk
          ?? (arguments.target == nil
            ? graphTarget.flatMap { SymbolGraphExtractor.appleSDK(forTarget: $0, timeout: timeout) } : nil),
        includePaths: arguments.includePaths,
        // A package's build is the host's: with --target or --sdk its modules are for another platform.
        package: searchesPackageBuild && arguments.target == nil && graphTarget == nil && arguments.sdk == nil
          ? PackageBuild.enclosing(FileSystem.currentDirectory()) : nil,
        timeout: timeout
      )
    }
    return try extractor!.graphs(forModule: module)
  }

  func removeTemporaryDirectory() {
    extractor?.removeTemporaryDirectory()
  }
}
