// `public` only because `@inlinable` dispatch code reads the thread-local variable: an implementation detail.
public import _MultiplexShims

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Per-thread bookkeeping shared by every multiplexer on a thread.
///
/// It serves two purposes:
/// - The "did not respond" mark (``notImplemented(by:returning:requirement:)``). A combining dispatch keeps a
///   ``_CallFrame`` on its own stack and points ``frame`` at it while it runs: the frame names the observer being
///   called, and a default implementation marks it only if it runs on behalf of that observer. Frames nest (a
///   responding observer may dispatch again): every dispatch restores the pointer it found, so a mark made by a
///   nested call, or by another object's default implementation, can never be mistaken for the outer observer's.
/// - The dispatches (and mailbox drains) in progress on this thread, so that ``Multiplexer/removeAndWait(_:)``
///   never waits for a call on its own thread (which would deadlock when an observer removes itself from inside a
///   call).
///
/// Stored in a C11 thread-local variable (`_MultiplexShims`), which dispatch reads in a few instructions; a
/// `pthread_key_t` holds it too, only so that the key's destructor frees it when the thread exits.
@usableFromInline
final class _ThreadContext {
  // Performance: every stored property is `@exclusivity(unchecked)`. A context is only ever used by its own
  // thread and never handed out as `inout`, so the run-time exclusivity check Swift performs on each access to a
  // class's stored `var` (`swift_beginAccess`: a thread-local lookup and about 50 instructions) can never fire;
  // dispatch makes several such accesses per call.

  /// The frame of the observer call in progress on this thread, which a `notImplemented` call may mark. It lives
  /// on the stack of the dispatch making the call (see ``_CallFrame``). `nil` when no synchronous call that a mark
  /// may reach is in progress: then a mark goes to the asynchronous call in progress in the current task, if any.
  @usableFromInline @exclusivity(unchecked) var frame: UnsafeMutablePointer<_CallFrame>?

  /// Dispatches in progress on this thread, innermost last: the address of the generation each counted in, or of
  /// the multiplexer whose gate it entered (see `pushDispatch(key:)`), or of the mailbox a drain empties.
  ///
  /// A manually managed buffer rather than an `Array`: pushing and popping then costs a store and an increment,
  /// with no uniqueness check, no retain or release, and no generic metadata lookup.
  @usableFromInline @exclusivity(unchecked) var activeDispatches: UnsafeMutablePointer<UInt>
  /// The number of elements of `activeDispatches` in use.
  @usableFromInline @exclusivity(unchecked) var activeDispatchCount = 0
  /// The capacity of `activeDispatches`.
  @usableFromInline @exclusivity(unchecked) var activeDispatchCapacity = 8

  init() {
    activeDispatches = UnsafeMutablePointer<UInt>.allocate(capacity: 8)
  }

  deinit {
    activeDispatches.deallocate()
  }

  /// Records that a dispatch is running on this thread, under `key`: the address of the generation it counted in
  /// or of the multiplexer whose gate it entered (each belongs to one multiplexer, so it identifies both).
  @inlinable @inline(__always)
  func pushDispatch(key: UInt) {
    if activeDispatchCount == activeDispatchCapacity { _growActiveDispatches() }
    activeDispatches[activeDispatchCount] = key
    activeDispatchCount &+= 1
  }

  /// Records that a mailbox's drain runs on this thread (its identity counts like a generation's).
  func pushDrain(_ mailbox: ObjectIdentifier) {
    if activeDispatchCount == activeDispatchCapacity { _growActiveDispatches() }
    activeDispatches[activeDispatchCount] = UInt(bitPattern: mailbox)
    activeDispatchCount &+= 1
  }

  /// Forgets the innermost dispatch recorded by `pushDispatch` (or drain recorded by `pushDrain`).
  @inlinable @inline(__always)
  func popDispatch() {
    activeDispatchCount &-= 1
  }

  /// Doubles the capacity of `activeDispatches`; only deeply nested dispatches need it.
  @usableFromInline @inline(never)
  func _growActiveDispatches() {
    let capacity = activeDispatchCapacity * 2
    let grown = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
    grown.moveInitialize(from: activeDispatches, count: activeDispatchCount)
    activeDispatches.deallocate()
    activeDispatches = grown
    activeDispatchCapacity = capacity
  }

  /// The number of dispatches in progress on this thread recorded under `key`.
  func activeDispatchCount(key: UInt) -> Int {
    var count = 0
    for index in 0..<activeDispatchCount where activeDispatches[index] == key {
      count += 1
    }
    return count
  }

  /// The context of the calling thread, created on first use.
  ///
  /// Read from a C thread-local variable (`_mpx_thread_context`): one load in an executable, where
  /// `pthread_getspecific` cost a call and about 17 instructions per dispatch (callgrind).
  @inlinable @inline(__always)
  static var current: _ThreadContext {
    if let raw = _mpx_current_thread_context() {
      return Unmanaged<_ThreadContext>.fromOpaque(raw).takeUnretainedValue()
    }
    return _makeCurrent()
  }

  /// The frame a `notImplemented` call on this thread may mark (see ``frame``), read without retaining the
  /// context and without creating one: a thread that has no context runs no dispatch.
  @inlinable
  static var currentFrame: UnsafeMutablePointer<_CallFrame>? {
    @inline(__always) get {
      guard let raw = _mpx_current_thread_context() else { return nil }
      return Unmanaged<_ThreadContext>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.frame }
    }
  }

  /// Creates the calling thread's context; `_threadContextKey`'s destructor releases it when the thread exits.
  @usableFromInline @inline(never)
  static func _makeCurrent() -> _ThreadContext {
    let context = _ThreadContext()
    let raw = Unmanaged.passRetained(context).toOpaque()
    pthread_setspecific(_threadContextKey, raw)
    _mpx_set_current_thread_context(raw)
    return context
  }
}

/// The key whose destructor releases each thread's `_ThreadContext` at thread exit (the context itself is read
/// from the thread-local `_mpx_thread_context`, which is faster than the key).
///
/// A context created during the destructors of other keys (an observer's deinit that dispatches while its thread
/// exits) is set again under the key, so the destructor runs again for it, as POSIX specifies.
let _threadContextKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { raw in
    _mpx_set_current_thread_context(nil)
    #if canImport(Darwin)
    Unmanaged<_ThreadContext>.fromOpaque(raw).release()
    #else
    if let raw { Unmanaged<_ThreadContext>.fromOpaque(raw).release() }
    #endif
  }
  precondition(status == 0, "pthread_key_create failed: \(status)")
  return key
}()

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

/// The calling thread's ``_ThreadContext``, for dispatch: borrowed, not retained.
///
/// The thread's key keeps the context alive until the thread exits, so a dispatch needs no reference of its own;
/// holding a strong one cost a retain and a release per dispatch (about 30 instructions, measured with callgrind).
@usableFromInline
struct _BorrowedThreadContext {
  @usableFromInline let _context: Unmanaged<_ThreadContext>

  @inlinable @inline(__always)
  init(_ context: Unmanaged<_ThreadContext>) {
    self._context = context
  }

  /// The context of the calling thread, created on first use.
  @inlinable @inline(__always)
  static var current: _BorrowedThreadContext {
    if let raw = _mpx_current_thread_context() { return _BorrowedThreadContext(Unmanaged.fromOpaque(raw)) }
    return _BorrowedThreadContext(Unmanaged.passUnretained(_ThreadContext._makeCurrent()))
  }

  /// The frame a `notImplemented` call on this thread may mark (see `_ThreadContext.frame`).
  @inlinable
  var frame: UnsafeMutablePointer<_CallFrame>? {
    @inline(__always) get { _context._withUnsafeGuaranteedRef { $0.frame } }
    @inline(__always) nonmutating set { _context._withUnsafeGuaranteedRef { $0.frame = newValue } }
  }

  @inlinable @inline(__always)
  func pushDispatch(key: UInt) {
    _context._withUnsafeGuaranteedRef { $0.pushDispatch(key: key) }
  }

  @inlinable @inline(__always)
  func popDispatch() {
    _context._withUnsafeGuaranteedRef { $0.popDispatch() }
  }
}
