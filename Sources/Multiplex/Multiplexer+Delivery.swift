extension Multiplexer where Observer: Sendable {
  /// Registers an observer that receives its calls asynchronously, in `context`.
  ///
  /// The observer receives the `Void` calls made with ``post(_:)`` and ``postAndWait(isolation:_:)`` later, in
  /// `context` (a dispatch queue, the main actor, an actor, or your own scheduler), one at a time and in the
  /// order they were posted, whatever thread posted them:
  ///
  /// ```swift
  /// downloads.add(progressView, deliveringOn: .mainActor)
  /// downloads.add(cache, deliveringOn: .queue(cacheQueue))
  /// ```
  ///
  /// Removing the registration (``remove(_:)``, a token, or the observer's deallocation) drops the calls queued
  /// for it: after ``remove(_:)`` returns, none of them starts. A call that was already running finishes;
  /// ``removeAndWait(_:)`` waits for it.
  ///
  /// Calls that need the observer *now* skip it, as if it did not implement the requirement: calls that return
  /// a value (``combine(default:requirement:_:)``, whose caller needs the answer before the observer could give
  /// it), `inout` calls, ``notify(_:)-9b4uc`` (its closure cannot leave the caller's thread), and the
  /// `async` ``notify(isolation:_:)``.
  ///
  /// Everything else is as for ``add(_:retention:priority:)``: retention, priority (the order in which one
  /// dispatch posts to the observers; each context then runs its calls on its own), introspection, tokens.
  /// Adding an observer that is already registered changes nothing, its delivery context included.
  ///
  /// Registration with a context needs a `Sendable` `Observer`: the observer is called on another thread than
  /// the one that dispatches.
  ///
  /// - Parameters:
  ///   - observer: The object to call.
  ///   - retention: Whether the multiplexer holds `observer` weakly (the default) or keeps it alive. Calls queued
  ///     for a weak observer do not keep it alive: if it is deallocated first, they are dropped.
  ///   - priority: The position among the observers, as for ``add(_:retention:priority:)``.
  ///   - context: Where the observer is called.
  /// - Returns: A token that removes this registration when cancelled.
  /// - Complexity: As ``add(_:retention:priority:)``, and the registration is the same size; it keeps `context`
  ///   (shared by the registrations made with the same value). Its queue of calls is made by the first call
  ///   posted to it (a few allocations, about 200 bytes, kept until the registration ends).
  @discardableResult
  public func add(
    _ observer: Observer,
    retention: Retention = .weak,
    priority: Int = 0,
    deliveringOn context: DeliveryContext
  ) -> ObservationToken {
    _add(observer, retention: retention, priority: priority, context: context)
  }

  /// Calls every live observer, in order; observers registered with a delivery context receive the call later,
  /// there.
  ///
  /// Observers registered without a context are called right away, on this thread, exactly as by
  /// ``notify(_:)-9b4uc``. For each observer registered with ``add(_:retention:priority:deliveringOn:)``, the call
  /// is queued and runs later in the observer's context, after the calls posted to it before. The function
  /// returns once the direct observers were called; use ``postAndWait(isolation:_:)`` to wait for the queued
  /// calls too.
  ///
  /// The closure may run after `post` returned, on another thread, so it is `@escaping` and `@Sendable`:
  /// it captures the call's arguments by value, and they must be `Sendable`.
  ///
  /// ```swift
  /// func download(_ download: Download, didReceive byteCount: Int) {
  ///   observers.post { $0.download(download, didReceive: byteCount) }
  /// }
  /// ```
  ///
  /// Observers that are removed, or deallocated, before a queued call starts do not receive it.
  ///
  /// - Parameter call: Forwards the call to one observer.
  /// - Complexity: O(*n*) observer calls and posts, where *n* is the number of registrations. Posting to a
  ///   context allocates (the closure's captures once, plus the context's job when the observer's queue was
  ///   empty, plus the observer's queue itself the first time); with no observer registered with a context, no
  ///   allocation.
  @inlinable
  public func post(_ call: @escaping @Sendable (Observer) -> Void) {
    _deliver(call, makeQueued: { call }, group: nil)
  }

  /// Calls every live observer, in order, and returns once every observer registered with a delivery context
  /// handled the call too.
  ///
  /// The awaitable form of ``post(_:)``: direct observers are called right away, on the caller's actor; the call
  /// is queued for the others, and this function returns when each of them ran it, or dropped it because the
  /// observer was removed or deallocated first.
  ///
  /// ```swift
  /// await observers.postAndWait { $0.sessionDidEnd(session) }
  /// // Every observer, on every queue, has seen sessionDidEnd.
  /// ```
  ///
  /// Cancelling the waiting task does not stop the delivery, and the function still waits for it. A context
  /// that never runs its jobs (a suspended queue, a main actor that is not running) keeps it waiting.
  ///
  /// - Parameters:
  ///   - isolation: The actor the direct observers are called on; the caller's by default.
  ///   - call: Forwards the call to one observer.
  /// - Complexity: O(*n*) observer calls and posts, plus one allocation to count the queued calls.
  @inlinable
  public func postAndWait(
    isolation: isolated (any Actor)? = #isolation,
    _ call: @escaping @Sendable (Observer) -> Void
  ) async {
    let group = _DeliveryGroup()
    _deliver(call, makeQueued: { call }, group: group)
    group.leave()
    await group.wait()
  }

  /// Used by the code `@Multiplexed` generates for a `Sendable` protocol's `Void` requirements: a ``post(_:)``
  /// whose arguments are passed separately, so that the generated code calls this overload when they are
  /// `Sendable`, and the one that only calls the direct observers otherwise. Not API.
  ///
  /// Both overloads take the same parameters (`requirement` included, unused here), so that the compiler ranks
  /// them by the `Sendable` constraint alone.
  @inlinable @inline(__always)
  public func _post<Arguments: Sendable>(
    _ arguments: Arguments,
    requirement: StaticString = #function,
    _ call: @escaping @Sendable (Observer, Arguments) -> Void
  ) {
    _deliver({ call($0, arguments) }, makeQueued: { { call($0, arguments) } }, group: nil)
  }

  /// The dispatch loop of ``post(_:)``: calls the direct observers with `direct` and queues the closure
  /// `makeQueued` returns (made once, when the first observer with a context is met) for the others.
  @inlinable @inline(__always)
  func _deliver(
    _ direct: (Observer) -> Void,
    makeQueued: () -> @Sendable (Observer) -> Void,
    group: _DeliveryGroup?
  ) {
    // A frame that names no observer, as `notify`'s.
    var dispatchFrame = _DispatchFrame(key: _gateKey)
    var queued: (@Sendable (Observer) -> Void)? = nil
    // The dispatch skeleton (see `_enterDispatch(_:)`). Unprotected: see there.
    _withUnprotectedUnsafeMutablePointer(to: &dispatchFrame) { frame in
      let snapshot = _enterDispatch(frame)
      if let source = _source {
        for observer in source() { _ = _DispatchFrame.notify(sourced: observer, direct) }
      }
      for index in 0..<snapshot.count {
        snapshot.withEntry(at: index) { entry in
          if entry._hasDeliveryContext {
            guard _DispatchFrame.isDeliverable(entry, in: frame) else { return }
            if queued == nil { queued = makeQueued() }
            _queue(queued.unsafelyUnwrapped, group: group, for: entry)
            return
          }
          _ = _DispatchFrame.notify(entry, in: frame, direct)
        }
      }
      _leaveDispatch(frame, snapshot)
    }
  }
}

extension Multiplexer {
  /// Queues `call` in the mailbox of `entry`, a registration with a delivery context, making the mailbox if this is
  /// the first call posted to it (under the lock: once, whichever threads post at the same time). A registration
  /// retired before its first call has no mailbox, and never gets one: the call is dropped, as a closed mailbox
  /// drops it.
  @usableFromInline
  func _queue(_ call: @escaping @Sendable (Observer) -> Void, group: _DeliveryGroup?, for entry: _Entry<Observer>) {
    let delivery = unsafeDowncast(entry, to: _DeliveryEntry<Observer>.self)
    guard let mailbox = delivery.mailbox ?? _makeMailbox(for: delivery) else { return }
    mailbox.post(call, group: group, entry: entry)
  }

  /// Makes the mailbox of `entry` at its first call, or finds the one another thread made meanwhile; `nil` if the
  /// registration was retired or its weak observer deallocated.
  ///
  /// The view is rebuilt from the object first, without the lock (the `weak` load's reference may be the last one,
  /// and releasing it may run the observer's deinit); then the mailbox is installed under the lock.
  @usableFromInline @inline(never)
  func _makeMailbox(for entry: _DeliveryEntry<Observer>) -> _Mailbox<Observer>? {
    guard let object = entry.objectForMailbox else { return nil }
    return withExtendedLifetime(object) { () -> _Mailbox<Observer>? in
      // A view is a bitwise, non-owning copy, as a registration's (see `_Entry`): only when the value's first word
      // is the object. Otherwise each call rebuilds the value from the object.
      var view: UnsafeMutablePointer<Observer>? = nil
      if let observer = object as? Observer {
        let objectBits = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let firstWord = withUnsafeBytes(of: observer) { bytes in
          bytes.count >= MemoryLayout<UInt>.size ? bytes.loadUnaligned(as: UInt.self) : 0
        }
        if firstWord == objectBits {
          let copy = UnsafeMutablePointer<Observer>.allocate(capacity: 1)
          entry._storeView(of: observer, at: copy, owning: false)
          view = copy
        }
      }
      let (mailbox, usedView) = _lock.withLock { entry.installMailbox(view: view) }
      if !usedView { view?.deallocate() }
      return mailbox
    }
  }
}

extension Multiplexer {
  /// The overload of ``_post(_:_:)`` for arguments that are not `Sendable` (or an `Observer` that is not): calls
  /// the direct observers, as ``notify(_:)-9b4uc`` does, and reports the observers with a delivery context that it
  /// could not reach (see `_reportUndeliveredCall(_:observers:)`). Not API.
  ///
  /// - Parameter requirement: The requirement being forwarded: the generated member's `#function`.
  @inlinable @inline(__always)
  public func _post<Arguments>(
    _ arguments: Arguments,
    requirement: StaticString = #function,
    _ call: @escaping @Sendable (Observer, Arguments) -> Void
  ) {
    // A frame that names no observer, as `notify`'s.
    var dispatchFrame = _DispatchFrame(key: _gateKey)
    var undelivered = 0
    // The dispatch skeleton (see `_enterDispatch(_:)`). Unprotected: see there.
    _withUnprotectedUnsafeMutablePointer(to: &dispatchFrame) { frame in
      let snapshot = _enterDispatch(frame)
      if let source = _source {
        for observer in source() { _ = _DispatchFrame.notify(sourced: observer) { call($0, arguments) } }
      }
      for index in 0..<snapshot.count {
        snapshot.withEntry(at: index) { entry in
          if entry._hasDeliveryContext {
            if _DispatchFrame.isDeliverable(entry, in: frame) { undelivered += 1 }
            return
          }
          _ = _DispatchFrame.notify(entry, in: frame) { call($0, arguments) }
        }
      }
      _leaveDispatch(frame, snapshot)
    }
    if undelivered > 0 { _reportUndeliveredCall("\(Observer.self).\(requirement)", observers: undelivered) }
  }
}

/// Reports, in debug builds, a call that could not reach observers registered with a delivery context because its
/// arguments are not `Sendable` (they cannot be queued for another thread): one line on standard error, once per
/// requirement per process. `name` is the protocol and requirement (`ThumbnailLoaderDelegate.didLoad(_:)`). Release
/// builds (no `DEBUG` condition) stay silent. Not API.
///
/// The macro cannot see types, so it cannot refuse such a requirement at compile time; this makes the dropped call
/// visible where a developer looks.
@usableFromInline @inline(never)
func _reportUndeliveredCall(_ name: String, observers: Int) {
  _reportOnce(
    name,
    "Multiplex: '\(name)' was not delivered to \(observers) observer\(observers == 1 ? "" : "s") registered with a "
      + "delivery context: its arguments are not Sendable, so the call cannot be queued for another thread. Make "
      + "the argument types Sendable, or register the observer without deliveringOn:. (Reported once.)\n"
  )
}
