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
}
