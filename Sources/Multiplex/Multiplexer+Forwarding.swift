extension Multiplexer {
  /// Forwards a requirement that returns a value, for the code `@Multiplexed` and `multiplex-generate` generate:
  /// with `combiner` set, `combining` combines the responses with it; otherwise `policy` does. Not API.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`.
  ///   - defaultValue: The requirement's default, for `policy` or `combining`.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` or `policy` returns.
  @inlinable
  public func _forward<Value, Result, Combining, Failure: Error>(
    _ policy: Combiner<Observer, Value, Result>,
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Observer, Value>, Value) -> Result,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Result {
    if let combiner {
      return try _combine(
        default: defaultValue,
        requirement: requirement,
        combining: { responses, defaultValue in combining(combiner, &responses, defaultValue) },
        call
      )
    }
    return try combine(using: policy, default: defaultValue, requirement: ForwardedRequirement(name: requirement), call)
  }

  /// ``_forward(_:default:requirement:combiner:_:_:)`` with the default policy, the first responding observer's
  /// answer: the same loop as ``combine(default:requirement:_:)``, smaller than a ``Combiner``'s. Not API.
  ///
  /// - Parameters:
  ///   - defaultValue: The requirement's default.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` returns, or the first responding observer's answer, or `defaultValue`.
  @inlinable
  public func _forward<Value, Combining, Failure: Error>(
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Observer, Value>, Value) -> Value,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let combiner {
      return try _combine(
        default: defaultValue,
        requirement: requirement,
        combining: { responses, defaultValue in combining(combiner, &responses, defaultValue) },
        call
      )
    }
    return try combine(default: defaultValue, requirement: ForwardedRequirement(name: requirement), call)
  }
}
