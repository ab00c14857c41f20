import Foundation
import Multiplex
import MultiplexMacros
import MultiplexTestSupport
import Testing

// Joined handlers tried as a new user would: seven `@Multiplexed` protocols with one joined handler each, one per
// combining choice, and random trials against a plain statement of the rules (`JoinRules`).

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

@Suite struct JoinedHandlerRandomizedTests {
  /// Trials per protocol; `MULTIPLEX_JOIN_SEED` replays one seed (a trial's protocol is its seed modulo 7).
  static let trialsPerProtocol = 600

  /// Random trials, deterministic by seed in what they build: 0 to 5 observers in registration order (called in
  /// that order), each implementing the requirement or not, strong or weak, answering now, later on another
  /// thread, twice, or never; weak ones released before the call or before they answer; one observer may
  /// remove another (or itself) during its call. The sender's handler must run exactly once, after every
  /// responding observer's first answer, with the rule's answer, or, when a responding observer never answers,
  /// not at all. The thread waits are bounded (a hang fails the trial, it does not stop the run).
  @Test func randomTrials() {
    let seeds: [UInt64] =
      ProcessInfo.processInfo.environment["MULTIPLEX_JOIN_SEED"].flatMap(UInt64.init).map { [$0] }
      ?? Array(0..<UInt64(7 * Self.trialsPerProtocol))
    for seed in seeds {
      switch seed % 7 {
      case 0:
        run(
          JoinProbe<Int>(
            "join",
            observing: (any JoinDone).self,
            values: [0],
            rule: { _ in "()" },
            describe: { _ in "()" },
            observer: { JoinDoneObserver($0) }
          ) {
            let m = JoinDoneMultiplexer()
            return (
              { _ = m.add($0, retention: $1) }, { m.remove($0) },
              { handler in m.done(1) { handler(0) } }
            )
          },
          seed: seed
        )
      case 1:
        run(
          JoinProbe<Bool>(
            "anyTrue",
            observing: (any JoinAny).self,
            values: [false, true],
            rule: { "\(JoinRules.anyTrue($0))" },
            observer: { JoinAnyObserver($0) }
          ) {
            let m = JoinAnyMultiplexer()
            return ({ _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.open(1, completionHandler: $0) })
          },
          seed: seed
        )
      case 2:
        run(
          JoinProbe<Bool>(
            "allTrue",
            observing: (any JoinAll).self,
            values: [false, true],
            rule: { "\(JoinRules.allTrue($0))" },
            observer: { JoinAllObserver($0) }
          ) {
            let m = JoinAllMultiplexer()
            return ({ _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.mayLeave(1, completion: $0) })
          },
          seed: seed
        )
      case 3:
        run(
          JoinProbe<Int?>(
            "firstNonNil",
            observing: (any JoinFirstNonNil).self,
            values: [nil, nil, 1, 2, 3],
            rule: { "\(JoinRules.firstNonNil($0) as Any)" },
            describe: { "\($0 as Any)" },
            observer: { JoinFirstNonNilObserver($0) }
          ) {
            let m = JoinFirstNonNilMultiplexer()
            return ({ _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.lookUp(1, reply: $0) })
          },
          seed: seed
        )
      case 4:
        run(
          JoinProbe<JoinOptions>(
            "union",
            observing: (any JoinUnion).self,
            values: (0...7).map(JoinOptions.init(rawValue:)),
            rule: { "\(JoinRules.union($0).rawValue)" },
            describe: { "\($0.rawValue)" },
            observer: { JoinUnionObserver($0) }
          ) {
            let m = JoinUnionMultiplexer()
            return (
              { _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.present(1, withCompletionHandler: $0) }
            )
          },
          seed: seed
        )
      case 5:
        run(
          JoinProbe<JoinOutcome>(
            "order(won, failed, idle)",
            observing: (any JoinRanked).self,
            values: JoinOutcome.allCases,
            rule: { "\(JoinRules.order([.won, .failed, .idle], $0))" },
            observer: { JoinRankedObserver($0) }
          ) {
            let m = JoinRankedMultiplexer()
            return ({ _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.fetch(1, completionHandler: $0) })
          },
          seed: seed
        )
      default:
        run(
          JoinProbe<JoinOutcome>(
            "order(idle)",
            observing: (any JoinRankedOne).self,
            values: JoinOutcome.allCases,
            rule: { "\(JoinRules.order([.idle], $0))" },
            observer: { JoinRankedOneObserver($0) }
          ) {
            let m = JoinRankedOneMultiplexer()
            return ({ _ = m.add($0, retention: $1) }, { m.remove($0) }, { m.refresh(1, callback: $0) })
          },
          seed: seed
        )
      }
    }
  }

  /// What becomes of a weak observer in a trial.
  private enum Release {
    case kept, beforeTheCall, beforeAnswering
  }

  /// One observer of a trial, as drawn.
  private struct Drawn<Answer: Sendable> {
    var implements: Bool
    var strong: Bool
    var release: Release
    var part: JoinPart<Answer>?
  }

  private func run<Answer: Sendable>(_ probe: JoinProbe<Answer>, seed: UInt64) {
    var rng = SplitMix64(state: seed &* 0x9E37_79B9)
    let trial = JoinTrial()
    let subject = probe.subject()
    var drawn: [Drawn<Answer>] = []
    for _ in 0..<Int.random(in: 0...5, using: &rng) {
      let strong = Bool.random(using: &rng)
      let release: Release =
        strong ? .kept : [.kept, .kept, .beforeTheCall, .beforeAnswering].randomElement(using: &rng)!
      var observer = Drawn<Answer>(
        implements: Int.random(in: 0..<4, using: &rng) != 0,
        strong: strong,
        release: release
      )
      if observer.implements {
        observer.part = JoinPart(
          answering: JoinAnswering.allCases.randomElement(using: &rng)!,
          answer: probe.values.randomElement(using: &rng)!,
          second: probe.values.randomElement(using: &rng)!,
          delay: UInt32.random(in: 0...300, using: &rng),
          trial: trial
        )
      }
      drawn.append(observer)
    }
    // One implementing observer may remove another, or itself, when it is called.
    var removal: (remover: Int, target: Int)? = nil
    let implementing = drawn.indices.filter { drawn[$0].implements && drawn[$0].release != .beforeTheCall }
    let alive = drawn.indices.filter { drawn[$0].release != .beforeTheCall }
    if let remover = implementing.randomElement(using: &rng), Int.random(in: 0..<3, using: &rng) == 0 {
      removal = (remover, alive.randomElement(using: &rng)!)
    }

    var objects: [AnyObject?] = drawn.map { $0.part.map(probe.observer) ?? JoinBystander() }
    let watched: [() -> AnyObject?] = objects.map { object in { [weak object] in object } }
    for index in drawn.indices { subject.add(objects[index]!, drawn[index].strong) }
    if let removal {
      let remove = subject.remove
      let target = watched[removal.target]
      drawn[removal.remover].part!.onCall = { if let object = target() { remove(object) } }
    }
    for index in drawn.indices where drawn[index].release == .beforeTheCall { objects[index] = nil }

    // The rules: observers are called in order, except one released before the call or removed before its turn;
    // the responding ones are the implementing ones called.
    let called = drawn.indices.map { index in
      drawn[index].release != .beforeTheCall && !(removal.map { $0.remover < index && $0.target == index } ?? false)
    }
    let responding = drawn.indices.filter { drawn[$0].implements && called[$0] }
    let waitsForever = responding.contains { drawn[$0].part!.answering == .never }
    let expected = probe.rule(responding.map { drawn[$0].part!.answer })
    let context =
      "seed \(seed), \(probe.name): "
      + drawn.map { observer in
        guard let part = observer.part else { return "bystander" }
        return "\(part.answering) \(probe.describe(part.answer))"
          + (observer.strong ? " strong" : " weak") + (observer.release == .kept ? "" : " released \(observer.release)")
      }.joined(separator: ", ") + (removal.map { ", \($0.remover) removes \($0.target)" } ?? "")

    let answers = Locked<[Answer]>([])
    let answeredBefore = Locked<[Int]>([])
    subject.call { answer in
      answeredBefore.withLock { $0.append(trial.answered.withLock { $0 }) }
      answers.withLock { $0.append(answer) }
    }
    let received = { answers.withLock { $0.map(probe.describe) } }
    for index in drawn.indices where drawn[index].release == .beforeAnswering { objects[index] = nil }
    for index in drawn.indices where drawn[index].release != .kept {
      #expect(watched[index]() == nil, "a released observer is gone; \(context)")
    }
    if trial.pending.wait(timeout: .now() + 60) == .timedOut {
      Issue.record("the observers' threads did not finish; \(context)")
      return
    }
    for index in drawn.indices {
      #expect(
        (drawn[index].part?.calls.withLock { $0 } ?? 0) == (called[index] && drawn[index].implements ? 1 : 0),
        "observer \(index) is called once if it responds; \(context)"
      )
    }
    if waitsForever {
      #expect(received().isEmpty, "an observer that never answers holds the sender's back; \(context)")
    } else {
      #expect(received() == [expected], "\(context)")
      #expect(
        answeredBefore.withLock { $0 } == [responding.count],
        "the sender's handler runs after every responding observer's first answer; \(context)"
      )
    }
    trial.kept.withLock { $0.removeAll() }
    #expect(received().count <= (waitsForever ? 0 : 1), "\(context)")
    withExtendedLifetime(objects) {}
  }
}
