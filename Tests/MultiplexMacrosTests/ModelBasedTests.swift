import Foundation
import MultiplexMacros
import MultiplexTestSupport
import Testing

// The model-based randomized test (see `MultiplexTestSupport`) on what `@Multiplexed` generates: calls go
// through the generated forwarding members and the generated default implementations, and, in the second
// system, through a multiplexer installed in a delegate slot with `DelegateMultiplexing.install(on:delegate:)`.

/// The model's protocol, with the generated multiplexer and defaults.
@Multiplexed
protocol ModelDelegate: AnyObject {
  func didScroll(_ offset: Int)
  func willEndDragging(velocity: Int, target: inout Int)
  @MultiplexedDefault(0)
  func score() -> Int
  @MultiplexedDefault(true)
  func shouldScrollToTop() -> Bool
  func viewForZooming() -> String?
}

/// A probe that implements a requirement only when `ModelAnswers` says it responds, and otherwise calls the
/// generated default implementation (what a type that does not implement it would run).
final class GeneratedModelProbe: ModelDelegate {
  let id: Int
  unowned let system: ModelSystemUnderTest

  init(id: Int, system: ModelSystemUnderTest) {
    self.id = id
    self.system = system
  }

  func didScroll(_ offset: Int) { system.called(id) }

  func willEndDragging(velocity: Int, target: inout Int) {
    system.called(id)
    ModelAnswers.chain(&target, id)
  }

  func score() -> Int {
    system.called(id)
    return ModelAnswers.score(id) ?? notImplemented(by: self, returning: 0)
  }

  func shouldScrollToTop() -> Bool {
    system.called(id)
    return ModelAnswers.flag(id) ?? notImplemented(by: self, returning: true)
  }

  func viewForZooming() -> String? {
    system.called(id)
    guard let answer = ModelAnswers.name(id) else { return notImplemented(by: self, returning: nil) }
    return answer
  }
}

/// Combines `score()` with the combiner the current operation asks for, through `ModelDelegateCombining`.
final class ModelCombinerObject: ModelDelegateCombining {
  var scoreCombiner: Combiner<any ModelDelegate, Int, Int> = .first

  func modelDelegateMultiplexer(
    _ multiplexer: ModelDelegateMultiplexer,
    combineScore responses: inout Responses<any ModelDelegate, Int>,
    default defaultValue: Int
  ) -> Int {
    scoreCombiner.combine(&responses, default: defaultValue)
  }
}

/// The sender of the installed system: one weak delegate slot.
final class ModelSender {
  weak var delegate: (any ModelDelegate)?
}

/// The generated multiplexer, called through the protocol, as a delegate slot would.
class GeneratedSystem: ModelSystemUnderTest {
  var multiplexer = ModelDelegateMultiplexer()
  let combinerObject = ModelCombinerObject()
  /// How calls reach the multiplexer: directly, or through a sender's delegate slot.
  var delegate: any ModelDelegate { multiplexer }

  override init() {
    super.init()
    pool = (0..<modelPoolSize).map { GeneratedModelProbe(id: $0, system: self) }
  }

  override func add(_ probe: AnyObject, strong: Bool, priority: Int) -> ObservationToken {
    multiplexer.add(probe as! GeneratedModelProbe, retention: strong ? .strong : .weak, priority: priority)
  }
  override func remove(_ probe: AnyObject) { multiplexer.remove(probe as! GeneratedModelProbe) }
  override func setPrimary(_ probe: AnyObject?) { multiplexer.multiplexer.primary = probe as! GeneratedModelProbe? }
  override func notifyDidScroll(_ offset: Int) { delegate.didScroll(offset) }
  override func notifyChained(_ target: inout Int) { delegate.willEndDragging(velocity: 0, target: &target) }
  override func combine(_ combiner: ModelCombiner) -> String {
    switch combiner {
    case .first, .last, .stopAfterTwo:
      // `score()` through the generated member, with the combining object choosing the policy.
      combinerObject.scoreCombiner = combiner == .first ? .first : combiner == .last ? .last : stopAfterTwo()
      multiplexer.combiner = combinerObject
      defer { multiplexer.combiner = nil }
      // The model returns -1 when no observer responds; the protocol's default is 0.
      return "\(modelDefault(delegate.score(), whenNobodyResponds: combiner))"
    case .all: return "\(multiplexer.multiplexer.combine(using: .all, default: -1, requirement: .any) { $0.score() })"
    case .allTrue:
      return
        "\(multiplexer.multiplexer.combine(using: .allTrue, default: false, requirement: .any) { $0.shouldScrollToTop() })"
    case .anyTrue:
      return
        "\(multiplexer.multiplexer.combine(using: .anyTrue, default: true, requirement: .any) { $0.shouldScrollToTop() })"
    case .firstNonNil:
      return
        "\(multiplexer.multiplexer.combine(using: .firstNonNil, default: "none", requirement: .any) { $0.viewForZooming() } ?? "nil")"
    }
  }
  override var observerIDs: [Int] { multiplexer.observers.map { ($0 as! GeneratedModelProbe).id } }
  override var count: Int { multiplexer.count }

  /// Maps the generated default (0) to the model's "nobody responded" value (-1). Probes' scores are never 0.
  private func modelDefault(_ value: Int, whenNobodyResponds combiner: ModelCombiner) -> Int {
    value == 0 ? -1 : value
  }
}

/// The same, installed in a sender's delegate slot: every call goes through `sender.delegate`.
final class InstalledSystem: GeneratedSystem {
  let sender = ModelSender()

  override init() {
    super.init()
    multiplexer = ModelDelegateMultiplexer.install(on: sender, delegate: \.delegate)
  }

  override var delegate: any ModelDelegate { sender.delegate! }
}

@Suite("Model-based, generated")
struct GeneratedModelBasedTests {
  static var programs: Int {
    ProcessInfo.processInfo.environment["MULTIPLEX_MODEL_PROGRAMS"].flatMap(Int.init) ?? 1_500
  }
  static var firstSeed: UInt64 {
    ProcessInfo.processInfo.environment["MULTIPLEX_MODEL_SEED"].flatMap(UInt64.init) ?? 1
  }

  @Test("The generated multiplexer behaves like the reference model, call by call")
  func generatedMultiplexer() {
    let (operations, failure) = checkRandomPrograms(programs: Self.programs, firstSeed: Self.firstSeed) {
      GeneratedSystem()
    }
    if let failure { Issue.record("\(failure)") }
    print("model-based (generated): \(Self.programs) programs, \(operations) operations")
  }

  @Test("A multiplexer installed in a delegate slot behaves like the reference model, call by call")
  func installedMultiplexer() {
    let (operations, failure) = checkRandomPrograms(programs: Self.programs, firstSeed: Self.firstSeed) {
      InstalledSystem()
    }
    if let failure { Issue.record("\(failure)") }
    print("model-based (installed): \(Self.programs) programs, \(operations) operations")
  }
}
