// What `multiplex-generate` does, from its arguments to an exit status.

import Foundation
import MultiplexGeneratorCore

enum MultiplexGenerate {
  /// Success; with `--check`, the file is current.
  static let success: Int32 = 0
  /// `--check` found the file missing or stale.
  static let stale: Int32 = 1
  /// Bad input: a malformed command line, an unknown module or protocol, a protocol that cannot be multiplexed.
  static let badInput: Int32 = 2

  /// Set by a front end that runs the tool while the package is being built (the `MultiplexerGeneratorPlugin`
  /// build-tool plugin): the tool then never searches the enclosing package's build (`PackageBuild`), whose
  /// modules and module maps may be half-written, and reads only the toolchain's, the SDK's and `-I` modules.
  static let noPackageBuildVariable = "MULTIPLEX_GENERATE_NO_PACKAGE_BUILD"

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

    let extraction = LazyExtractor(
      arguments: parsed,
      searchesPackageBuild: environment[noPackageBuildVariable] == nil
    )
    defer { extraction.removeTemporaryDirectory() }
    let reader = SymbolGraphReader(loadModule: moduleLoader(parsed, extraction: extraction))
    let external: ExternalProtocol
    do {
      external = try reader.externalProtocol(named: parsed.protocolName, module: parsed.module)
    } catch {
      return fail(error.description)
    }

    let command = Header.command(arguments: arguments, environment: environment)
    let options = EmitOptions(
      typeName: parsed.resolvedTypeName,
      access: parsed.access,
      header: Header.text(protocolName: parsed.protocolName, module: parsed.module, command: command),
      defaultValues: parsed.defaultValues,
      imports: parsed.imports,
      decidedOnce: parsed.decidedOnce,
      everyObserver: parsed.everyObserver,
      combining: parsed.combining
    )
    let contents: String
    switch emit(external, options: options) {
    case .success(let text):
      contents = text
    case .failure(let failure):
      for message in failure.messages.dropLast() { write("error: \(message)\n", to: .standardError) }
      return fail(failure.messages.last ?? "the generator refused protocol '\(parsed.protocolName)'")
    }

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
    // XMultiplexer for protocol X of module M, 21 requirements`.
    let count = external.members.count
    write(
      "\(wrote ? "wrote" : "unchanged") \(output): \(parsed.resolvedTypeName) for protocol \(parsed.protocolName) "
        + "of module \(parsed.module), \(count) requirement\(count == 1 ? "" : "s")\n",
      to: .standardOutput
    )
    return success
  }

  /// Where the reader gets each module's graphs: `--symbol-graph-dir` for the module asked for; for a parent
  /// protocol's module, that directory first, then `swift symbolgraph-extract`; without the flag, always
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
      if let graphs = try directory.graphs(forModule: module) { return graphs }
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
  static func fail(_ message: String) -> Int32 {
    write("error: \(message)\n", to: .standardError)
    return badInput
  }

  static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}

/// Creates the ``SymbolGraphExtractor`` (and finds `swift`) only when a module has to be extracted.
final class LazyExtractor {
  private let arguments: Arguments
  private let searchesPackageBuild: Bool
  private var extractor: SymbolGraphExtractor?

  /// `searchesPackageBuild`: whether a module may come from the build of the package the tool runs in.
  init(arguments: Arguments, searchesPackageBuild: Bool) {
    self.arguments = arguments
    self.searchesPackageBuild = searchesPackageBuild
  }

  func graphs(forModule module: String) throws(SymbolGraphError) -> [NamedSymbolGraph] {
    if extractor == nil {
      guard let swift = SymbolGraphExtractor.findSwift() else {
        throw .unknownModule(
          module: module,
          detail: "cannot find the swift driver to run symbolgraph-extract (not next to the running toolchain, "
            + "not on PATH); set MULTIPLEX_GENERATE_SWIFT or pass --symbol-graph-dir"
        )
      }
      extractor = SymbolGraphExtractor(
        swift: swift,
        target: arguments.target,
        sdk: arguments.sdk,
        includePaths: arguments.includePaths,
        // A package's build is the host's: with --target or --sdk its modules are for another platform.
        package: searchesPackageBuild && arguments.target == nil && arguments.sdk == nil
          ? PackageBuild.enclosing(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) : nil
      )
    }
    return try extractor!.graphs(forModule: module)
  }

  func removeTemporaryDirectory() {
    extractor?.removeTemporaryDirectory()
  }
}
