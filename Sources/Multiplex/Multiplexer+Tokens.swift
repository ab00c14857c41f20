// What tokens and blocks ask of their multiplexer (`_TokenOwner`): claims, blocks and cancellation. Each runs
// under the multiplexer's lock, which also guards the tokens' and blocks' own "ended" flags.

extension Multiplexer: _TokenOwner {
  func _cancel(_ entry: AnyObject, token: ObservationToken, wait: Bool) {
    guard let entry = entry as? _Entry<Observer> else {
      if wait { _waitForDispatchesOnOtherThreads() }
      return
    }
    let mailboxes = _mutate { () -> [_Mailbox<Observer>] in
      if !token._isClaimDropped {
        token._isClaimDropped = true
        // Only the registration the token was made for: after a `remove` and a new `add` of the same observer,
        // an old token's claim is on the old registration, which has ended already.
        if let identifier = entry.identifier, _index[identifier] === entry {
          entry.claims -= 1
          if entry.claims <= 0 { _retire(entry) }
        }
      }
      return wait ? entry.identifier.map { _retiredMailboxes(of: $0) } ?? [] : []
    }
    if wait {
      _waitForDispatchesOnOtherThreads()
      for mailbox in mailboxes { mailbox.waitUntilNotRunningElsewhere() }
    }
  }

  func _isActive(_ entry: AnyObject, token: ObservationToken) -> Bool {
    guard let entry = entry as? _Entry<Observer> else { return false }
    // The weak load happens outside the lock: releasing the reference it produced may run the observer's deinit.
    let isClaimed = _lock.withLock { !token._isClaimDropped }
    return isClaimed && entry.isLive
  }

  func _block(_ entry: AnyObject, token: ObservationToken) -> Bool {
    guard let entry = entry as? _Entry<Observer> else { return false }
    let isBlocked = _lock.withLock {
      guard !token._isClaimDropped, !entry._isRemoved else { return false }
      // Under the lock, like a removal: a dispatch that starts after `block()` returned took the lock for its
      // snapshot, so its relaxed loads of the state see the block.
      entry._state.addSequentiallyConsistent(_Entry<Observer>.blockUnit)
      return true
    }
    // Calls queued before the block are dropped, not delayed: after `block()` returns, none starts (a drain that
    // reaches one first skips it, the registration being blocked). Outside the lock: dropping releases captures.
    if isBlocked { entry._mailbox?.dropPending() }
    return isBlocked
  }

  func _unblock(_ entry: AnyObject, block: ObservationBlock) {
    guard let entry = entry as? _Entry<Observer> else { return }
    _lock.withLock {
      guard !block._isEnded else { return }
      block._isEnded = true
      entry._state.addSequentiallyConsistent(-_Entry<Observer>.blockUnit)
    }
  }
}
