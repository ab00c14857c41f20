/// What the user chose for one requirement: the value returned when no observer answers, whether observers must
/// implement it, whether it is decided once, and its combining policy. `@Multiplexed`'s user writes markers on the
/// requirement (``init(markersOf:)``); `multiplex-generate`'s passes flags, which its reader turns into these.
package struct RequirementChoices: Sendable {
  /// The value returned when no observer answers (`@MultiplexedDefault(0)`, `--default`), or `nil`.
  package var defaultValue: Expression?
  /// Where `@MultiplexedDefault` is, when the user wrote one: refused on a requirement that returns nothing.
  package var defaultMarkerOffset: Int?
  /// Whether the protocol's own extension implements the requirement (a symbol graph says so).
  package var hasDefaultImplementation = false
  /// Whether the multiplexer answers the requirement without a default value, with the answers it keeps
  /// (``Requirement/keepsAnswer``): no default is asked for.
  package var keepsAnswer = false
  /// Whether observers must implement the requirement (`@MultiplexedRequired`): no default implementation.
  package var isRequired = false
  /// Decided once (`true`) or every observer (`false`), overriding ``Requirement/isDecisionRequirement(_:)``; `nil`
  /// for the rule's answer.
  package var isDecidedOnce: Bool?
  /// The choice as its message names it (`'@MultiplexedDecidedOnce'`, `--decided-once`), and where it is.
  package var decisionSpelling = ""
  package var decisionOffset = 0
  package var combining: CombiningPolicy?
  package var combiningSpelling = ""
  package var combiningOffset = 0
  /// Names the generated parameters must not take: the identifiers of the default value, which is evaluated where
  /// the parameters are visible.
  package var reservedNames: Set<String> = []
  /// Choices written wrong (an unknown combiner, both decision markers), refused when the requirement is read.
  package var refusals: [Refusal] = []

  package init() {}

  /// The choices `@Multiplexed`'s user wrote as markers on `member`: `@MultiplexedDefault(value)`,
  /// `@MultiplexedRequired`, `@MultiplexedDecidedOnce`, `@MultiplexedEveryObserver`, `@MultiplexedCombine(.policy)`.
  /// A second marker of a kind is refused by ``Refusals/attributes(of:name:isolation:rules:)``, and ignored here.
  package init(markersOf member: MemberDeclaration) {
    var decisions: [(isDecidedOnce: Bool, offset: Int)] = []
    for (attribute, offset) in zip(member.attributes, member.attributeOffsets) {
      switch attribute.name {
      case Naming.defaultMarker where defaultMarkerOffset == nil:
        defaultMarkerOffset = offset
        if let argument = Self.argumentText(of: attribute) {
          let expression = Expression(parsing: argument)
          defaultValue = expression
          reservedNames = Set(expression.tokens)
        }
      case Naming.requiredMarker:
        isRequired = true
      case Naming.decidedOnceMarker:
        decisions.append((true, offset))
      case Naming.everyObserverMarker:
        decisions.append((false, offset))
      case Naming.combineMarker where combining == nil:
        guard let policy = CombiningPolicy(markerText: attribute.text) else {
          refusals.append(Refusal(.unknownCombiner(given: Self.argumentText(of: attribute) ?? ""), at: offset))
          continue
        }
        combining = policy
        combiningSpelling = "'@\(Naming.combineMarker)(.\(policy.name))'"
        combiningOffset = offset
      default:
        break
      }
    }
    if decisions.contains(where: \.isDecidedOnce) && decisions.contains(where: { !$0.isDecidedOnce }),
      let last = decisions.last
    {
      refusals.append(Refusal(.conflictingDecisionMarkers(name: member.displayName ?? ""), at: last.offset))
    } else if let first = decisions.first {
      isDecidedOnce = first.isDecidedOnce
      decisionSpelling = "'@\(first.isDecidedOnce ? Naming.decidedOnceMarker : Naming.everyObserverMarker)'"
      decisionOffset = first.offset
    }
  }

  /// The text between an attribute's parentheses, without surrounding whitespace and without a trailing comma
  /// (SE-0439: `@MultiplexedDefault(Size.zero,)` is one argument); `nil` without parentheses.
  static func argumentText(of attribute: Attribute) -> String? {
    let scalars = Array(attribute.text.unicodeScalars)
    guard let open = scalars.firstIndex(of: "("), let close = scalars.lastIndex(of: ")"), open < close else {
      return nil
    }
    var argument = scalars[(open + 1)..<close]
    if let last = TypeToken.tokenize(String(String.UnicodeScalarView(argument)))?.last, last.text == "," {
      argument = argument.prefix(last.offset)
    }
    return String(String(String.UnicodeScalarView(argument)).trimmingWhitespace())
  }
}

extension CombiningPolicy {
  /// The policy `@MultiplexedCombine(.anyTrue)` names (also `MultiplexedCombiner.anyTrue`), from the attribute's
  /// text, or `nil`; an order names its values as members: `.order(FetchResult.newData, .failed, .noData)`.
  package init?(markerText text: String) {
    guard let tokens = TypeToken.tokenize(text), let open = tokens.firstIndex(where: { $0.text == "(" }),
      tokens.last?.text == ")"
    else { return nil }
    var argument = tokens[(open + 1)..<(tokens.count - 1)]
    if argument.last?.text == "," { argument = argument.dropLast() }  // a trailing comma (SE-0439)
    if let name = Self.memberName(argument) {
      guard let policy = CombiningPolicy(rawValue: name), policy != .order([]) else { return nil }
      self = policy
      return
    }
    // `.order(a, b)`: a member named `order`, called with members, unlabeled, and nothing after the call.
    guard let call = argument.firstIndex(where: { $0.text == "(" }), argument.last?.text == ")",
      Self.memberName(argument[argument.startIndex..<call]) == "order"
    else { return nil }
    var values: [String] = []
    var value: [TypeToken] = []
    var depth = 0
    for token in argument[(call + 1)..<(argument.endIndex - 1)] {
      if ["(", "[", "{"].contains(token.text) { depth += 1 }
      if [")", "]", "}"].contains(token.text) { depth -= 1 }
      if token.text == ",", depth == 0 {
        guard let name = Self.memberName(value[...]) else { return nil }
        values.append(name)
        value = []
      } else {
        value.append(token)
      }
    }
    // After a trailing comma (`.order(.newData, .failed,)`) nothing is left.
    if !value.isEmpty || values.isEmpty {
      guard let name = Self.memberName(value[...]) else { return nil }
      values.append(name)
    }
    self.init(rawValue: "order(" + values.joined(separator: ", ") + ")")
  }

  /// The member a member access names (`anyTrue` of `.anyTrue` or `MultiplexedCombiner.anyTrue`); `nil` for any
  /// other expression.
  private static func memberName(_ tokens: ArraySlice<TypeToken>) -> String? {
    guard tokens.count >= 2, let last = tokens.last, last.kind == .identifier else { return nil }
    var expectsName = tokens.first?.kind == .identifier
    for token in tokens {
      guard expectsName ? token.kind == .identifier : token.text == "." else { return nil }
      expectsName.toggle()
    }
    return last.text
  }
}
