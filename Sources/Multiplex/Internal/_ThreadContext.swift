#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Android)
public import Android
#endif

/// Per-thread bookkeeping shared by every multiplexer on a thread.
///
/// It serves two purposes:
/// - The "did not respond" mark (``notImplemented(returning:)-5uqhc``). Each observer call made by a combining
///   dispatch opens a *frame*; a default implementation marks the frame that is current on its thread. Frames nest
///   (a responding observer may dispatch again), and every dispatch restores the frame it found, so a mark made
///   by a nested call can never be mistaken for the outer observer's.
/// - The dispatches in progress on this thread, so that ``Multiplexer/removeAndWait(_:)`` never waits for a
///   call on its own thread (which would deadlock when an observer removes itself from inside a call).
///
/// Stored behind a `pthread_key_t`; freed by the key's destructor when the thread exits.
@usableFromInline
final class _ThreadContext {
  /// The frame that a `notImplemented` call on this thread marks.
  @usableFromInline var currentFrame: UInt = 0
  /// The last frame marked by `notImplemented`.
  @usableFromInline var markedFrame: UInt = .max
  /// A counter handing out frame identifiers; never reused while a frame is open.
  @usableFromInline var lastFrame: UInt = 0
  /// Dispatches in progress on this thread, innermost last: the multiplexer and the reader slot it counted in.
  @usableFromInline var activeDispatches: ContiguousArray<(multiplexer: ObjectIdentifier, slot: Int)>

  init() {
    activeDispatches = []
    activeDispatches.reserveCapacity(8)
  }

  /// Opens a new frame and returns the one it replaces.
  @inlinable @inline(__always)
  func openFrame() -> UInt {
    let previous = currentFrame
    lastFrame &+= 1
    currentFrame = lastFrame
    return previous
  }

  /// Whether `notImplemented` was called in the current frame.
  @inlinable @inline(__always)
  var currentFrameWasMarked: Bool { markedFrame == currentFrame }

  /// The number of dispatches of `multiplexer` in progress on this thread that counted in `slot`.
  func activeDispatchCount(of multiplexer: ObjectIdentifier, slot: Int) -> Int {
    var count = 0
    for active in activeDispatches where active.multiplexer == multiplexer && active.slot == slot {
      count += 1
    }
    return count
  }

  /// The context of the calling thread, created on first use.
  @inlinable
  static var current: _ThreadContext {
    if let raw = pthread_getspecific(_threadContextKey) {
      return Unmanaged<_ThreadContext>.fromOpaque(raw).takeUnretainedValue()
    }
    return _makeCurrent()
  }

  @usableFromInline @inline(never)
  static func _makeCurrent() -> _ThreadContext {
    let context = _ThreadContext()
    pthread_setspecific(_threadContextKey, Unmanaged.passRetained(context).toOpaque())
    return context
  }
}

/// The key under which each thread keeps its `_ThreadContext`; the destructor releases it at thread exit.
@usableFromInline
let _threadContextKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { raw in
    #if canImport(Darwin)
    Unmanaged<_ThreadContext>.fromOpaque(raw).release()
    #else
    if let raw { Unmanaged<_ThreadContext>.fromOpaque(raw).release() }
    #endif
  }
  precondition(status == 0, "pthread_key_create failed: \(status)")
  return key
}()
