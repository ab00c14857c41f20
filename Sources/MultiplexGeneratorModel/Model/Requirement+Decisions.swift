/// Decided-once requirements and the combining policies that can apply: the rules both readers use (the macro's
/// in `MultiplexSyntaxReader`, the generator's `ExternalReader` in `MultiplexGenerator`).
extension Requirement {
  /// The words that make a closure parameter a handler: its argument label or parameter name is one of them, or
  /// ends in one of them capitalized (`completionHandler`, `withCompletionHandler`, `decisionHandler`,
  /// `replyHandler`, `onCompletion`, `resultCallback`).
  package static let handlerWords = ["handler", "completion", "callback", "reply"]

  /// Whether `requirement` is *decided once* by default: a call that hands the delegate a handler the sender
  /// waits for, like Foundation's `urlSession(_:dataTask:didReceive:completionHandler:)`, WebKit's
  /// `webView(_:decidePolicyFor:decisionHandler:)` or Alamofire's `retry(_:for:dueTo:completion:)`.
  ///
  /// Forwarded to every observer, such a call would call the handler once per observer (each default
  /// implementation calls it), and a sender may stop there (`URLSession` on Linux traps when the redirection
  /// handler is called twice; WebKit raises an exception). So the multiplexer forwards it to exactly one observer.
  ///
  /// The rule, exactly, the same for `@Multiplexed` and `multiplex-generate`: a method (not a property or
  /// subscript) that returns `Void`, is not `async`, and has a parameter, in any position, such that
  /// - its type is a closure: a function type, possibly with attributes (`@escaping`, `@Sendable`), in
  ///   parentheses, or `Optional` (`((Bool) -> Void)?`, `T!`, `Optional<…>`); escaping or not, and
  /// - its argument label or its parameter name is `handler`, `completion`, `callback` or `reply`, or ends in
  ///   `Handler`, `Completion`, `Callback` or `Reply` (``handlerWords``).
  ///
  /// An `Optional` closure counts: when the sender passes one, it still expects one call. A non-escaping closure
  /// counts too (a synchronous reply). Throwing and generic methods count. The user's choice overrides the rule
  /// either way (the readers apply it).
  package static func isDecisionRequirement(_ requirement: Requirement) -> Bool {
    guard case .method(_, _, _, let arguments) = requirement.shape, case .void = requirement.result,
      !requirement.isAsync
    else { return false }
    // The label and the internal name (a generated one, for an unnamed parameter, is no handler word).
    return arguments.contains { argument in
      argument.type.isClosure
        && [argument.label, argument.name].compactMap { $0 }.map(Naming.bareName).contains(where: isHandlerName)
    }
  }

  /// Whether `name` is one of ``handlerWords`` or ends in one of them, capitalized.
  package static func isHandlerName(_ name: String) -> Bool {
    handlerWords.contains { word in name == word || name.hasSuffix(word.prefix(1).uppercased() + word.dropFirst()) }
  }

  /// Why `requirement` cannot be decided once, or `nil` when it can.
  package static func decisionObstacle(_ requirement: Requirement) -> String? {
    switch requirement.shape {
    case .property: return "a property"
    case .subscript: return "a subscript"
    case .method:
      if requirement.returnsValue { return "a method that returns a value (its answers are combined)" }
      if requirement.isAsync { return "an 'async' method (its caller awaits it instead of passing a handler)" }
      return nil
    }
  }

  /// The policies that can combine the answers of `requirement`: none for `Void`; `first` and `last` for any
  /// value, `anyTrue` and `allTrue` for a `Bool` (spelled `Bool` or `Swift.Bool`), `firstNonNil` for an
  /// `Optional`.
  package static func validPolicies(_ requirement: Requirement) -> [CombiningPolicy] {
    guard case .value(_, let valueType, let isOptional) = requirement.result else { return [] }
    let isBool = valueType.isBool
    return CombiningPolicy.allCases.filter { policy in
      switch policy {
      case .first, .last: return true
      case .anyTrue, .allTrue: return isBool
      case .firstNonNil: return isOptional
      }
    }
  }

  /// `returns 'Int'` or `returns nothing`, for messages.
  package static func resultDescription(_ requirement: Requirement) -> String {
    guard case .value(let type, _, _) = requirement.result else { return "returns nothing" }
    return "returns '\(type.description)'"
  }

  /// Makes the combining labels of `requirements` unique: an overload gets a numeric suffix, one that is no other
  /// requirement's label (`valueFor2()` has the label `combineValueFor2`).
  package static func assignUniqueCombiningLabels(_ requirements: inout [Requirement]) {
    let naturalLabels = Set(requirements.filter(\.returnsValue).map(\.combiningLabel))
    var assignedLabels: Set<String> = []
    for index in requirements.indices where requirements[index].returnsValue {
      let label = requirements[index].combiningLabel
      var candidate = label
      var suffix = 2
      while assignedLabels.contains(candidate) || (candidate != label && naturalLabels.contains(candidate)) {
        candidate = label + String(suffix)
        suffix += 1
      }
      assignedLabels.insert(candidate)
      requirements[index].combiningLabel = candidate
    }
  }
}
