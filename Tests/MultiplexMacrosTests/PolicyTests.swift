import MultiplexMacros
import Testing

// Policies per requirement in a `@Multiplexed` protocol: decided-once requirements (by the naming rule or
// `@MultiplexedDecidedOnce`), `@MultiplexedEveryObserver`, and `@MultiplexedCombine`.

/// What a `Transfer` decides.
enum HandoffDecision: Equatable {
  case allow, cancel
}

@Multiplexed
protocol HandoffDelegate: AnyObject {
  /// Decided once by the naming rule (`completion`).
  func transfer(_ id: Int, willStart completion: @escaping (HandoffDecision) -> Void)
  /// Decided once by the attribute: the rule does not know `decide`.
  @MultiplexedDecidedOnce
  func transfer(_ id: Int, decide: @escaping (HandoffDecision) -> Void)
  /// The rule would decide it once (`…Handler`); the attribute sends it to every observer.
  @MultiplexedEveryObserver
  func transfer(_ id: Int, progressHandler: @escaping (Double) -> Void)
  /// `true` if any observer wants the transfer's events.
  @MultiplexedCombine(.anyTrue) @MultiplexedDefault(false)
  func observesEvents(of id: Int) -> Bool
  /// The last observer's label wins.
  @MultiplexedCombine(.last)
  func label(for id: Int) -> String?
  /// Enabled only if every observer agrees: a property's getter combines like a method.
  @MultiplexedCombine(.allTrue) @MultiplexedDefault(true)
  var isEnabled: Bool { get }
}

/// Records its calls; implements what its flags say.
final class HandoffRecorder: HandoffDelegate {
  let name: String
  let log: CallLog
  var decision = HandoffDecision.allow
  var observes = true
  var label: String?

  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
  }

  func transfer(_ id: Int, willStart completion: @escaping (HandoffDecision) -> Void) {
    log.entries.append("\(name).willStart")
    completion(decision)
  }

  func transfer(_ id: Int, decide: @escaping (HandoffDecision) -> Void) {
    log.entries.append("\(name).decide")
    decide(decision)
  }

  func transfer(_ id: Int, progressHandler: @escaping (Double) -> Void) {
    log.entries.append("\(name).progress")
    progressHandler(1)
  }

  func observesEvents(of id: Int) -> Bool {
    log.entries.append("\(name).observes")
    return observes
  }

  func label(for id: Int) -> String? { label }

  var isEnabled: Bool { observes }
}

/// Implements nothing: every requirement has a generated default implementation.
final class HandoffBystander: HandoffDelegate {}

/// A combiner that implements nothing: each method answers with the combining protocol's default.
final class HandoffDefaultCombiner: HandoffDelegateCombining {}

/// A combiner that answers `observesEvents(of:)` with the first answer.
final class HandoffFirstCombiner: HandoffDelegateCombining {
  func handoffDelegateMultiplexer(
    _ multiplexer: HandoffDelegateMultiplexer,
    combineObservesEventsOf responses: inout Responses<any HandoffDelegate, Bool>,
    default defaultValue: Bool
  ) -> Bool {
    Combiner.first.combine(&responses, default: defaultValue)
  }
}

@Suite struct PolicyTests {
  let log = CallLog()

  /// A completion (by the rule) and `@MultiplexedDecidedOnce`: one observer decides, the first that implements
  /// the requirement; the handler runs once. Observers that do not implement it are skipped.
  @Test func decidedOnce() {
    let multiplexer = HandoffDelegateMultiplexer()
    let bystander = HandoffBystander()
    let a = HandoffRecorder("a", log: log)
    let b = HandoffRecorder("b", log: log)
    a.decision = .cancel
    multiplexer.add(bystander)
    multiplexer.add(a)
    multiplexer.add(b)
    var decisions: [HandoffDecision] = []
    multiplexer.transfer(1, willStart: { decisions.append($0) })
    multiplexer.transfer(1, decide: { decisions.append($0) })
    #expect(decisions == [.cancel, .cancel])
    #expect(log.entries == ["a.willStart", "a.decide"])
    // No implementing observer: nobody is called, and neither is the handler.
    let empty = HandoffDelegateMultiplexer()
    empty.add(bystander)
    empty.transfer(2, willStart: { decisions.append($0) })
    #expect(decisions.count == 2)
  }

  /// `@MultiplexedEveryObserver`: every observer gets it and calls the handler.
  @Test func everyObserver() {
    let multiplexer = HandoffDelegateMultiplexer()
    let a = HandoffRecorder("a", log: log)
    let b = HandoffRecorder("b", log: log)
    multiplexer.add(a)
    multiplexer.add(b)
    var progress = 0
    multiplexer.transfer(1, progressHandler: { _ in progress += 1 })
    #expect(progress == 2)
    #expect(log.entries == ["a.progress", "b.progress"])
  }

  /// `@MultiplexedCombine(.anyTrue)`: the first observer answers `false`, the second `true`: `true`, and both are
  /// asked. A combiner that implements the method decides instead; one that does not applies the same policy.
  @Test func combineChosenByAttribute() {
    let multiplexer = HandoffDelegateMultiplexer()
    let a = HandoffRecorder("a", log: log)
    let b = HandoffRecorder("b", log: log)
    a.observes = false
    multiplexer.add(a)
    multiplexer.add(b)
    #expect(multiplexer.observesEvents(of: 1))
    #expect(log.entries == ["a.observes", "b.observes"])
    b.observes = false
    #expect(!multiplexer.observesEvents(of: 1))
    b.observes = true
    let first = HandoffFirstCombiner()
    multiplexer.combiner = first
    #expect(!multiplexer.observesEvents(of: 1))
    let defaults = HandoffDefaultCombiner()
    multiplexer.combiner = defaults
    #expect(multiplexer.observesEvents(of: 1))
    #expect(!HandoffDelegateMultiplexer().observesEvents(of: 1))

    // `.last`: the last responding observer's answer, `nil` included.
    a.label = "a"
    #expect(multiplexer.label(for: 1) == nil)
    b.label = "b"
    #expect(multiplexer.label(for: 1) == "b")

    // `.allTrue` on a property (the combiner without the method applies it too).
    a.observes = true
    #expect(multiplexer.isEnabled)
    a.observes = false
    #expect(!multiplexer.isEnabled)
    #expect(HandoffDelegateMultiplexer().isEnabled)
  }
}
