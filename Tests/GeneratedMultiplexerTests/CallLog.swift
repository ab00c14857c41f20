import Foundation

/// A thread-safe, ordered record of calls, shared by the observers of one test: each entry names the observer
/// and the call, so a test can check both what each observer received and the order they received it in.
final class CallLog: @unchecked Sendable {
  /// One recorded call.
  struct Entry: Equatable, Sendable, CustomStringConvertible {
    /// The observer that was called.
    let observer: String
    /// The call and its arguments, as the observer described it.
    let call: String

    var description: String { "\(observer): \(call)" }
  }

  private let lock = NSLock()
  private var storage: [Entry] = []

  /// Records that `observer` received `call`.
  func record(_ observer: String, _ call: String) {
    lock.lock()
    storage.append(Entry(observer: observer, call: call))
    lock.unlock()
  }

  /// Every call recorded so far, in order.
  var entries: [Entry] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// The calls `observer` received, in order.
  func calls(of observer: String) -> [String] {
    entries.filter { $0.observer == observer }.map(\.call)
  }

  /// The observers that received calls whose description starts with `prefix`, in order.
  func observers(receiving prefix: String) -> [String] {
    entries.filter { $0.call.hasPrefix(prefix) }.map(\.observer)
  }
}
