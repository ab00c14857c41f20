// Reading `*.symbols.json` files from a directory, a module at a time.

package import Foundation

/// One decoded symbol-graph file and the name it was read from (for messages and ordering).
package struct NamedSymbolGraph: Sendable {
  /// The file's name, e.g. `FoundationXML.symbols.json` or `Foundation@Swift.symbols.json`.
  package var fileName: String
  package var graph: SymbolGraph

  package init(fileName: String, graph: SymbolGraph) {
    self.fileName = fileName
    self.graph = graph
  }

  /// Decodes one symbol-graph file's contents.
  package static func decode(_ data: Data, fileName: String) throws(SymbolGraphError) -> NamedSymbolGraph {
    do {
      return NamedSymbolGraph(fileName: fileName, graph: try JSONDecoder().decode(SymbolGraph.self, from: data))
    } catch let error as DecodingError {
      throw .malformedGraph(file: fileName, detail: Self.describe(error))
    } catch {
      throw .malformedGraph(file: fileName, detail: "\(error)")
    }
  }

  /// One line for a decoding error: what was wrong and where (`symbols[3].kind`).
  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let components = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
      let joined = components.joined()
      return joined.isEmpty ? "at the top level" : "at " + joined.drop { $0 == "." }
    }
    switch error {
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return "not valid JSON (\(underlying ?? context.debugDescription)) \(path(context))"
    case .keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)' \(path(context))"
    case .typeMismatch(let type, let context):
      return "expected \(type) \(path(context))"
    case .valueNotFound(let type, let context):
      return "missing \(type) value \(path(context))"
    @unknown default:
      return "\(error)"
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
      let file = URL(fileURLWithPath: path).appendingPathComponent(name)
      let data: Data
      do {
        data = try Data(contentsOf: file)
      } catch {
        throw .malformedGraph(file: file.path, detail: "cannot read the file (\(error.localizedDescription))")
      }
      graphs.append(try NamedSymbolGraph.decode(data, fileName: name))
    }
    return graphs
  }

  private static let suffix = ".symbols.json"

  /// The directory's `*.symbols.json` file names, sorted.
  private func fileNames() throws(SymbolGraphError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .unreadableDirectory(path: path, detail: "no such directory")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .unreadableDirectory(path: path, detail: error.localizedDescription)
    }
    return names.filter { $0.hasSuffix(Self.suffix) }.sorted()
  }
}
