import Foundation
public import Multiplex

/// A value behind an `NSLock`. (Not `Synchronization.Mutex`: on Linux, Thread Sanitizer cannot see its lock and
/// reports the accesses it guards as races.)
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// A context whose jobs run only when the test says so.
public final class ManualScheduler: Sendable {
  private let jobs = Locked<[@Sendable () -> Void]>([])

  public init() {}

  /// A context that hands its jobs to this scheduler.
  public var context: DeliveryContext { DeliveryContext { job in self.jobs.withLock { $0.append(job) } } }
  /// The jobs scheduled and not run yet.
  public var pendingJobs: Int { jobs.withLock { $0.count } }

  /// Runs the jobs scheduled so far (not those they schedule); returns how many ran.
  @discardableResult
  public func runScheduledJobs() -> Int {
    let scheduled = jobs.withLock { jobs in
      defer { jobs.removeAll() }
      return jobs
    }
    for job in scheduled { job() }
    return scheduled.count
  }

  /// Runs jobs, including those they schedule, until none is left.
  public func runUntilIdle() {
    while runScheduledJobs() > 0 {}
  }
}
