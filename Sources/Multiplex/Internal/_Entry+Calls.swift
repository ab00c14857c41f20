// How a dispatch calls an `_Entry`'s observer: the direct paths, the indirect one, and the observer as a value.

// `public` only because `@inlinable` code calls its functions (the release of an unowned observer's retain). The
// module is an implementation detail.
public import _MultiplexShims

extension _Entry {
  /// Calls `body` with the observer if the registration was neither removed nor blocked and the observer is alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated, so that the
  ///   dispatch can reclaim its slot afterwards.
  /// - Returns: What `body` returned, or `nil` if the entry was skipped.
  @inlinable @inline(__always)
  func _call<Result, Failure: Error>(
    sawDead: inout Bool,
    _ body: (Observer) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    // Performance: one load and one comparison decide the common cases (about 8 instructions per observer call
    // fewer than the checks below, callgrind).
    let state = _state.loadRelaxed()
    if state == _Entry.directWeak {
      // The observer is a native Swift object held by an unowned reference: retained and released here as one
      // (releasing it as an `AnyObject` would first ask, on Apple platforms, whether it is an Objective-C object).
      guard let retained = _retainUnownedObserver() else {
        sawDead = true
        return nil
      }
      // The retain keeps the observer, and so the view's contents, alive until `body` returned.
      defer { _mpx_release(retained) }
      return try body(_inlineView.pointee)
    }
    if state == _Entry.directStrong { return try body(_inlineView.pointee) }
    #if _runtime(_ObjC) || MULTIPLEX_WEAK_OBSERVER_REFERENCES
    // An Objective-C observer (Apple platforms) is held by a `weak` reference. Through the indirect path, the copy
    // of its view that the call takes would cost a retain and a release on the object's side table (about 260
    // instructions per call more, callgrind, in the build that stands for Apple's path).
    if state == _Entry.directWeakReference {
      guard let object = _weakObject else {
        sawDead = true
        return nil
      }
      defer { _fixLifetime(object) }
      return try body(_inlineView.pointee)
    }
    #endif
    // The other states (blocked, removed, with a delivery context, rebuilt) are decided out of line: a mask
    // tested here stayed in a register across the dispatch loop once the dispatch was inlined into its caller, and
    // cost every observer call of a large list about 5 instructions of register moves (callgrind).
    let (result, isDead) = try _callIndirectly(body)
    if isDead { sawDead = true }
    return result
  }

  /// `_call` for a registration that is neither ``directWeak``, ``directWeakReference`` nor ``directStrong``:
  /// removed or blocked (not called), with a delivery context, or without an inline view. Not inlined, so that the
  /// common cases' code stays small enough for the optimizer to inline each observer call into the dispatch loop (inlined, this code made it call a closure per observer:
  /// about 20 instructions more per observer call, callgrind). It returns whether the observer was found
  /// deallocated rather than setting an `inout` flag, which would keep the dispatch's flag in memory.
  @inlinable @inline(never)
  func _callIndirectly<Result, Failure: Error>(
    _ body: (Observer) throws(Failure) -> Result
  ) throws(Failure) -> (result: Result?, isDead: Bool) {
    let state = _state.loadRelaxed()
    // Removed, blocked or otherwise skipped; an observer with a delivery context is only called there, by `post`.
    // Either way, a dead observer's slot is reclaimed (see `_observerDied`).
    if state & (_Entry.dynamicMask | _Entry.deliveryFlag) != 0 { return (nil, _observerDied) }
    if state & _Entry.strongFlag != 0 {
      // The entry owns the observer through its view, and the dispatch's snapshot (or the published storage it
      // borrows) owns the entry.
      return (try body(_view.unsafelyUnwrapped.pointee), false)
    }
    guard let object = _object else { return (nil, true) }
    // `object` keeps the observer, and so the view's contents, alive until `body` returned. `_fixLifetime` is
    // what `withExtendedLifetime` does, without the call to its generic (not always inlined) implementation.
    defer { _fixLifetime(object) }
    if let view = _view { return (try body(view.pointee), false) }
    guard let observer = object as? Observer else { return (nil, false) }
    return (try body(observer), false)
  }

  /// The observer, retained, if the entry is live.
  func observer() -> Observer? {
    if _isRemoved { return nil }
    if _hasDeliveryContext {
      // No view in the registration (see `init`): rebuilt from the object.
      if _isStrong { return _strongDeliveryObject.takeUnretainedValue() as? Observer }
      return _object as? Observer
    }
    if _isStrong { return _view.unsafelyUnwrapped.pointee }
    guard let object = _object else { return nil }
    guard let view = _view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }

  /// The observer, retained, if the registration was neither removed nor blocked and the observer is alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated.
  @inlinable
  func _observer(sawDead: inout Bool) -> Observer? {
    // Skipped, or with a delivery context (only called there, by `post`): a dead observer's slot is reclaimed all
    // the same (see `_observerDied`).
    if _isSkipped || _state.loadRelaxed() & _Entry.deliveryFlag != 0 {
      if _observerDied { sawDead = true }
      return nil
    }
    if _isStrong { return _view.unsafelyUnwrapped.pointee }
    guard let object = _object else {
      sawDead = true
      return nil
    }
    guard let view = _view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }
}
