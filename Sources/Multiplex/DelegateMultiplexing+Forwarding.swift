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

  /// Forwards an optional requirement whose result has no value the multiplexer could answer by itself (see
  /// ``_KeptAnswers``): every observer that implements it is called, and the first one's answer in call order is
  /// returned (the primary's when it implements it); with none, the observer pledged when the sender asked
  /// `responds(to:)` answers, or else the last answer an observer gave.
  /// Not API.
  ///
  /// Every answer is kept, and the pledge dropped. With no implementing observer,
  /// ``DelegateMultiplexing/observersDidChange()`` runs, as for any optional requirement.
  ///
  /// - Parameters:
  ///   - answers: The multiplexer's kept answers.
  ///   - index: The requirement's index among the optional requirements.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - call: Calls one observer through optional chaining: `nil` when it does not implement the requirement.
  /// - Returns: The first implementing observer's answer, the pledged observer's, or the last answer kept.
  /// - Throws: The error `call` threw.
  /// - Precondition: The sender asked `responds(to:)` and was told yes before its first call: a sender that calls an
  ///   optional method it was told is not implemented is stopped, as Objective-C stops it with an unrecognized
  ///   selector.
  @inlinable
  public func _answerImplementing<Value, Failure: Error>(
    keeping answers: _KeptAnswers,
    at index: Int,
    requirement: StaticString = #function,
    _ call: (Delegate) throws(Failure) -> Value?
  ) throws(Failure) -> Value {
    let multiplexer = self.multiplexer
    let answer: Value? = try multiplexer.combine(default: nil, requirement: ForwardedRequirement(name: requirement)) {
      (observer) throws(Failure) -> Value? in
      if let answer = try call(observer) { return answer }
      guard let object = multiplexer._classInstance(observer) else { return nil }
      return notImplemented(by: object, returning: nil, requirement: requirement)
    }
    if let answer {
      answers.keep(answer, for: index)
      return answer
    }
    // Taken before the sender is made to ask again (`observersDidChange()` may reassign its slot, and a sender may
    // call the requirement from its setter).
    let pledged = answers.takePledge(for: index)
    observersDidChange()
    if let pledged = pledged as? Delegate, let answer = try call(pledged) {
      answers.keep(answer, for: index)
      return answer
    }
    guard let kept = answers.answer(for: index, as: Value.self) else {
      preconditionFailure("\(requirement) was called, but no observer implements it and none ever answered it")
    }
    return kept
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
