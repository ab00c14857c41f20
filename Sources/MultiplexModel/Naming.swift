/// Names and spellings shared by the macros and the generator.
package enum Naming {
  /// The macro that marks a requirement's default value.
  package static let defaultMarker = "MultiplexedDefault"
  /// The macro that keeps a requirement required for observers.
  package static let requiredMarker = "MultiplexedRequired"
  /// The macros that say whether a requirement is decided once (see `Requirement.isDecisionRequirement`).
  package static let decidedOnceMarker = "MultiplexedDecidedOnce"
  package static let everyObserverMarker = "MultiplexedEveryObserver"
  /// The macro that chooses a requirement's combining policy (``CombiningPolicy``).
  package static let combineMarker = "MultiplexedCombine"
  /// The macro that generates the default implementations of the combining protocol.
  package static let combiningMacro = "_MultiplexedCombining"
  /// The macro itself.
  package static let multiplexed = "Multiplexed"
  /// The runtime module, which generated expressions spell out (`Multiplex.Combiner`).
  package static let runtimeModule = "Multiplex"
  /// The modules generated code names types through (`Multiplex.Multiplexer`, `Swift.Bool`).
  package static let modules: Set<String> = [runtimeModule, "Swift"]

  /// The suffix of the protocol `@Multiplexed` generates for the multiplexers of refining protocols
  /// (`BaseMultiplexerForwarding`; see `Generator+Refinement`).
  package static let forwardingSuffix = "MultiplexerForwarding"

  /// `BaseMultiplexerForwarding` for `Base`.
  package static func forwardingName(of protocolName: String) -> String {
    protocolName + forwardingSuffix
  }

  /// `_asBase` for `Base`: the forwarding protocol's requirement that gives a refinement's observer as an observer
  /// of `Base` (see `Generator+Refinement`).
  package static func forwardingCast(of protocolName: String) -> String {
    "_as" + protocolName
  }

  /// `_requireMultiplexedBase` for `Base`: the check that a refinement's parent `Base` is `@Multiplexed`. `Base`'s
  /// forwarders declare it; the refinement's multiplexer calls it, and declares an unavailable fallback whose
  /// message the compiler reports when `Base` is not `@Multiplexed` (see `Generator+Refinement`).
  package static func multiplexedCheck(of protocolName: String) -> String {
    "_requireMultiplexed" + protocolName
  }

  /// The associated type of a root forwarding protocol: the observer type of the refining protocol's multiplexer.
  package static let forwardingObserver = "_Observer"

  /// The stored `Multiplexer` of the generated class.
  package static let storage = "_multiplexer"
  /// The stored combiner reference of the generated class.
  package static let combinerStorage = "_combiner"
  /// The stub that answers with a protocol's own default implementations (`multiplex-generate` only), as the
  /// generated class stores it and as its class is named.
  package static let defaultsStorage = "_defaults"
  package static let defaultsStubName = "_Defaults"

  /// Members the generated multiplexer declares itself; a requirement of the same name (with the same shape)
  /// would collide with them.
  package static let ownPropertyNames: Set<String> = [
    "count", "isEmpty", "observers", "combiner", "multiplexer", "asDelegate", storage, combinerStorage,
  ]

  /// Parameterless methods every generated multiplexer has, from `DelegateMultiplexing` and its extension: a
  /// requirement of that name would witness the hook (`observersDidChange()`) or shadow the registration API
  /// (`removeAll()`) instead of colliding at compile time.
  package static let ownParameterlessMethodNames: Set<String> = ["removeAll", "observersDidChange"]

  /// Methods the generated multiplexer declares itself, by full name, each taking an observer first.
  package static let ownMethodNames: Set<String> = [
    "add(_:retention:priority:)", "remove(_:)", "removeAndWait(_:)", "contains(_:)",
  ]

  /// `base`, or `base1`, `base2`, … : the first that is not in `taken`.
  package static func fresh(_ base: String, avoiding taken: Set<String>) -> String {
    if !taken.contains(base) { return base }
    var index = 1
    while taken.contains(base + String(index)) { index += 1 }
    return base + String(index)
  }

  /// `ScrollViewDelegate` → `scrollViewDelegate`, `URLSessionDelegate` → `urlSessionDelegate`.
  package static func lowerCamelCase(_ name: String) -> String {
    let characters = Array(name)
    var upperPrefix = 0
    while upperPrefix < characters.count, characters[upperPrefix].isUppercase { upperPrefix += 1 }
    if upperPrefix == 0 { return name }
    if upperPrefix == characters.count { return name.lowercased() }
    // In `URLSession`, the `S` starts the next word: lowercase the acronym but keep `S`.
    let lowered = upperPrefix == 1 ? 1 : upperPrefix - 1
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
  }

  /// `viewForZooming` → `ViewForZooming`.
  package static func upperCamelCase(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.uppercased() + name.dropFirst()
  }

  /// Where generated code spells an identifier, which decides whether it needs backticks (see
  /// ``identifier(_:in:)``).
  package enum IdentifierPosition {
    /// An argument label in a call (`observer.update(for: …)`): every keyword is a label as it is, except
    /// `inout` (Swift warns that the others "do not need to be escaped in argument list").
    case argumentLabel
    /// A parameter's label where it is declared, a method's or an enum case payload's: as in a call, but `let`
    /// and `var` too need backticks (Swift warns that they are "interpreted as an argument label").
    case parameterLabel
    /// A name being declared: `var name`, `case name`, a closure's parameter.
    case declaration
    /// A reference in an expression: a parameter passed on (`` observer.update(for: `for`) ``).
    case expression
    /// A member after a dot: `observer.default()`, `` observer.`self` ``, `.default(…)`.
    case member
  }

  /// `name` (with or without backticks) as generated code spells it in `position`: with backticks exactly
  /// where Swift needs them.
  ///
  /// The one place that decides it, for the macro and the generator alike: a requirement's name, parameter or
  /// label may be any identifier, keywords included (`func barFunc(for: [Int])`, `` var `default`: Int ``). A
  /// keyword needs no backticks as an argument label (Swift warns that it "does not need to be escaped in argument
  /// list"), except `inout` (and, where the label is declared, `let` and `var`); after a dot, only `self`, `Self`
  /// and `init` do; a declared name needs them for every reserved word and for `Type` and `Protocol`; a reference
  /// for every reserved word, `await` (which would start an expression) and `Self` and `Any` (which name types). A
  /// raw identifier (SE-0451: `` `new value` ``, `` `1st` ``) needs them everywhere.
  package static func identifier(_ name: String, in position: IdentifierPosition) -> String {
    let bare = bareName(name)
    guard isPlainIdentifier(bare) else { return "`\(bare)`" }
    let needsBackticks: Bool
    switch position {
    case .argumentLabel:
      needsBackticks = bare == "inout"
    case .parameterLabel:
      needsBackticks = ["inout", "let", "var"].contains(bare)
    case .declaration:
      // A member named `Type` or `Protocol` "would conflict with the 'foo.Type' expression".
      needsBackticks = reservedWords.contains(bare) || ["Type", "Protocol"].contains(bare)
    case .member:
      needsBackticks = reservedAfterDot.contains(bare)
    case .expression:
      // `await` would start an expression.
      needsBackticks = reservedWords.contains(bare) || bare == "await"
    }
    return needsBackticks ? "`\(bare)`" : bare
  }

  /// The keywords that cannot name a declaration without backticks (`` var `class` ``), nor be referred to
  /// without them: Swift's reserved words, `Any` and `Self` included. The list is swift-syntax's answer for each of
  /// its keywords (`isValidSwiftIdentifier(for: .variableName)`), which `NamingTests` checks it against; every
  /// other keyword (`get`, `async`, `some`, …) is an identifier where a name is expected.
  static let reservedWords: Set<String> = [
    "Any", "Self", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
    "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
    "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private", "protocol",
    "public", "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch", "throw",
    "throws", "true", "try", "typealias", "var", "where", "while",
  ]

  /// Whether `name` is spelled as an ordinary identifier: a letter, `_` or `$` (or any non-ASCII character) first,
  /// then those or digits. Anything else is a raw identifier, which Swift spells in backticks.
  static func isPlainIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    return isIdentifierStart(first) && name.unicodeScalars.dropFirst().allSatisfy(isIdentifierPart)
  }

  /// Whether `scalar` may start an identifier: a letter, `_`, `$` or any non-ASCII character.
  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.value > 0x7F || scalar.properties.isAlphabetic
  }

  /// Whether `scalar` may continue an identifier: what may start one, or a digit.
  static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
  }

  /// The keywords that need backticks after a dot (`` observer.`self` ``), where any other keyword names a member:
  /// swift-syntax's `isValidSwiftIdentifier(for: .memberAccess)`, checked by `NamingTests`.
  static let reservedAfterDot: Set<String> = ["Self", "init", "self"]
}

extension Naming {
  /// A name without backticks: `` `default` `` → `default`.
  package static func bareName(_ name: String) -> String {
    guard name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
    return String(name.dropFirst().dropLast())
  }
}
