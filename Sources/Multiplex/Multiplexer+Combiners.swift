// Returning calls combined by a `Combiner`: `combine(using:default:requirement:_:)`, and `_combine`, which pulls
// the responses lazily for a custom combiner and for the generated code's combining delegates.

extension Multiplexer {
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
}
