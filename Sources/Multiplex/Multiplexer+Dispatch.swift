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
    var dispatch = _beginDispatch()
    var sawDead = false
    var firstError: Failure? = nil
    if let sourced = dispatch.sourced {
      for observer in sourced {
        do {
          try call(observer)
        } catch {
          if firstError == nil { firstError = error }
        }
      }
    }
    // Performance: `for … in` over the snapshot. An index loop over `dispatch.entries` (a `var`) cost about 350
    // more instructions per observer call (measured with callgrind, 1,024 weak observers).
    for entry in dispatch.entries.unsafelyUnwrapped {
      do {
        _ = try entry._call(sawDead: &sawDead, call)
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    _endDispatch(&dispatch, sawDead: sawDead)
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
  ///   observers.combine(default: true, requirement: #function) { $0.scrollViewShouldScrollToTop(scrollView) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The result when no observer responds; usually the protocol's documented default.
  ///   - requirement: The requirement being forwarded: pass `#function` from the forwarding member. Then only
  ///     that requirement's default implementation counts as not responding, not another defaulted requirement
  ///     the observer's implementation happens to call. Pass `nil` when you call `combine` outside the member
  ///     that forwards the requirement (there `#function` would name the wrong function): then any default
  ///     implementation's mark counts. Required, so that a forwarder cannot forget it.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: The first responding observer's answer, or `defaultValue`.
  /// - Throws: If `call` throws for one or more observers, the remaining observers are still called, and the
  ///   *first* error (in call order) is rethrown instead of returning a result.
  /// - Complexity: O(*n*) observer calls. No heap allocation.
  @inlinable @inline(__always)
  public func combine<Value, Failure: Error>(
    default defaultValue: Value,
    requirement: StaticString?,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var result: Value? = nil
    try _forEachResponse(requirement: requirement, call) { value in if result == nil { result = value } }
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
  ///   combine(using: .allTrue, default: true, requirement: #function) { $0.scrollViewShouldScrollToTop(scrollView) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - combiner: How to turn the responses into the result; see ``Combiner``.
  ///   - defaultValue: Passed to the combiner; the built-in combiners return it when no observer responds.
  ///   - requirement: The requirement being forwarded: pass `#function` from the forwarding member. Then only
  ///     that requirement's default implementation counts as not responding, not another defaulted requirement
  ///     the observer's implementation happens to call. Pass `nil` when you call `combine` outside the member
  ///     that forwards the requirement (there `#function` would name the wrong function): then any default
  ///     implementation's mark counts. Required, so that a forwarder cannot forget it.
  ///   - call: Forwards the call to one observer and returns its answer.
  /// - Returns: What `combiner` returns.
  /// - Throws: If `call` throws for one or more observers, the iteration goes on, and the *first* error (in
  ///   call order) is rethrown after the combiner returned, instead of its result.
  /// - Complexity: O(*k*) observer calls, where *k* ≤ *n* is the number of observers the combiner reaches.
  ///   No heap allocation for the built-in combiners except ``Combiner/all``.
  @inlinable @inline(__always)
  public func combine<Value, Result, Failure: Error>(
    using combiner: Combiner<Observer, Value, Result>,
    default defaultValue: Value,
    requirement: StaticString?,
    _ call: (Observer) throws(Failure) -> Value
  ) throws(Failure) -> Result {
    // Performance: `@inline(__always)`, like `combine(default:_:)` and `_forEachResponse`, so that the closure
    // literal of the call site and a built-in combiner's `step` are inlined into the dispatch loop. Otherwise
    // each observer call goes through two or three indirect calls, with a retain and release of the observer
    // around them (measured: about 2× the instructions per observer call of `notify`).
    if case .fold(let step, let finish) = combiner._strategy {
      // Built-in combiners: the same loop as `combine(default:_:)`, folding every response. No allocation.
      var partial: Result? = nil
      try _forEachResponse(requirement: requirement, call) { value in step(&partial, value) }
      return finish(partial, defaultValue)
    }
    return try _combine(default: defaultValue, requirement: requirement, combining: combiner.combine, call)
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
    var dispatch = _beginDispatch(requirement: requirement)
    var sourced = dispatch.sourced ?? []
    var entries = dispatch.entries.unsafelyUnwrapped
    let context = dispatch.context
    var sawDead = false
    var firstError: Failure? = nil
    var sourcedIndex = 0
    var index = 0
    // Each step of the combiner's iteration calls observers until one responds. A closure literal, not a local
    // function: its captures then stay on the stack (a local function used as a value boxes them).
    let result = withoutActuallyEscaping(
      { () -> (observer: Observer, value: Value)? in
        while sourcedIndex < sourced.count {
          let observer = sourced[sourcedIndex]
          sourcedIndex += 1
          context.openFrame(for: self._identity(of: observer))
          do throws(Failure) {
            let value = try call(observer)
            if !context.currentFrameWasMarked { return (observer: observer, value: value) }
          } catch {
            if firstError == nil { firstError = error }
          }
        }
        while index < entries.count {
          let entry = entries[index]
          index += 1
          context.openFrame(for: entry.identifier)
          do throws(Failure) {
            let response = try entry._call(sawDead: &sawDead) { (observer) throws(Failure) in
              (observer: observer, value: try call(observer))
            }
            if let response, !context.currentFrameWasMarked { return response }
          } catch {
            if firstError == nil { firstError = error }
          }
        }
        return nil
      },
      do: { next in
        var responses = Responses(_next: next)
        return body(&responses, defaultValue)
      }
    )
    // Drop this function's references to the snapshot too, before `_endDispatch` releases it (see there).
    sourced = []
    entries = []
    _endDispatch(&dispatch, sawDead: sawDead)
    if let firstError { throw firstError }
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
    var dispatch = _beginDispatch(requirement: requirement)
    let context = dispatch.context
    var sawDead = false
    var firstError: Failure? = nil
    if let sourced = dispatch.sourced {
      for observer in sourced {
        context.openFrame(for: _identity(of: observer))
        do {
          let value = try call(observer)
          if !context.currentFrameWasMarked { body(value) }
        } catch {
          if firstError == nil { firstError = error }
        }
      }
    }
    for entry in dispatch.entries.unsafelyUnwrapped {
      context.openFrame(for: entry.identifier)
      do {
        if let value = try entry._call(sawDead: &sawDead, call), !context.currentFrameWasMarked { body(value) }
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    _endDispatch(&dispatch, sawDead: sawDead)
    if let firstError { throw firstError }
  }
}

// MARK: - Dispatch bookkeeping

/// A synchronous dispatch in progress.
@usableFromInline
struct _Dispatch<Observer> {
  /// The observers the multiplexer's source returned for this dispatch; `nil` without a source (an `Optional`
  /// rather than an empty array, so that the common case has no array to release).
  @usableFromInline var sourced: [Observer]?
  /// The registrations when the dispatch started; `nil` once `_endDispatch` released them. (An `Optional`, so
  /// that releasing costs no retain of an empty array.)
  @usableFromInline var entries: ContiguousArray<_Entry<Observer>>?
  /// The generation the dispatch counted in. Not retained: the multiplexer keeps every generation with running
  /// dispatches alive (see `_waitForDispatchesOnOtherThreads`), and this saves two atomic operations.
  @usableFromInline let generation: Unmanaged<_Generation>
  /// The calling thread's context.
  ///
  /// `unowned(unsafe)`: the thread's key keeps the context alive until the thread exits, so the dispatch need not
  /// retain and release it.
  @usableFromInline unowned(unsafe) let context: _ThreadContext
  /// The frame state when the dispatch started; restored at the end.
  @usableFromInline let saved: _ThreadContext.SavedFrame

  @inlinable
  init(
    sourced: [Observer]?,
    entries: ContiguousArray<_Entry<Observer>>,
    generation: Unmanaged<_Generation>,
    context: _ThreadContext,
    saved: _ThreadContext.SavedFrame
  ) {
    self.sourced = sourced
    self.entries = entries
    self.generation = generation
    self.context = context
    self.saved = saved
  }
}

extension Multiplexer {
  /// Takes the snapshot, counts the dispatch as running, and opens a frame that no mark reaches.
  @inlinable @inline(__always)
  func _beginDispatch(requirement: StaticString? = nil) -> _Dispatch<Observer> {
    let context = _ThreadContext.current(key: _contextKey)
    let sourced = _source?()
    _lock.lock()
    let entries = _entries
    let generation = Unmanaged.passUnretained(_generation)
    // Counts in steps of two: bit 0 is the waiter bit (see `_WaitQueue`).
    _ = generation._withUnsafeGuaranteedRef { $0.running.addRelaxed(2) }
    _lock.unlock()
    context.pushDispatch(generation)
    let saved = context.save()
    context.currentRequirement = requirement
    context.openFrame(for: nil)
    return _Dispatch(sourced: sourced, entries: entries, generation: generation, context: context, saved: saved)
  }

  /// Restores the frame, counts the dispatch as finished, and reclaims dead slots if the dispatch met any.
  @inlinable @inline(__always)
  func _endDispatch(_ dispatch: inout _Dispatch<Observer>, sawDead: Bool) {
    dispatch.context.restore(dispatch.saved)
    // Release the snapshot while the dispatch still counts as running: it may hold the last reference to a
    // strong observer removed during the dispatch, and a waiting removal must not return before that observer's
    // deinit has run (teardown code may free what the deinit uses). A deinit that itself removes and waits is
    // this thread's own dispatch, so it does not wait for itself.
    dispatch.entries = nil
    dispatch.sourced = nil
    // Reclaiming takes a fresh snapshot, which may hold such an observer too: also before the count drops.
    if sawDead { _reclaimDeadObservers() }
    dispatch.context.popDispatch()
    // After this decrement the generation may be freed by a waiting removal: do not touch it again.
    let address = UInt(bitPattern: dispatch.generation.toOpaque())
    let previous = dispatch.generation._withUnsafeGuaranteedRef { $0.running.addReleasing(-2) }
    // A waiting removal set the waiter bit of this (retired) generation: let it re-check. Never the case for a
    // dispatch of the current generation.
    if previous & 1 != 0 { _wakeWaitingRemovals(address: address) }
  }

  /// The snapshot of the registrations, for an asynchronous dispatch (which is not counted in a generation).
  @inlinable
  func _snapshot() -> ContiguousArray<_Entry<Observer>> {
    _lock.withLock { _entries }
  }

  /// The identity of an observer from a source, for the "did not respond" frame.
  @usableFromInline
  func _identity(of observer: Observer) -> ObjectIdentifier? {
    _classInstance(observer).map(ObjectIdentifier.init)
  }
}
