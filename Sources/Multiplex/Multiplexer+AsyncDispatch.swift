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
    // No "did not respond" frame, as for the synchronous `notify`.
    try await _forEachResponse(requirement: nil, framed: false, isolation: isolation, call) { _, _ in }
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
    let responses = try await _collectResponses(requirement: requirement, isolation: isolation, call)
    return Self._combineCollected(responses, { $0 }, default: defaultValue, body)
  }

  /// Calls every live observer's `async` requirement in order, each awaited, and returns the responding ones'
  /// answers (see `_forEachResponse(requirement:framed:isolation:_:_:)`). Not API.
  @inlinable
  func _collectResponses<Value, Failure: Error>(
    requirement: StaticString?,
    isolation: isolated (any Actor)?,
    _ call: (Observer) async throws(Failure) -> Value
  ) async throws(Failure) -> [(observer: Observer, value: Value)] {
    var responses: [(observer: Observer, value: Value)] = []
    try await _forEachResponse(requirement: requirement, framed: true, isolation: isolation, call) {
      responses.append((observer: $0, value: $1))
    }
    return responses
  }

  /// Runs a combining step over responses already collected, each turned into a response by `response`, as a
  /// ``Responses`` sequence. Not API.
  @inlinable
  static func _combineCollected<Element, Value, Result>(
    _ collected: [Element],
    _ response: (Element) -> (observer: Observer, value: Value),
    default defaultValue: Value,
    _ body: (_ responses: inout Responses<Observer, Value>, _ defaultValue: Value) -> Result
  ) -> Result {
    var iterator = collected.makeIterator()
    func next() -> (observer: Observer, value: Value)? { iterator.next().map(response) }
    return withoutActuallyEscaping(next) { next in
      var responses = Responses(_next: next)
      return body(&responses, defaultValue)
    }
  }

  /// The loop of every asynchronous dispatch (``notify(isolation:_:)``, and `combine` through
  /// ``_combine(default:requirement:combining:isolation:_:)``): calls every live observer in order, each awaited,
  /// and hands each responding observer's answer to `respond`.
  ///
  /// It follows the synchronous skeleton's rules (see `_enterDispatch(_:)`): the observers of the source first,
  /// then the registrations of a snapshot taken at the start, skipping removed, blocked and delivering ones; a
  /// deallocated weak observer's slot is reclaimed once at the end; errors go to a ``_FirstError`` and the first
  /// one is thrown after every observer was called. An asynchronous dispatch is not counted in the gate (a
  /// `removeAndWait` does not wait for it), and its "did not respond" frame is a task-local ``_AsyncFrame`` per
  /// call, made only when `framed` (a `Void` dispatch has none).
  ///
  /// - Parameters:
  ///   - requirement: The requirement being forwarded, for the frame.
  ///   - framed: Whether each call gets a frame, so that an observer that does not respond is skipped.
  ///   - isolation: The actor the dispatch runs on.
  ///   - call: Forwards the call to one observer and returns its answer.
  ///   - respond: Receives each responding observer and its answer, in order.
  @inlinable
  func _forEachResponse<Value, Failure: Error>(
    requirement: StaticString?,
    framed: Bool,
    isolation: isolated (any Actor)?,
    _ call: (Observer) async throws(Failure) -> Value,
    _ respond: (_ observer: Observer, _ value: Value) -> Void
  ) async throws(Failure) {
    let sourced = _source?() ?? []
    let entries = _snapshot()
    // The snapshot owns the strongly held observers (see `_EntryStorage`): it must outlive each read of a view.
    defer { _fixLifetime(entries) }
    var sawDead = false
    var errors = _FirstError<Failure>()
    for index in 0..<(sourced.count + entries.count) {
      let observer: Observer
      let identity: ObjectIdentifier?
      if index < sourced.count {
        observer = sourced[index]
        identity = framed ? _identity(of: observer) : nil
      } else {
        let entry = entries[index - sourced.count]
        guard let live = entry._observer(sawDead: &sawDead) else { continue }
        observer = live
        identity = entry.identifier
      }
      let frame = framed ? _AsyncFrame(observer: identity, requirement: requirement) : nil
      let outcome = await _AsyncFrame._with(frame, isolation: isolation) {
        () async -> Swift.Result<Value, Failure> in
        do throws(Failure) {
          return .success(try await call(observer))
        } catch {
          return .failure(error)
        }
      }
      // Closed whatever the outcome: later marks (from a task the observer started) are ignored.
      let wasMarked = frame?.close() ?? false
      switch outcome {
      case .success(let value):
        if !wasMarked { respond(observer, value) }
      case .failure(let error):
        errors.record(error)
      }
    }
    if sawDead { _reclaimDeadObservers() }
    try errors.rethrow()
  }
}

extension Multiplexer {
  /// The snapshot of the registrations, for an asynchronous dispatch (which is not counted in a generation).
  @inlinable
  func _snapshot() -> _EntryStorage<Observer> {
    _lock.withLock { _entries }
  }
}
