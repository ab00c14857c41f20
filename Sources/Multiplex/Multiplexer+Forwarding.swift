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

extension Multiplexer {
  /// ``_forward(_:default:requirement:combiner:_:_:)`` for a requirement that the protocol implements in an extension
  /// of another module: `moduleDefault` asks that default implementation, only when it is needed. Not API.
  ///
  /// With `combiner` set, `moduleDefault()` is called once, before any observer, and is the combining step's
  /// default. Otherwise `policy` combines the observers' answers, each wrapped in an `Optional`, from a default of
  /// `nil`: its answer when an observer responded, else `moduleDefault()`, called once after the observers.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`, over the answers wrapped in an `Optional`.
  ///   - moduleDefault: The protocol's default implementation's answer.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` or `policy` returns, or what `moduleDefault` returns.
  @inlinable
  public func _forward<Value, Combining, Failure: Error>(
    _ policy: Combiner<Observer, Value?, Value?> = .first,
    moduleDefault: () throws(Failure) -> Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Observer, Value>, Value) -> Value,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let combiner {
      return try _combine(
        default: try moduleDefault(),
        requirement: requirement,
        combining: { responses, defaultValue in combining(combiner, &responses, defaultValue) },
        call
      )
    }
    let answer = try combine(using: policy, default: nil, requirement: ForwardedRequirement(name: requirement)) {
      (observer) throws(Failure) -> Value? in try call(observer)
    }
    if let answer { return answer }
    return try moduleDefault()
  }

  /// ``_forward(_:moduleDefault:requirement:combiner:_:_:)`` for an `Optional` result combined as the first answer
  /// that is not `nil` (``Combiner/firstNonNil``): `moduleDefault()` answers when no observer's answer is a value.
  /// Not API.
  ///
  /// - Parameters:
  ///   - moduleDefault: The protocol's default implementation's answer.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` returns, or the first answer that is not `nil`, or what `moduleDefault` returns.
  @inlinable
  public func _forward<Wrapped, Combining, Failure: Error>(
    firstNonNilOr moduleDefault: () throws(Failure) -> Wrapped?,
    requirement: StaticString = #function,
    combiner: Combining?,
    _ combining: (Combining, inout Responses<Observer, Wrapped?>, Wrapped?) -> Wrapped?,
    _ call: (Observer) throws(Failure) -> Wrapped?
  ) throws(Failure) -> Wrapped? {
    if let combiner {
      return try _combine(
        default: try moduleDefault(),
        requirement: requirement,
        combining: { responses, defaultValue in combining(combiner, &responses, defaultValue) },
        call
      )
    }
    let answer = try combine(
      using: .firstNonNil,
      default: nil,
      requirement: ForwardedRequirement(name: requirement),
      call
    )
    if let answer { return answer }
    return try moduleDefault()
  }
}

extension Multiplexer {
  /// The `async` ``_forward(_:default:requirement:combiner:_:_:)``: with `combiner` set, `combining` combines the
  /// responses with it; otherwise `policy` does. Every observer is awaited in order, as by
  /// ``combine(using:default:requirement:isolation:_:)``. Not API.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`.
  ///   - defaultValue: The requirement's default, for `policy` or `combining`.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - isolation: The actor the dispatch runs on; the caller's by default.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` or `policy` returns.
  @inlinable
  public func _forward<Value, Combining, Failure: Error>(
    _ policy: Combiner<Observer, Value, Value> = .first,
    default defaultValue: Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    isolation: isolated (any Actor)? = #isolation,
    _ combining: (Combining, inout Responses<Observer, Value>, Value) -> Value,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    // One call, which awaits every observer before combining, whichever combines: one suspension point in the
    // forwarding member instead of one per branch (a generated `async -> Int?` requirement: ×1.90 → ×1.37 the
    // object bytes of a hand-written forwarder, Benchmarks/Results/2026-11-26c-object-size.md).
    try await _combine(
      default: defaultValue,
      requirement: requirement,
      combining: { responses, defaultValue in
        if let combiner {
          combining(combiner, &responses, defaultValue)
        } else {
          policy.combine(&responses, default: defaultValue)
        }
      },
      isolation: isolation,
      call
    )
  }

  /// The `async` ``_forward(_:moduleDefault:requirement:combiner:_:_:)``: every observer is awaited in order, then,
  /// with `combiner` set or when no observer responded, `moduleDefault()` once. Not API.
  ///
  /// Unlike the synchronous form, which asks `moduleDefault()` before the observers for a combiner (whose responses
  /// are produced as it pulls them), this one asks it after them: the combining step runs after every observer
  /// anyway, and one `await` of the default instead of two keeps each forwarding member smaller.
  ///
  /// - Parameters:
  ///   - policy: The combiner used when `combiner` is `nil`, over the answers wrapped in an `Optional`.
  ///   - moduleDefault: The protocol's default implementation's answer.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - isolation: The actor the dispatch runs on; the caller's by default.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` or `policy` returns, or what `moduleDefault` returns.
  @inlinable
  public func _forward<Value, Combining, Failure: Error>(
    _ policy: Combiner<Observer, Value?, Value?> = .first,
    moduleDefault: () async throws(Failure) -> Value,
    requirement: StaticString = #function,
    combiner: Combining?,
    isolation: isolated (any Actor)? = #isolation,
    _ combining: (Combining, inout Responses<Observer, Value>, Value) -> Value,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    // `moduleDefault` is awaited at one place, after the observers: each `await` costs every forwarding member its
    // own partial functions (Benchmarks/Results/2026-11-26c-object-size.md).
    let responses = try await _collectResponses(requirement: requirement, isolation: isolation, call)
    if combiner == nil,
      let answer = Self._combineCollected(
        responses,
        { (observer: $0.observer, value: Optional($0.value)) },
        default: nil,
        policy.combine
      )
    {
      return answer
    }
    let defaultValue = try await moduleDefault()
    guard let combiner else { return defaultValue }
    return Self._combineCollected(responses, { $0 }, default: defaultValue, { combining(combiner, &$0, $1) })
  }

  /// The `async` ``_forward(firstNonNilOr:requirement:combiner:_:_:)``: every observer is awaited in order, then, with
  /// `combiner` set or when every answer is `nil`, `moduleDefault()` once (after the observers, as in
  /// ``_forward(_:moduleDefault:requirement:combiner:isolation:_:_:)``). Not API.
  ///
  /// - Parameters:
  ///   - moduleDefault: The protocol's default implementation's answer.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - combiner: The multiplexer's combining delegate, if one is set.
  ///   - isolation: The actor the dispatch runs on; the caller's by default.
  ///   - combining: Combines the responses with `combiner`.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combining` returns, or the first answer that is not `nil`, or what `moduleDefault` returns.
  @inlinable
  public func _forward<Wrapped, Combining, Failure: Error>(
    firstNonNilOr moduleDefault: () async throws(Failure) -> Wrapped?,
    requirement: StaticString = #function,
    combiner: Combining?,
    isolation: isolated (any Actor)? = #isolation,
    _ combining: (Combining, inout Responses<Observer, Wrapped?>, Wrapped?) -> Wrapped?,
    _ call: (Observer) async throws(Failure) -> Wrapped?
  ) async throws(Failure) -> Wrapped? {
    // As in `_forward(_:moduleDefault:requirement:combiner:isolation:_:_:)`: `moduleDefault` is awaited at one place.
    let responses = try await _collectResponses(requirement: requirement, isolation: isolation, call)
    if combiner == nil, let answer = responses.first(where: { $0.value != nil }) { return answer.value }
    let defaultValue = try await moduleDefault()
    guard let combiner else { return defaultValue }
    return Self._combineCollected(responses, { $0 }, default: defaultValue, { combining(combiner, &$0, $1) })
  }
}

extension Multiplexer {
  /// Forwards a decision, a requirement whose handler the sender waits for and which must be called once, to the
  /// first responding observer only: the observers after it are not called. Not API.
  ///
  /// - Parameters:
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - call: Forwards the call to one observer.
  /// - Returns: Whether an observer responded.
  /// - Throws: The error `call` threw.
  @inlinable @discardableResult
  public func _decide<Failure: Error>(
    requirement: StaticString = #function,
    _ call: (Observer) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    try _combine(default: (), requirement: requirement, combining: { responses, _ in responses.next() != nil }, call)
  }

  /// ``_decide(requirement:_:)`` for a requirement that the protocol implements in an extension of another module:
  /// when no observer responds, `moduleDefault` decides. Not API.
  ///
  /// - Parameters:
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - moduleDefault: Calls the protocol's default implementation.
  ///   - call: Forwards the call to one observer.
  /// - Throws: The error `call` or `moduleDefault` threw.
  @inlinable
  public func _decide<Failure: Error>(
    requirement: StaticString = #function,
    otherwise moduleDefault: () throws(Failure) -> Void,
    _ call: (Observer) throws(Failure) -> Void
  ) throws(Failure) {
    if try !_decide(requirement: requirement, call) { try moduleDefault() }
  }
}
