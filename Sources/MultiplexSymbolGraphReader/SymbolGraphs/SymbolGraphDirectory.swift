// Reading `*.symbols.json` files from a directory, a module at a time.

/// One decoded symbol-graph file and the name it was read from (for messages and ordering).
package struct NamedSymbolGraph: Sendable {
  /// The file's name, e.g. `FoundationXML.symbols.json` or `Foundation@Swift.symbols.json`.
  package var fileName: String
  package var graph: SymbolGraph

  package init(fileName: String, graph: SymbolGraph) {
    self.fileName = fileName
    self.graph = graph
  }

  /// Reads one symbol-graph file's contents (see `SymbolGraph+JSON.swift`).
  package static func decode(_ bytes: [UInt8], fileName: String) throws(SymbolGraphError) -> NamedSymbolGraph {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      throw .malformedGraph(file: fileName, detail: "not valid JSON (\(error))")
    }
    do {
      return NamedSymbolGraph(fileName: fileName, graph: try SymbolGraph(json: JSONCursor(json)))
    } catch {
      throw .malformedGraph(file: fileName, detail: error.description)
    }
  }
}

/// A directory of symbol-graph files, as written by `swift symbolgraph-extract -output-dir` or by
/// `swift build -emit-symbol-graph`: `M.symbols.json` for module `M`, and `A@B.symbols.json` for what module `A`
/// adds to module `B` (members of `B`'s types, default implementations of `B`'s protocol requirements).
package struct SymbolGraphDirectory: Sendable {
  /// The directory, as given.
  package var path: String

  package init(path: String) {
    self.path = path
  }

  /// The names of the modules that have a main graph (`M.symbols.json`) in the directory, sorted.
  package func moduleNames() throws(SymbolGraphError) -> [String] {
    try fileNames().compactMap { name in
      let stem = name.dropLast(Self.suffix.count)
      return stem.contains("@") ? nil : String(stem)
    }
  }

  /// The names of the modules whose main graph (`M.symbols.json`) may declare a symbol whose USR is one of `usrs`
  /// or whose title is one of `titles`, sorted: those whose file's bytes hold `"precise":"<usr>"` (a symbol's
  /// identifier; a declaration that only names the type writes `"preciseIdentifier"`) or `"title":"<title>"`.
  ///
  /// A search of the bytes, with no JSON decoded: finding the module of a type no loaded graph declares then
  /// decodes only the graphs that may declare it, not every graph of an SDK's worth in the directory (UIKit's is
  /// 25 MB). It may name a module whose graph turns out not to declare the type (a member titled as the type);
  /// the caller decodes and checks. A file that cannot be read is named, for the caller's error.
  ///
  /// - Complexity: O(*n* × *k*), *n* the bytes of the main graphs, *k* the number of USRs and titles.
  package func moduleNames(mayDeclare usrs: [String], orTitled titles: [String]) throws(SymbolGraphError) -> [String] {
    let keys = usrs.map { ("precise", $0) } + titles.map { ("title", $0) }
    let needles = keys.flatMap { key, value in
      ["\"\(key)\":\"\(value)\"", "\"\(key)\" : \"\(value)\""].map { Array($0.utf8) }
    }
    guard !needles.isEmpty else { return [] }
    return try moduleNames().filter { module in
      guard let bytes = try? FileSystem.contents(ofFile: Path.join(path, module + Self.suffix)) else { return true }
      return needles.contains { Self.bytes(bytes, contain: $0) }
    }
  }

  /// Whether `needle` occurs in `bytes`.
  private static func bytes(_ bytes: [UInt8], contain needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= bytes.count else { return false }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
          if haystack[index] == first {
            var matched = 1
            while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }

  /// The graphs that describe module `module`, or `nil` when the directory has no `module.symbols.json`.
  ///
  /// They are the main graph, the graphs of what `module` adds to other modules (`module@Other`) and the
  /// graphs of what other modules add to `module` (`Other@module`), in that order, each group sorted by name.
  package func graphs(forModule module: String) throws(SymbolGraphError) -> [NamedSymbolGraph]? {
    let names = try fileNames()
    let main = module + Self.suffix
    guard names.contains(main) else { return nil }
    let extending = names.filter { $0.hasPrefix(module + "@") }
    let extended = names.filter { $0.hasSuffix("@" + module + Self.suffix) }
    var graphs: [NamedSymbolGraph] = []
    for name in [main] + extending + extended {
      let file = Path.join(path, name)
      let bytes: [UInt8]
      do {
        bytes = try FileSystem.contents(ofFile: file)
      } catch {
        throw .malformedGraph(file: file, detail: "cannot read the file (\(error))")
      }
      graphs.append(try NamedSymbolGraph.decode(bytes, fileName: name))
    }
    return graphs
  }

  private static let suffix = ".symbols.json"

  /// The directory's `*.symbols.json` file names, sorted.
  private func fileNames() throws(SymbolGraphError) -> [String] {
    guard FileSystem.isDirectory(path) else {
      throw .unreadableDirectory(path: path, detail: "no such directory")
    }
    let names: [String]
    do {
      names = try FileSystem.contentsOfDirectory(path)
    } catch {
      throw .unreadableDirectory(path: path, detail: error.description)
    }
    return names.filter { $0.hasSuffix(Self.suffix) }.sorted()
  }
}
