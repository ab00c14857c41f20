// The input of `Sources/MultiplexWorkloads/Expanded/QueuedListener+Multiplexed.swift`; see `Listener.swift` here.

/// A `Sendable` listener, so that observers can be registered with a delivery context.
@Multiplexed
public protocol QueuedListener: AnyObject, Sendable {
  func didChange(_ value: Int)
}
