/// A claim on a registration in a ``Multiplexer``, which you can cancel.
///
/// ``Multiplexer/add(_:retention:priority:)`` returns a token. The token does not keep the observer or the
/// multiplexer alive, and releasing it does *not* cancel the registration; for that, use ``scoped()``.
///
/// ```swift
/// let token = multiplexer.add(indicator)
/// // …
/// token.cancel()
/// ```
///
/// ### Tokens and duplicates
/// Each `add` of an observer returns its own token, and each token holds one *claim* on the registration. Adding an
/// observer that is already registered changes nothing but the number of claims: it is still called once per event.
/// Cancelling a token drops its claim; the registration ends when the last claim is dropped, with the same
/// guarantees as ``Multiplexer/remove(_:)``. So two parts of an app that add the same observer independently do not
/// end each other's registration: a scoped token from the second `add` that goes away leaves the first one's
/// registration in place. ``Multiplexer/remove(_:)`` and ``Multiplexer/removeAll()`` end a registration at once,
/// whatever claims are left.
///
/// ### Blocking
/// ``block()`` suspends the registration without ending it, as Boost.Signals2's `shared_connection_block` does:
/// while any of its blocks is alive, dispatches skip the observer as if it were absent, and it keeps its place,
/// priority and retention.
///
/// Tokens are `Sendable` and `Hashable` (by identity), so you can keep them in a `Set` and cancel them from any
/// thread. Cancelling twice, or after the observer was removed or deallocated, does nothing.
public class ObservationToken: Hashable, @unchecked Sendable {
  // A token has no stored property of its own: the token of a registration's first claim is the registration
  // itself (``_Entry`` is a subclass, whose state word must stay its first stored property), so that `add`
  // allocates one object, not two; a strong registration's too when its storage owns the observer (see
  // ``_EntryStorage``). Other tokens (each later `add` of an observer already registered, and a strong
  // registration's that owns its observer) are ``_ClaimToken``s; an inactive token is an `ObservationToken` itself, whose methods do
  // nothing. The subclasses override the hooks below; the owner's lock serializes what they change.
  @usableFromInline
  init() {}

  /// Drops this token's claim (``cancel()``). An inactive token does nothing.
  func _dropClaim() {}

  /// Drops this token's claim and waits for the dispatches on other threads (``cancelAndWait()``).
  func _dropClaimAndWait() {}

  /// ``isActive``.
  var _isActive: Bool { false }

  /// Blocks the registration (``block()``); returns the block, one that does nothing if nothing was blocked.
  func _block() -> ObservationBlock { ObservationBlock(link: nil, entry: nil) }

  /// ``isBlocked``.
  var _isBlocked: Bool { false }

  /// Finishes the retirement of a registration (the token is one) once its multiplexer's lock was released: ends
  /// its delivery (see `_Entry._endDelivery()`). Tokens that are not registrations do nothing.
  @usableFromInline
  func _finishRetirement() {}

  /// Drops this token's claim on the registration, and removes the registration if it was the last claim.
  ///
  /// In the common case, one `add` and one token, this removes the registration: after `cancel()` returns, no
  /// dispatch that starts afterwards calls the observer through it. See "Tokens and duplicates" above for an
  /// observer added more than once.
  ///
  /// - Complexity: O(1) amortized, like ``Multiplexer/remove(_:)``.
  public final func cancel() {
    _dropClaim()
  }

  /// Drops this token's claim, as ``cancel()`` does, and waits until no call made by a dispatch on another thread
  /// is still running.
  ///
  /// The token form of ``Multiplexer/removeAndWait(_:)``, with the same deadlock caveat. It waits even when other
  /// claims keep the registration.
  ///
  /// - Complexity: O(1) amortized plus the time the running dispatches take to finish.
  @available(*, noasync, message: "Waiting blocks the thread; call cancel() from asynchronous code.")
  public final func cancelAndWait() {
    _dropClaimAndWait()
  }

  /// Whether this token's claim holds and the registration still exists: not cancelled or removed, and its
  /// observer alive.
  ///
  /// - Complexity: O(1).
  public final var isActive: Bool { _isActive }

  /// Suspends the registration until the returned block is cancelled or released.
  ///
  /// While any block of a registration is alive, dispatches that start afterwards skip its observer as if it were
  /// absent, and a dispatch in progress does not call it after `block()` returns (the guarantee
  /// ``Multiplexer/remove(_:)`` gives); queued calls for an observer with a delivery context that have not started
  /// are dropped. The registration keeps its position, priority, retention and claims, and introspection
  /// (``Multiplexer/count``, ``Multiplexer/observers``) still lists it. Blocks count: with two blocks alive,
  /// cancelling one leaves the observer blocked.
  ///
  /// ```swift
  /// let pause = token.block()       // the header stops following the scroll view…
  /// animateLayoutChange()
  /// pause.cancel()                  // …and follows it again
  /// ```
  ///
  /// Blocking a token whose claim was dropped, or whose registration ended, returns a block that does nothing.
  ///
  /// - Returns: The block. Keep it: releasing it ends the block, so a block dropped at once blocks nothing.
  /// - Complexity: O(1).
  public final func block() -> ObservationBlock { _block() }

  /// Whether at least one block of the registration is alive.
  ///
  /// - Complexity: O(1).
  public final var isBlocked: Bool { _isBlocked }

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
  public final func scoped() -> ScopedObservationToken {
    ScopedObservationToken(self)
  }

  /// Whether the two tokens are the same object: identity, not the registration they refer to.
  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

  /// Hashes the object's identity, consistently with `==`.
  public final func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What a token needs from its multiplexer, without knowing its `Observer` type.
@usableFromInline
protocol _TokenOwner: AnyObject {
  /// Drops `token`'s claim on its registration (once), removing the registration with its last claim, then waits
  /// as `removeAndWait` does. (``ObservationToken/cancel()`` goes through `_OwnerLink.dropClaim(of:isOwnClaim:)`.)
  func _cancelAndWait(token: ObservationToken)
  /// Whether `token`'s claim holds and its registration is live.
  func _isActive(token: ObservationToken) -> Bool
  /// Whether `token`'s registration exists and is blocked.
  func _isBlocked(token: ObservationToken) -> Bool
  /// Adds a block to `token`'s registration if its claim holds and the registration exists; returns the
  /// registration's entry if it did.
  func _block(token: ObservationToken) -> AnyObject?
  /// Removes the block `block` added to `entry` (once).
  func _unblock(_ entry: AnyObject, block: ObservationBlock)
  @discardableResult
  func _waitForDispatchesOnOtherThreads() -> Int
}
