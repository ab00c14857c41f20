import Foundation
import Multiplex
import MultiplexGeneratorFixtures
import Testing

/// A `PushReceiverDelegate` (another module's protocol, multiplexed by `multiplex-generate` with joined handlers:
/// `Generated/PushReceiverDelegateMultiplexer.swift`) that answers each handler as told: before returning, twice, or
/// from another thread.
final class PushReceiverObserver: PushReceiverDelegate, @unchecked Sendable {
  enum Timing {
    case now, twice, onThread
  }

  let name: String
  let log: PushLog
  let timing: Timing
  let threads: DispatchGroup
  var fetch: PushFetch = .noData
  var options: PushOptions = []

  init(_ name: String, log: PushLog, timing: Timing = .now, threads: DispatchGroup) {
    self.name = name
    self.log = log
    self.timing = timing
    self.threads = threads
  }

  private func answer(_ first: @escaping @Sendable () -> Void, then second: @escaping @Sendable () -> Void) {
    switch timing {
    case .now: first()
    case .twice:
      first()
      second()
    case .onThread:
      // A thread of its own: the global queues share their few threads with the test's blocked ones.
      threads.enter()
      Thread {
        first()
        self.threads.leave()
      }
      .start()
    }
  }

  func receiver(didReceive push: Int, completionHandler: @escaping @Sendable () -> Void) {
    log.append("\(name) didReceive")
    answer(completionHandler, then: completionHandler)
  }

  func receiver(willPresent push: Int, completionHandler: @escaping @Sendable (PushOptions) -> Void) {
    log.append("\(name) willPresent")
    let options = self.options
    answer({ completionHandler(options) }, then: { completionHandler([.badge, .sound, .banner]) })
  }

  func receiver(fetch push: Int, completionHandler: @escaping @Sendable (PushFetch) -> Void) {
    log.append("\(name) fetch")
    let fetch = self.fetch
    answer({ completionHandler(fetch) }, then: { completionHandler(.newData) })
  }
}

/// Leaves `receiver(willPresent:completionHandler:)` to the protocol's extension (a badge).
final class PushReceiverDefaults: PushReceiverDelegate {
  func receiver(didReceive push: Int, completionHandler: @escaping @Sendable () -> Void) { completionHandler() }
  func receiver(fetch push: Int, completionHandler: @escaping @Sendable (PushFetch) -> Void) {
    completionHandler(.failed)
  }
}

/// A thread-safe list of strings.
final class PushLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ value: String) {
    lock.lock()
    storage.append(value)
    lock.unlock()
  }
  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

/// The generated multiplexer of a Swift protocol of another module, with `--combine` on its handlers: every
/// observer answers, the sender's handler runs once with the answers combined (`join`, `union`,
/// `order(newData, failed, noData)`).
@Suite struct PushReceiverTests {
  let log = PushLog()
  let threads = DispatchGroup()

  @Test func everyObserverAnswersOnceCombined() {
    let multiplexer = PushReceiverDelegateMultiplexer()
    let a = PushReceiverObserver("a", log: log, threads: threads)
    let b = PushReceiverObserver("b", log: log, threads: threads)
    let defaults = PushReceiverDefaults()
    a.options = .sound
    b.options = .banner
    a.fetch = .noData
    b.fetch = .noData
    multiplexer.add(a)
    multiplexer.add(b)
    multiplexer.add(defaults)
    let answers = PushLog()
    multiplexer.receiver(willPresent: 1) { answers.append("options \($0.rawValue)") }
    // The observer that leaves it to the extension answers the extension's badge.
    #expect(answers.values == ["options 7"])
    multiplexer.receiver(fetch: 1) { answers.append("fetch \($0)") }
    #expect(answers.values.last == "fetch failed")
    multiplexer.receiver(didReceive: 1) { answers.append("received") }
    #expect(answers.values.last == "received")
    #expect(answers.values.count == 3)
    #expect(log.values == ["a willPresent", "b willPresent", "a fetch", "b fetch", "a didReceive", "b didReceive"])
  }

  @Test func callingTwiceOrFromAnotherThreadChangesNothing() {
    let multiplexer = PushReceiverDelegateMultiplexer()
    let a = PushReceiverObserver("a", log: log, timing: .twice, threads: threads)
    let b = PushReceiverObserver("b", log: log, timing: .onThread, threads: threads)
    a.fetch = .noData
    b.fetch = .failed
    multiplexer.add(a)
    multiplexer.add(b)
    let answers = PushLog()
    let done = DispatchSemaphore(value: 0)
    multiplexer.receiver(fetch: 1) { result in
      answers.append("fetch \(result)")
      done.signal()
    }
    done.wait()
    threads.wait()
    // `a`'s second answer (`newData`) is ignored; `b` answered from another thread.
    #expect(answers.values == ["fetch failed"])
    multiplexer.receiver(didReceive: 1) {
      answers.append("received")
      done.signal()
    }
    done.wait()
    threads.wait()
    #expect(answers.values == ["fetch failed", "received"])
  }

  /// No observer: the sender's handler runs once with the order's last value, joined with nothing, or through the
  /// protocol's extension (a badge).
  @Test func noObserverAnswersTheDefault() {
    let multiplexer = PushReceiverDelegateMultiplexer()
    let answers = PushLog()
    multiplexer.receiver(fetch: 1) { answers.append("fetch \($0)") }
    multiplexer.receiver(didReceive: 1) { answers.append("received") }
    multiplexer.receiver(willPresent: 1) { answers.append("options \($0.rawValue)") }
    #expect(answers.values == ["fetch noData", "received", "options 1"])
  }
}
