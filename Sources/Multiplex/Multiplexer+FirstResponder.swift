// Returning calls answered by the first responder: `combine(default:requirement:_:)`, and the responding loop it
// shares with the built-in combiners (`_forEachResponse`).

extension Multiplexer {
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
