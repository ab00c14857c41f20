extension Multiplexer {
  /// Registers an observer, called after those already registered with the same or a higher priority.
  ///
  /// The multiplexer holds `observer` weakly unless you pass ``Retention/strong``. Adding an observer that is
  /// already registered changes nothing (it is still called once per event, and keeps its retention and
  /// priority) but adds a claim: the returned token's ``ObservationToken/cancel()`` drops that claim, and the
  /// registration ends with its last claim (see "Tokens and duplicates" in ``ObservationToken``).
  ///
  /// ```swift
  /// multiplexer.add(header)                          // weak, called in registration order
  /// multiplexer.add(Logger(), retention: .strong)    // kept alive by the multiplexer
  /// multiplexer.add(snapper, priority: 100)          // called before every priority-0 observer
  /// ```
  ///
  /// An observer added while a dispatch is running is first called by the next dispatch.
  ///
  /// - Parameters:
  ///   - observer: The object to call. Must be a class instance (guaranteed by the compiler when `Observer` is a
  ///     class-bound protocol); anything else is ignored.
  ///   - retention: Whether the multiplexer holds `observer` weakly (the default) or keeps it alive.
  ///   - priority: Observers with a higher priority are called first; equal priorities keep registration order.
  ///     The default is `0`. ``primary`` is called before any priority (`Int.max` counts as `Int.max - 1`).
  /// - Returns: A token whose cancellation drops this `add`'s claim, which removes the registration unless the
  ///   observer was added again. Ignore it if you remove by observer.
  /// - Complexity: O(1) amortized when `priority` is not higher than the last registration's (always the case
  ///   with the default priority); O(*n*) otherwise, where *n* is the number of registrations. If a dispatch is
  ///   running at the same time, the storage it iterates is copied once: O(*n*).
  @inlinable @discardableResult
  public func add(_ observer: Observer, retention: Retention = .weak, priority: Int = 0) -> ObservationToken {
    _add(observer, retention: retention, priority: priority, context: nil)
  }

  /// Unregisters an observer.
  ///
  /// After `remove` returns, no dispatch that starts afterwards, on any thread, calls `observer`; if a dispatch
  /// on this thread is running (the observer removes itself or another from inside a call), it does not call
  /// `observer` again either. A call already running on another thread may still be in progress: use
  /// ``removeAndWait(_:)`` when that matters. Removing an observer that is not registered does nothing.
  ///
  /// A strongly held observer is released once no dispatch that started before the removal still runs.
  ///
  /// - Parameter observer: The observer to unregister.
  /// - Complexity: O(1) amortized. Removing a strongly held observer while a dispatch is running copies the
  ///   storage that dispatch iterates, once: O(*n*).
  @inlinable
  public func remove(_ observer: Observer) {
    guard let identifier = _classIdentifier(observer) else { return }
    _mutate { _remove(identifier) }
  }

  /// Unregisters every observer except the ``primary``.
  ///
  /// Each registration ends as if ``remove(_:)`` had removed it, whatever claims its tokens hold: after `removeAll`
  /// returns, no dispatch that starts afterwards calls those observers, and a dispatch in progress does not call
  /// them later. The primary stays; set ``primary`` to `nil` to remove it. Observers from a source
  /// (``init(source:)``) are not registrations and are not affected; neither are the taps of event streams, which
  /// end with their consumers.
  ///
  /// ```swift
  /// multiplexer.removeAll()   // e.g. when the screen that registered everyone goes away
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of registrations. Strong observers are released after the
  ///   internal lock, in call order.
  public func removeAll() {
    _mutate {
      for entry in _entries where !entry._isRemoved && entry !== _primaryEntry && !entry.isHidden {
        _retire(entry)
      }
    }
  }

  /// Unregisters an observer and waits until no call made by a dispatch on another thread is still running.
  ///
  /// Use it for teardown that must not race with a call in flight, for example before freeing a resource the
  /// observer uses. It waits for every synchronous dispatch of this multiplexer that started before the removal
  /// and runs on another thread; dispatches on the calling thread (an observer removing itself from inside a
  /// call) are never waited for. Dispatches that start while it waits do not delay it.
  ///
  /// For an observer registered with a delivery context, it also waits until no call queued for it (by this
  /// registration, or an earlier one of the same observer) runs in its context on another thread; the calls not
  /// yet started are dropped by the removal itself.
  ///
  /// Calls made by *asynchronous* dispatches (`await notify { … }`) are not waited for: such a call may be
  /// suspended for as long as it likes, on the very actor you are waiting on. After the removal they do not
  /// call the observer again; to wait for one already running, await the task that dispatches.
  ///
  /// > Important: Waiting can deadlock. Do not call it while holding a lock, or on a thread, that a running
  /// > observer call on another thread needs in order to finish (for example from the main thread while an
  /// > observer on a background thread waits synchronously for the main thread), and do not call it from
  /// > inside a call while another thread does the same on this multiplexer (or on a multiplexer whose calls the
  /// > first one is inside): each would wait for the other. A `deinit` that the end of a dispatch runs (a strong
  /// > observer removed during the dispatch is released there) counts as inside that dispatch's call. An observer
  /// > call that never returns, because its thread exits (`Thread.exit()`, `pthread_exit`), keeps every later
  /// > waiting removal waiting.
  ///
  /// - Parameter observer: The observer to unregister. It need not be registered: the call still waits for the
  ///   dispatches in progress.
  /// - Complexity: O(1) amortized plus the time the running dispatches take to finish.
  @available(*, noasync, message: "Waiting blocks the thread; call remove(_:) from asynchronous code.")
  public func removeAndWait(_ observer: Observer) {
    _removeAndWait(observer)
  }

  /// `removeAndWait(_:)`; returns how many times the caller slept waiting for dispatches, for tests.
  @discardableResult
  func _removeAndWait(_ observer: Observer) -> Int {
    var mailboxes: [_Mailbox<Observer>] = []
    if let identifier = _classIdentifier(observer) {
      mailboxes = _mutate { () -> [_Mailbox<Observer>] in
        _remove(identifier)
        return _retiredMailboxes(of: identifier)
      }
    }
    let sleeps = _waitForDispatchesOnOtherThreads()
    for mailbox in mailboxes { mailbox.waitUntilNotRunningElsewhere() }
    return sleeps
  }

  /// Returns whether `observer` is registered and, if held weakly, still alive.
  ///
  /// With a source (``init(source:)``), also whether the source currently returns `observer`.
  ///
  /// - Complexity: O(1), plus O(*m*) for a source returning *m* observers.
  public func contains(_ observer: Observer) -> Bool {
    guard let object = _classInstance(observer) else { return false }
    if let source = _source, source().contains(where: { _classInstance($0) === object }) { return true }
    return _lock.withLock {
      guard let entry = _index.entry(for: ObjectIdentifier(object), in: _entries), !entry.isHidden else {
        return false
      }
      return entry.isLive && (entry._isStrong || entry._object === object)
    }
  }

  /// The number of registered observers that are alive.
  ///
  /// Deallocated weak observers are never counted. With a source, the observers it currently returns count too.
  ///
  /// - Complexity: O(*n*) weak loads, where *n* is the number of registrations.
  public var count: Int {
    var count = _source?().count ?? 0
    // Weak loads happen outside the lock: releasing the reference a load produced may run the observer's deinit,
    // which may call back into this multiplexer.
    let entries = _lock.withLock { _entries }
    for entry in entries where !entry.isHidden && entry.isLive { count += 1 }
    return count
  }

  /// Whether no registered observer is alive.
  ///
  /// - Complexity: O(*n*) weak loads in the worst case.
  public var isEmpty: Bool {
    if let source = _source, !source().isEmpty { return false }
    let entries = _lock.withLock { _entries }
    return !entries.contains { !$0.isHidden && $0.isLive }
  }

  /// The registered observers that are alive, in call order.
  ///
  /// A snapshot: later changes to the multiplexer do not affect it. Weakly held observers in the array are
  /// strong references for as long as you keep the array.
  ///
  /// - Complexity: O(*n*) weak loads and one array allocation.
  public var observers: [Observer] {
    var observers = _source?() ?? []
    let entries = _lock.withLock { _entries }
    observers.reserveCapacity(observers.count + entries.count)
    for entry in entries where !entry.isHidden {
      if let observer = entry.observer() { observers.append(observer) }
    }
    return observers
  }
}
