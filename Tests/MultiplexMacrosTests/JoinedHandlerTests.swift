import Foundation
import Multiplex
import MultiplexMacros
import MultiplexTestSupport
import Testing

// Joined handlers: a requirement that hands over a completion handler, given a combining choice
// (`@MultiplexedCombine`), reaches every observer that implements it, each with a handler of its own; the sender's
// handler runs exactly once, after every one of them called its own, with their answers combined.

/// What a push observer's fetch produced, ranked `newData` over `failed` over `noData`.
enum PushFetchResult: Equatable, Sendable, CaseIterable {
  case newData, noData, failed
}

/// How a push is presented: the observers' options are unioned.
struct PushPresentation: OptionSet, Sendable {
  let rawValue: Int
  static let badge = PushPresentation(rawValue: 1)
  static let sound = PushPresentation(rawValue: 2)
  static let banner = PushPresentation(rawValue: 4)
}

@Multiplexed
protocol PushDelegate: AnyObject {
  /// Every observer handles the push; the sender's handler runs when all are done.
  @MultiplexedCombine(.join)
  func didReceive(_ push: Int, completionHandler: @escaping @Sendable () -> Void)
  /// The options of every observer, unioned.
  @MultiplexedCombine(.union)
  func willPresent(_ push: Int, withCompletionHandler completionHandler: @escaping @Sendable (PushPresentation) -> Void)
  /// New data if any observer got some, else a failure if one failed, else no data.
  @MultiplexedCombine(.order(PushFetchResult.newData, .failed, .noData))
  func fetch(_ push: Int, fetchCompletionHandler: @escaping @Sendable (PushFetchResult) -> Void)
  /// Opened if any observer opened it.
  @MultiplexedCombine(.anyTrue)
  func open(_ url: String, completion: @escaping @Sendable (Bool) -> Void)
  /// Allowed if every observer allows it; the sender may pass no handler.
  @MultiplexedCombine(.allTrue)
  func mayLeave(_ screen: Int, completion: (@Sendable (Bool) -> Void)?)
  /// No choice: decided once, by the first implementing observer.
  func decide(_ push: Int, completion: @escaping @Sendable (Bool) -> Void)
}

/// How an observer calls the handler it is given.
enum PushBehaviour: Sendable, CaseIterable {
  /// Before returning.
  case now
  /// Twice before returning, the second time with another answer.
  case twice
  /// Once from another thread, after returning; the test waits for it with `pending`.
  case onThread
  /// Kept: the test calls it later (`kept`).
  case keep
  /// Once before returning and once more from another thread.
  case twiceAcrossThreads
}

/// An observer that answers every joined requirement with its `answers`, calling the handler as `behaviour` says.
final class PushObserver: PushDelegate, @unchecked Sendable {
  let name: String
  let log: Locked<[String]>
  var behaviour: PushBehaviour
  var fetchResult: PushFetchResult = .noData
  var presentation: PushPresentation = []
  var flag = true
  /// Handlers kept by `.keep`, for the test to call.
  let kept = Locked<[@Sendable () -> Void]>([])
  /// Calls running on other threads.
  let pending: DispatchGroup

  init(_ name: String, log: Locked<[String]>, behaviour: PushBehaviour = .now, pending: DispatchGroup) {
    self.name = name
    self.log = log
    self.behaviour = behaviour
    self.pending = pending
  }

  /// Calls `answer` (and `other`, a different answer, for the behaviours that call twice) as `behaviour` says.
  private func respond(_ answer: @escaping @Sendable () -> Void, other: @escaping @Sendable () -> Void) {
    switch behaviour {
    case .now: answer()
    case .twice:
      answer()
      other()
    case .onThread:
      onAnotherThread(pending, answer)
    case .keep:
      kept.withLock { $0.append(answer) }
    case .twiceAcrossThreads:
      answer()
      onAnotherThread(pending, other)
    }
  }

  func didReceive(_ push: Int, completionHandler: @escaping @Sendable () -> Void) {
    log.withLock { $0.append("\(name).didReceive") }
    respond(completionHandler, other: completionHandler)
  }

  func willPresent(_ push: Int, withCompletionHandler completionHandler: @escaping @Sendable (PushPresentation) -> Void)
  {
    log.withLock { $0.append("\(name).willPresent") }
    let presentation = self.presentation
    respond({ completionHandler(presentation) }, other: { completionHandler([.badge, .sound, .banner]) })
  }

  func fetch(_ push: Int, fetchCompletionHandler: @escaping @Sendable (PushFetchResult) -> Void) {
    log.withLock { $0.append("\(name).fetch") }
    let result = fetchResult
    respond({ fetchCompletionHandler(result) }, other: { fetchCompletionHandler(.newData) })
  }

  func open(_ url: String, completion: @escaping @Sendable (Bool) -> Void) {
    log.withLock { $0.append("\(name).open") }
    let flag = self.flag
    respond({ completion(flag) }, other: { completion(!flag) })
  }

  func mayLeave(_ screen: Int, completion: (@Sendable (Bool) -> Void)?) {
    log.withLock { $0.append("\(name).mayLeave") }
    let flag = self.flag
    respond({ completion?(flag) }, other: { completion?(!flag) })
  }

  func decide(_ push: Int, completion: @escaping @Sendable (Bool) -> Void) {
    log.withLock { $0.append("\(name).decide") }
    completion(flag)
  }
}

/// Runs `body` on a new thread of its own, in `group`: a thread that the tests' blocking waits cannot starve (the
/// global dispatch queues share their few threads with Swift concurrency's, which the tests block).
func onAnotherThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
  group.enter()
  Thread {
    body()
    group.leave()
  }
  .start()
}

/// Answers `JoinRanked` and `JoinRankedOne` with one outcome, before returning.
final class RankedAnswerer: JoinRanked, JoinRankedOne {
  let outcome: JoinOutcome
  init(_ outcome: JoinOutcome) { self.outcome = outcome }
  func fetch(_ id: Int, completionHandler: @escaping @Sendable (JoinOutcome) -> Void) { completionHandler(outcome) }
  func refresh(_ id: Int, callback: @escaping @Sendable (JoinOutcome) -> Void) { callback(outcome) }
}

/// Implements none of the requirements: it takes no part, and never holds a handler back.
final class PushBystander: PushDelegate {}

/// What the sender's handler received, and how many times it ran.
final class SenderHandler<Answer: Sendable>: @unchecked Sendable {
  let answers = Locked<[Answer]>([])
  var handler: @Sendable (Answer) -> Void { { answer in self.answers.withLock { $0.append(answer) } } }
  var count: Int { answers.withLock { $0.count } }
  var last: Answer? { answers.withLock { $0.last } }
}

@Suite struct JoinedHandlerTests {
  let log = Locked<[String]>([])
  let pending = DispatchGroup()

  private func observer(_ name: String, _ behaviour: PushBehaviour = .now) -> PushObserver {
    PushObserver(name, log: log, behaviour: behaviour, pending: pending)
  }

  /// Every implementing observer gets the call, each with its own handler; the sender's handler runs once, with
  /// the answers combined: unioned, ranked, any-true, all-true, joined.
  @Test func everyObserverAnswersAndTheSendersHandlerRunsOnceCombined() {
    let multiplexer = PushDelegateMultiplexer()
    let a = observer("a")
    let b = observer("b")
    let c = observer("c")
    a.presentation = .badge
    b.presentation = .sound
    a.fetchResult = .noData
    b.fetchResult = .failed
    c.fetchResult = .noData
    a.flag = false
    c.flag = true
    multiplexer.add(a)
    multiplexer.add(PushBystander(), retention: .strong)
    multiplexer.add(b)
    multiplexer.add(c)

    let presented = SenderHandler<PushPresentation>()
    multiplexer.willPresent(1, withCompletionHandler: presented.handler)
    #expect(presented.answers.withLock { $0 } == [[.badge, .sound]])

    let fetched = SenderHandler<PushFetchResult>()
    multiplexer.fetch(1, fetchCompletionHandler: fetched.handler)
    #expect(fetched.answers.withLock { $0 } == [.failed])
    b.fetchResult = .newData
    let fetchedAgain = SenderHandler<PushFetchResult>()
    multiplexer.fetch(2, fetchCompletionHandler: fetchedAgain.handler)
    #expect(fetchedAgain.answers.withLock { $0 } == [.newData])

    let opened = SenderHandler<Bool>()
    multiplexer.open("x", completion: opened.handler)
    #expect(opened.answers.withLock { $0 } == [true])

    let left = SenderHandler<Bool>()
    multiplexer.mayLeave(1, completion: left.handler)
    #expect(left.answers.withLock { $0 } == [false])

    let received = SenderHandler<Void>()
    multiplexer.didReceive(1, completionHandler: { received.handler(()) })
    #expect(received.count == 1)

    let calls = log.withLock { $0 }
    for requirement in ["willPresent", "fetch", "open", "mayLeave", "didReceive"] {
      #expect(
        calls.filter { $0.hasSuffix("." + requirement) }.count == (requirement == "fetch" ? 6 : 3),
        "\(requirement)"
      )
    }
    // Without a choice, a handler requirement stays decided once: only the first implementing observer decides.
    let decided = SenderHandler<Bool>()
    multiplexer.decide(1, completion: decided.handler)
    #expect(decided.answers.withLock { $0 } == [false])
    #expect(log.withLock { $0 }.filter { $0.hasSuffix(".decide") } == ["a.decide"])
  }

  /// The sender's handler waits for the last observer's handler, and runs on the thread that called it.
  @Test func theSendersHandlerWaitsForEveryObserver() {
    let multiplexer = PushDelegateMultiplexer()
    let a = observer("a", .keep)
    let b = observer("b")
    let c = observer("c", .keep)
    a.fetchResult = .newData
    multiplexer.add(a)
    multiplexer.add(b)
    multiplexer.add(c)
    let fetched = SenderHandler<PushFetchResult>()
    multiplexer.fetch(1, fetchCompletionHandler: fetched.handler)
    #expect(fetched.count == 0)
    for handler in a.kept.withLock({ $0 }) { handler() }
    #expect(fetched.count == 0)
    let thread = DispatchGroup()
    let kept = c.kept.withLock { $0 }
    onAnotherThread(thread) {
      for handler in kept { handler() }
    }
    thread.wait()
    #expect(fetched.answers.withLock { $0 } == [.newData])
    // Calling the kept handlers again changes nothing.
    for handler in a.kept.withLock({ $0 }) + c.kept.withLock({ $0 }) { handler() }
    #expect(fetched.count == 1)
  }

  /// An observer that calls its handler twice, or from another thread, or both, changes nothing: the first call
  /// is its answer, and the sender's handler runs once.
  @Test func callingTwiceOrFromAnotherThreadChangesNothing() {
    let multiplexer = PushDelegateMultiplexer()
    let a = observer("a", .twice)
    let b = observer("b", .onThread)
    let c = observer("c", .twiceAcrossThreads)
    a.fetchResult = .noData
    b.fetchResult = .failed
    c.fetchResult = .noData
    a.presentation = .badge
    multiplexer.add(a)
    multiplexer.add(b)
    multiplexer.add(c)
    let fetched = SenderHandler<PushFetchResult>()
    let done = DispatchSemaphore(value: 0)
    multiplexer.fetch(1) { result in
      fetched.handler(result)
      done.signal()
    }
    done.wait()
    pending.wait()
    // `a`'s and `c`'s second answer, `newData`, came after their first: ignored.
    #expect(fetched.answers.withLock { $0 } == [.failed])
    // A second call does not stand in for another observer's answer: with `d` keeping its handler, the sender's
    // handler waits for it although `a` called its own twice.
    let d = observer("d", .keep)
    multiplexer.add(d)
    let waiting = SenderHandler<PushFetchResult>()
    multiplexer.fetch(2, fetchCompletionHandler: waiting.handler)
    pending.wait()
    #expect(waiting.count == 0)
    for handler in d.kept.withLock({ $0 }) { handler() }
    #expect(waiting.answers.withLock { $0 } == [.failed])
    multiplexer.remove(d)
    let presented = SenderHandler<PushPresentation>()
    multiplexer.willPresent(1) { options in
      presented.handler(options)
      done.signal()
    }
    done.wait()
    pending.wait()
    #expect(presented.answers.withLock { $0 } == [.badge])
    let received = SenderHandler<Void>()
    multiplexer.didReceive(1) {
      received.handler(())
      done.signal()
    }
    done.wait()
    pending.wait()
    #expect(received.count == 1)
  }

  /// With no implementing observer (none, or observers that implement nothing), the sender's handler runs once
  /// with the answer for none: empty options, the order's last value, `false` for any-true, `true` for all-true.
  /// An event stream does not hold the handler back either.
  @Test func noImplementingObserverAnswersTheDefault() {
    for withBystander in [false, true] {
      let multiplexer = PushDelegateMultiplexer()
      if withBystander { multiplexer.add(PushBystander(), retention: .strong) }
      let stream = multiplexer.events()
      let presented = SenderHandler<PushPresentation>()
      multiplexer.willPresent(1, withCompletionHandler: presented.handler)
      #expect(presented.answers.withLock { $0 } == [[]])
      let fetched = SenderHandler<PushFetchResult>()
      multiplexer.fetch(1, fetchCompletionHandler: fetched.handler)
      #expect(fetched.answers.withLock { $0 } == [.noData])
      let opened = SenderHandler<Bool>()
      multiplexer.open("x", completion: opened.handler)
      #expect(opened.answers.withLock { $0 } == [false])
      let left = SenderHandler<Bool>()
      multiplexer.mayLeave(1, completion: left.handler)
      #expect(left.answers.withLock { $0 } == [true])
      multiplexer.mayLeave(2, completion: nil)
      let received = SenderHandler<Void>()
      multiplexer.didReceive(1, completionHandler: { received.handler(()) })
      #expect(received.count == 1)
      _ = stream
    }
  }

  /// `.order(a, b, c)`: an answer not in the order reaches the sender, ranked after every listed value, ties
  /// going to the first observer in call order, also when it is the only answer (`JoinOutcome.skipped` and
  /// `.deferred` are listed by neither protocol; `.won` and `.failed` not by `JoinRankedOne`'s `order(idle)`).
  @Test func anAnswerNotInTheOrderRanksAfterEveryListedValue() {
    // The answers in call order; the combined answer of `order(won, failed, idle)`, and of `order(idle)`.
    let cases: [(answers: [JoinOutcome], ranked: JoinOutcome, rankedOne: JoinOutcome)] = [
      ([.skipped], .skipped, .skipped),
      ([.skipped, .deferred], .skipped, .skipped),
      ([.deferred, .skipped], .deferred, .deferred),
      ([.skipped, .idle], .idle, .idle),
      ([.deferred, .failed, .skipped], .failed, .deferred),
      ([.won, .skipped, .idle], .won, .idle),
      ([], .idle, .idle),
    ]
    for (answers, ranked, rankedOne) in cases {
      let observers = answers.map(RankedAnswerer.init)
      let multiplexer = JoinRankedMultiplexer()
      let oneValue = JoinRankedOneMultiplexer()
      for observer in observers {
        multiplexer.add(observer)
        oneValue.add(observer)
      }
      let fetched = SenderHandler<JoinOutcome>()
      multiplexer.fetch(1, completionHandler: fetched.handler)
      #expect(fetched.answers.withLock { $0 } == [ranked], "order(won, failed, idle) of \(answers)")
      let refreshed = SenderHandler<JoinOutcome>()
      oneValue.refresh(1, callback: refreshed.handler)
      #expect(refreshed.answers.withLock { $0 } == [rankedOne], "order(idle) of \(answers)")
      withExtendedLifetime(observers) {}
    }
  }
}
