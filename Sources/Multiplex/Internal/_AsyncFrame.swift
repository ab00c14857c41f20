// `public` only because `@inlinable` code (`notImplemented`, through `_AsyncFrame._running`) reads the
// asynchronous-dispatch counter.
public import _MultiplexShims

/// The "did not respond" mark of one asynchronous observer call, bound as a task-local for the call's duration.
///
/// One frame per call: a task the observer starts inherits the task-local and may outlive the call, so the
/// frame's observer never changes, the mark is atomic, and marks that arrive after the call returned (`closed`)
/// are ignored.
@usableFromInline
final class _AsyncFrame: @unchecked Sendable {
  /// `marked` and `closed` bits; only accessed through ``_state`` after `init` (it must stay the first stored
  /// property).
  @usableFromInline @exclusivity(unchecked) var _stateStorage: Int = 0
  /// The observer being called.
  @usableFromInline let observer: ObjectIdentifier?
  /// The requirement being forwarded, if the dispatch named it.
  @usableFromInline let requirement: StaticString?
  /// The synchronous observer call in progress on the creating thread when the frame was made, and the observer
  /// it called: an asynchronous dispatch that a synchronous observer call started (`Task.immediate`) runs inside
  /// it until it suspends. Only compared, never read through.
  let enclosingCall: (frame: UnsafeMutableRawPointer, observer: ObjectIdentifier)?

  /// Set when the observer reported that it does not implement the requirement.
  @usableFromInline static var marked: Int { 1 }
  /// Set when the call returned: later marks (from a task the observer started) are ignored.
  @usableFromInline static var closed: Int { 2 }

  /// A frame for a call to `observer`, made by the dispatch right before the call.
  @usableFromInline
  init(observer: ObjectIdentifier?, requirement: StaticString?) {
    self.observer = observer
    self.requirement = requirement
    if let frame = _CallFrame.current, let called = frame.pointee.observer {
      self.enclosingCall = (UnsafeMutableRawPointer(frame), called)
    } else {
      self.enclosingCall = nil
    }
    _AtomicWord._checkLayout(of: self, storedValue: 0)
  }

  /// The `marked` and `closed` bits, as an atomic word.
  @usableFromInline
  var _state: _AtomicWord { .firstStoredProperty(of: self) }

  /// Ends the call and returns whether its observer reported that it does not implement the requirement.
  @usableFromInline
  func close() -> Bool {
    _state.orSequentiallyConsistent(Self.closed) & Self.marked != 0
  }

  /// Marks the current task's asynchronous call if it calls `observer` and is the innermost call in progress.
  ///
  /// It is the innermost one when no synchronous call is in progress on this thread, or when it started inside
  /// that synchronous call (`Task.immediate`, which runs on the calling thread until it suspends). Otherwise the
  /// synchronous call started inside it, and is the innermost.
  ///
  /// - Parameter call: The synchronous observer call in progress on this thread, if any.
  @usableFromInline
  static func _mark(
    _ observer: ObjectIdentifier,
    requirement: StaticString,
    insideSynchronousCall call: UnsafeMutablePointer<_CallFrame>?
  ) {
    guard let frame = current, frame.observer == observer, frame.isInnermost(given: call) else { return }
    if let expected = frame.requirement, !_isSameRequirement(expected, requirement) { return }
    // A mark that arrives after `close()` sets a bit nobody reads again.
    frame._state.orSequentiallyConsistent(marked)
  }

  /// Whether this asynchronous call, bound in the current task, is the innermost call, given the synchronous
  /// call in progress on this thread.
  func isInnermost(given call: UnsafeMutablePointer<_CallFrame>?) -> Bool {
    guard let call, let called = call.pointee.observer else { return true }
    // Started inside that call. The frame's address alone could be a later call's on this thread (the stack is
    // reused), so the observer that call makes must match too; a later call to the same observer from the same
    // stack depth is not told apart.
    guard let enclosing = enclosingCall else { return false }
    return enclosing.frame == UnsafeMutableRawPointer(call) && enclosing.observer == called
  }

  /// The number of asynchronous combining dispatches in progress, in every task.
  ///
  /// Incremented before a frame is bound and decremented after it is unbound, in the binding task: a default
  /// implementation running in a task where the frame is bound sees a non-zero count (its task incremented it
  /// before the call, and the call's start is ordered after that by the `await`).
  @inlinable
  static var _running: _AtomicWord {
    @inline(__always) get { _AtomicWord(_mpx_async_frames_running_address()) }
  }

  @usableFromInline @TaskLocal static var current: _AsyncFrame?

  /// Runs `operation` with `frame` as the current frame of this task; with no frame (an asynchronous `Void`
  /// dispatch), runs it in the task's current frame, on the same actor.
  @usableFromInline
  static func _with<Result>(
    _ frame: _AsyncFrame?,
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async -> Result
  ) async -> Result {
    guard let frame else { return await operation() }
    _running.addRelaxed(1)
    defer { _running.addRelaxed(-1) }
    return await $current.withValue(frame, operation: operation)
  }
}
