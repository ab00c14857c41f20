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
