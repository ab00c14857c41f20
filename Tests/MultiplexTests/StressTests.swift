import Dispatch
import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

/// An observer for the stress test: counts calls, and flags a call made by a dispatch that started after its
/// removal returned.
private final class StressObserver: Ticker, @unchecked Sendable {
  let calls = Atomic<Int>(0)
  /// The removal clock's value once `remove` returned for this observer; 0 while registered.
  let removedAt = Atomic<Int>(0)
  let violations = Atomic<Int>(0)

  func tick(_ dispatchStart: Int) {
    calls.wrappingAdd(1, ordering: .relaxed)
    let removedAt = removedAt.load(ordering: .acquiring)
    // `dispatchStart` was read before the dispatch began; if the removal had returned by then, this is a
    // call after removal.
    if removedAt != 0 && dispatchStart >= removedAt { violations.wrappingAdd(1, ordering: .relaxed) }
  }
}

private final class Counter: @unchecked Sendable {
  let value = Atomic<Int>(0)
}

/// What the threads hand back at the end, under a lock.
private final class Collected<Observer: AnyObject>: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var probes: [() -> AnyObject?] = []
  private(set) var observers: [Observer] = []

  func add(probes: [() -> AnyObject?], observers: [Observer]) {
    lock.lock()
    self.probes += probes
    self.observers += observers
    lock.unlock()
  }

  func dropObservers() {
    lock.lock()
    observers = []
    lock.unlock()
  }
}

@Suite("Concurrency stress")
struct StressTests {
  static var threads: Int { ProcessInfo.processInfo.environment["MULTIPLEX_STRESS_THREADS"].flatMap(Int.init) ?? 4 }
  static var operationsPerThread: Int {
    ProcessInfo.processInfo.environment["MULTIPLEX_STRESS_OPERATIONS"].flatMap(Int.init) ?? 5_000
  }

  @Test("Threads add, remove, cancel, release and dispatch: no call after removal, none missed, nothing retained")
  func stress() {
    let threads = Self.threads
    let operations = Self.operationsPerThread
    let multiplexer = Multiplexer<any Ticker>()
    // The removal clock: advanced after each removal returns, read before each dispatch starts.
    let clock = Counter()
    clock.value.store(1, ordering: .relaxed)
    let dispatches = Counter()

    // Observers registered for the whole run must see every dispatch.
    let permanent = (0..<3).map { _ in StressObserver() }
    for (index, observer) in permanent.enumerated() {
      multiplexer.add(observer, retention: index == 0 ? .strong : .weak, priority: index - 1)
    }

    let collected = Collected<StressObserver>()
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        defer { group.leave() }
        var rng = SplitMix64(state: UInt64(thread) &+ 0x5EED)
        var held: [(observer: StressObserver, token: ObservationToken, strong: Bool)] = []
        var mine: [StressObserver] = []
        var weakProbes: [() -> AnyObject?] = []
        for _ in 0..<operations {
          switch Int.random(in: 0..<10, using: &rng) {
          case 0..<3:
            let observer = StressObserver()
            let strong = Bool.random(using: &rng)
            let token = multiplexer.add(
              observer,
              retention: strong ? .strong : .weak,
              priority: Int.random(in: -1...1, using: &rng)
            )
            held.append((observer, token, strong))
            mine.append(observer)
          case 3..<5 where !held.isEmpty:
            let (observer, token, _) = held.remove(at: Int.random(in: 0..<held.count, using: &rng))
            if Bool.random(using: &rng) { multiplexer.remove(observer) } else { token.cancel() }
            observer.removedAt.store(
              clock.value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue,
              ordering: .releasing
            )
            weakProbes.append { [weak observer] in observer }
          case 5 where !held.isEmpty:
            // Release a weakly held observer without removing it: its slot must be reclaimed.
            let index = Int.random(in: 0..<held.count, using: &rng)
            let (observer, token, strong) = held.remove(at: index)
            if strong {
              token.cancel()
              observer.removedAt.store(
                clock.value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue,
                ordering: .releasing
              )
            }
            mine.removeAll { $0 === observer }
            weakProbes.append { [weak observer] in observer }
          default:
            let start = clock.value.load(ordering: .sequentiallyConsistent)
            multiplexer.notify { $0.tick(start) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          }
        }
        for (observer, token, _) in held {
          token.cancel()
          weakProbes.append { [weak observer] in observer }
        }
        held = []
        collected.add(probes: weakProbes, observers: mine)
        mine = []
      }.start()
    }
    group.wait()

    let totalDispatches = dispatches.value.load(ordering: .relaxed)
    for observer in permanent {
      #expect(observer.calls.load(ordering: .relaxed) == totalDispatches, "a permanent observer missed calls")
    }
    var violations = 0
    for observer in collected.observers { violations += observer.violations.load(ordering: .relaxed) }
    #expect(violations == 0, "calls made by dispatches that started after the removal returned")
    collected.dropObservers()
    multiplexer.notify { $0.tick(0) }
    let retained = collected.probes.filter { $0() != nil }.count
    #expect(retained == 0, "observers still alive after their removal and release")
    #expect(multiplexer.count == permanent.count)
    print(
      "stress: \(threads) threads × \(operations) operations, \(totalDispatches) dispatches, \(violations) violations"
    )
  }
}

/// The observers of the combining stress test: `Void` ticks, and an answer that half of them do not implement.
private protocol Answerer: AnyObject, Sendable {
  func tick(_ dispatchStart: Int)
  func answer(_ dispatchStart: Int) -> Int?
}

/// Does not implement `answer` (its default reports so); flags calls made by dispatches that started after its
/// removal returned.
private class Bystander: Answerer, @unchecked Sendable {
  let calls = Atomic<Int>(0)
  let removedAt = Atomic<Int>(0)
  let violations = Atomic<Int>(0)

  func tick(_ dispatchStart: Int) { record(dispatchStart) }

  // The protocol's default, declared in the class so that the subclass can override it (a protocol extension's
  // default would be the witness for both classes).
  // Answers -2, which no responder does: a combined result of -2 is a response that should not count.
  func answer(_ dispatchStart: Int) -> Int? { notImplemented(by: self, returning: -2) }

  func record(_ dispatchStart: Int) {
    calls.wrappingAdd(1, ordering: .relaxed)
    let removedAt = removedAt.load(ordering: .acquiring)
    if removedAt != 0 && dispatchStart >= removedAt { violations.wrappingAdd(1, ordering: .relaxed) }
  }
}

/// Responds to `answer` with its number.
private final class Responder: Bystander, @unchecked Sendable {
  let number: Int
  init(number: Int) { self.number = number }
  override func answer(_ dispatchStart: Int) -> Int? {
    record(dispatchStart)
    return number
  }
}

extension StressTests {
  @Test(
    "Threads combine, block, removeAll, read and mutate at once: the primary answers every call, none after removal"
  )
  func combiningStress() {
    let threads = Self.threads
    let operations = Self.operationsPerThread
    let multiplexer = Multiplexer<any Answerer>()
    let clock = Counter()
    clock.value.store(1, ordering: .relaxed)
    let dispatches = Counter()
    let wrongAnswers = Counter()
    // The primary is called first, responds to everything, and survives `removeAll()`.
    let primary = Responder(number: -1)
    multiplexer.primary = primary
    // Stops at the second response: observers after it are not called.
    let secondResponse = Combiner<any Answerer, Int?, Int?> { responses, defaultValue in
      _ = responses.next()
      return responses.next()?.value ?? defaultValue
    }

    let collected = Collected<Bystander>()
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        defer { group.leave() }
        var rng = SplitMix64(state: UInt64(thread) &+ 0xC0B1)
        var held: [(observer: Bystander, token: ObservationToken)] = []
        // Every observer this thread made, so that calls after removal count whenever they happen.
        var mine: [Bystander] = []
        var blocks: [ObservationBlock] = []
        var probes: [() -> AnyObject?] = []
        for _ in 0..<operations {
          let start = clock.value.load(ordering: .sequentiallyConsistent)
          switch Int.random(in: 0..<20, using: &rng) {
          case 0..<5:
            let observer: Bystander = Bool.random(using: &rng) ? Responder(number: thread) : Bystander()
            let token = multiplexer.add(
              observer,
              retention: Bool.random(using: &rng) ? .strong : .weak,
              priority: Int.random(in: -1...1, using: &rng)
            )
            held.append((observer, token))
            mine.append(observer)
          case 5..<7 where !held.isEmpty:
            let (observer, token) = held.remove(at: Int.random(in: 0..<held.count, using: &rng))
            if Bool.random(using: &rng) { multiplexer.remove(observer) } else { token.cancel() }
            observer.removedAt.store(
              clock.value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue,
              ordering: .releasing
            )
            probes.append { [weak observer] in observer }
          case 7 where !held.isEmpty:
            blocks.append(held[Int.random(in: 0..<held.count, using: &rng)].token.block())
          case 8 where !blocks.isEmpty:
            blocks.remove(at: Int.random(in: 0..<blocks.count, using: &rng)).cancel()
          case 9:
            // Removes every thread's observers but the primary; their owners find out at their next removal.
            if Int.random(in: 0..<10, using: &rng) == 0 { multiplexer.removeAll() }
          case 10:
            _ = multiplexer.count
            _ = multiplexer.observers.first === primary
            _ = multiplexer.debugDescription
            if let (observer, _) = held.last { _ = multiplexer.contains(observer) }
          case 11..<13:
            multiplexer.notify { $0.tick(start) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          case 13..<15:
            let answer = multiplexer.combine(default: nil, requirement: .any) { $0.answer(start) }
            if answer != -1 { wrongAnswers.value.wrappingAdd(1, ordering: .relaxed) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          case 15:
            let answer = multiplexer.combine(using: .firstNonNil, default: nil, requirement: .any) { $0.answer(start) }
            if answer != -1 { wrongAnswers.value.wrappingAdd(1, ordering: .relaxed) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          case 16:
            // Every response, in order: the primary's first, and none from an observer that does not respond.
            let answers = multiplexer.combine(using: .all, default: nil, requirement: .any) { $0.answer(start) }
            if answers.first != -1 || answers.contains(-2) { wrongAnswers.value.wrappingAdd(1, ordering: .relaxed) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          default:
            // Pulled lazily and stopped early; the primary was called, and the second response is a responder's.
            let answer = multiplexer.combine(using: secondResponse, default: nil, requirement: .any) {
              $0.answer(start)
            }
            if answer == -2 { wrongAnswers.value.wrappingAdd(1, ordering: .relaxed) }
            dispatches.value.wrappingAdd(1, ordering: .relaxed)
          }
        }
        for block in blocks { block.cancel() }
        for (observer, token) in held {
          token.cancel()
          observer.removedAt.store(
            clock.value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue,
            ordering: .releasing
          )
          probes.append { [weak observer] in observer }
        }
        held = []
        collected.add(probes: probes, observers: mine)
        mine = []
      }.start()
    }
    group.wait()

    let total = dispatches.value.load(ordering: .relaxed)
    #expect(primary.calls.load(ordering: .relaxed) == total, "the primary missed calls")
    #expect(wrongAnswers.value.load(ordering: .relaxed) == 0, "a combined call did not return the primary's answer")
    var violations = 0
    for observer in collected.observers { violations += observer.violations.load(ordering: .relaxed) }
    #expect(violations == 0, "calls made by dispatches that started after the removal returned")
    collected.dropObservers()
    multiplexer.notify { $0.tick(0) }
    #expect(collected.probes.allSatisfy { $0() == nil }, "observers still alive after their removal and release")
    #expect(multiplexer.count == 1)
    #expect(multiplexer.primary === primary)
  }
}
