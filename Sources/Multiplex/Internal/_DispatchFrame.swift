// `public` only because `@inlinable` dispatch code reads and writes the thread-local variable: an implementation
// detail.
public import _MultiplexShims

/// One synchronous dispatch (or mailbox drain) in progress on a thread: what ``Multiplexer/removeAndWait(_:)``
/// counts it under, and the observer call in progress that a "did not respond" mark may reach.
///
/// It lives on the dispatch's stack. The thread-local variable `_mpx_current_frame` (`_MultiplexShims`) points at
/// the innermost one while it runs, and each frame points at the one it runs inside (``enclosing``): the frames of
/// a thread form a list on its stack, innermost first, which the dispatch that pushed a frame pops when it ends.
/// No heap object, no lock, no atomic: only the thread that runs the dispatches reads the list.
///
/// It serves two purposes:
/// - The "did not respond" mark (``notImplemented(by:returning:requirement:)``). A combining dispatch's frame is
///   the first stored property of its ``_CallFrame``, which names the observer it calls; a default implementation
///   marks the innermost frame only if it runs on behalf of that observer. A frame that names no observer (a
///   `Void` dispatch's, a drain's, a combining dispatch's before its first call) takes no mark: a nested dispatch
///   hides the frames it runs inside, so a mark made by a nested call, or by another object's default
///   implementation, can never be mistaken for the outer observer's.
/// - The dispatches in progress on this thread (``dispatchCount(key:)``), so that
///   ``Multiplexer/removeAndWait(_:)`` never waits for a call on its own thread (which would deadlock when an
///   observer removes itself from inside a call).
///
/// Performance: a dispatch used to find a per-thread context object (created on first use, freed by a
/// `pthread_key_t` destructor), save, clear and restore its frame pointer, and push its key on a growable buffer:
/// about 20 instructions and two registers kept across the observer calls. A frame costs four stores, one
/// thread-local load and two thread-local stores (callgrind).
@usableFromInline
struct _DispatchFrame {
  /// The frame of the dispatch this one runs inside, on this thread, made current again when this one ends.
  @usableFromInline let enclosing: UnsafeMutablePointer<_DispatchFrame>?
  /// What ``Multiplexer/removeAndWait(_:)`` counts the dispatch under: the address of the multiplexer whose gate
  /// it entered, or of the generation it counted in (each belongs to one multiplexer, so it identifies both), or
  /// of the mailbox a drain empties. A dispatch pushes its frame with its multiplexer's key before it enters the
  /// gate, and changes it if it counts in a generation instead.
  @usableFromInline var key: UInt
  /// The observer being called, set only in a ``_CallFrame``'s frame; `nil` when no call that a mark may reach is
  /// in progress (a mark then goes to the asynchronous call in progress in the current task, if any).
  @usableFromInline var observer: ObjectIdentifier?
  /// Whether the dispatch found a deallocated observer, whose slot it reclaims when it ends.
  ///
  /// Performance: here, in memory, rather than in a local variable: once a dispatch was inlined into its caller,
  /// the local kept a register across each observer call, which cost every call of a large list two
  /// instructions of spilling (callgrind).
  @usableFromInline var sawDead: Bool

  /// A frame for a dispatch counted under `key`, inside the thread's current one. Make it current with
  /// ``push(_:)``, at an address that stays valid until ``pop(_:)``.
  @inlinable @inline(__always)
  init(key: UInt) {
    self.enclosing = _DispatchFrame.current
    self.key = key
    self.observer = nil
    self.sawDead = false
  }

  /// The innermost frame of the calling thread, `nil` when no dispatch runs on it.
  @inlinable
  static var current: UnsafeMutablePointer<_DispatchFrame>? {
    @inline(__always) get { _mpx_load_current_frame()?.assumingMemoryBound(to: _DispatchFrame.self) }
  }

  /// Makes `frame` the thread's innermost one. Its address must stay valid until ``pop(_:)``.
  @inlinable @inline(__always)
  static func push(_ frame: UnsafeMutablePointer<_DispatchFrame>) {
    _mpx_store_current_frame(UnsafeMutableRawPointer(frame))
  }

  /// Ends `frame`, the thread's innermost one: the frame it runs inside becomes current again.
  @inlinable @inline(__always)
  static func pop(_ frame: UnsafeMutablePointer<_DispatchFrame>) {
    assert(current == frame, "a dispatch frame popped while it is not the innermost one")
    _mpx_store_current_frame(UnsafeMutableRawPointer(frame.pointee.enclosing))
  }

  /// The number of dispatches in progress on the calling thread counted under `key`.
  static func dispatchCount(key: UInt) -> Int {
    var count = 0
    var next = current
    while let frame = next {
      if frame.pointee.key == key { count += 1 }
      next = frame.pointee.enclosing
    }
    return count
  }
}

extension _DispatchFrame {
  /// The dispatch skeleton's step for a `Void` call to a registration's observer (see
  /// `Multiplexer._enterDispatch(_:)`): calls it unless the registration was removed, is blocked or has a delivery
  /// context, or its weak observer was deallocated (then it sets `sawDead` in `frame`).
  ///
  /// Performance: a `static` function of the frame, which the loop's closure calls without capturing anything
  /// but the frame, the snapshot and the call: a step that was a method of the multiplexer made the closure
  /// capture the multiplexer, and the optimizer no longer inlined it (see `Multiplexer._enterDispatch(_:)`).
  ///
  /// - Returns: The error the call threw, if any.
  @inlinable @inline(__always)
  static func notify<Observer, Failure: Error>(
    _ entry: _Entry<Observer>,
    in frame: UnsafeMutablePointer<_DispatchFrame>,
    _ call: (Observer) throws(Failure) -> Void
  ) -> Failure? {
    do throws(Failure) {
      _ = try entry._call(sawDead: &frame.pointee.sawDead, call)
      return nil
    } catch {
      return error
    }
  }

  /// The dispatch skeleton's step for a `Void` call to an observer from a multiplexer's source.
  ///
  /// - Returns: The error the call threw, if any.
  @inlinable @inline(__always)
  static func notify<Observer, Failure: Error>(
    sourced observer: Observer,
    _ call: (Observer) throws(Failure) -> Void
  ) -> Failure? {
    do throws(Failure) {
      try call(observer)
      return nil
    } catch {
      return error
    }
  }

  /// The dispatch skeleton's step for a registration with a delivery context (which `post` queues its call for,
  /// instead of calling it): whether the call is to be delivered, that is, the registration was neither removed
  /// nor blocked and its observer is alive. A deallocated weak observer sets `sawDead` in `frame`, as for a
  /// direct one, so that its slot is reclaimed when the dispatch ends (a removed or blocked one too: see
  /// `_Entry._observerDied`).
  @inlinable @inline(__always)
  static func isDeliverable<Observer>(_ entry: _Entry<Observer>, in frame: UnsafeMutablePointer<_DispatchFrame>) -> Bool
  {
    if entry._isSkipped {
      if entry._observerDied { frame.pointee.sawDead = true }
      return false
    }
    if !entry._isStrong, entry._object == nil {
      frame.pointee.sawDead = true
      return false
    }
    return true
  }
}
