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
public final class ObservationToken: Hashable, @unchecked Sendable {
  // The owner is referenced weakly and the registration by identity (its observer's identity and its serial
  // number), both immutable: the token never extends a lifetime, and reading them from several
  // threads at once is safe. The owner's own lock serializes the removal.
  private weak let owner: (any _TokenOwner)?
  /// The identity of the registration's observer; `nil` for an inactive token.
  @usableFromInline let observerIdentifier: ObjectIdentifier?
  /// The registration's serial number in its multiplexer: a new registration of the same observer has another.
  @usableFromInline let serial: Int
  /// Drops this token's claim in `owner`, which is the multiplexer that made the token: ``cancel()``.
  ///
  /// Performance: `add` makes this closure where it is specialized for the observer type, and it captures
  /// nothing, so it costs no allocation. Calling the owner through `_TokenOwner` instead runs the multiplexer's
  /// unspecialized generic code, with run-time metadata lookups: about 11,300 instructions per add + cancel,
  /// against about 4,400 for add + remove (callgrind).
  let _dropClaim: @Sendable (_ owner: AnyObject, _ token: ObservationToken) -> Void

  /// Whether this token's claim was dropped (by `cancel`). Only read and written under the owner's lock.
  @usableFromInline @exclusivity(unchecked) var _isClaimDropped = false

  // Performance: the token names its registration instead of referencing it weakly. The first `weak` reference
  // to an object allocates its side table (a second allocation per `add`), after which every retain and release
  // of the object takes the runtime's slow path, and dispatches retain entries.
  @usableFromInline
  init(
    owner: (any _TokenOwner)?,
    observerIdentifier: ObjectIdentifier?,
    serial: Int,
    dropClaim: @escaping @Sendable (_ owner: AnyObject, _ token: ObservationToken) -> Void
  ) {
    self.owner = owner
    self.observerIdentifier = observerIdentifier
    self.serial = serial
    self._dropClaim = dropClaim
  }

  /// Drops this token's claim on the registration, and removes the registration if it was the last claim.
  ///
  /// In the common case, one `add` and one token, this removes the registration: after `cancel()` returns, no
  /// dispatch that starts afterwards calls the observer through it. See "Tokens and duplicates" above for an
  /// observer added more than once.
  ///
  /// - Complexity: O(1) amortized, like ``Multiplexer/remove(_:)``.
  public func cancel() {
    guard let owner else { return }
    _dropClaim(owner, self)
  }

  /// Drops this token's claim, as ``cancel()`` does, and waits until no call made by a dispatch on another thread
  /// is still running.
  ///
  /// The token form of ``Multiplexer/removeAndWait(_:)``, with the same deadlock caveat. It waits even when other
  /// claims keep the registration.
  ///
  /// - Complexity: O(1) amortized plus the time the running dispatches take to finish.
  @available(*, noasync, message: "Waiting blocks the thread; call cancel() from asynchronous code.")
  public func cancelAndWait() {
    guard let owner else { return }
    owner._cancelAndWait(token: self)
  }

  /// Whether this token's claim holds and the registration still exists: not cancelled or removed, and its
  /// observer alive.
  ///
  /// - Complexity: O(1).
  public var isActive: Bool {
    guard let owner else { return false }
    return owner._isActive(token: self)
  }

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
  public func block() -> ObservationBlock {
    guard let owner, let entry = owner._block(token: self) else {
      return ObservationBlock(owner: nil, entry: nil)
    }
    return ObservationBlock(owner: owner, entry: entry)
  }

  /// Whether at least one block of the registration is alive.
  ///
  /// - Complexity: O(1).
  public var isBlocked: Bool {
    guard let owner else { return false }
    return owner._isBlocked(token: self)
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

  /// Whether the two tokens are the same object: identity, not the registration they refer to.
  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

  /// Hashes the object's identity, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What a token needs from its multiplexer, without knowing its `Observer` type.
@usableFromInline
protocol _TokenOwner: AnyObject {
  /// Drops `token`'s claim on its registration (once), removing the registration with its last claim, then waits
  /// as `removeAndWait` does. (``ObservationToken/cancel()`` goes through the token's `_dropClaim`.)
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
