/// Forwarding an optional requirement of an `@objc` protocol, for the code `multiplex-generate` generates: only the
/// observers that implement it respond, and when none does, ``DelegateMultiplexing/observersDidChange()`` runs (the
/// sender asked `responds(to:)` when one did). Not API.
extension DelegateMultiplexing {
  /// Calls every observer that implements an optional requirement that returns nothing. Not API.
  ///
  /// - Parameter call: Calls one observer through optional chaining: `nil` when it does not implement the
  ///   requirement.
  @inlinable
  public func _notifyImplementing(_ call: (Delegate) -> Void?) {
    var responded = false
    multiplexer.notify { observer in
      if call(observer) != nil { responded = true }
    }
    if !responded { observersDidChange() }
  }

  /// Combines the answers of the observers that implement an optional requirement that returns a value, as
  /// `Multiplexer._forward` does. Not API.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`.
  ///   - defaultValue: The requirement's default.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Calls one observer: `nil` when it does not implement the requirement (for an `Optional` result,
  ///     `observer.method.map { $0(…) }`, so that a `nil` answer is an answer).
  /// - Returns: What `combining` or `policy` returns.
  @inlinable
  public func _combineImplementing<Value, Result, Combining>(
    _ policy: Combiner<Delegate, Value, Result>,
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Delegate, Value>, Value) -> Result,
    _ call: (Delegate) -> Value?
  ) -> Result {
    var responded = false
    defer {
      if !responded { observersDidChange() }
    }
    let multiplexer = self.multiplexer
    return multiplexer._forward(
      policy,
      default: defaultValue,
      requirement: requirement,
      combiner: combiner,
      combining
    ) { observer in
      guard let answer = call(observer) else {
        guard let object = multiplexer._classInstance(observer) else { return defaultValue }
        return notImplemented(by: object, returning: defaultValue, requirement: requirement)
      }
      responded = true
      return answer
    }
  }

  /// ``_combineImplementing(_:default:requirement:combiner:_:_:)`` with the default policy, the first responding
  /// observer's answer. Not API.
  ///
  /// - Parameters:
  ///   - defaultValue: The requirement's default.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Calls one observer: `nil` when it does not implement the requirement.
  /// - Returns: What `combining` returns, or the first responding observer's answer, or `defaultValue`.
  @inlinable
  public func _combineImplementing<Value, Combining>(
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Delegate, Value>, Value) -> Value,
    _ call: (Delegate) -> Value?
  ) -> Value {
    var responded = false
    defer {
      if !responded { observersDidChange() }
    }
    let multiplexer = self.multiplexer
    return multiplexer._forward(default: defaultValue, requirement: requirement, combiner: combiner, combining) {
      observer in
      guard let answer = call(observer) else {
        guard let object = multiplexer._classInstance(observer) else { return defaultValue }
        return notImplemented(by: object, returning: defaultValue, requirement: requirement)
      }
      responded = true
      return answer
    }
  }
}
