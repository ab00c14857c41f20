/// Forwarding an optional requirement of an `@objc` protocol, for the code `multiplex-generate` generates: only the
/// observers that implement it respond, and when none does, ``DelegateMultiplexing/observersDidChange()`` runs (the
/// sender asked `responds(to:)` when one did). Not API.
extension DelegateMultiplexing {
  /// Calls every observer that implements an optional requirement that returns nothing. Not API.
  ///
  /// - Parameter call: Calls one observer through optional chaining: `nil` when it does not implement the
  ///   requirement.
  /// - Throws: The first error `call` threw, after every observer was called (then without
  ///   ``DelegateMultiplexing/observersDidChange()``).
  @inlinable
  public func _notifyImplementing<Failure: Error>(_ call: (Delegate) throws(Failure) -> Void?) throws(Failure) {
    var responded = false
    try multiplexer.notify { (observer) throws(Failure) in
      if try call(observer) != nil { responded = true }
    }
    if !responded { observersDidChange() }
  }

  /// The `async` ``_notifyImplementing(_:)``: every observer awaited in order. Not API.
  ///
  /// - Parameters:
  ///   - isolation: The actor the dispatch runs on; the caller's by default.
  ///   - call: Calls one observer through optional chaining: `nil` when it does not implement the requirement.
  /// - Throws: The first error `call` threw, after every observer was called.
  @inlinable
  public func _notifyImplementing<Failure: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ call: (Delegate) async throws(Failure) -> Void?
  ) async throws(Failure) {
    var responded = false
    try await multiplexer.notify(isolation: isolation) { (observer) async throws(Failure) in
      if try await call(observer) != nil { responded = true }
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
  /// - Throws: The first error `call` threw, after every observer was called, instead of a result.
  @inlinable
  public func _combineImplementing<Value, Result, Combining, Failure: Error>(
    _ policy: Combiner<Delegate, Value, Result>,
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Delegate, Value>, Value) -> Result,
    _ call: (Delegate) throws(Failure) -> Value?
  ) throws(Failure) -> Result {
    var responded = false
    defer {
      if !responded { observersDidChange() }
    }
    let multiplexer = self.multiplexer
    return try multiplexer._forward(
      policy,
      default: defaultValue,
      requirement: requirement,
      combiner: combiner,
      combining
    ) { (observer) throws(Failure) in
      guard let answer = try call(observer) else {
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
  /// - Throws: The first error `call` threw, after every observer was called, instead of a result.
  @inlinable
  public func _combineImplementing<Value, Combining, Failure: Error>(
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Delegate, Value>, Value) -> Value,
    _ call: (Delegate) throws(Failure) -> Value?
  ) throws(Failure) -> Value {
    var responded = false
    defer {
      if !responded { observersDidChange() }
    }
    let multiplexer = self.multiplexer
    return try multiplexer._forward(default: defaultValue, requirement: requirement, combiner: combiner, combining) {
      (observer) throws(Failure) in
      guard let answer = try call(observer) else {
        guard let object = multiplexer._classInstance(observer) else { return defaultValue }
        return notImplemented(by: object, returning: defaultValue, requirement: requirement)
      }
      responded = true
      return answer
    }
  }
  /// The `async` ``_combineImplementing(_:default:requirement:combiner:_:_:)``: every observer awaited in order.
  /// Not API.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`.
  ///   - defaultValue: The requirement's default.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - isolation: The actor the dispatch runs on; the caller's by default.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Calls one observer: `nil` when it does not implement the requirement.
  /// - Returns: What `combining` or `policy` returns.
  /// - Throws: The first error `call` threw, after every observer was called, instead of a result.
  @inlinable
  public func _combineImplementing<Value, Combining, Failure: Error>(
    _ policy: Combiner<Delegate, Value, Value> = .first,
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    isolation: isolated (any Actor)? = #isolation,
    _ combining: (Combining, inout Responses<Delegate, Value>, Value) -> Value,
    _ call: (Delegate) async throws(Failure) -> Value?
  ) async throws(Failure) -> Value {
    var responded = false
    defer {
      if !responded { observersDidChange() }
    }
    let multiplexer = self.multiplexer
    return try await multiplexer._forward(
      policy,
      default: defaultValue,
      requirement: requirement,
      combiner: combiner,
      isolation: isolation,
      combining
    ) { (observer) async throws(Failure) in
      guard let answer = try await call(observer) else {
        guard let object = multiplexer._classInstance(observer) else { return defaultValue }
        return notImplemented(by: object, returning: defaultValue, requirement: requirement)
      }
      responded = true
      return answer
    }
  }

  /// Forwards an optional decision (see `Multiplexer._decide(requirement:_:)`) to the first observer that
  /// implements it only. Not API.
  ///
  /// - Parameters:
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - call: Calls one observer through optional chaining: `nil` when it does not implement the requirement.
  /// - Throws: The error `call` threw (then without ``DelegateMultiplexing/observersDidChange()``).
  @inlinable
  public func _decideImplementing<Failure: Error>(
    requirement: StaticString = #function,
    _ call: (Delegate) throws(Failure) -> Void?
  ) throws(Failure) {
    let multiplexer = self.multiplexer
    // Only the observers that implement the requirement respond.
    func callImplementing(_ observer: Delegate) throws(Failure) {
      if try call(observer) == nil, let object = multiplexer._classInstance(observer) {
        notImplemented(by: object, returning: (), requirement: requirement)
      }
    }
    if try !multiplexer._decide(requirement: requirement, callImplementing) { observersDidChange() }
  }
}
