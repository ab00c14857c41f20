import Foundation
import Multiplex
import MultiplexMacros
import MultiplexTestSupport
import Testing

// Joined handlers tried as a new user would: the protocols of `JoinProbes.swift`, and random trials against a plain
// statement of the rules (`JoinRules`).

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
