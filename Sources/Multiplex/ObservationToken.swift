/// A registration in a ``Multiplexer``, which you can cancel.
///
/// ``Multiplexer/add(_:retention:priority:)`` returns a token. Cancelling it removes exactly that registration,
/// with the same guarantees as ``Multiplexer/remove(_:)``. The token does not keep the observer or the
/// multiplexer alive, and releasing it does *not* cancel the registration; for that, use ``scoped()``.
///
/// ```swift
/// let token = multiplexer.add(indicator)
/// // …
/// token.cancel()
/// ```
///
/// Tokens are `Sendable` and `Hashable` (by identity), so you can keep them in a `Set` and cancel them from any
/// thread. Cancelling twice, or after the observer was removed or deallocated, does nothing.
public final class ObservationToken: Hashable, @unchecked Sendable {
  // Both references are weak and immutable: the token never extends a lifetime, and reading them from several
  // threads at once is safe. The owner's own lock serializes the removal.
  private weak let owner: (any _TokenOwner)?
  private weak let entry: AnyObject?

  init(owner: (any _TokenOwner)?, entry: AnyObject?) {
    self.owner = owner
    self.entry = entry
  }

  /// Removes the registration.
  ///
  /// After `cancel()` returns, no dispatch that starts afterwards calls the observer through this registration.
  ///
  /// - Complexity: O(1) amortized, like ``Multiplexer/remove(_:)``.
  public func cancel() {
    guard let owner, let entry else { return }
    owner._cancel(entry, wait: false)
  }

  /// Removes the registration and waits until no call made by a dispatch on another thread is still running.
  ///
  /// The token form of ``Multiplexer/removeAndWait(_:)``, with the same deadlock caveat.
  ///
  /// - Complexity: O(1) amortized plus the time the running dispatches take to finish.
  @available(*, noasync, message: "Waiting blocks the thread; call cancel() from asynchronous code.")
  public func cancelAndWait() {
    guard let owner else { return }
    if let entry {
      owner._cancel(entry, wait: true)
    } else {
      owner._waitForDispatchesOnOtherThreads()
    }
  }

  /// Whether the registration still exists: not cancelled or removed, and its observer alive.
  ///
  /// - Complexity: O(1).
  public var isActive: Bool {
    guard owner != nil, let entry else { return false }
    return (entry as? any _EntryStatus)?._isLiveRegistration ?? false
  }

  /// Returns a token that cancels this registration when it is released.
  ///
  /// Keep the scoped token where the registration should end, typically in the observer itself; when that owner
  /// goes away, so does the registration, and its slot is reclaimed at once.
  ///
  /// ```swift
  /// final class Header: ScrollViewDelegate {
  ///   private var registration: ScopedObservationToken?
  ///   init(multiplexer: ScrollViewDelegateMultiplexer) {
  ///     registration = multiplexer.add(self).scoped()
  ///   }
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  public func scoped() -> ScopedObservationToken {
    ScopedObservationToken(self)
  }

  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What a token needs from its multiplexer, without knowing its `Observer` type.
protocol _TokenOwner: AnyObject {
  func _cancel(_ entry: AnyObject, wait: Bool)
  func _waitForDispatchesOnOtherThreads()
}

/// Lets a token ask a type-erased entry whether its registration is live.
protocol _EntryStatus: AnyObject {
  var _isLiveRegistration: Bool { get }
}
