// What tokens and blocks ask of their multiplexer (`_TokenOwner`): claims, blocks and cancellation. Each runs
// under the multiplexer's lock, which also guards the tokens' and blocks' own "ended" flags.

extension Multiplexer: _TokenOwner {
  /// The registration `token` names, if it is still current (call with the lock held): the registration itself
  /// for its own token while it was not removed, or the one the index maps a ``_ClaimToken``'s observer to, if it
  /// is the token's.
  @inlinable
  func _registration(of token: ObservationToken) -> _Entry<Observer>? {
    guard let claim = token as? _ClaimToken else {
      // Only this multiplexer's registrations and claim tokens reach it.
      let entry = unsafeDowncast(token, to: _Entry<Observer>.self)
      return entry._isRemoved ? nil : entry
    }
    // After a `remove` and a new `add` of the same observer, an old token's claim is on the old registration,
    // which has ended already.
    guard let entry = _index.entry(for: claim.observerIdentifier, in: _entries),
      ObjectIdentifier(entry) == claim.registrationIdentifier
    else { return nil }
    return entry
  }

  /// Whether `token`'s claim was dropped (call with the lock held).
  @inlinable
  func _isClaimDropped(_ token: ObservationToken) -> Bool {
    if let claim = token as? _ClaimToken { return claim._isClaimDropped }
    return unsafeDowncast(token, to: _Entry<Observer>.self)._state.loadRelaxed() & _Entry<Observer>.claimDroppedFlag
      != 0
  }

  /// Drops `token`'s claim (once), removing its registration with the last claim (call with the lock held).
  @inlinable
  func _dropClaimLocked(of token: ObservationToken) {
    guard let claim = token as? _ClaimToken else {
      _dropOwnClaimLocked(of: unsafeDowncast(token, to: _Entry<Observer>.self))
      return
    }
    guard !claim._isClaimDropped else { return }
    claim._isClaimDropped = true
    guard let entry = _registration(of: claim) else { return }
    if !_extraClaims.isEmpty, let extra = _extraClaims[ObjectIdentifier(entry)] {
      _extraClaims[ObjectIdentifier(entry)] = extra > 1 ? extra - 1 : nil
      return
    }
    _retire(entry)
  }

  /// Drops the claim of the registration's own token (once), removing the registration with the last claim (call
  /// with the lock held).
  @inlinable
  func _dropOwnClaimLocked(of entry: _Entry<Observer>) {
    // Once the registration was removed, its token's claim is gone with it.
    guard entry._state.loadRelaxed() & (_Entry<Observer>.removedBit | _Entry<Observer>.claimDroppedFlag) == 0 else {
      return
    }
    if !_extraClaims.isEmpty, let extra = _extraClaims[ObjectIdentifier(entry)] {
      _extraClaims[ObjectIdentifier(entry)] = extra > 1 ? extra - 1 : nil
      // Other claims keep the registration; its own token's claim is dropped (a flag only it needs: a removed
      // registration's token has no claim left anyway).
      entry._state.orSequentiallyConsistent(_Entry<Observer>.claimDroppedFlag)
      return
    }
    _retire(entry)
  }

  /// ``ObservationToken/cancel()`` of a ``_ClaimToken`` (`_OwnerLink.dropsClaim`), specialized where `add` made
  /// the token: call with the lock held. Returns the registrations to finish after unlocking.
  @inlinable
  static func _dropClaim(in owner: AnyObject, of token: ObservationToken) -> [ObservationToken]? {
    let multiplexer = unsafeDowncast(owner, to: Multiplexer.self)
    multiplexer._dropClaimLocked(of: token)
    return multiplexer._takeReleasedAfterUnlock()
  }

  /// ``ObservationToken/cancel()`` of a registration that is its own token (`_OwnerLink.dropsOwnClaim`),
  /// specialized where `add` made it: call with the lock held. Returns the registrations to finish after unlocking.
  @inlinable
  static func _dropOwnClaim(in owner: AnyObject, of token: ObservationToken) -> [ObservationToken]? {
    let multiplexer = unsafeDowncast(owner, to: Multiplexer.self)
    multiplexer._dropOwnClaimLocked(of: unsafeDowncast(token, to: _Entry<Observer>.self))
    return multiplexer._takeReleasedAfterUnlock()
  }

  /// Takes the registrations retired under the lock that must be released (and finished, see
  /// ``ObservationToken/_finishRetirement()``) after unlocking; `nil` if there are none (call with the lock held).
  @inlinable @inline(__always)
  func _takeReleasedAfterUnlock() -> [_Entry<Observer>]? {
    // Performance: the usual case, nothing to release, without moving the array out and back.
    guard let first = _releasedAfterUnlockFirst else { return nil }
    _releasedAfterUnlockFirst = nil
    var released = [first]
    if !_releasedAfterUnlock.isEmpty {
      released.append(contentsOf: _releasedAfterUnlock)
      _releasedAfterUnlock = []
    }
    return released
  }

  @usableFromInline
  func _cancelAndWait(token: ObservationToken) {
    let mailboxes = _mutate { () -> [_Mailbox<Observer>] in
      _dropClaimLocked(of: token)
      let identifier =
        (token as? _ClaimToken)?.observerIdentifier ?? unsafeDowncast(token, to: _Entry<Observer>.self).identifier
      return identifier.map { _retiredMailboxes(of: $0) } ?? []
    }
    _waitForDispatchesOnOtherThreads()
    for mailbox in mailboxes { mailbox.waitUntilNotRunningElsewhere() }
  }

  @usableFromInline
  func _isActive(token: ObservationToken) -> Bool {
    // The weak load happens outside the lock: releasing the reference it produced may run the observer's deinit.
    let entry = _lock.withLock { _isClaimDropped(token) ? nil : _registration(of: token) }
    return entry?.isLive ?? false
  }

  @usableFromInline
  func _isBlocked(token: ObservationToken) -> Bool {
    _lock.withLock { _registration(of: token)?.hasLiveBlocks ?? false }
  }

  @usableFromInline
  func _block(token: ObservationToken) -> AnyObject? {
    let entry = _lock.withLock { () -> _Entry<Observer>? in
      guard !_isClaimDropped(token), let entry = _registration(of: token), !entry._isRemoved else { return nil }
      // Under the lock, like a removal: a dispatch that starts after `block()` returned sees the block in its
      // relaxed load of the state (the return happens before the dispatch starts).
      entry._state.addSequentiallyConsistent(_Entry<Observer>.blockUnit)
      return entry
    }
    // Calls queued before the block are dropped, not delayed: after `block()` returns, none starts (a drain that
    // reaches one first skips it, the registration being blocked). Outside the lock: dropping releases captures.
    entry?._mailbox?.dropPending()
    return entry
  }

  @usableFromInline
  func _unblock(_ entry: AnyObject, block: ObservationBlock) {
    guard let entry = entry as? _Entry<Observer> else { return }
    _lock.withLock {
      guard !block._isEnded else { return }
      block._isEnded = true
      entry._state.addSequentiallyConsistent(-_Entry<Observer>.blockUnit)
    }
  }
}
