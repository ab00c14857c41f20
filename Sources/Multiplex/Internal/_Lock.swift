#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Android)
public import Android
#else
#error("Multiplex needs a platform lock: add a branch for this platform to _Lock.swift")
#endif

/// A small mutual-exclusion lock over the platform primitive.
///
/// The standard library's `Mutex` needs iOS 18 and macOS 15, was measured slower than `pthread_mutex_t` on Linux
/// for this workload, and produces Thread Sanitizer false positives there, so Multiplex keeps its own lock:
/// `os_unfair_lock` on Apple platforms (macOS 10.12, iOS 10), `pthread_mutex_t` elsewhere. The lock lives in its own allocation so that its address never moves.
@usableFromInline
struct _Lock: @unchecked Sendable {
  #if canImport(Darwin)
  @usableFromInline typealias Primitive = os_unfair_lock
  #else
  @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  @usableFromInline let _primitive: UnsafeMutablePointer<Primitive>

  @usableFromInline
  init() {
    _primitive = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)
    #if canImport(Darwin)
    _primitive.initialize(to: os_unfair_lock())
    #else
    _primitive.initialize(to: pthread_mutex_t())
    #if canImport(Glibc)
    // Performance: an adaptive mutex spins for a moment before sleeping in the kernel. Every critical section
    // here is short (a dispatch holds the lock to retain the snapshot and count itself), so under contention a
    // waiter usually gets the lock while spinning; a plain mutex sleeps at once and pays two context switches
    // (measured with Benchmarks' contention workload, 2 threads dispatching to 1 observer while a third adds
    // and removes: about 2.7 µs per call with a plain mutex, 0.2 µs adaptive). Uncontended, both cost the same.
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    let status = pthread_mutex_init(_primitive, &attributes)
    pthread_mutexattr_destroy(&attributes)
    #else
    let status = pthread_mutex_init(_primitive, nil)
    #endif
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    #endif
  }

  /// Destroys the lock. Call exactly once, when nobody can use it any more.
  @usableFromInline
  func destroy() {
    #if !canImport(Darwin)
    pthread_mutex_destroy(_primitive)
    #endif
    _primitive.deinitialize(count: 1)
    _primitive.deallocate()
  }

  @inlinable
  func lock() {
    #if canImport(Darwin)
    os_unfair_lock_lock(_primitive)
    #else
    pthread_mutex_lock(_primitive)
    #endif
  }

  @inlinable
  func unlock() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(_primitive)
    #else
    pthread_mutex_unlock(_primitive)
    #endif
  }

  @inlinable
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
