import Foundation
@_spi(AppleRuntimePath) import Multiplex
import MultiplexTestSupport
import Testing

// The model-based randomized test on the runtime `Multiplexer`: random programs of registrations, removals,
// releases and dispatches (with mutation and reentrancy from inside calls), run against the real multiplexer and
// against the reference model of DESIGN.md §2, call by call. The programs, the model and the harness are in
// `MultiplexTestSupport`; the same programs check the generated and the installed multiplexers in
// `MultiplexMacrosTests`.
//
// MULTIPLEX_MODEL_PROGRAMS (default 3,000) and MULTIPLEX_MODEL_SEED (default 1) change the run.

/// An observer with the answers of `ModelAnswers`; every call is recorded by its system.
protocol ModelProbing: ScrollDelegate {
  var id: Int { get }
  var system: ModelSystemUnderTest { get }
}

extension ModelProbing {
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

/// A model probe; in the build that stands for Apple's runtime path, every other one is held as an Objective-C
/// object would be there (a `weak` reference, where the others are held unowned), so that the programs mix both
/// kinds.
func makeModelProbe(id: Int, system: ModelSystemUnderTest) -> any ModelProbing {
  #if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
  if id % 2 == 1 { return ObjectiveCModelProbe(id: id, system: system) }
  #endif
  return ModelProbe(id: id, system: system)
}

final class ModelProbe: ModelProbing {
  let id: Int
  unowned let system: ModelSystemUnderTest

  init(id: Int, system: ModelSystemUnderTest) {
    self.id = id
    self.system = system
  }
}

#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
/// A model probe held as an Objective-C object is on Apple platforms (see `makeModelProbe`).
final class ObjectiveCModelProbe: _ObjectiveCObjectStandIn, ModelProbing {
  let id: Int
  unowned let system: ModelSystemUnderTest

  init(id: Int, system: ModelSystemUnderTest) {
    self.id = id
    self.system = system
  }
}
#endif

/// The runtime `Multiplexer`, driven directly.
final class RuntimeSystem: ModelSystemUnderTest {
  let multiplexer = Multiplexer<any ScrollDelegate>()

  override init() {
    super.init()
    pool = (0..<modelPoolSize).map { makeModelProbe(id: $0, system: self) }
  }

  override func add(_ probe: AnyObject, strong: Bool, priority: Int) -> ObservationToken {
    multiplexer.add(probe as! any ModelProbing, retention: strong ? .strong : .weak, priority: priority)
  }
  override func remove(_ probe: AnyObject) { multiplexer.remove(probe as! any ModelProbing) }
  override func setPrimary(_ probe: AnyObject?) { multiplexer.primary = probe as! (any ModelProbing)? }
  override func notifyDidScroll(_ offset: Int) { multiplexer.notify { $0.didScroll(offset) } }
  override func notifyChained(_ target: inout Int) {
    multiplexer.notify { $0.willEndDragging(velocity: 0, target: &target) }
  }
  override func combine(_ combiner: ModelCombiner) -> String {
    switch combiner {
    case .first: "\(multiplexer.combine(using: .first, default: -1, requirement: .any) { $0.score() })"
    case .last: "\(multiplexer.combine(using: .last, default: -1, requirement: .any) { $0.score() })"
    case .all: "\(multiplexer.combine(using: .all, default: -1, requirement: .any) { $0.score() })"
    case .allTrue:
      "\(multiplexer.combine(using: .allTrue, default: false, requirement: .any) { $0.shouldScrollToTop() })"
    case .anyTrue:
      "\(multiplexer.combine(using: .anyTrue, default: true, requirement: .any) { $0.shouldScrollToTop() })"
    case .firstNonNil:
      "\(multiplexer.combine(using: .firstNonNil, default: "none", requirement: .any) { $0.viewForZooming() } ?? "nil")"
    case .stopAfterTwo: "\(multiplexer.combine(using: stopAfterTwo(), default: -1, requirement: .any) { $0.score() })"
    }
  }
  override var observerIDs: [Int] { multiplexer.observers.map { ($0 as! any ModelProbing).id } }
  override var count: Int { multiplexer.count }
}

@Suite("Model-based")
struct ModelBasedTests {
  @Test("Random programs behave exactly like the reference model, call by call")
  func randomPrograms() {
    let environment = ProcessInfo.processInfo.environment
    let programs = environment["MULTIPLEX_MODEL_PROGRAMS"].flatMap(Int.init) ?? 3_000
    let firstSeed = environment["MULTIPLEX_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let (operations, failure) = checkRandomPrograms(programs: programs, firstSeed: firstSeed) { RuntimeSystem() }
    if let failure { Issue.record("\(failure)") }
    print("model-based (runtime): \(programs) programs, \(operations) operations, \(failure == nil ? 0 : 1) divergence")
  }

  @Test("The model encodes the rules it checks: an observer added mid-dispatch waits for the next dispatch")
  func modelEncodesRules() {
    let program: [ModelOperation] = [
      .add(0, strong: false, priority: 0),
      .void(hook: 0, action: .add(1, strong: false, priority: 1)),
      .void(hook: nil, action: nil),
    ]
    #expect(firstDivergence(program) { RuntimeSystem() } == nil)
    let model = ModelWorld()
    _ = model.run(program[0])
    #expect(model.run(program[1]).calls == ["0@1"])
    #expect(model.run(program[2]).calls == ["1@2", "0@2"])
  }
}
