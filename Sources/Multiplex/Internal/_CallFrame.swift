/// One combining dispatch's record of the observer call in progress: which observer it calls, for which
/// requirement, and whether that observer's default implementation reported that it does not implement it
/// (``notImplemented(by:returning:requirement:)``).
///
/// It lives on the dispatch's stack; the thread's context points at it while the dispatch runs (see
/// `_ThreadContext.frame`), and the dispatch restores the pointer it found when it ends. Nothing but the
/// dispatch's own calls can reach it, so a nested dispatch, which points the context at its own frame, can never
/// mark the outer one.
///
/// Performance: a dispatch used to save and restore four fields of the thread's context and open each call's
/// frame there; pointing the context at a frame on the stack costs one load and two stores per dispatch, and two
/// stores per observer call.
@usableFromInline
struct _CallFrame {
  /// The observer being called; `nil` before the first call (a mark then goes to the asynchronous call in
  /// progress in the current task, if any).
  @usableFromInline var observer: ObjectIdentifier?
  /// The requirement the dispatch forwards, when its caller named it; a mark for another requirement (an
  /// observer's implementation calling one of its own defaulted requirements) does not count.
  @usableFromInline let requirement: StaticString?
  /// Whether `notImplemented` marked the call to `observer`.
  @usableFromInline var wasMarked = false

  @inlinable @inline(__always)
  init(requirement: StaticString?) {
    self.requirement = requirement
  }

  /// Starts the call to `observer`.
  @inlinable @inline(__always)
  mutating func open(for observer: ObjectIdentifier?) {
    self.observer = observer
    wasMarked = false
  }

  /// Marks the call if it is to `observer` for `requirement` (or for an unnamed requirement).
  ///
  /// - Returns: Whether it marked the call.
  // Performance: `@inline(__always)`: as a separate function the compiler did not always inline it into a default
  // implementation, which cost about 16 instructions per default implementation called (callgrind).
  @inlinable @inline(__always) @discardableResult
  mutating func mark(_ observer: ObjectIdentifier, requirement: StaticString) -> Bool {
    guard self.observer == observer else { return false }
    if let expected = self.requirement, !_isSameRequirement(expected, requirement) { return false }
    wasMarked = true
    return true
  }
}
