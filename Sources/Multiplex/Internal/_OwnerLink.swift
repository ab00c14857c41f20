internal import _MultiplexShims

/// How tokens and blocks reach their multiplexer without keeping it alive: the multiplexer's lock, and an
/// unretained reference to the multiplexer that its `deinit` clears under that lock.
///
/// Each multiplexer makes one link and owns it; its registrations (the tokens of their first claims), its other
/// tokens (``_ClaimToken``) and its blocks (``ObservationBlock``) hold it strongly, so the lock outlives the
/// multiplexer for as long as any of them may still take it.
///
/// Tokens used to hold a `weak` reference to the multiplexer. Loading one costs a compare-and-exchange on the
/// multiplexer's side table, and releasing the strong reference it returns takes the runtime's slow path (about
/// 170 instructions per ``ObservationToken/cancel()``, callgrind), which made cancelling a token ×1.14–1.18 the time
/// of ``Multiplexer/remove(_:)``. Through the link, a token takes the lock, and while it holds it the reference is
/// either `nil` (the multiplexer's `deinit` cleared it: the token does nothing, as after a `weak` load that read
/// `nil`) or points to memory that stays valid (that `deinit` clears it first, under this lock, so it cannot go on
/// while the token holds the lock). The token then retains the multiplexer with the runtime's conditional retain
/// (`swift_tryRetain`, what a `weak` load does inside), which fails if the multiplexer's strong count already
/// reached zero (its `deinit` waits for the lock): then too the token does nothing. With the retain, the token
/// holds an ordinary strong reference, which it releases after unlocking (the release may be the last one, and
/// run the `deinit`, which takes the lock). A cancellation does its work in the same critical section: one lock,
/// one conditional retain on the multiplexer's inline count (on its side table if the user references the
/// multiplexer weakly), one release. And since nothing of Multiplex references the multiplexer weakly, it has no
/// side table of ours: each retain and release of it stays on the fast path.
///
/// The retain is not optional: even an unoptimized build, which copies references freely, must never release the
/// last strong reference to the multiplexer while holding its lock (the `deinit` would wait for that lock
/// forever), nor copy a reference to a multiplexer whose `deinit` has begun beyond the lock (the memory is freed
/// right after).
@usableFromInline
final class _OwnerLink: @unchecked Sendable {
  /// Drops a token's claim in the multiplexer `owner`, with the lock held, leaving it held; returns the
  /// registrations to finish after unlocking (`nil` when there are none, the usual case). Made where `add` is
  /// specialized for the multiplexer's `Observer` (see ``dropsOwnClaim``).
  @usableFromInline typealias ClaimDropper = (_ owner: AnyObject, _ token: ObservationToken) -> [ObservationToken]?

  /// The multiplexer's lock.
  @usableFromInline let lock = _Lock()

  /// The multiplexer, unretained; `nil` once its `deinit` began. Read and written under `lock`.
  @exclusivity(unchecked) private var owner: Unmanaged<AnyObject>?

  /// The multiplexer's conformance to ``_TokenOwner``, for the operations that are not specialized for its
  /// `Observer`; unretained, and `nil` with ``owner``.
  @exclusivity(unchecked) private unowned(unsafe) var tokenOwner: (any _TokenOwner)?

  /// Drops the claim of a registration that is its own token. Set once, under `lock`, by the first `add` (the
  /// multiplexer's `init` is not specialized: a function made there would run generic code, about 11,300
  /// instructions per add + cancel against 4,400 for add + remove, callgrind).
  @usableFromInline @exclusivity(unchecked) var dropsOwnClaim: ClaimDropper?

  /// Drops the claim of a ``_ClaimToken``; set with ``dropsOwnClaim``.
  @usableFromInline @exclusivity(unchecked) var dropsClaim: ClaimDropper?

  @usableFromInline
  init() {}

  deinit {
    lock.destroy()
  }

  /// Sets the multiplexer; called once by its `init`, before anything else can see the link.
  @usableFromInline
  func attach(_ multiplexer: any _TokenOwner) {
    owner = Unmanaged.passUnretained(multiplexer)
    tokenOwner = multiplexer
  }

  /// Called first by the multiplexer's `deinit`: from now on tokens find no multiplexer.
  @usableFromInline
  func detach() {
    #if DEBUG
    if let owner { _OwnerLinkTesting.beforeDetach(owner.toOpaque()) }
    #endif
    lock.lock()
    owner = nil
    tokenOwner = nil
    lock.unlock()
  }

  /// Drops `token`'s claim, if the multiplexer is alive: with ``dropsOwnClaim`` if `isOwnClaim` (the token is its
  /// registration), with ``dropsClaim`` otherwise.
  ///
  /// - Complexity: O(1) amortized, like ``Multiplexer/remove(_:)``.
  @inline(__always)
  func dropClaim(of token: ObservationToken, isOwnClaim: Bool) {
    lock.lock()
    let (finishing, retained) = dropClaimLocked(of: token, isOwnClaim: isOwnClaim)
    lock.unlock()
    if let finishing {
      // Outside the lock: finishing a registration may release the user's objects, whose deinit may call back.
      for registration in finishing { registration._finishRetirement() }
    }
    // Last, outside the lock: it may be the multiplexer's last reference.
    retained?.release()
  }

  /// The locked part of ``dropClaim(of:isOwnClaim:)``: returns what to finish, and the multiplexer retained (to
  /// release after unlocking), or `nil` if it is gone. A function of its own, so that an unoptimized build's
  /// copies of the reference end before the caller unlocks.
  @inline(__always)
  private func dropClaimLocked(
    of token: ObservationToken,
    isOwnClaim: Bool
  ) -> (finishing: [ObservationToken]?, retained: Unmanaged<AnyObject>?) {
    guard let owner, _mpx_try_retain(owner.toOpaque()) != nil else { return (nil, nil) }
    guard let drop = isOwnClaim ? dropsOwnClaim : dropsClaim else { return (nil, owner) }
    return (owner._withUnsafeGuaranteedRef { drop($0, token) }, owner)
  }

  /// Runs `body` with the multiplexer if it is alive, without holding its lock (which `body` may take); returns
  /// `nil` if it is gone. For the operations that are not specialized for the multiplexer's `Observer`.
  func withOwner<Result>(_ body: (any _TokenOwner) -> Result) -> Result? {
    lock.lock()
    let owner = retainedTokenOwnerLocked()
    lock.unlock()
    guard let owner else { return nil }
    // The conditional retain, balanced now: `owner` holds a strong reference of its own until the end of this
    // scope (its release may run the multiplexer's `deinit`, here, outside the lock).
    Unmanaged.passUnretained(owner as AnyObject).release()
    return body(owner)
  }

  /// Under the lock: the multiplexer, retained once more by the conditional retain (see ``withOwner(_:)``), or
  /// `nil` if it is gone. A function of its own, so that an unoptimized build's copies end before the caller
  /// unlocks.
  private func retainedTokenOwnerLocked() -> (any _TokenOwner)? {
    guard let owner, _mpx_try_retain(owner.toOpaque()) != nil else { return nil }
    return tokenOwner
  }
}

#if DEBUG
/// For tests (debug builds only): a hook that runs at the start of each multiplexer's `deinit`, before its link is
/// detached, while its strong count is already zero: the window in which only the conditional retain keeps a token
/// from using the multiplexer.
package enum _OwnerLinkTesting {
  private static let lock = _Lock()
  nonisolated(unsafe) private static var hook: ((_ multiplexer: UnsafeMutableRawPointer) -> Void)?

  /// Sets the hook (`nil` removes it). It receives the address of the multiplexer whose `deinit` runs, on that
  /// thread; tests run in parallel, so it must ignore the multiplexers of other tests.
  package static func setBeforeDetach(_ hook: ((_ multiplexer: UnsafeMutableRawPointer) -> Void)?) {
    lock.withLock { self.hook = hook }
  }

  static func beforeDetach(_ multiplexer: UnsafeMutableRawPointer) {
    let hook = lock.withLock { self.hook }
    hook?(multiplexer)
  }
}
#endif
