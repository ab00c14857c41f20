import MultiplexModel
import MultiplexSymbolGraphReader

// The command line of `multiplex-generate`, parsed by hand so that every malformed flag is exit code 2 with one
// line (the flags are API: see DESIGN.md §5).

/// The access level of the generated type (`--access`): the core's own levels.
typealias AccessLevel = GenerationOptions.Access

/// A malformed command line: the message is one line, printed after `error: `.
struct UsageError: Error, Equatable {
  var message: String
}

/// The parsed command line.
struct Arguments: Equatable {
  var protocolName = ""
  var module = ""
  var output: String?
  var typeName: String?
  var access = AccessLevel.internal
  var target: String?
  var sdk: String?
  var includePaths: [String] = []
  /// `--import MODULE`: modules the generated file imports besides those the symbol graph names.
  var imports: [String] = []
  var symbolGraphDirectory: String?
  /// `--default 'NAME=EXPRESSION'`: what the multiplexer answers for a requirement when no observer does.
  var defaultValues: [String: String] = [:]
  /// `--decided-once NAME` and `--every-observer NAME`: requirements sent to exactly one observer, or to every
  /// observer, whatever the naming rule says.
  var decidedOnce: Set<String> = []
  var everyObserver: Set<String> = []
  /// `--combine 'NAME=POLICY'`: a built-in combiner per requirement.
  var combining: [String: CombiningPolicy] = [:]
  var check = false
  /// `--list FILE`: generate every protocol listed in FILE (see ``MultiplexerList``) instead of one.
  var list: String?
  /// `--help` or `-h`: print the usage and exit 0, whatever else the line says.
  var help = false

  /// The name of the generated type: `--type-name`, or `<Protocol>Multiplexer`, a nested protocol's path without
  /// its dots (`UITabBarControllerSidebarDelegateMultiplexer` for `UITabBarController.Sidebar.Delegate`).
  var resolvedTypeName: String {
    typeName ?? (protocolName.filter { $0 != "." } + "Multiplexer")
  }

  /// The flags passed that tell where symbol graphs come from (`--sdk`, `--target`, `--symbol-graph-dir`): a
  /// refusal's remedy names only those still missing (`SymbolGraphError.description(passing:)`).
  var passedGraphFlags: Set<String> {
    var flags: Set<String> = []
    if sdk != nil { flags.insert("--sdk") }
    if target != nil { flags.insert("--target") }
    if symbolGraphDirectory != nil { flags.insert("--symbol-graph-dir") }
    return flags
  }

  /// Parses the arguments that follow the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var parsed = Arguments()
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      parsed.help = true
      return parsed
    }
    var positional: [String] = []
    var seen: Set<String> = []
    var given: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        positional += remaining
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positional.append(argument)
        continue
      }
      // `--flag=value`, `-IDIR` or `--flag value`.
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else if argument.hasPrefix("-I"), argument.count > 2 {
        flag = "-I"
        inlineValue = String(argument.dropFirst(2))
      }
      func value() throws(UsageError) -> String {
        if let inlineValue {
          guard !inlineValue.isEmpty else { throw UsageError(message: "empty value for \(flag)") }
          return inlineValue
        }
        guard let next = remaining.first, !next.hasPrefix("-") || next == "-" else {
          throw UsageError(message: "missing value for \(flag)")
        }
        remaining.removeFirst()
        guard !next.isEmpty else { throw UsageError(message: "empty value for \(flag)") }
        return next
      }
      given.insert(flag)
      if !["-I", "--default", "--import", "--decided-once", "--every-observer", "--combine"].contains(flag) {
        guard seen.insert(flag).inserted else { throw UsageError(message: "\(flag) given more than once") }
      }
      switch flag {
      case "--module": parsed.module = try value()
      case "--output": parsed.output = try value()
      case "--type-name": parsed.typeName = try value()
      case "--access":
        let text = try value()
        guard let access = AccessLevel(rawValue: text) else {
          throw UsageError(message: "bad --access '\(text)'; expected internal, package or public")
        }
        parsed.access = access
      case "--target": parsed.target = try value()
      case "--sdk": parsed.sdk = try value()
      case "-I": parsed.includePaths.append(try value())
      case "--symbol-graph-dir": parsed.symbolGraphDirectory = try value()
      case "--import":
        let module = try value()
        guard Self.isIdentifier(module) else {
          throw UsageError(message: "bad --import '\(module)': not a module name")
        }
        parsed.imports.append(module)
      case "--default":
        let text = try value()
        // The name (`tableView(_:heightForRowAt:)`) has no `=`: the first one separates it from the expression.
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
          !text[text.index(after: equals)...].trimmingSpacesAndTabs().isEmpty
        else {
          throw UsageError(message: "bad --default '\(text)'; expected REQUIREMENT=EXPRESSION")
        }
        let name = text[..<equals].trimmingSpacesAndTabs()
        guard parsed.defaultValues[name] == nil else {
          throw UsageError(message: "--default \(name) given more than once")
        }
        parsed.defaultValues[name] = text[text.index(after: equals)...].trimmingSpacesAndTabs()
      case "--decided-once", "--every-observer":
        let name = try value().trimmingSpacesAndTabs()
        let isDecidedOnce = flag == "--decided-once"
        guard !(isDecidedOnce ? parsed.everyObserver : parsed.decidedOnce).contains(name) else {
          throw UsageError(message: "--decided-once and --every-observer both name \(name); keep one")
        }
        if isDecidedOnce { parsed.decidedOnce.insert(name) } else { parsed.everyObserver.insert(name) }
      case "--combine":
        let text = try value()
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
          throw UsageError(message: "bad --combine '\(text)'; expected REQUIREMENT=COMBINER")
        }
        let name = text[..<equals].trimmingSpacesAndTabs()
        let combiner = text[text.index(after: equals)...].trimmingSpacesAndTabs()
        guard let policy = CombiningPolicy(rawValue: combiner) else {
          throw UsageError(
            message: "bad --combine '\(text)': unknown combiner '\(combiner)'; use one of \(CombiningPolicy.names)"
          )
        }
        guard parsed.combining.updateValue(policy, forKey: name) == nil else {
          throw UsageError(message: "--combine \(name) given more than once")
        }
      case "--list": parsed.list = try value()
      case "--check":
        guard inlineValue == nil else { throw UsageError(message: "--check takes no value") }
        parsed.check = true
      default:
        throw UsageError(message: "unknown flag '\(argument)' (see --help)")
      }
    }
    if parsed.list != nil {
      // The list gives the protocols and their flags; the command line only where to write.
      if let flag = given.subtracting(["--list", "--output", "--check"]).sorted().first {
        throw UsageError(message: "\(flag) cannot be used with --list (give it in the list's \"arguments\")")
      }
      if let argument = positional.first {
        throw UsageError(message: "unexpected argument '\(argument)' with --list; the list names the protocols")
      }
      if parsed.check && parsed.output == nil {
        throw UsageError(message: "--check needs --output <FILE> (the file to compare)")
      }
      return parsed
    }
    try parsed.validate(positional: positional)
    return parsed
  }

  private mutating func validate(positional: [String]) throws(UsageError) {
    guard let name = positional.first else {
      throw UsageError(message: "missing the protocol name (usage: multiplex-generate <Protocol> --module <Module>)")
    }
    guard positional.count == 1 else {
      throw UsageError(message: "unexpected argument '\(positional[1])'; give one protocol name")
    }
    guard Self.isQualifiedIdentifier(name) else {
      throw UsageError(message: "'\(name)' is not a protocol name")
    }
    protocolName = name
    guard !module.isEmpty else { throw UsageError(message: "missing --module <Module>") }
    guard Self.isIdentifier(module) else { throw UsageError(message: "bad --module '\(module)': not a module name") }
    if let typeName, !Self.isIdentifier(typeName) {
      throw UsageError(message: "bad --type-name '\(typeName)': not a Swift identifier")
    }
    if check && output == nil {
      throw UsageError(message: "--check needs --output <FILE> (the file to compare)")
    }
  }

  /// A Swift identifier (ASCII letters, digits and underscores, not starting with a digit).
  static func isIdentifier(_ text: some StringProtocol) -> Bool {
    guard let first = text.first, !first.isNumber else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// Identifiers joined by dots (a nested protocol such as `Outer.Delegate`).
  static func isQualifiedIdentifier(_ text: String) -> Bool {
    text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
  }
}
