/// The registration API of a class that adopts ``DelegateMultiplexing``: the members of its ``multiplexer``, on the
/// class itself, so that `listener.add(observer)` works as `listener.multiplexer.add(observer)` does.
///
/// The multiplexers that `@Multiplexed` and `multiplex-generate` generate get these members from here instead of
/// declaring their own. Each registration change calls ``observersDidChange()`` afterwards.
extension DelegateMultiplexing {
  /// Registers an observer, called after those already registered with the same or a higher priority.
  ///
  /// See ``Multiplexer/add(_:retention:priority:)``; then calls ``observersDidChange()``.
  ///
  /// - Parameters:
  ///   - observer: The object to call.
  ///   - retention: Whether the multiplexer holds `observer` weakly (the default) or keeps it alive.
  ///   - priority: Observers with a higher priority are called first; equal priorities keep registration order.
  /// - Returns: A token whose cancellation drops this `add`'s claim.
  @discardableResult
  public func add(_ observer: Delegate, retention: Retention = .weak, priority: Int = 0) -> ObservationToken {
    let token = multiplexer.add(observer, retention: retention, priority: priority)
    observersDidChange()
    return token
  }

  /// Unregisters an observer. See ``Multiplexer/remove(_:)``; then calls ``observersDidChange()``.
  ///
  /// - Parameter observer: The observer to unregister.
  public func remove(_ observer: Delegate) {
    multiplexer.remove(observer)
    observersDidChange()
  }

  /// Unregisters an observer and waits for calls in flight on other threads.
  ///
  /// See ``Multiplexer/removeAndWait(_:)``, including its deadlock caveat; then calls ``observersDidChange()``.
  ///
  /// - Parameter observer: The observer to unregister.
  @available(*, noasync, message: "Waiting blocks the thread; call remove(_:) from asynchronous code.")
  public func removeAndWait(_ observer: Delegate) {
    multiplexer.removeAndWait(observer)
    observersDidChange()
  }

  /// Unregisters every observer except the primary. See ``Multiplexer/removeAll()``; then calls
  /// ``observersDidChange()``.
  public func removeAll() {
    multiplexer.removeAll()
    observersDidChange()
  }

  /// Whether `observer` is registered and alive. See ``Multiplexer/contains(_:)``.
  ///
  /// - Parameter observer: The observer to look for.
  /// - Returns: `true` if `observer` is registered and has not been deallocated.
  public func contains(_ observer: Delegate) -> Bool {
    multiplexer.contains(observer)
  }

  /// The number of registered observers that are alive. See ``Multiplexer/count``.
  public var count: Int {
    multiplexer.count
  }

  /// Whether no registered observer is alive. See ``Multiplexer/isEmpty``.
  public var isEmpty: Bool {
    multiplexer.isEmpty
  }

  /// The registered observers that are alive, in call order. See ``Multiplexer/observers``.
  public var observers: [Delegate] {
    multiplexer.observers
  }

  /// Does nothing: the default for a multiplexer that needs no notice of registration changes.
  public func observersDidChange() {}
}

/// A ``DelegateMultiplexing`` class whose forwarders post the calls that return nothing to the
/// ``DeliveryContext`` of each observer registered with one: it gets ``add(_:retention:priority:deliveringOn:)``.
///
/// `@Multiplexed` and `multiplex-generate` adopt it for a protocol that refines `Sendable` and has no global actor
/// (not in the `@objc` flavour). Other multiplexers call every observer directly, so they do not offer the
/// delivering `add`: an observer registered there with a delivery context would never be called.
///
/// Adopt it in a hand-written multiplexer only if its forwarders use `Multiplexer._post(_:_:)` for the calls
/// that return nothing.
public protocol DelegateMultiplexingWithDelivery: DelegateMultiplexing where Delegate: Sendable {}

extension DelegateMultiplexingWithDelivery {
  /// Registers an observer that receives the calls that return nothing asynchronously, in `context`, in order.
  ///
  /// See ``Multiplexer/add(_:retention:priority:deliveringOn:)``; then calls
  /// ``DelegateMultiplexing/observersDidChange()``.
  ///
  /// - Parameters:
  ///   - observer: The object to call.
  ///   - retention: Whether the multiplexer holds `observer` weakly (the default) or keeps it alive.
  ///   - priority: The position among the observers, as for ``DelegateMultiplexing/add(_:retention:priority:)``.
  ///   - context: Where the observer is called.
  /// - Returns: A token that removes this registration when cancelled.
  @discardableResult
  public func add(
    _ observer: Delegate,
    retention: Retention = .weak,
    priority: Int = 0,
    deliveringOn context: DeliveryContext
  ) -> ObservationToken {
    let token = multiplexer.add(observer, retention: retention, priority: priority, deliveringOn: context)
    observersDidChange()
    return token
  }
}
