/// Yields `event` to `continuation`: the event stream of a `@Multiplexed` protocol calls it from its tap. Not API.
///
/// `AsyncStream.Continuation.yield(_:)` takes its value `sending`. An event holds the arguments of a call, which
/// belong to the caller's isolation, so the compiler cannot prove the value is disconnected. It does not need
/// to be: `Event` is not declared `Sendable`, so neither is the stream, which therefore stays in the isolation
/// where `events(bufferingPolicy:)` created it, the one the non-`Sendable` (or actor-isolated) multiplexer
/// dispatches in. The event is read where it was made.
///
/// A generic function, so that the compiler does not warn that the escape is unnecessary when `Event` happens to
/// be `Sendable`.
public func _yieldEvent<Event>(_ event: Event, to continuation: AsyncStream<Event>.Continuation) {
  nonisolated(unsafe) let event = event
  continuation.yield(event)
}

extension Multiplexer {
  /// The event stream of a generated multiplexer: registers the observer `makeTap` makes from the stream's
  /// continuation (held strongly, after the observers already registered) and returns the stream. Not API: the
  /// code `@Multiplexed` and `multiplex-generate` generate calls it from `events(bufferingPolicy:)`.
  ///
  /// The tap is a registration, but no observer anyone added: ``count``, ``observers``, ``contains(_:)``,
  /// `debugDescription` and ``removeAll()`` leave it out. It is unregistered when the stream terminates (its
  /// consumer is cancelled or the stream is released); the tap finishes the stream when it is deallocated with
  /// the multiplexer.
  public func _events<Event>(
    bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy,
    tap makeTap: (AsyncStream<Event>.Continuation) -> Observer
  ) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
    let token = _add(makeTap(continuation), retention: .strong, priority: 0, context: nil, isHidden: true)
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// The event stream of a multiplexer generated for an `@objc` protocol: ``_events(bufferingPolicy:tap:)``, and
  /// while the stream is open, `answers` counts it as reporting the optional requirements `streamed` (their indices
  /// in `answers`), so that the multiplexer's `responds(to:)` says it implements them. Not API: the code
  /// `multiplex-generate` generates calls it from `events(of:bufferingPolicy:)`, then has the sender ask
  /// `responds(to:)` again (`refreshRespondsToSelector()`) if an answer it gave changed.
  ///
  /// When the stream terminates, its tap is unregistered, then its requirements are no longer counted; if one of
  /// them is now reported by no open stream, `streamingDidEnd` runs (on the thread that terminated the stream: a
  /// main-actor multiplexer hops to the main actor there to refresh its answers). Without it, the sender asks
  /// again at its next call of such a requirement, which nobody implements any more. It does not run when the
  /// stream finishes because the multiplexer is being deallocated (the tap's `deinit` finishes it): nothing is
  /// left to refresh, and no task is started for it.
  ///
  /// - Complexity: O(*k*) for the *k* indices, plus a registration.
  public func _events<Event>(
    bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy,
    streaming streamed: [Int],
    answers: _RespondsToSelectorAnswers,
    tap makeTap: (AsyncStream<Event>.Continuation) -> Observer,
    streamingDidEnd: (@Sendable () -> Void)? = nil
  ) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
    let token = _add(makeTap(continuation), retention: .strong, priority: 0, context: nil, isHidden: true)
    answers.beginStreaming(streamed)
    continuation.onTermination = { termination in
      token.cancel()
      // `.finished` comes only from the tap's `deinit`: the multiplexer is being deallocated, and no sender is left
      // to ask again.
      if answers.endStreaming(streamed), case .cancelled = termination { streamingDidEnd?() }
    }
    return stream
  }
}
