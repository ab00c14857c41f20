// The skeleton every synchronous dispatch goes through: `_enterDispatch(_:)` and `_leaveDispatch(_:_:)`.

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
