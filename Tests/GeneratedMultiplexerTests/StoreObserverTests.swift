import Multiplex
import MultiplexGeneratorFixtures
import Testing

/// An error a store failed with.
private struct StoreError: Error {}

/// A `StoreObserver` (declared in `MultiplexGeneratorFixtures`) that records its calls and answers what it is told.
private final class StoreRecorder: StoreObserver {
  let name: String
  let log: CallLog
  var wantsInserts: Bool
  var retries = RetryDecision.retry
  var allowsCommit = true

  init(_ name: String, log: CallLog, wantsInserts: Bool = true) {
    self.name = name
    self.log = log
    self.wantsInserts = wantsInserts
  }

  func observes(eventsOfKind kind: StoreEventKind) -> Bool {
    log.record(name, "observes \(kind)")
    return kind == .insert ? wantsInserts : false
  }

  func retryResult(
    for attempt: Int,
    dueTo error: any Error,
    completion: @escaping @Sendable (RetryDecision) -> Void
  ) {
    log.record(name, "retry \(attempt)")
    completion(retries)
  }

  func store(_ name: String, progressHandler: @escaping @Sendable (Double) -> Void) {
    log.record(self.name, "progress \(name)")
    progressHandler(0.5)
  }

  func shouldCommit() -> Bool {
    log.record(name, "commit")
    return allowsCommit
  }
}

/// A combiner that answers `observes(eventsOfKind:)` with the last observer's answer; it implements nothing else.
private final class LastWins: StoreObserverCombining {
  func storeObserverMultiplexer(
    _ multiplexer: StoreObserverMultiplexer,
    combineObservesEventsOfKind responses: inout Responses<any StoreObserver, Bool>,
    default defaultValue: Bool
  ) -> Bool {
    Combiner.last.combine(&responses, default: defaultValue)
  }
}

/// A combiner that implements none of its methods: each answers with the combining protocol's default.
private final class Silent: StoreObserverCombining {}

/// The policies chosen when `StoreObserverMultiplexer` was generated (see its header): `--combine` per
/// requirement, `--every-observer`, and a `completion` the naming rule decides once.
@Suite struct StoreObserverTests {
  let log = CallLog()

  /// GRDB's case: the first observer does not want inserts, the second does. With the first answer, the second
  /// would miss every insert; `--combine 'observes(eventsOfKind:)=anyTrue'` answers `true`, and every observer is
  /// asked.
  @Test func anyTrueChosenAtGenerationTime() {
    let multiplexer = StoreObserverMultiplexer()
    let first = StoreRecorder("first", log: log, wantsInserts: false)
    let second = StoreRecorder("second", log: log, wantsInserts: true)
    multiplexer.add(first)
    multiplexer.add(second)
    #expect(multiplexer.observes(eventsOfKind: .insert))
    #expect(log.observers(receiving: "observes insert") == ["first", "second"])
    #expect(!multiplexer.observes(eventsOfKind: .delete))
    second.wantsInserts = false
    #expect(!multiplexer.observes(eventsOfKind: .insert))
    // No observer: the requirement has no default implementation, so `false` is the anyTrue of nothing.
    #expect(!StoreObserverMultiplexer().observes(eventsOfKind: .insert))
  }

  /// A `combiner` that implements the requirement's method still decides at run time; one that does not gets
  /// the combining protocol's default implementation, which applies the policy chosen at generation time.
  @Test func aCombinerOverridesThePolicy() {
    let multiplexer = StoreObserverMultiplexer()
    let first = StoreRecorder("first", log: log, wantsInserts: true)
    let second = StoreRecorder("second", log: log, wantsInserts: false)
    multiplexer.add(first)
    multiplexer.add(second)
    let lastWins = LastWins()
    multiplexer.combiner = lastWins
    #expect(!multiplexer.observes(eventsOfKind: .insert))
    multiplexer.combiner = nil
    #expect(multiplexer.observes(eventsOfKind: .insert))
    // A combiner without the method: its default implementation is anyTrue too, not the first answer.
    first.wantsInserts = false
    second.wantsInserts = true
    let silent = Silent()
    multiplexer.combiner = silent
    #expect(multiplexer.observes(eventsOfKind: .insert))
  }

  /// Alamofire's case: `retryResult(for:dueTo:completion:)` goes to one observer (the first), so the completion
  /// runs once, not once per observer; with no observer, the protocol's default implementation decides.
  @Test func aCompletionIsDecidedOnce() {
    let multiplexer = StoreObserverMultiplexer()
    for name in ["a", "b", "c"] { multiplexer.add(StoreRecorder(name, log: log), retention: .strong) }
    let completions = CallLog()
    multiplexer.retryResult(for: 1, dueTo: StoreError()) { completions.record("completion", "\($0)") }
    #expect(completions.calls(of: "completion") == ["retry"])
    #expect(log.observers(receiving: "retry 1") == ["a"])

    StoreObserverMultiplexer().retryResult(for: 2, dueTo: StoreError()) { completions.record("empty", "\($0)") }
    #expect(completions.calls(of: "empty") == ["doNotRetry"])
  }

  /// `--every-observer 'store(_:progressHandler:)'`: the naming rule would decide it once (`…Handler`); the flag
  /// sends it to every observer, and each calls the handler.
  @Test func everyObserverOverridesTheRule() {
    let multiplexer = StoreObserverMultiplexer()
    for name in ["a", "b", "c"] { multiplexer.add(StoreRecorder(name, log: log), retention: .strong) }
    let progress = CallLog()
    multiplexer.store("s") { progress.record("handler", "\($0)") }
    #expect(log.observers(receiving: "progress s") == ["a", "b", "c"])
    #expect(progress.calls(of: "handler").count == 3)
  }

  /// `--combine 'shouldCommit()=allTrue'` on a requirement with a default implementation: `false` if one
  /// observer refuses, every observer asked; with no observer, the default implementation's `true`.
  @Test func allTrueWithADefaultImplementation() {
    let multiplexer = StoreObserverMultiplexer()
    let a = StoreRecorder("a", log: log)
    let b = StoreRecorder("b", log: log)
    b.allowsCommit = false
    multiplexer.add(a)
    multiplexer.add(b)
    multiplexer.add(StoreRecorder("c", log: log), retention: .strong)
    #expect(!multiplexer.shouldCommit())
    #expect(log.observers(receiving: "commit") == ["a", "b", "c"])
    b.allowsCommit = true
    #expect(multiplexer.shouldCommit())
    #expect(StoreObserverMultiplexer().shouldCommit())
  }
}
