/// The calls posted to one registration that has a ``DeliveryContext``, waiting to run there.
///
/// A mailbox hands its context one job at a time (the *drain*), which runs the pending calls in the order they
/// were posted. That gives each observer FIFO delivery, one call at a time, whatever the context does with the
/// jobs it is given (a concurrent queue, a task per job).
///
/// Removal closes the mailbox: the calls still pending are dropped, and a call the drain has taken but not
/// started is skipped, because the drain checks the registration's `_removed` flag right before each call. So
/// once ``Multiplexer/remove(_:)`` has returned, no queued call starts.
@usableFromInline
final class _Mailbox<Observer>: @unchecked Sendable {
  /// One posted call, and the group of a ``Multiplexer/postAndWait(isolation:_:)`` waiting for it.
  @usableFromInline
  struct Delivery: Sendable {
    let call: @Sendable (Observer) -> Void
    let group: _DeliveryGroup?
  }

  struct State {
    /// Pending calls, oldest first, from `head` on.
    var pending: [Delivery?] = []
    var head = 0
    /// Whether a drain job was handed to the context and has not finished.
    var isScheduled = false
    /// Whether the registration was removed or its observer deallocated: nothing is queued any more.
    var isClosed = false
    /// The registration, held while a drain is scheduled. Not otherwise: the entry owns the mailbox, and a
    /// removed strong observer must not be kept alive by a drain job that a context has not run yet.
    var entry: _Entry<Observer>?
    /// Where the calls run; `nil` once closed, so that a retired mailbox no longer keeps the context (and what its
    /// closure captures) alive.
    var context: DeliveryContext?
  }

  /// The most calls a drain runs before it hands the context a new job, so that one busy observer does not keep
  /// a shared queue (or the main actor) to itself.
  static var batchSize: Int { 64 }

  /// The drains of this mailbox running now: what ``Multiplexer/removeAndWait(_:)`` waits for. Usually 0 or 1;
  /// briefly 2 when a new drain starts while the previous one releases what it held. Only accessed through
  /// ``runningDrains`` after `init` (it must stay the first stored property).
  @exclusivity(unchecked) private var _runningDrainsStorage = 0

  /// Guards `_state`. Not the standard library's `Mutex`: on Linux its lock is taken in the (uninstrumented)
  /// runtime, so Thread Sanitizer cannot see it and reports the accesses it guards as races. `_Lock` is a pthread
  /// mutex.
  private let lock = _Lock()

  /// Only accessed with `lock` held (``withState(_:)``), which makes the run-time exclusivity check redundant.
  @exclusivity(unchecked) private var _state: State

  /// The registration's view of its observer, a bitwise, non-owning copy in its own allocation (see `_Entry`,
  /// whose registrations with a context keep none); `nil` when the value's first word is not the object, in which
  /// case each call rebuilds the value from the object. Only read after the object was loaded (or, for a strong
  /// registration, while the registration is alive), which keeps its contents alive.
  let view: UnsafeMutablePointer<Observer>?

  // Footprint (64-bit): 80 bytes, the lock's mutex (40) and the view (16 for an existential of one class-bound
  // protocol): the object header (16), the drain count (8), the lock (8), the view's address (8) and the state (40:
  // the queue's storage, its head, the flags, the registration, the context). The queue's storage is allocated by
  // the first call posted, and kept for the next ones.

  /// A mailbox for calls to the observer `view` shows (its allocation is the mailbox's from now on).
  init(context: DeliveryContext, view: UnsafeMutablePointer<Observer>?) {
    _state = State(context: context)
    self.view = view
    _AtomicWord._checkLayout(of: self, storedValue: 0)
  }

  deinit {
    lock.destroy()
    // Non-owning: nothing to deinitialize.
    view?.deallocate()
  }

  /// The observer of `entry`, retained, if the registration was neither removed nor blocked and the observer is
  /// alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated.
  func target(of entry: _Entry<Observer>, sawDead: inout Bool) -> Observer? {
    if entry._isSkipped { return nil }
    let object: AnyObject
    if entry._isStrong {
      // The registration, which the drain holds, owns the object.
      object = entry._strongDeliveryObject.takeUnretainedValue()
    } else {
      guard let loaded = entry._object else {
        sawDead = true
        return nil
      }
      object = loaded
    }
    guard let view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }

  /// The drains of this mailbox running now, as an atomic word; counts in steps of two (see ``_WaitQueue``).
  var runningDrains: _AtomicWord { .firstStoredProperty(of: self) }

  /// Runs `body` on the state with the lock held.
  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&_state)
  }

  /// What the context is (`queue "cache"`), for `debugDescription`; `nil` once the mailbox was closed.
  var contextName: String? { withState { $0.context?._name } }

  /// Queues `call` for `entry`'s observer and schedules a drain if none is scheduled.
  ///
  /// - Parameter group: Entered for the call, left when the call ran or was dropped.
  @usableFromInline
  func post(_ call: @escaping @Sendable (Observer) -> Void, group: _DeliveryGroup?, entry: _Entry<Observer>) {
    group?.enter()
    var scheduleOn: DeliveryContext? = nil
    let isAccepted = withState { state -> Bool in
      if state.isClosed { return false }
      state.pending.append(Delivery(call: call, group: group))
      if !state.isScheduled {
        state.isScheduled = true
        state.entry = entry
        scheduleOn = state.context
      }
      return true
    }
    if !isAccepted { group?.leave() }
    if let scheduleOn { schedule(on: scheduleOn) }
  }

  /// Hands the context a drain job. The job holds the mailbox, which holds the entry until the drain finishes
  /// or the mailbox is closed: calls posted before the multiplexer went away are still delivered to a
  /// registration that was not removed.
  private func schedule(on context: DeliveryContext) {
    context._schedule { self.drain() }
  }

  /// Runs the pending calls, in order, until none is left or the batch is used up; then, if calls are left,
  /// hands the context a new job.
  ///
  /// The whole drain counts as running for ``Multiplexer/removeAndWait(_:)``, including the releases at its end
  /// (the last reference to a removed strong observer, or to what a call captured, may be dropped here, and a
  /// waiting removal must not return before that deinit ran). The thread records it too, so that a removal from
  /// inside one of its calls does not wait for itself.
  func drain() {
    // Count the drain before checking the removal flag; a waiting removal sets the flag, then reads the count (a
    // Dekker pair: both sides write, fence, then read).
    // Counts in steps of two: bit 0 is the waiter bit (see `_WaitQueue`).
    runningDrains.addSequentiallyConsistent(_WaitQueue.step)
    _fenceSequentiallyConsistent()
    // The drain's frame names no observer: a context that runs jobs inline, inside another dispatch's observer
    // call, must not have this drain's marks count for that observer.
    var frame = _DispatchFrame(key: UInt(bitPattern: ObjectIdentifier(self)))
    // A separate function, so that everything it holds is released when it returns, before the count drops.
    let rescheduleOn = withUnsafeMutablePointer(to: &frame) { frame in
      _DispatchFrame.push(frame)
      defer { _DispatchFrame.pop(frame) }
      return runBatch()
    }
    // The mailbox outlives its drains (the drain job holds it), so the counter can be named after the decrement.
    if runningDrains.addReleasing(-_WaitQueue.step) & _WaitQueue.waiterBit != 0 {
      _WaitQueue.queue(for: self).wakeAll()
    }
    if let rescheduleOn { schedule(on: rescheduleOn) }
  }

  /// Runs up to `batchSize` pending calls. Returns the context to hand a new job to when calls are left (the
  /// drain stays scheduled), `nil` otherwise.
  private func runBatch() -> DeliveryContext? {
    for _ in 0..<Self.batchSize {
      var finished: _Entry<Observer>? = nil
      let next = withState { state -> (delivery: Delivery, entry: _Entry<Observer>)? in
        guard !state.isClosed, state.head < state.pending.count, let entry = state.entry else {
          state.isScheduled = false
          // Released below, outside the lock: it may be the last reference to a strong observer.
          finished = state.entry.take()
          return nil
        }
        let delivery = state.pending[state.head].take()
        state.head += 1
        if state.head == state.pending.count {
          state.pending.removeAll(keepingCapacity: true)
          state.head = 0
        } else if state.head >= 32, state.head * 2 >= state.pending.count {
          state.pending.removeFirst(state.head)
          state.head = 0
        }
        return delivery.map { (delivery: $0, entry: entry) }
      }
      guard let (delivery, entry) = next else {
        withExtendedLifetime(finished) {}
        return nil
      }
      var sawDead = false
      // The drain's frame is current: no "not implemented" mark made by the call reaches another dispatch's.
      if let observer = target(of: entry, sawDead: &sawDead) { delivery.call(observer) }
      delivery.group?.leave()
      if sawDead || entry._isRemoved {
        close()
        return nil
      }
    }
    // The batch is used up: the caller hands the context a new job, so that others get a turn.
    var finished: _Entry<Observer>? = nil
    let rescheduleOn = withState { state -> DeliveryContext? in
      if !state.isClosed, state.head < state.pending.count { return state.context }
      state.isScheduled = false
      finished = state.entry.take()
      return nil
    }
    withExtendedLifetime(finished) {}
    return rescheduleOn
  }

  /// Drops every pending call and refuses new ones. Call it without the multiplexer's lock held: dropping a
  /// call releases what its closure captured.
  @usableFromInline
  func close() {
    var entry: _Entry<Observer>? = nil
    var context: DeliveryContext? = nil
    let dropped = withState { state -> [Delivery?] in
      state.isClosed = true
      let dropped = state.pending
      state.pending = []
      state.head = 0
      entry = state.entry.take()
      context = state.context.take()
      return dropped
    }
    for delivery in dropped { delivery?.group?.leave() }
    withExtendedLifetime((entry, context)) {}
  }

  /// Drops the calls queued and not started, keeping the mailbox open: a registration was blocked, and calls
  /// posted before the block must not run after it, even once the block ended. Call it without the multiplexer's
  /// lock held: dropping a call releases what it captured. A drain that is scheduled finds nothing and finishes.
  func dropPending() {
    let dropped = withState { state -> [Delivery?] in
      let dropped = Array(state.pending[state.head...])
      state.pending = []
      state.head = 0
      return dropped
    }
    for delivery in dropped { delivery?.group?.leave() }
  }

  /// Waits until no drain of this mailbox runs on another thread (one running on this thread, which is
  /// removing its own observer from inside a call, is not waited for).
  func waitUntilNotRunningElsewhere() {
    _fenceSequentiallyConsistent()
    let own = _DispatchFrame.dispatchCount(key: UInt(bitPattern: ObjectIdentifier(self)))
    runningDrains.orSequentiallyConsistent(_WaitQueue.waiterBit)
    _WaitQueue.queue(for: self).wait { runningDrains.loadAcquiring() >> 1 <= own }
  }

  /// Whether the mailbox is closed and no drain runs: nothing can call its observer any more.
  ///
  /// Reads the flag first, under the lock: a drain that took a call before the mailbox was closed did so under
  /// the same lock, after counting itself, so the count read afterwards includes it.
  var isRetired: Bool {
    withState { $0.isClosed } && runningDrains.loadAcquiring() >> 1 == 0
  }
}

/// Counts the calls of one ``Multiplexer/postAndWait(isolation:_:)`` not yet handled, and resumes its caller
/// when none is left.
@usableFromInline
final class _DeliveryGroup: @unchecked Sendable {
  struct State {
    var remaining = 1
    var continuation: CheckedContinuation<Void, Never>?
  }

  let state = _Guarded(State())

  @usableFromInline
  init() {}

  func enter() {
    state.withLock { $0.remaining += 1 }
  }

  @usableFromInline
  func leave() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.remaining -= 1
      guard state.remaining == 0 else { return nil }
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }

  /// Returns once every call entered was left (after the poster's own `leave`).
  @usableFromInline
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDone = state.withLock { state -> Bool in
        if state.remaining == 0 { return true }
        state.continuation = continuation
        return false
      }
      if isDone { continuation.resume() }
    }
  }
}

/// A value guarded by a `_Lock`, with `Mutex`'s `withLock` shape.
final class _Guarded<Value>: @unchecked Sendable {
  private let lock = _Lock()
  /// Only accessed with `lock` held, which makes the run-time exclusivity check redundant.
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  deinit {
    lock.destroy()
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
