extension Multiplexer {
  /// Calls every live observer's `async` requirement, one after the other, in order.
  ///
  /// Each call is awaited before the next one starts, so observers see the same order as with ``notify(_:)-9b4uc``.
  ///
  /// ```swift
  /// func assetLoaderDidFinish(_ loader: AssetLoader) async {
  ///   await notify { await $0.assetLoaderDidFinish(loader) }
  /// }
  /// ```
  ///
  /// The rules for observers added, removed or deallocated during the dispatch are those of ``notify(_:)-9b4uc``.
  ///
  /// - Parameters:
  ///   - isolation: The actor the dispatch runs on. The default, `#isolation`, is the caller's, so a `@MainActor`
  ///     delegate can forward to its (non-`Sendable`) observers without leaving the main actor.
  ///   - call: Forwards the call to one observer.
  /// - Throws: The first error (in call order) after every observer was called.
  /// - Complexity: O(*n*) observer calls.
  @inlinable
  public func notify<Failure: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ call: (Observer) async throws(Failure) -> Void
  ) async throws(Failure) {
    let sourced = _source?() ?? []
    let entries = _snapshot()
    var sawDead = false
    var firstError: Failure? = nil
    for observer in sourced {
      do {
        try await call(observer)
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    for entry in entries {
      guard let observer = entry._observer(sawDead: &sawDead) else { continue }
      do {
        try await call(observer)
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    if sawDead { _reclaimDeadObservers() }
    if let firstError { throw firstError }
  }

  /// Calls every live observer's `async` requirement in order and returns the first responding observer's answer.
  ///
  /// The asynchronous form of ``combine(default:requirement:_:)``. A default implementation of an `async` requirement
  /// reports that it does not respond with `notImplemented(by:returning:)`.
  ///
  /// - Parameters:
  ///   - defaultValue: The result when no observer responds.
  ///   - requirement: The requirement being forwarded (`#function`), as for the synchronous form.
  ///   - isolation: The actor the dispatch runs on; the caller's by default (see ``notify(isolation:_:)``).
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: The first responding observer's answer, or `defaultValue`.
  /// - Throws: The first error (in call order) after every observer was called.
  /// - Complexity: O(*n*) observer calls.
  @inlinable
  public func combine<Value, Failure: Error>(
    default defaultValue: Value,
    requirement: ForwardedRequirement = #function,
    isolation: isolated (any Actor)? = #isolation,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    try await combine(using: .first, default: defaultValue, requirement: requirement, isolation: isolation, call)
  }

  /// Calls every live observer's `async` requirement in order and combines the answers with `combiner`.
  ///
  /// The asynchronous form of ``combine(using:default:requirement:_:)``, with one difference: every observer is called
  /// (in order, each awaited) before the combiner runs over the responses, so a combiner that stops early
  /// does not save calls here.
  ///
  /// - Parameters:
  ///   - combiner: How to turn the responses into the result.
  ///   - defaultValue: Passed to the combiner; the built-in combiners return it when no observer responds.
  ///   - requirement: The requirement being forwarded (`#function`), as for the synchronous form.
  ///   - isolation: The actor the dispatch runs on; the caller's by default (see ``notify(isolation:_:)``).
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combiner` returns.
  /// - Throws: The first error (in call order), after every observer was called, instead of a result.
  /// - Complexity: O(*n*) observer calls and one array of responses.
  @inlinable
  public func combine<Value, Result, Failure: Error>(
    using combiner: Combiner<Observer, Value, Result>,
    default defaultValue: Value,
    requirement: ForwardedRequirement = #function,
    isolation: isolated (any Actor)? = #isolation,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> Result {
    try await _combine(
      default: defaultValue,
      requirement: requirement.name,
      combining: combiner.combine,
      isolation: isolation,
      call
    )
  }

  /// The asynchronous `_combine(default:requirement:combining:_:)`: the combining step as a closure, for generated
  /// code. Not API.
  @inlinable
  public func _combine<Value, Result, Failure: Error>(
    default defaultValue: Value,
    requirement: StaticString?,
    combining body: (_ responses: inout Responses<Observer, Value>, _ defaultValue: Value) -> Result,
    isolation: isolated (any Actor)? = #isolation,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> Result {
    let sourced = _source?() ?? []
    let entries = _snapshot()
    var sawDead = false
    var firstError: Failure? = nil
    var responses: [(observer: Observer, value: Value)] = []
    for index in 0..<(sourced.count + entries.count) {
      let observer: Observer
      let frame: _AsyncFrame
      if index < sourced.count {
        observer = sourced[index]
        frame = _AsyncFrame(observer: _identity(of: observer), requirement: requirement)
      } else {
        let entry = entries[index - sourced.count]
        guard let live = entry._observer(sawDead: &sawDead) else { continue }
        observer = live
        frame = _AsyncFrame(observer: entry.identifier, requirement: requirement)
      }
      let outcome = await _AsyncFrame._with(frame, isolation: isolation) {
        () async -> Swift.Result<Value, Failure> in
        do throws(Failure) {
          return .success(try await call(observer))
        } catch {
          return .failure(error)
        }
      }
      switch outcome {
      case .success(let value):
        if !frame.close() { responses.append((observer: observer, value: value)) }
      case .failure(let error):
        _ = frame.close()
        if firstError == nil { firstError = error }
      }
    }
    if sawDead { _reclaimDeadObservers() }
    if let firstError { throw firstError }
    var iterator = responses.makeIterator()
    func next() -> (observer: Observer, value: Value)? { iterator.next() }
    return withoutActuallyEscaping(next) { next in
      var lazy = Responses(_next: next)
      return body(&lazy, defaultValue)
    }
  }
}
