#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Where the waiting forms of removal sleep until the calls they wait for have finished.
///
/// A waiter sets the *waiter bit* (bit 0) of the counter it waits on (a generation's running dispatches, a
/// mailbox's running drains; both count in steps of two), then sleeps here until its condition holds. Whoever
/// lowers such a counter while the bit is set wakes every sleeper (``wakeAll()``), which then re-checks its own
/// condition. No wake-up is lost: the waiter checks its condition under this queue's mutex after setting the bit,
/// and a waker that saw the bit takes the same mutex before broadcasting. The bit is only ever set on counters that
/// no new call joins (a retired generation, a closed dispatch gate: a dispatch that sees the gate closed does not
/// add to it, and one that added in a race with the closing uncounts itself at once) or that rarely change (a
/// removed registration's mailbox), so the usual dispatch pays one test of a bit it finds clear.
///
/// A waiter and its wakers meet on the queue of the counter's address (``queue(for:)``), one of 64, as in a
/// parking lot: a waker needs only the address it computed before lowering the counter (the object holding the
/// counter may be freed right after), and a waiter is woken spuriously only by counters that share its queue.
final class _WaitQueue: @unchecked Sendable {
  /// The queues, by address.
  private static let queues = (0..<64).map { _ in _WaitQueue() }

  /// The queue where waits on the counter of `object` meet.
  static func queue(for object: AnyObject) -> _WaitQueue {
    queue(forAddress: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
  }

  /// The queue for an object's address, for a waker that must not touch the object any more.
  static func queue(forAddress address: UInt) -> _WaitQueue {
    // Objects are 16-byte aligned: the low bits carry nothing.
    queues[Int((address >> 4) % UInt(queues.count))]
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  private init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
  }

  /// The waiter bit of a counter that counts in steps of ``step``.
  static var waiterBit: Int { 1 }
  /// What one running call adds to a counter.
  static var step: Int { 2 }

  /// Sleeps until `isDone` returns `true`. Set the waiter bit of every counter `isDone` reads before calling.
  ///
  /// - Returns: How many times the caller slept (for tests: a waiter that polled would sleep far more often).
  @discardableResult
  func wait(until isDone: () -> Bool) -> Int {
    var sleeps = 0
    pthread_mutex_lock(mutex)
    while !isDone() {
      pthread_cond_wait(condition, mutex)
      sleeps += 1
    }
    pthread_mutex_unlock(mutex)
    return sleeps
  }

  /// Wakes every sleeper, to re-check its condition. Call after lowering a counter whose waiter bit was set.
  func wakeAll() {
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}

/// Wakes the waiting removals of the counter at `address` (``_WaitQueue/wakeAll()``): out of line, so that the
/// dispatch that rarely needs it keeps only a call.
@usableFromInline @inline(never)
func _wakeWaitingRemovals(address: UInt) {
  _WaitQueue.queue(forAddress: address).wakeAll()
}
