extension Multiplexer {
  /// Calls every live observer, in order.
  ///
  /// Use it to forward a requirement that returns nothing:
  ///
  /// ```swift
  /// func scrollViewDidScroll(_ scrollView: ScrollView) {
  ///   notify { $0.scrollViewDidScroll(scrollView) }
  /// }
  /// ```
  ///
  /// An `inout` argument is chained: the closure captures it, so each observer sees the value the previous one
  /// left, and the caller gets the last one (MDF's `targetContentOffset`):
  ///
  /// ```swift
  /// func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point) {
  ///   notify { $0.scrollViewWillEndDragging(scrollView, velocity: velocity, targetContentOffset: &targetContentOffset) }
  /// }
  /// ```
  ///
  /// The call sees the observers registered when it starts; see ``Multiplexer`` for what happens when observers
  /// are added, removed or deallocated during the call.
  ///
  /// - Parameter call: Forwards the call to one observer.
  /// - Throws: If `call` throws for one or more observers, the remaining observers are still called, and the
  ///   *first* error (in call order) is rethrown afterwards; later errors are discarded.
  /// - Complexity: O(*n*) observer calls, where *n* is the number of registrations, plus O(*n*) once to reclaim
  ///   the slots of observers found deallocated. No heap allocation.
  @inlinable
  public func notify<Failure: Error>(_ call: (Observer) throws(Failure) -> Void) throws(Failure) {
    // A frame that names no observer: no mark made during a `Void` call reaches the frame of an enclosing
    // combining dispatch.
    var dispatchFrame = _DispatchFrame(key: _gateKey)
    // Unprotected: see `_enterDispatch(_:)`. The first error is the closure's result, not a variable it captures:
    // for a `Never` failure the compiler then knows there is none, and checks nothing.
    let firstError = _withUnprotectedUnsafeMutablePointer(to: &dispatchFrame) { frame -> Failure? in
      let snapshot = _enterDispatch(frame)
      var errors = _FirstError<Failure>()
      if let source = _source {
        for observer in source() { errors.record(_DispatchFrame.notify(sourced: observer, call)) }
      }
      for index in 0..<snapshot.count {
        errors.record(snapshot.withEntry(at: index) { entry in _DispatchFrame.notify(entry, in: frame, call) })
      }
      _leaveDispatch(frame, snapshot)
      return errors.error
    }
    if let firstError { throw firstError }
  }

  /// Calls every live observer and returns the first responding observer's answer.
  ///
  /// Every observer is called (they may have side effects); those that do not implement the requirement (their
  /// default implementation calls ``notImplemented(by:returning:requirement:)``) do not respond. The first responding
  /// observer's answer is returned, or `defaultValue` if no observer responds. This is the policy of MDF's
  /// multiplexer and FSQ's forwarder.
  ///
  /// ```swift
  /// func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
  ///   observers.combine(default: true) { $0.scrollViewShouldScrollToTop(scrollView) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The result when no observer responds; usually the protocol's documented default.
  ///   - requirement: The requirement being forwarded; leave the default, `#function`, in the forwarding member.
  ///     Then only that requirement's default implementation counts as not responding, not another defaulted
  ///     requirement the observer's implementation happens to call. Pass ``ForwardedRequirement/any`` when you
  ///     call `combine` outside the member that forwards the requirement (there `#function` would name the wrong
  ///     function): then any default implementation's mark counts.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: The first responding observer's answer, or `defaultValue`.
  /// - Throws: If `call` throws for one or more observers, the remaining observers are still called, and the
  ///   *first* error (in call order) is rethrown instead of returning a result.
  /// - Complexity: O(*n*) observer calls. No heap allocation.
  // Performance: `@inline(__always)`: inlined into the forwarding member, it saves the call of a specialized
  // function of its own (its prologue and the moving of its arguments): first responder at 1 weak observer, 300 →
  // 269 instructions per observer call (callgrind). The observer stays borrowed (a copy around each call, which an
  // earlier dispatch inlined this way made, would cost about 125); see `combine(using:default:requirement:_:)`.
  @inlinable @inline(__always)
  public func combine<Value, Failure: Error>(
    default defaultValue: Value,
    requirement: ForwardedRequirement = #function,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var result: Value? = nil
    try _forEachResponse(requirement: requirement.name, call) { value in if result == nil { result = value } }
    return result ?? defaultValue
  }

  /// Calls the observers and combines their answers with `combiner`.
  ///
  /// The combiner reads the ``Responses`` lazily: each step calls the next observer, skipping those that do not
  /// respond. The built-in combiners read every response; a custom one may stop early, and the observers after
  /// that point are not called.
  ///
  /// ```swift
  /// func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
  ///   combine(using: .allTrue, default: true) { $0.scrollViewShouldScrollToTop(scrollView) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - combiner: How to turn the responses into the result; see ``Combiner``.
  ///   - defaultValue: Passed to the combiner; the built-in combiners return it when no observer responds.
  ///   - requirement: The requirement being forwarded; leave the default, `#function`, in the forwarding member.
  ///     Then only that requirement's default implementation counts as not responding, not another defaulted
  ///     requirement the observer's implementation happens to call. Pass ``ForwardedRequirement/any`` when you
  ///     call `combine` outside the member that forwards the requirement (there `#function` would name the wrong
  ///     function): then any default implementation's mark counts.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combiner` returns.
  /// - Throws: If `call` throws for one or more observers, the iteration goes on, and the *first* error (in
  ///   call order) is rethrown after the combiner returned, instead of its result.
  /// - Complexity: O(*k*) observer calls, where *k* ≤ *n* is the number of observers the combiner reaches.
  ///   No heap allocation for the built-in combiners except ``Combiner/all``.
  @inlinable
  public func combine<Value, Result, Failure: Error>(
    using combiner: Combiner<Observer, Value, Result>,
    default defaultValue: Value,
    requirement: ForwardedRequirement = #function,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Result {
    // Performance: `@inlinable`, not `@inline(__always)` as `combine(default:_:)` is: the compiler specializes it
    // as a function of its own, with the call site's closure and the built-in combiner's `step` folded in, and
    // passes the observer to each call borrowed. An earlier dispatch, inlined into the forwarding member, copied
    // the observer around each call (a retain and a release, which take the slow path for a weakly referenced
    // object: first responder at 8 weak observers, 492 instructions per observer call inlined, 313 specialized;
    // `.allTrue`, 406 and 250). Today's is not copied inlined, and `.allTrue` at 1 weak observer costs 283 instead
    // of 318 (callgrind); but in the benchmark, where every workload's forwarding member is inlined into one
    // function, the larger code then cost the `Void` dispatch at 1 weak observer 3 more (×1.05 of its floor, the
    // limit), so it stays out of line for now.
    if case .reduce(let reduction) = combiner._strategy {
      // `first`, `last`, `allTrue`, `anyTrue`: the fold inlined into the loop, no closure.
      var partial: Result? = nil
      try _forEachResponse(requirement: requirement.name, call) { value in reduction.step(&partial, value) }
      return reduction.finish(partial, defaultValue)
    }
    if case .fold(let step, let finish) = combiner._strategy {
      // Built-in combiners: the same loop as `combine(default:_:)`, folding every response. No allocation.
      var partial: Result? = nil
      try _forEachResponse(requirement: requirement.name, call) { value in step(&partial, value) }
      return finish(partial, defaultValue)
    }
    return try _combine(default: defaultValue, requirement: requirement.name, combining: combiner.combine, call)
  }

  /// `combine(using:default:requirement:_:)` with the combining step as a closure, which may capture anything
  /// (it is not stored): the code `@Multiplexed` and `multiplex-generate` generate calls it with their combining
  /// delegate. The responses are pulled lazily, as by a custom ``Combiner``. Not API.
  @inlinable
  public func _combine<Value, Result, Failure: Error>(
    default defaultValue: Value,
    requirement: StaticString?,
    combining body: (_ responses: inout Responses<Observer, Value>, _ defaultValue: Value) -> Result,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Result {
    var sourced = _source?() ?? []
    // The pull below escapes (for the combiner's iteration), so the errors are a variable it captures.
    var errors = _FirstError<Failure>()
    var sourcedIndex = 0
    var index = 0
    var callFrame = _CallFrame(key: _gateKey, requirement: requirement)
    // Unprotected: see `_enterDispatch(_:)`.
    let result = _withUnprotectedUnsafeMutablePointer(to: &callFrame) { frame in
      let snapshot = _enterDispatch(_CallFrame.dispatchFrame(of: frame))
      // Each step of the combiner's iteration calls observers until one responds. A closure literal, not a local
      // function: its captures then stay on the stack (a local function used as a value boxes them).
      let result = withoutActuallyEscaping(
        { () -> (observer: Observer, value: Value)? in
          var response: (observer: Observer, value: Value)? = nil
          while sourcedIndex < sourced.count {
            let observer = sourced[sourcedIndex]
            sourcedIndex += 1
            errors.record(
              _CallFrame.call(sourced: observer, identity: self._identity(of: observer), in: frame, call) {
                response = (observer: observer, value: $0)
              }
            )
            if let response { return response }
          }
          while index < snapshot.count {
            let error = snapshot.withEntry(at: index) { entry in
              _CallFrame.call(entry, in: frame, { (observer) throws(Failure) in (observer, try call(observer)) }) {
                response = $0
              }
            }
            index += 1
            errors.record(error)
            if let response { return response }
          }
          return nil
        },
        do: { next in
          var responses = Responses(_next: next)
          return body(&responses, defaultValue)
        }
      )
      sourced = []
      // The frame stays current until the dispatch has ended: see `_leaveDispatch(_:_:)`.
      _leaveDispatch(_CallFrame.dispatchFrame(of: frame), snapshot)
      return result
    }
    try errors.rethrow()
    return result
  }

  /// Calls every live observer in order and hands each responding observer's answer to `body`.
  ///
  /// Observers that do not respond are skipped; errors do not stop the loop, and the first one is rethrown at
  /// the end. The loop shared by ``combine(default:requirement:_:)`` and the built-in combiners.
  @inlinable @inline(__always)
  func _forEachResponse<Value, Failure: Error>(
    requirement: StaticString?,
    _ call: (Observer) throws(Failure) -> Value,
    _ body: (Value) -> Void
  ) throws(Failure) {
    var callFrame = _CallFrame(key: _gateKey, requirement: requirement)
    // Unprotected: see `_enterDispatch(_:)`. The first error is the closure's result, as in `notify`.
    let firstError = _withUnprotectedUnsafeMutablePointer(to: &callFrame) { frame -> Failure? in
      let snapshot = _enterDispatch(_CallFrame.dispatchFrame(of: frame))
      var errors = _FirstError<Failure>()
      if let source = _source { errors.record(_forEachSourcedResponse(source, frame, call, body)) }
      for index in 0..<snapshot.count {
        errors.record(snapshot.withEntry(at: index) { entry in _CallFrame.call(entry, in: frame, call, body) })
      }
      _leaveDispatch(_CallFrame.dispatchFrame(of: frame), snapshot)
      return errors.error
    }
    if let firstError { throw firstError }
  }
}

extension Multiplexer {
  /// The part of `_forEachResponse` that calls the observers from `source`. Not inlined: a multiplexer rarely
  /// has a source, and the loop's code made every dispatch keep more values on the stack.
  ///
  /// - Returns: The first error a call threw, if any.
  @inlinable @inline(never)
  func _forEachSourcedResponse<Value, Failure: Error>(
    _ source: @Sendable () -> [Observer],
    _ frame: UnsafeMutablePointer<_CallFrame>,
    _ call: (Observer) throws(Failure) -> Value,
    _ body: (Value) -> Void
  ) -> Failure? {
    var errors = _FirstError<Failure>()
    for observer in source() {
      errors.record(_CallFrame.call(sourced: observer, identity: _identity(of: observer), in: frame, call, body))
    }
    return errors.error
  }
}

// MARK: - The dispatch skeleton

extension Multiplexer {
  /// Starts a synchronous dispatch: the first of the skeleton's operations, which every synchronous dispatch
  /// (``notify(_:)-9b4uc``, `combine`, the built-in and custom combiners, `post`, and through them the generated
  /// code's helpers) goes through:
  ///
  /// 1. `_enterDispatch(_:)` makes `frame` the thread's innermost frame and enters the gate (or counts the
  ///    dispatch in the current generation); it returns the registrations to call.
  /// 2. For each observer, a step: `_DispatchFrame.notify(_:in:_:)` for a `Void` call, `_CallFrame.call(_:in:_:_:)`
  ///    for one whose answer counts (and their `sourced:` forms for the observers of a source). A
  ///    step skips removed, blocked and delivering registrations, records a deallocated weak observer in the
  ///    frame (`sawDead`), opens a combining frame for the observer, catches the call's error and drops the
  ///    answer of an observer whose default implementation marked the call.
  /// 3. Errors go to a ``_FirstError``: the first one, in call order, is thrown after the dispatch ended.
  /// 4. `_leaveDispatch(_:_:)` reclaims the slots of dead observers (once, while the dispatch still counts),
  ///    leaves the gate or the generation, and pops the frame last: a deinit run by the releases at the end
  ///    runs inside this dispatch (a `removeAndWait` there does not wait for this thread), and no mark made
  ///    meanwhile reaches an enclosing dispatch's frame.
  ///
  /// Nothing between entering and leaving throws or returns early (each step catches its call's error), so the
  /// frame is popped on the only way out.
  ///
  /// Each loop (the `Void` loop of `notify`, the responding loop of `combine(default:)` and the built-in
  /// combiners, the lazy pull of a custom combiner, the two delivery loops) is only the order of these
  /// operations; what a dispatch must get right is written once, in them.
  ///
  /// The frame lives on the dispatch's stack: the dispatch takes its address with
  /// `_withUnprotectedUnsafeMutablePointer` (the address goes to a thread-local variable, which Swift would
  /// otherwise guard with a stack protector: a canary check per dispatch), and calls this inside that closure.
  ///
  /// Performance: the operations are separate, always-inlined functions that take no closure of their own, and
  /// the loop that orders them stays a closure literal of the dispatching function, because that is what the
  /// optimizer turns into one specialized loop with the observer call inlined. A skeleton that took the loop as a
  /// closure (`_dispatch(frame) { frame, snapshot, errors in … }`), or a step written as a `static` method
  /// (called through `Self`), or one that returned a generic answer for a `Void` call, kept the forwarding
  /// member's closure out of line: each observer was then copied around its call (a retain and a release, slow
  /// for a weakly referenced object): a `Void` dispatch to one weak observer cost 470 instructions instead of 230
  /// (callgrind).
  @inlinable @inline(__always)
  func _enterDispatch(_ frame: UnsafeMutablePointer<_DispatchFrame>) -> _DispatchSnapshot<Observer> {
    _DispatchFrame.push(frame)
    return _beginDispatch(frame)
  }

  /// Ends a synchronous dispatch that `_enterDispatch(_:)` started with `frame` and returned `snapshot`: reclaims
  /// the dead observers' slots if a step found one, leaves the gate or the generation, then pops the frame.
  @inlinable @inline(__always)
  func _leaveDispatch(_ frame: UnsafeMutablePointer<_DispatchFrame>, _ snapshot: _DispatchSnapshot<Observer>) {
    _endDispatch(snapshot, sawDead: frame.pointee.sawDead)
    _DispatchFrame.pop(frame)
  }
}

// MARK: - Dispatch bookkeeping

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

  /// The snapshot of the registrations, for an asynchronous dispatch (which is not counted in a generation).
  @inlinable
  func _snapshot() -> _EntryStorage<Observer> {
    _lock.withLock { _entries }
  }

  /// The identity of an observer from a source, for the "did not respond" frame.
  @usableFromInline
  func _identity(of observer: Observer) -> ObjectIdentifier? {
    _classInstance(observer).map(ObjectIdentifier.init)
  }
}
