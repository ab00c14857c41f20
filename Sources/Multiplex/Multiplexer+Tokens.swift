// What tokens and blocks ask of their multiplexer (`_TokenOwner`): claims, blocks and cancellation. Each runs
// under the multiplexer's lock, which also guards the tokens' and blocks' own "ended" flags.

extension Multiplexer: _TokenOwner {
  /// The registration `token` names, if it is still current (call with the lock held).
  @inlinable
  func _registration(of token: ObservationToken) -> _Entry<Observer>? {
    guard let identifier = token.observerIdentifier, let entry = _index.entry(for: identifier, in: _entries),
      entry.serial == token.serial
    else { return nil }
    return entry
  }

  /// Drops `token`'s claim (once), removing its registration with the last claim (call with the lock held).
  @inlinable
  func _dropClaimLocked(of token: ObservationToken) {
    guard !token._isClaimDropped else { return }
    token._isClaimDropped = true
    // Only the registration the token was made for: after a `remove` and a new `add` of the same observer, an old
    // token's claim is on the old registration, which has ended already.
    guard let entry = _registration(of: token) else { return }
    if !_extraClaims.isEmpty, let extra = _extraClaims[ObjectIdentifier(entry)] {
      _extraClaims[ObjectIdentifier(entry)] = extra > 1 ? extra - 1 : nil
      return
    }
    _retire(entry)
  }

  /// ``ObservationToken/cancel()``, specialized where `add` made the token (see `ObservationToken._dropClaim`).
  @inlinable
  static func _dropClaim(in owner: AnyObject, of token: ObservationToken) {
    let multiplexer = unsafeDowncast(owner, to: Multiplexer.self)
    multiplexer._mutate { multiplexer._dropClaimLocked(of: token) }
  }

  @usableFromInline
  func _cancelAndWait(token: ObservationToken) {
    let mailboxes = _mutate { () -> [_Mailbox<Observer>] in
      _dropClaimLocked(of: token)
      return token.observerIdentifier.map { _retiredMailboxes(of: $0) } ?? []
    }
    _waitForDispatchesOnOtherThreads()
    for mailbox in mailboxes { mailbox.waitUntilNotRunningElsewhere() }
  }

  @usableFromInline
  func _isActive(token: ObservationToken) -> Bool {
    // The weak load happens outside the lock: releasing the reference it produced may run the observer's deinit.
    let entry = _lock.withLock { token._isClaimDropped ? nil : _registration(of: token) }
    return entry?.isLive ?? false
  }

  @usableFromInline
  func _isBlocked(token: ObservationToken) -> Bool {
    _lock.withLock { _registration(of: token)?.isBlocked ?? false }
  }

  @usableFromInline
  func _block(token: ObservationToken) -> AnyObject? {
    let entry = _lock.withLock { () -> _Entry<Observer>? in
      guard !token._isClaimDropped, let entry = _registration(of: token), !entry._isRemoved else { return nil }
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
