// Registration's internals: inserting, retiring, tombstones, compaction, shrinking, reclaiming dead observers
// and waiting for dispatches (call with `_lock` held unless noted).

extension Multiplexer {

  /// `add(_:retention:priority:)`, with the delivery context of `add(_:retention:priority:deliveringOn:)`.
  @inlinable
  func _add(
    _ observer: Observer,
    retention: Retention,
    priority: Int,
    context: DeliveryContext?,
    isHidden: Bool = false
  ) -> ObservationToken {
    guard let unretained = _unretainedClassInstance(observer) else {
      _reportIgnoredValue(observer)
      return ObservationToken()
    }
    // Performance: `observer` keeps the object alive; as an unretained reference it costs no retain and release
    // (about 75 and 95 instructions for an object that has a side table, as a weakly referenced observer does,
    // callgrind).
    return unretained._withUnsafeGuaranteedRef { object in
      _add(observer, object: object, retention: retention, priority: priority, context: context, isHidden: isHidden)
    }
  }

  /// `_add(_:retention:priority:context:isHidden:)` with the class instance in `observer`.
  ///
  /// Performance: always inlined. Since a ``DeliveryContext`` is one reference, the optimizer stopped inlining it
  /// into `add` on its own, and the call cost about 40 instructions per `add` (callgrind, churn among 64).
  @inlinable @inline(__always)
  func _add(
    _ observer: Observer,
    object: AnyObject,
    retention: Retention,
    priority: Int,
    context: DeliveryContext?,
    isHidden: Bool
  ) -> ObservationToken {
    let identifier = ObjectIdentifier(object)
    let (entry, isFirstClaim) = _mutate { () -> (_Entry<Observer>, Bool) in
      if _link.dropsOwnClaim == nil {
        // Made here, where `add` is specialized for `Observer` (see `_OwnerLink.dropsOwnClaim`).
        _link.dropsOwnClaim = { owner, token in Multiplexer._dropOwnClaim(in: owner, of: token) }
        _link.dropsClaim = { owner, token in Multiplexer._dropClaim(in: owner, of: token) }
      }
      // `Int.max` is reserved for the primary observer, which is always called first.
      let priority = min(priority, Int.max - 1)
      if let existing = _index.entry(for: identifier, in: _entries) {
        if existing._isStrong || existing._object === object {
          // One more claim: the registration now ends when this token is cancelled too (see ObservationToken).
          _extraClaims[ObjectIdentifier(existing), default: 0] += 1
          return (existing, false)
        }
        // The registered object died and a new one reuses its address: that registration is gone.
        _retire(existing)
      }
      let entry = _Entry.make(
        observer: observer,
        object: object,
        retention: retention,
        context: context?._forRegistration(of: object),
        isHidden: isHidden,
        // A weak registration is the token of its first claim, and so is a strong one whose storage owns its
        // observer (the registration keeps the link only then).
        link: _link
      )
      _insert(entry, priority: priority)
      return (entry, true)
    }
    // The registrations that keep the link (see `_Entry._link`), told without reading it.
    if isFirstClaim && (retention == .weak || entry._storageOwnsObserver) { return entry }
    return _ClaimToken(link: _link, observerIdentifier: identifier, registration: entry)
  }

  /// The priority of the registration at `position` in `_entries`.
  @inlinable @inline(__always)
  func _priority(at position: Int) -> Int {
    guard let priorities = _priorities else { return 0 }
    return priorities.priority(at: position)
  }

  /// Inserts `entry` with `priority` after every registration with the same or a higher priority, and indexes it.
  @inlinable
  func _insert(_ entry: _Entry<Observer>, priority: Int) {
    _closeGate()
    if priority != 0 && _priorities == nil {
      // The first priority other than 0: from now on every registration has one.
      _priorities = _PriorityRuns(zeros: _entries.count)
    }
    guard !_entries.isEmpty, _priority(at: _entries.count &- 1) < priority else {
      _entries.append(entry)
      _priorities?.append(priority)
      if let identifier = entry.identifier { _index.insert(identifier, at: _entries.count &- 1, in: _entries) }
      return
    }
    // Entries are sorted by descending priority: find the first one with a lower priority than `entry`.
    var low = 0
    var high = _entries.count
    while low < high {
      let middle = (low + high) / 2
      if _priority(at: middle) >= priority { low = middle + 1 } else { high = middle }
    }
    _entries.insert(entry, at: low)
    // A priority above the last one's is not 0, or the last one's is below 0: `_priorities` exists.
    _priorities!.insert(priority, at: low)
    // The registrations after `low` moved: O(n), like the insertion itself.
    _index.rebuild(from: _entries)
  }

  /// Removes the registration of the observer `identifier` identifies, if any: also a registration of a dead
  /// observer whose address the observer now has, which is gone anyway.
  @inlinable
  func _remove(_ identifier: ObjectIdentifier) {
    // One index lookup finds the registration and its slot. Performance: no `weak` load to tell the observer from
    // a dead one at its address (about 130 instructions, callgrind: the observer has a side table).
    guard let position = _index.position(of: identifier, in: _entries) else { return }
    _retire(_entries[position], at: position)
  }

  /// Marks `entry` removed and drops it from the index; a strong registration leaves a tombstone in its place.
  @inlinable
  func _retire(_ entry: _Entry<Observer>) {
    var position: Int? = nil
    if let identifier = entry.identifier, let found = _index.position(of: identifier, in: _entries),
      _entries._holds(entry, at: found)
    {
      position = found
    }
    _retire(entry, at: position)
  }

  /// `_retire(_:)` for the registration at `position` (`nil` if it is not indexed).
  @inlinable
  func _retire(_ entry: _Entry<Observer>, at position: Int?) {
    guard !entry._isRemoved else { return }
    entry._state.orSequentiallyConsistent(_Entry<Observer>.removedBit)
    // Dropping the last reference to a strong registration runs the observer's deinit, which may call back into
    // this multiplexer (a scoped token cancelling itself): release it only after the lock is released.
    // Queued calls are dropped after unlocking too (dropping them releases what they captured); until then the
    // `_removed` flag keeps them from starting.
    let hasContext = entry._hasDeliveryContext
    if entry._isStrong || hasContext {
      if _releasedAfterUnlockFirst == nil && _releasedAfterUnlock.isEmpty {
        _releasedAfterUnlockFirst = entry
      } else {
        _releasedAfterUnlock.append(entry)
      }
    }
    if hasContext { _retireMailbox(of: entry) }
    if _primaryEntry === entry { _primaryEntry = nil }
    if !_extraClaims.isEmpty { _extraClaims[ObjectIdentifier(entry)] = nil }
    guard let position, let identifier = entry.identifier else {
      // Not indexed. A registration whose storage owns its observer must not stay in storage, removed, holding
      // it (nothing else would release it until a compaction, and dropping it from the end hands over nothing):
      // if it is there, it is replaced by a tombstone all the same. O(n), and only if it is not indexed, which
      // no path does today (a strong registration keeps its observer, and so its identity, alive).
      if entry._storageOwnsObserver, let found = _entries.indices.last(where: { _entries._holds(entry, at: $0) }),
        _leaveTombstone(at: found, for: entry, replacing: true) != nil
      {
        entry._state.orSequentiallyConsistent(_Entry<Observer>.observerHandedOverFlag)
      }
      return
    }
    // Out of the index first: its probes read the storage, which the tombstone changes.
    _index.remove(identifier, in: _entries)
    // A strong registration (retired after unlocking, above) whose storage owned its observer: the storage hands
    // its reference over, for `_finishRetirement` to release after unlocking.
    // A strong registration is replaced by a tombstone, which releases the multiplexer's hold on the observer
    // right away (dispatches that started earlier keep the entry, and the observer, until they finish). Any other
    // stays in its slot, marked removed, until the next compaction: it keeps no observer alive (a closed mailbox
    // no longer holds its context or calls either), and leaving it changes no storage, so dispatches keep
    // entering the gate and the removal allocates nothing. It does keep a native Swift observer's *memory*
    // allocated once the observer died (the unowned reference, see `_Entry._holdsObserverUnowned`; an Objective-C
    // observer's `weak` reference keeps nothing of it): the next dispatch that meets the slot finds the observer
    // dead and reclaims it (`_Entry._observerDied`, `_reclaimDeadObservers`), so that lasts until then
    // or the next compaction, whichever comes first.
    if _leaveTombstone(at: position, for: entry, replacing: entry._isStrong) != nil {
      entry._state.orSequentiallyConsistent(_Entry<Observer>.observerHandedOverFlag)
    }
  }

  /// Marks a registration with a delivery context retired, and keeps its mailbox, if a call was ever posted to it,
  /// for waiting removals (a drain may still be running one of its calls), pruning those that finished.
  @usableFromInline
  func _retireMailbox(of entry: _Entry<Observer>) {
    guard let mailbox = entry._deliveryEntry?.retire() else { return }
    _retiredMailboxes.append(_RetiredMailbox(identifier: entry.identifier, mailbox: mailbox))
    if _retiredMailboxes.count >= _retiredMailboxesPruneThreshold {
      _retiredMailboxes.removeAll { $0.mailbox.isRetired }
      _retiredMailboxesPruneThreshold = max(8, _retiredMailboxes.count * 2)
    }
  }

  /// Counts the slot of `entry` (at `position`, no longer indexed) as garbage, replacing the entry with a
  /// tombstone if `replacing`, and compacts the storage when due.
  ///
  /// - Returns: The reference to `entry`'s observer that the storage held if it owned one and dropped `entry`
  ///   (see ``_EntryStorage``): the caller releases it, after unlocking.
  @inlinable @discardableResult
  func _leaveTombstone(at position: Int, for entry: _Entry<Observer>, replacing: Bool) -> Unmanaged<AnyObject>? {
    if position == _entries.count - 1
      && !_DispatchGate.hasDispatchInside(_gate.word.loadAcquiring()) && _closeGate()
    {
      // The last slot, and no dispatch inside the gate: the slot (and any removed ones before it) goes at once,
      // in place (unless a snapshot outside the gate still shares the storage: then it is copied), so the common
      // add-then-remove pattern leaves no garbage. With a dispatch inside, the gate stays open for a weak
      // removal, which changes no storage.
      let handedOver = _entries.removeLast().observer
      _priorities?.removeLast()
      // Removed registrations whose storage owns their observer never stay in storage (`_retire` replaces them
      // with a tombstone wherever they are, or they are removed at once, here): the ones dropped here hand nothing
      // over. Checked in release builds too: a reference dropped here would be a leak nobody sees.
      while let last = _entries.last, last._isRemoved {
        let dropped = _entries.removeLast().observer
        precondition(dropped == nil, "a removed registration whose storage owns its observer stayed in storage")
        _priorities?.removeLast()
        _garbage -= 1
      }
      _shrinkIfOversized()
      return handedOver
    }
    var handedOver: Unmanaged<AnyObject>? = nil
    if replacing {
      _closeGate()
      // The tombstone keeps the slot, and so its priority in `_priorities`.
      handedOver = _entries.replace(at: position, with: _Entry<Observer>(tombstone: ()))
    }
    _garbage += 1
    // Amortized O(1): compaction is O(n) and runs after Θ(n) removals (or when nothing else is left).
    if _garbage == _entries.count || (_garbage > 8 && _garbage * 2 > _entries.count) { _compact() }
    return handedOver
  }

  /// Gives back the storage and index memory that removals from the end left unused (memory returns to what the
  /// remaining registrations need). Amortized O(1): it runs when three quarters of the storage are unused. Call
  /// with the gate closed.
  @inlinable @inline(__always)
  func _shrinkIfOversized() {
    // Performance: the checks inline, the work (rare) not: unspecialized, this cost about 550 instructions per
    // removal (callgrind).
    if _entries.capacity > 64 && _entries.count &* 4 < _entries.capacity || _index.isOversized {
      _shrink()
    }
  }

  /// The work of `_shrinkIfOversized`.
  @usableFromInline @inline(never)
  func _shrink() {
    if _entries.capacity > 64 && _entries.count &* 4 < _entries.capacity {
      var entries = _EntryStorage<Observer>(minimumCapacity: _entries.count)
      // Each append takes the new storage's own reference to an observer it owns; the old storage, released here,
      // gives its back (never the last one: the new storage holds one).
      for entry in _entries { entries.append(entry) }
      _entries = entries
    }
    if _index.isOversized { _index.rebuild(from: _entries) }
  }

  /// Moves a live registration to the place of `priority`, keeping the registration itself (its retention,
  /// delivery context, queued calls and tokens). A dispatch sees it either at its old place or at its new one.
  func _move(_ entry: _Entry<Observer>, toPriority priority: Int) {
    guard let identifier = entry.identifier, let position = _index.remove(identifier, in: _entries) else { return }
    let handedOver = _leaveTombstone(at: position, for: entry, replacing: true)
    _insert(entry, priority: priority)
    // The storage holds a reference to the observer again (taken by `_insert`): releasing the one it handed over
    // cannot be the last, so it may happen under the lock.
    handedOver?.release()
  }

  /// Rebuilds the storage without removed registrations and tombstones.
  ///
  /// Never loads a `weak` reference: this runs under the lock, and a load's strong reference could be the last one.
  @usableFromInline
  func _compact() {
    _closeGate()
    var live = _EntryStorage<Observer>(minimumCapacity: _entries.count - min(_garbage, _entries.count))
    var livePriorities: _PriorityRuns? = nil
    if let priorities = _priorities {
      let entries = _entries
      livePriorities = priorities.keeping { !entries[$0]._isRemoved }
      // Back to none while every priority left is 0.
      if livePriorities!.isAllZero { livePriorities = nil }
    }
    for entry in _entries where !entry._isRemoved { live.append(entry) }
    _entries = live
    _priorities = livePriorities
    _garbage = 0
    _index.rebuild(from: _entries)
  }

  /// Called (without the lock) by a dispatch that met a deallocated observer: reclaims the dead slots.
  ///
  /// Finds the dead registrations outside the lock, then retires them and compacts under it. Removed
  /// registrations whose observer died since are dropped from storage too (the compaction drops every removed
  /// one): each that holds a native Swift observer by an unowned reference keeps its dead observer's memory
  /// allocated while it is there (see `_Entry._observerDied`).
  @usableFromInline @inline(never)
  func _reclaimDeadObservers() {
    let entries = _lock.withLock { _entries }
    var dead: [_Entry<Observer>] = []
    for entry in entries where entry._observerDied { dead.append(entry) }
    guard !dead.isEmpty else { return }
    _mutate {
      // Another dispatch may have retired some of them since they were collected.
      for entry in dead where !entry._isRemoved { _retire(entry) }
      if _garbage > 0 { _compact() }
    }
  }

  /// Runs `body` under the lock, then releases what it retired once the lock is released.
  @inlinable
  func _mutate<Result>(_ body: () -> Result) -> Result {
    _lock.lock()
    let result = body()
    // Performance: the usual case, nothing to release, with one comparison; the rest out of line (inlined, it cost
    // every weak add + remove about 170 instructions: `_add` stopped being inlined into `add`, callgrind).
    if _releasedAfterUnlockFirst == nil {
      _lock.unlock()
    } else {
      _unlockAndFinishRetirements()
    }
    return result
  }

  /// The end of `_mutate` when it retired registrations to release after unlocking: takes them, unlocks, then
  /// finishes them (and releases them) in retirement order. Call with the lock held. `@inlinable` so that it is
  /// specialized for `Observer` (unspecialized, it looked up generic metadata: about 900 instructions, callgrind).
  @inlinable @inline(never)
  func _unlockAndFinishRetirements() {
    let first = _releasedAfterUnlockFirst
    _releasedAfterUnlockFirst = nil
    var others: [_Entry<Observer>] = []
    if !_releasedAfterUnlock.isEmpty { swap(&others, &_releasedAfterUnlock) }
    _lock.unlock()
    first?._finishRetirement()
    for entry in others { entry._finishRetirement() }
  }

  /// The mailboxes of `identifier`'s removed registrations that may still run a call; prunes the others.
  func _retiredMailboxes(of identifier: ObjectIdentifier) -> [_Mailbox<Observer>] {
    _retiredMailboxes.removeAll { $0.mailbox.isRetired }
    _retiredMailboxesPruneThreshold = max(8, _retiredMailboxes.count * 2)
    return _retiredMailboxes.filter { $0.identifier == identifier }.map(\.mailbox)
  }

  /// Waits until every synchronous dispatch that started before this call and runs on another thread has
  /// finished.
  ///
  /// Replaces the current generation (see `_Generation`) under the lock, so that dispatches starting from now on
  /// count elsewhere, then sleeps (``_WaitQueue``) until every earlier generation has drained, not counting this
  /// thread's own dispatches (it may be inside a call); the dispatch that ends last wakes it. Generations with no
  /// running dispatch are dropped here, under the lock; a dispatch never touches its generation after uncounting
  /// itself, so that is safe.
  ///
  /// - Returns: How many times the caller slept, for tests.
  @usableFromInline @discardableResult
  func _waitForDispatchesOnOtherThreads() -> Int {
    let gate = _gate
    let earlier: [_Generation] = _lock.withLock {
      let current = _generation
      _generation = _Generation()
      _olderGenerations.append(current)
      _olderGenerations.removeAll { $0.running.loadAcquiring() >> 1 == 0 }
      // Dispatches that start from now on count in the new generation, not in the gate: those inside the gate
      // can only leave.
      _gateHolds += 1
      _closeGate()
      gate.word.orSequentiallyConsistent(_DispatchGate.waiterBit)
      return _olderGenerations
    }
    // One generation after the other: a retired generation only drains, so one that drained stays drained.
    var sleeps = 0
    for generation in earlier {
      let own = _DispatchFrame.dispatchCount(key: UInt(bitPattern: ObjectIdentifier(generation)))
      generation.running.orSequentiallyConsistent(_WaitQueue.waiterBit)
      sleeps += _WaitQueue.queue(for: generation).wait { generation.running.loadAcquiring() >> 1 <= own }
    }
    // The gate also counts its publication until the storage is released: with none of this thread's
    // dispatches inside, wait for that too; with some, the storage outlives them, and so the publication.
    let own = _DispatchFrame.dispatchCount(key: _gateKey)
    let drained = own == 0 ? 0 : own + 1
    sleeps += _WaitQueue.queue(forAddress: gate.word._waitAddress).wait {
      _DispatchGate.dispatches(in: gate.word.loadAcquiring()) <= drained
    }
    _lock.withLock {
      _gateHolds -= 1
      // The waiter bit stays set while any waiting removal sleeps on the gate; dispatches leaving a gate without
      // it do not wake anyone.
      if _gateHolds == 0 { gate.word.andSequentiallyConsistent(~_DispatchGate.waiterBit) }
    }
    return sleeps
  }
}
