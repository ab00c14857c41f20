// Everything that can go wrong between a symbol-graph directory and an `ExternalProtocol`, each worded as one
// line that says what to do next.

/// Why the symbol graphs did not yield a protocol the generator can use.
package enum SymbolGraphError: Error, Equatable, CustomStringConvertible {
  /// No symbol graph could be read or made for `module`; `detail` says what was tried.
  case unknownModule(module: String, detail: String)
  /// `swift symbolgraph-extract` failed for `module` for another reason than not finding it (a bad target
  /// triple or SDK).
  case extractionFailed(module: String, detail: String)
  /// The symbol-graph directory does not exist or cannot be listed.
  case unreadableDirectory(path: String, detail: String)
  /// A symbol-graph file is not valid JSON, or not a symbol graph.
  case malformedGraph(file: String, detail: String)
  /// `module` has no protocol named `name`; `nearMatches` are protocol names close to it, best first.
  case protocolNotFound(name: String, module: String, nearMatches: [String])
  /// `name` names a symbol of another kind (`kind` is its display kind, such as "class").
  case notAProtocol(name: String, module: String, kind: String)
  /// Only subclasses of a class, or actors, can adopt the protocol (`constraint`: the class, `Actor`): a multiplexer
  /// is a class of its own.
  case constrainedConformers(name: String, module: String, constraint: String)
  /// The declaration fragments of `requirement` (of protocol `name`) do not parse as Swift.
  case unparsableDeclaration(name: String, requirement: String, text: String)
  /// `parent`, which `name` refines, lives in `parentModule`, whose symbol graph could not be read.
  case parentUnavailable(name: String, parent: String, parentModule: String, detail: String)
  /// Required `requirement` of `name` names `type`, which no framework of `platform` declares (its headers only
  /// forward-declare it): no class can implement the requirement there.
  case undeclaredType(name: String, requirement: String, type: String, platform: String)
  /// Required `requirement` of `name` names `type`, introduced (`iOS 26.0`) after the requirement itself: no member
  /// can witness it.
  case typeNewerThanRequirement(name: String, requirement: String, type: String, introduced: String)
  /// Protocol `name` is unavailable on `platform`, the one its graph was made for: Swift cannot name it there.
  case unavailableProtocol(name: String, module: String, platform: String)
  /// Requirements of `name` (a protocol of Swift module `module`) name `types`, `requirements[i]` the first that
  /// names `types[i]`, whose module no graph at hand declares: the generated file could not import it.
  /// `suggestions` are the frameworks their names suggest, for the `--import` to pass.
  case unresolvedTypes(name: String, module: String, types: [String], requirements: [String], suggestions: [String])

  package var description: String { description(passing: []) }

  /// The description for a user who passed `flags` (`--sdk`, `--target`, `--symbol-graph-dir`): the remedy of
  /// ``unresolvedTypes(name:module:types:requirements:suggestions:)`` offers what is still missing, never a flag
  /// already passed.
  package func description(passing flags: Set<String>) -> String {
    switch self {
    case .unknownModule(let module, let detail):
      return "unknown module '\(module)': \(detail)"
    case .extractionFailed(let module, let detail):
      return "cannot read module '\(module)': \(detail)"
    case .unreadableDirectory(let path, let detail):
      return "cannot read symbol-graph directory '\(path)': \(detail)"
    case .malformedGraph(let file, let detail):
      return "malformed symbol graph '\(file)': \(detail)"
    case .protocolNotFound(let name, let module, let nearMatches):
      let hint =
        nearMatches.isEmpty
        ? "check the spelling and --module"
        : "did you mean " + nearMatches.map { "'\($0)'" }.joined(separator: ", ") + "?"
      return "no protocol '\(name)' in module '\(module)'; \(hint)"
    case .undeclaredType(let name, let requirement, let type, let platform):
      return "protocol '\(name)' cannot be implemented on \(platform): its required '\(requirement)' names "
        + "'\(type)', which no framework of \(platform) declares; generate it from another platform's symbol graphs"
    case .typeNewerThanRequirement(let name, let requirement, let type, let introduced):
      return "protocol '\(name)' cannot be implemented: its required '\(requirement)' names '\(type)', introduced in "
        + "\(introduced), after the requirement itself, so no member can witness it at the requirement's availability"
    case .notAProtocol(let name, let module, let kind):
      return "'\(name)' in module '\(module)' is a \(kind), not a protocol"
    case .constrainedConformers(let name, let module, let constraint):
      let isActor = SymbolGraphReader.actorNames.contains(String(constraint.split(separator: ".").last ?? ""))
      let adopters = isActor ? "actors" : "subclasses of '\(constraint)'"
      let forwarder = isActor ? "a small actor" : "a small subclass of '\(constraint)'"
      return "protocol '\(name)' in module '\(module)' can be adopted only by \(adopters), and a multiplexer is a "
        + "class of its own; instead, declare a class-bound protocol of your own with the same requirements (mark it "
        + "@Multiplexed), and \(forwarder) conforming to '\(name)' that forwards each call to that protocol's "
        + "multiplexer"
    case .unparsableDeclaration(let name, let requirement, let text):
      return "the symbol graph's declaration of '\(requirement)' in protocol '\(name)' is not valid Swift: \(text)"
    case .unavailableProtocol(let name, let module, let platform):
      return "protocol '\(name)' of module '\(module)' is unavailable on \(platform), the platform its symbol graph "
        + "was made for: Swift cannot name it there; generate it from the graphs of a platform where it is available"
    case .unresolvedTypes(let name, let module, let types, let requirements, let suggestions):
      var seen: Set<String> = []
      let named = zip(types, requirements).filter { seen.insert($0.0).inserted }.map { "'\($0.0)' (in '\($0.1)')" }
      var unique: [String] = []
      for suggestion in suggestions where !unique.contains(suggestion) { unique.append(suggestion) }
      let remedy =
        unique.isEmpty
        ? "--import <the module that declares \(named.count == 1 ? "it" : "each")>"
        : unique.map { "--import \($0)" }.joined(separator: " ")
      return "protocol '\(name)' of module '\(module)' names \(named.joined(separator: ", ")), whose module no "
        + "symbol graph at hand declares, and '\(module)' does not re-export it to the generated file; pass "
        + remedy + " (" + Self.graphRemedy(passing: flags) + ")"
    case .parentUnavailable(let name, let parent, let parentModule, let detail):
      return "protocol '\(name)' refines '\(parent)' from module '\(parentModule)', whose symbol graph "
        + "could not be read: \(detail)"
    }
  }

  /// The other way to give a type's module, for a user who passed `flags`: add its graph to the graph directory, or
  /// pass what `swift symbolgraph-extract` still needs to extract it (`--sdk` and `--target`); with both passed the
  /// extraction was tried, so only the graph directory is left.
  private static func graphRemedy(passing flags: Set<String>) -> String {
    let directory =
      flags.contains("--symbol-graph-dir")
      ? "or add that module's graph to the --symbol-graph-dir directory"
      : "or add that module's graph to --symbol-graph-dir"
    let missing = ["--sdk", "--target"].filter { !flags.contains($0) }
    switch missing.count {
    case 0: return directory
    case 1: return directory + ", or pass " + missing[0] + " as well to extract it"
    default: return directory + ", or pass --sdk and --target to extract it"
    }
  }
}
