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
/// - The "did not respond" mark (``notImplemented(by:returning:)``). Each observer call made by a combining
///   dispatch opens a *frame* that names the observer being called; a default implementation marks the current
///   frame only if it runs on behalf of that observer. Frames nest (a responding observer may dispatch again),
///   and every dispatch restores the frame and the mark it found, so a mark made by a nested call, or by another
///   object's default implementation, can never be mistaken for the outer observer's.
/// - The dispatches in progress on this thread, so that ``Multiplexer/removeAndWait(_:)`` never waits for a
///   call on its own thread (which would deadlock when an observer removes itself from inside a call).
///
/// Stored behind a `pthread_key_t`; freed by the key's destructor when the thread exits.
@usableFromInline
final class _ThreadContext {
  /// The frame that a `notImplemented` call on this thread may mark.
  @usableFromInline var currentFrame: UInt = 0
  /// The observer the current frame calls; `nil` for a frame that no mark should reach.
  @usableFromInline var currentObserver: ObjectIdentifier?
  /// The last frame marked by `notImplemented`.
  @usableFromInline var markedFrame: UInt = .max
  /// A counter handing out frame identifiers; never reused while a frame is open.
  @usableFromInline var lastFrame: UInt = 0
  /// Dispatches in progress on this thread, innermost last: the multiplexer and the generation it counted in.
  @usableFromInline var activeDispatches: ContiguousArray<(multiplexer: ObjectIdentifier, generation: ObjectIdentifier)>

  init() {
    activeDispatches = []
    activeDispatches.reserveCapacity(8)
  }

  /// The frame state a dispatch restores when it ends.
  @usableFromInline
  struct SavedFrame {
    @usableFromInline let frame: UInt
    @usableFromInline let observer: ObjectIdentifier?
    @usableFromInline let marked: UInt

    @inlinable
    init(frame: UInt, observer: ObjectIdentifier?, marked: UInt) {
      self.frame = frame
      self.observer = observer
      self.marked = marked
    }
  }

  /// Opens a frame for a call to `observer` (or for a whole dispatch, with `nil`).
  @inlinable @inline(__always)
  func openFrame(for observer: ObjectIdentifier?) {
    lastFrame &+= 1
    currentFrame = lastFrame
    currentObserver = observer
  }

  /// The current frame state, to restore with `restore(_:)`.
  @inlinable @inline(__always)
  func save() -> SavedFrame {
    SavedFrame(frame: currentFrame, observer: currentObserver, marked: markedFrame)
  }

  @inlinable @inline(__always)
  func restore(_ saved: SavedFrame) {
    currentFrame = saved.frame
    currentObserver = saved.observer
    markedFrame = saved.marked
  }

  /// Whether `notImplemented` was called for the current frame.
  @inlinable @inline(__always)
  var currentFrameWasMarked: Bool { markedFrame == currentFrame }

  /// Marks the current frame if it calls `observer`; returns whether it did.
  @inlinable @inline(__always)
  func mark(_ observer: ObjectIdentifier) -> Bool {
    guard currentObserver == observer else { return false }
    markedFrame = currentFrame
    return true
  }

  /// The number of dispatches of `multiplexer` in progress on this thread that counted in `generation`.
  func activeDispatchCount(of multiplexer: ObjectIdentifier, in generation: ObjectIdentifier) -> Int {
    var count = 0
    for active in activeDispatches where active.multiplexer == multiplexer && active.generation == generation {
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
