// `Void` calls: `notify`, which forwards a requirement that returns nothing to every live observer.

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
}
