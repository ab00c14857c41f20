/// A combining dispatch's record of the observer call in progress: which observer it calls (in its
/// ``_DispatchFrame``, its first stored property), for which requirement, and whether that observer's default
/// implementation reported that it does not implement it (``notImplemented(by:returning:requirement:)``).
///
/// It lives on the dispatch's stack, and the dispatch pushes its ``dispatch`` frame: while it is the thread's
/// innermost frame and names an observer, ``current`` finds the whole call frame at the same address. A `Void`
/// dispatch only pushes a ``_DispatchFrame``, which names no observer: storing the requirement and the mark too
/// cost it three more stores (callgrind).
@usableFromInline
struct _CallFrame {
  /// The dispatch's frame; first, so that its address is the call frame's.
  @usableFromInline var dispatch: _DispatchFrame
  /// The requirement the dispatch forwards, when its caller named it; a mark for another requirement (an
  /// observer's implementation calling one of its own defaulted requirements) does not count.
  @usableFromInline let requirement: StaticString?
  /// Whether `notImplemented` marked the call to ``observer``.
  @usableFromInline var wasMarked = false

  /// A call frame for a combining dispatch counted under `key` (see ``_DispatchFrame/init(key:)``).
  @inlinable @inline(__always)
  init(key: UInt, requirement: StaticString?) {
    self.dispatch = _DispatchFrame(key: key)
    self.requirement = requirement
  }

  /// The observer being called; `nil` before the first call.
  @inlinable
  var observer: ObjectIdentifier? {
    @inline(__always) get { dispatch.observer }
  }

  /// The call frame of the thread's innermost dispatch, if that dispatch is calling an observer that a mark may
  /// reach (only a ``_CallFrame``'s dispatch frame ever names one).
  @inlinable
  static var current: UnsafeMutablePointer<_CallFrame>? {
    @inline(__always) get {
      guard let frame = _DispatchFrame.current, frame.pointee.observer != nil else { return nil }
      return UnsafeMutableRawPointer(frame).assumingMemoryBound(to: _CallFrame.self)
    }
  }

  /// The dispatch frame of the call frame at `frame`, to push and pop.
  @inlinable @inline(__always)
  static func dispatchFrame(of frame: UnsafeMutablePointer<_CallFrame>) -> UnsafeMutablePointer<_DispatchFrame> {
    assert(MemoryLayout<_CallFrame>.offset(of: \.dispatch) == 0, "a call frame starts with its dispatch frame")
    return UnsafeMutableRawPointer(frame).assumingMemoryBound(to: _DispatchFrame.self)
  }

  /// Starts the call to `observer`.
  @inlinable @inline(__always)
  mutating func open(for observer: ObjectIdentifier?) {
    dispatch.observer = observer
    wasMarked = false
  }

  /// Marks the call if it is to `observer` for `requirement` (or for an unnamed requirement).
  ///
  /// - Returns: Whether it marked the call.
  // Performance: `@inline(__always)`: as a separate function the compiler did not always inline it into a default
  // implementation, which cost about 16 instructions per default implementation called (callgrind).
  @inlinable @inline(__always) @discardableResult
  mutating func mark(_ observer: ObjectIdentifier, requirement: StaticString) -> Bool {
    guard dispatch.observer == observer else { return false }
    if let expected = self.requirement, !_isSameRequirement(expected, requirement) { return false }
    wasMarked = true
    return true
  }
}

extension _CallFrame {
  /// The dispatch skeleton's step for a call whose answer counts (see `Multiplexer._enterDispatch(_:)`): as
  /// ``_DispatchFrame/notify(_:in:_:)``, with `frame` opened for the registration's observer first, and the answer
  /// handed to `respond` unless the observer's default implementation marked the call (it does not respond).
  ///
  /// - Returns: The error the call threw, if any.
  @inlinable @inline(__always)
  static func call<Observer, Value, Failure: Error>(
    _ entry: _Entry<Observer>,
    in frame: UnsafeMutablePointer<_CallFrame>,
    _ call: (Observer) throws(Failure) -> Value,
    _ respond: (Value) -> Void
  ) -> Failure? {
    frame.pointee.open(for: entry.identifier)
    do throws(Failure) {
      if let value = try entry._call(sawDead: &dispatchFrame(of: frame).pointee.sawDead, call),
        !frame.pointee.wasMarked
      {
        respond(value)
      }
      return nil
    } catch {
      return error
    }
  }

  /// The dispatch skeleton's step for a call whose answer counts, to an observer from a multiplexer's source
  /// (which has no registration; `identity` names it in the frame).
  ///
  /// - Returns: The error the call threw, if any.
  @inlinable @inline(__always)
  static func call<Observer, Value, Failure: Error>(
    sourced observer: Observer,
    identity: ObjectIdentifier?,
    in frame: UnsafeMutablePointer<_CallFrame>,
    _ call: (Observer) throws(Failure) -> Value,
    _ respond: (Value) -> Void
  ) -> Failure? {
    frame.pointee.open(for: identity)
    do throws(Failure) {
      let value = try call(observer)
      if !frame.pointee.wasMarked { respond(value) }
      return nil
    } catch {
      return error
    }
  }
}

/// Whether two requirement names are the same text (literals from different modules may differ in address).
///
/// Performance: the common case, the same literal (the linker merges equal literals within an image), is decided
/// inline; a call to compare the text cost a default implementation about 30 instructions per observer call.
@inlinable @inline(__always)
func _isSameRequirement(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
  if lhs.hasPointerRepresentation, rhs.hasPointerRepresentation, lhs.utf8Start == rhs.utf8Start,
    lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount
  {
    return true
  }
  return _isSameRequirementText(lhs, rhs)
}

/// Whether two requirement names are the same text, however they are stored.
@usableFromInline
func _isSameRequirementText(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
  guard lhs.hasPointerRepresentation, rhs.hasPointerRepresentation else {
    return lhs.description == rhs.description
  }
  guard lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount else { return false }
  if lhs.utf8Start == rhs.utf8Start { return true }
  return UnsafeBufferPointer(start: lhs.utf8Start, count: lhs.utf8CodeUnitCount)
    .elementsEqual(UnsafeBufferPointer(start: rhs.utf8Start, count: rhs.utf8CodeUnitCount))
}
