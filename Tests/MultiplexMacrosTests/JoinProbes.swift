import Foundation
import Multiplex
import MultiplexMacros
import MultiplexTestSupport

// What `JoinedHandlerRandomizedTests` tries: seven `@Multiplexed` protocols with one joined handler each, one per
// combining choice (two orders, with values they do not list), their observers, and the rules in plain words
// (`JoinRules`).

/// An outcome ranked by `JoinRanked` as `won` over `failed` over `idle`; `skipped` and `deferred` are not listed.
enum JoinOutcome: Equatable, Sendable, CaseIterable {
  case won, failed, idle, skipped, deferred
}

/// Options the observers' answers union.
struct JoinOptions: OptionSet, Sendable {
  let rawValue: Int
}

@Multiplexed
protocol JoinDone: AnyObject {
  @MultiplexedCombine(.join)
  func done(_ id: Int, completion: @escaping @Sendable () -> Void)
}

@Multiplexed
protocol JoinAny: AnyObject {
  @MultiplexedCombine(.anyTrue)
  func open(_ id: Int, completionHandler: @escaping @Sendable (Bool) -> Void)
}

@Multiplexed
protocol JoinAll: AnyObject {
  @MultiplexedCombine(.allTrue)
  func mayLeave(_ id: Int, completion: (@Sendable (Bool) -> Void)?)
}

@Multiplexed
protocol JoinFirstNonNil: AnyObject {
  @MultiplexedCombine(.firstNonNil)
  func lookUp(_ id: Int, reply: @escaping @Sendable (Int?) -> Void)
}

@Multiplexed
protocol JoinUnion: AnyObject {
  @MultiplexedCombine(.union)
  func present(_ id: Int, withCompletionHandler completionHandler: @escaping @Sendable (JoinOptions) -> Void)
}

@Multiplexed
protocol JoinRanked: AnyObject {
  @MultiplexedCombine(.order(JoinOutcome.won, .failed, .idle))
  func fetch(_ id: Int, completionHandler: @escaping @Sendable (JoinOutcome) -> Void)
}

@Multiplexed
protocol JoinRankedOne: AnyObject {
  @MultiplexedCombine(.order(JoinOutcome.idle))
  func refresh(_ id: Int, callback: @escaping @Sendable (JoinOutcome) -> Void)
}

/// The rules of "Joined handlers" (DESIGN.md §5, CombiningResults.md), stated plainly: the sender's handler gets
/// the first answers of the responding observers, in call order, combined; with none, the answer for none.
enum JoinRules {
  static func anyTrue(_ answers: [Bool]) -> Bool { answers.contains(true) }
  static func allTrue(_ answers: [Bool]) -> Bool { !answers.contains(false) }
  static func firstNonNil(_ answers: [Int?]) -> Int? { answers.first { $0 != nil } ?? nil }
  static func union(_ answers: [JoinOptions]) -> JoinOptions { answers.reduce([]) { $0.union($1) } }

  /// The answer first in `order`; an answer not in it ranks after every listed value; ties go to the first
  /// answer in call order; with no answer, the last value of `order`.
  static func order(_ order: [JoinOutcome], _ answers: [JoinOutcome]) -> JoinOutcome {
    func rank(_ answer: JoinOutcome) -> Int { order.firstIndex(of: answer) ?? order.count }
    var best: JoinOutcome? = nil
    for answer in answers where best == nil || rank(answer) < rank(best!) { best = answer }
    return best ?? order[order.count - 1]
  }
}

/// How an observer of a trial answers the handler it is given.
enum JoinAnswering: CaseIterable {
  /// Before returning.
  case now
  /// On another thread, after a delay.
  case later
  /// Before returning, then again with another answer on another thread.
  case twice
  /// On another thread after a delay, twice (the second with another answer).
  case twiceLater
  /// Never: it keeps the handler until the trial ends.
  case never
}

/// What one trial shares: the threads it started, the first answers given, the handlers kept and never called.
final class JoinTrial: @unchecked Sendable {
  let pending = DispatchGroup()
  let answered = Locked(0)
  let kept = Locked<[@Sendable () -> Void]>([])

  /// Runs `body` on a thread of its own after `delay` microseconds (a thread the test's waits cannot starve).
  func onThread(after delay: UInt32, _ body: @escaping @Sendable () -> Void) {
    pending.enter()
    Thread { [pending] in
      if delay > 0 { usleep(delay) }
      body()
      pending.leave()
    }
    .start()
  }
}

/// One implementing observer's part of a trial: what it answers, and how.
final class JoinPart<Answer: Sendable>: @unchecked Sendable {
  let answering: JoinAnswering
  let answer: Answer
  let second: Answer
  let delay: UInt32
  let trial: JoinTrial
  /// Run when the observer is called, before it answers: a removal during the call.
  var onCall: (() -> Void)?
  /// How many times the observer was called.
  let calls = Locked(0)

  init(answering: JoinAnswering, answer: Answer, second: Answer, delay: UInt32, trial: JoinTrial) {
    self.answering = answering
    self.answer = answer
    self.second = second
    self.delay = delay
    self.trial = trial
  }

  /// Answers `handler` as ``answering`` says. Nothing started here holds the observer.
  func respond(_ handler: @escaping @Sendable (Answer) -> Void) {
    calls.withLock { $0 += 1 }
    onCall?()
    let (answer, second, delay, trial) = (self.answer, self.second, self.delay, self.trial)
    // The first answer is counted before it is given: the sender's handler, which it may run, checks the count.
    let first: @Sendable () -> Void = {
      trial.answered.withLock { $0 += 1 }
      handler(answer)
    }
    switch answering {
    case .now: first()
    case .later: trial.onThread(after: delay, first)
    case .twice:
      first()
      trial.onThread(after: delay) { handler(second) }
    case .twiceLater:
      trial.onThread(after: delay) {
        first()
        handler(second)
      }
    case .never: trial.kept.withLock { $0.append { _ = handler } }
    }
  }
}

final class JoinDoneObserver: JoinDone, @unchecked Sendable {
  let part: JoinPart<Int>
  init(_ part: JoinPart<Int>) { self.part = part }
  func done(_ id: Int, completion: @escaping @Sendable () -> Void) { part.respond { _ in completion() } }
}

final class JoinAnyObserver: JoinAny, @unchecked Sendable {
  let part: JoinPart<Bool>
  init(_ part: JoinPart<Bool>) { self.part = part }
  func open(_ id: Int, completionHandler: @escaping @Sendable (Bool) -> Void) { part.respond(completionHandler) }
}

final class JoinAllObserver: JoinAll, @unchecked Sendable {
  let part: JoinPart<Bool>
  init(_ part: JoinPart<Bool>) { self.part = part }
  func mayLeave(_ id: Int, completion: (@Sendable (Bool) -> Void)?) { part.respond { completion?($0) } }
}

final class JoinFirstNonNilObserver: JoinFirstNonNil, @unchecked Sendable {
  let part: JoinPart<Int?>
  init(_ part: JoinPart<Int?>) { self.part = part }
  func lookUp(_ id: Int, reply: @escaping @Sendable (Int?) -> Void) { part.respond(reply) }
}

final class JoinUnionObserver: JoinUnion, @unchecked Sendable {
  let part: JoinPart<JoinOptions>
  init(_ part: JoinPart<JoinOptions>) { self.part = part }
  func present(_ id: Int, withCompletionHandler completionHandler: @escaping @Sendable (JoinOptions) -> Void) {
    part.respond(completionHandler)
  }
}

final class JoinRankedObserver: JoinRanked, @unchecked Sendable {
  let part: JoinPart<JoinOutcome>
  init(_ part: JoinPart<JoinOutcome>) { self.part = part }
  func fetch(_ id: Int, completionHandler: @escaping @Sendable (JoinOutcome) -> Void) {
    part.respond(completionHandler)
  }
}

final class JoinRankedOneObserver: JoinRankedOne, @unchecked Sendable {
  let part: JoinPart<JoinOutcome>
  init(_ part: JoinPart<JoinOutcome>) { self.part = part }
  func refresh(_ id: Int, callback: @escaping @Sendable (JoinOutcome) -> Void) { part.respond(callback) }
}

/// Observers that implement nothing: they take no part.
final class JoinBystander: JoinDone, JoinAny, JoinAll, JoinFirstNonNil, JoinUnion, JoinRanked, JoinRankedOne {}

/// One protocol of the trials, behind closures: its multiplexer, its observers, its call and its rule.
struct JoinProbe<Answer: Sendable> {
  /// The multiplexer of one trial.
  struct Subject {
    let add: (AnyObject, _ strong: Bool) -> Void
    let remove: (AnyObject) -> Void
    /// Calls the requirement with the sender's handler.
    let call: (@escaping @Sendable (Answer) -> Void) -> Void
  }

  let name: String
  /// The answers observers draw theirs from.
  let values: [Answer]
  /// The combined answer of the first answers, in call order (``JoinRules``).
  let rule: ([Answer]) -> String
  let describe: (Answer) -> String
  let observer: (JoinPart<Answer>) -> AnyObject
  let subject: () -> Subject
}

extension JoinProbe {
  /// A probe whose multiplexer takes observers of type `Observer` (`any JoinDone`).
  init<Observer>(
    _ name: String,
    observing: Observer.Type,
    values: [Answer],
    rule: @escaping ([Answer]) -> String,
    describe: @escaping (Answer) -> String = { "\($0)" },
    observer: @escaping (JoinPart<Answer>) -> AnyObject,
    multiplexer:
      @escaping () -> (
        add: (Observer, Retention) -> Void, remove: (Observer) -> Void,
        call: (@escaping @Sendable (Answer) -> Void) -> Void
      )
  ) {
    self.init(name: name, values: values, rule: rule, describe: describe, observer: observer) {
      let made = multiplexer()
      return Subject(
        add: { made.add($0 as! Observer, $1 ? .strong : .weak) },
        remove: { made.remove($0 as! Observer) },
        call: made.call
      )
    }
  }
}
