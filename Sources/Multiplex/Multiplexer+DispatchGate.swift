// How a synchronous dispatch is counted and where its registrations come from: the gate (the published storage,
// no lock) or the current generation (a retained snapshot); and the closing of the gate before the storage changes.

extension Multiplexer {
  /// The key of this multiplexer's gate among the dispatches a thread records (see `_DispatchFrame.key`).
  @inlinable @inline(__always)
  var _gateKey: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

  /// Starts a synchronous dispatch whose frame is `frame` (current already): returns the registrations it calls,
  /// and counts it, in the gate when it is open (no lock, no retain: one atomic add), in the current generation
  /// otherwise (with a retained snapshot of its own; the frame's key then names the generation).
  @inlinable @inline(__always)
  func _beginDispatch(_ frame: UnsafeMutablePointer<_DispatchFrame>) -> _DispatchSnapshot<Observer> {
    // A gate seen closed is not added to: see `tryEnter`.
    guard _gate.looksOpen else { return _beginDispatchAtClosedGate(frame, counted: false) }
    guard _gate.tryEnter() else { return _beginDispatchAtClosedGate(frame, counted: true) }
    // The published storage stays alive, and does not change, while a dispatch is inside.
    return _DispatchSnapshot(published: _publishedElements.base, count: _publishedElements.count)
  }

  /// `_beginDispatch` when the gate was closed: uncounts the dispatch from the gate if `tryEnter` `counted` it, then,
  /// under the lock,
  /// publishes the registrations and enters the gate if nothing is counted in it and no waiting removal holds it
  /// closed; otherwise takes a retained snapshot and counts in the current generation.
  @usableFromInline @inline(never)
  func _beginDispatchAtClosedGate(
    _ frame: UnsafeMutablePointer<_DispatchFrame>,
    counted: Bool
  ) -> _DispatchSnapshot<Observer> {
    // `tryEnter` counted this dispatch in a gate closed meanwhile. Uncounting it may make it the last to leave (the
    // dispatches inside left meanwhile): then it releases the published storage, with its frame current (a deinit
    // run by that release that removes and waits does not wait for this thread).
    if counted { _leaveGate() }
    _lock.lock()
    let value = _gate.word.loadAcquiring()
    if value & _DispatchGate.closedBit == 0 {
      // Another dispatch opened it meanwhile (under this lock, which orders its writes before these reads).
      _gate.word.addRelaxed(_DispatchGate.unit)
    } else if _DispatchGate.dispatches(in: value) == 0 && _gateHolds == 0 {
      assert(_published == nil, "a closed gate with nothing counted keeps no storage")
      _published = _entries
      _publishedElements = _entries._unretainedElements
      // Opens the gate, counts the publication and enters; releasing, for the dispatches that enter after this
      // one.
      _gate.word.addSequentiallyConsistent(2 * _DispatchGate.unit - _DispatchGate.closedBit)
    } else {
      let generation = Unmanaged.passUnretained(_generation)
      let snapshot = _DispatchSnapshot(owning: _entries, generation: generation)
      // Counts in steps of two: bit 0 is the waiter bit (see `_WaitQueue`).
      _ = generation._withUnsafeGuaranteedRef { $0.running.addRelaxed(2) }
      _lock.unlock()
      frame.pointee.key = UInt(bitPattern: generation.toOpaque())
      return snapshot
    }
    let published = _DispatchSnapshot<Observer>(published: _publishedElements.base, count: _publishedElements.count)
    _lock.unlock()
    return published
  }

  /// Ends a synchronous dispatch: reclaims dead slots if it met any, then leaves the gate or its generation.
  ///
  /// Call it while the dispatch's frame is still current, and pop the frame afterwards: a deinit run by the
  /// releases here may remove and wait, and must not wait for this thread's own dispatch.
  @inlinable @inline(__always)
  func _endDispatch(_ snapshot: _DispatchSnapshot<Observer>, sawDead: Bool) {
    if let generation = snapshot.generation {
      _endDispatchInGeneration(generation, sawDead: sawDead, releasing: snapshot)
      return
    }
    // Reclaiming takes a fresh snapshot, which may hold the last reference to a strong observer removed during
    // the dispatch: release it while the dispatch still counts.
    if sawDead { _reclaimDeadObservers() }
    _leaveGate()
  }

  /// Uncounts a dispatch from the gate: one atomic subtraction, and the slow path when the gate is closed or a
  /// removal waits.
  @inlinable @inline(__always)
  func _leaveGate() {
    if let previous = _gate.leave() { _leftGate(previous: previous) }
  }

  /// The end of `_leaveGate` when the gate was closed or a removal waited (`previous` is the word before the
  /// dispatch left): the last dispatch to leave a closed gate releases the published storage; then waiting
  /// removals are woken.
  @usableFromInline @inline(never)
  func _leftGate(previous: Int) {
    // Only the publication left counted: this dispatch may have been the last inside (unless another one was
    // counted meanwhile: it checks again when it leaves).
    if previous & _DispatchGate.closedBit != 0 && _DispatchGate.dispatches(in: previous) == 2
      && _releasePublishedIfUnused()
    {
      return
    }
    if previous & _DispatchGate.waiterBit != 0 { _wakeWaitingRemovals(address: _gate.word._waitAddress) }
  }

  /// Releases the published storage if the gate is closed and nothing but the publication is counted, then
  /// uncounts the publication (waking waiting removals).
  ///
  /// The release may drop the last reference to a strong observer removed meanwhile: it happens while the
  /// publication still counts, so that a waiting removal does not return before the observer's deinit has run.
  ///
  /// - Returns: Whether it released the storage.
  @usableFromInline @inline(never)
  func _releasePublishedIfUnused() -> Bool {
    _lock.lock()
    // Acquiring: the dispatches that left (releasing) read the storage; their reads happen before the release.
    let value = _gate.word.loadAcquiring()
    // Closed, nothing but the publication counted, and the storage still there: nobody else reads it, and nobody
    // can enter or reopen the gate before the publication is uncounted. A dispatch counted meanwhile (one that
    // found the gate closed) checks again when it uncounts itself.
    guard value & _DispatchGate.closedBit != 0, _DispatchGate.dispatches(in: value) == 1, _published != nil else {
      _lock.unlock()
      return false
    }
    let dropped = _published
    _published = nil
    _lock.unlock()
    // `consume`: otherwise this function's own copy would live until it returns, after the publication left.
    _release(consume dropped)
    let previous = _gate.word.addReleasing(-_DispatchGate.unit)
    if previous & _DispatchGate.waiterBit != 0 { _wakeWaitingRemovals(address: _gate.word._waitAddress) }
    return true
  }

  /// Ends a dispatch that counted in `generation`.
  @usableFromInline @inline(never)
  func _endDispatchInGeneration(
    _ generation: Unmanaged<_Generation>,
    sawDead: Bool,
    releasing snapshot: _DispatchSnapshot<Observer>
  ) {
    // Release the snapshot while the dispatch still counts as running: it may hold the last reference to a
    // strong observer removed during the dispatch, and a waiting removal must not return before that observer's
    // deinit has run (teardown code may free what the deinit uses). A deinit that itself removes and waits is
    // this thread's own dispatch (its frame is still current), so it does not wait for itself.
    snapshot.releaseOwner()
    if sawDead { _reclaimDeadObservers() }
    // After this decrement the generation may be freed by a waiting removal: do not touch it again.
    let address = UInt(bitPattern: generation.toOpaque())
    let previous = generation._withUnsafeGuaranteedRef { $0.running.addReleasing(-2) }
    // A waiting removal set the waiter bit of this (retired) generation: let it re-check. Never the case for a
    // dispatch of the current generation.
    if previous & 1 != 0 { _wakeWaitingRemovals(address: address) }
  }

  /// Releases `storage` here, at a point the caller chooses (not earlier or later, as the optimizer might).
  @usableFromInline @inline(never)
  func _release(_ storage: consuming _EntryStorage<Observer>?) {}

  /// Closes the gate before the registrations' storage changes (call with the lock held). If no dispatch is
  /// inside, drops the published storage and uncounts the publication, so that `_entries` is uniquely referenced
  /// and changes in place.
  ///
  /// - Returns: Whether nothing is counted in the gate any more (then no dispatch shares the storage).
  // Performance: the common case inline (the gate already closed: registrations changing with no dispatch in
  // between), the closing of an open gate out of line; as one function the optimizer no longer inlined it into
  // `add` and `remove`, about 40 instructions more per add + remove (callgrind).
  @inlinable @inline(__always) @discardableResult
  func _closeGate() -> Bool {
    let previous = _gate.word.orSequentiallyConsistent(_DispatchGate.closedBit)
    if previous & _DispatchGate.closedBit != 0 { return _DispatchGate.dispatches(in: previous) == 0 }
    return _closedOpenGate(previous: previous)
  }

  /// The end of `_closeGate` when the gate was open (`previous` is the word before closing): the publication is
  /// counted, and any other unit is a dispatch inside, which releases the storage when it leaves last.
  @usableFromInline @inline(never)
  func _closedOpenGate(previous: Int) -> Bool {
    guard _DispatchGate.dispatches(in: previous) == 1 else { return false }
    // While the gate was open, `_published` and `_entries` shared their storage: dropping this reference is not
    // the last one, so it releases nothing under the lock.
    _published = nil
    let counted = _gate.word.addReleasing(-_DispatchGate.unit)
    if counted & _DispatchGate.waiterBit != 0 { _wakeWaitingRemovals(address: _gate.word._waitAddress) }
    return true
  }
}
