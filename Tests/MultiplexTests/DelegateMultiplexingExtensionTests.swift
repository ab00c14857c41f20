import Multiplex
import Testing

/// The members generated multiplexers get from the runtime instead of declaring them: `DelegateMultiplexing`'s
/// registration API and the forwarding entry points their members call.
@Suite("DelegateMultiplexing's registration API and forwarding entry points")
struct DelegateMultiplexingExtensionTests {
  /// A multiplexer written by hand, as `@Multiplexed` now generates them: no registration API of its own.
  final class Forwarder: ScrollDelegate, DelegateMultiplexing {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    var asDelegate: any ScrollDelegate { self }
    var changes = 0

    func observersDidChange() { changes += 1 }
  }

  final class Scorer: ScrollDelegate {
    let value: Int
    init(_ value: Int) { self.value = value }
    func score() -> Int { value }
  }

  final class Silent: ScrollDelegate {}

  /// Combines by summing, to tell a combining delegate's answer from the policy's.
  final class Summing {
    func sum(_ responses: inout Responses<any ScrollDelegate, Int>, _ defaultValue: Int) -> Int {
      var total = 0
      while let response = responses.next() { total += response.value }
      return total
    }
  }

  /// Combines by adding the answers to the default, to see the default a combining delegate gets.
  final class DefaultAdder {
    func add(_ responses: inout Responses<any ScrollDelegate, Int>, _ defaultValue: Int) -> Int {
      var total = defaultValue
      while let response = responses.next() { total += response.value }
      return total
    }
  }

  @Test("add, remove, removeAndWait and removeAll change the observers and call observersDidChange")
  func registrationThroughTheExtension() {
    let forwarder = Forwarder()
    let first = Scorer(1)
    let second = Scorer(2)
    forwarder.add(first)
    forwarder.add(second, retention: .strong, priority: 5)
    #expect(forwarder.count == 2)
    #expect(!forwarder.isEmpty)
    #expect(forwarder.contains(first))
    #expect(forwarder.observers.map { ($0 as! Scorer).value } == [2, 1])
    #expect(forwarder.changes == 2)
    forwarder.remove(second)
    #expect(!forwarder.contains(second))
    forwarder.removeAndWait(first)
    #expect(forwarder.isEmpty)
    forwarder.add(first)
    forwarder.removeAll()
    #expect(forwarder.count == 0)
    #expect(forwarder.changes == 6)
  }

  @Test("The default observersDidChange does nothing")
  func defaultObserversDidChange() {
    final class Plain: ScrollDelegate, DelegateMultiplexing {
      let multiplexer = Multiplexer<any ScrollDelegate>()
      var asDelegate: any ScrollDelegate { self }
    }
    let plain = Plain()
    let scorer = Scorer(3)
    plain.add(scorer, retention: .strong)
    plain.observersDidChange()
    #expect(plain.observers.count == 1)
  }

  @Test("_forward: the combining delegate decides when one is set, the policy otherwise; non-responders skipped")
  func forwardPicksTheCombinerOrThePolicy() {
    let forwarder = Forwarder()
    let silent = Silent()
    let scorers = [Scorer(4), Scorer(5)]
    forwarder.add(silent, retention: .strong)
    for scorer in scorers { forwarder.add(scorer, retention: .strong) }
    func score(combiner: Summing?) -> Int {
      forwarder.multiplexer._forward(.first, default: -1, requirement: "score()", combiner: combiner) {
        $0.sum(&$1, $2)
      } _: {
        $0.score()
      }
    }
    // Without a policy: the first responding observer's answer.
    func firstScore(combiner: Summing?) -> Int {
      forwarder.multiplexer._forward(default: -1, requirement: "score()", combiner: combiner) {
        $0.sum(&$1, $2)
      } _: {
        $0.score()
      }
    }
    #expect(score(combiner: nil) == 4)
    #expect(score(combiner: Summing()) == 9)
    #expect(firstScore(combiner: nil) == 4)
    #expect(firstScore(combiner: Summing()) == 9)
    #expect(
      forwarder.multiplexer._forward(.last, default: -1, requirement: "score()", combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: {
        $0.score()
      } == 5
    )
  }

  @Test(
    "_combineImplementing and _notifyImplementing: nil is not implemented; nobody implementing calls observersDidChange"
  )
  func implementingForwarders() {
    let forwarder = Forwarder()
    let silent = Silent()
    let scorer = Scorer(7)
    forwarder.add(silent, retention: .strong)
    forwarder.add(scorer, retention: .strong)
    let changesBefore = forwarder.changes
    // As `observer.method?(…)` answers: `nil` for an observer that does not implement the requirement.
    let implemented: (any ScrollDelegate) -> Int? = { ($0 as? Scorer)?.value }
    func answer(combiner: Summing?, _ call: (any ScrollDelegate) -> Int?) -> Int {
      forwarder._combineImplementing(.first, default: -1, combiner: combiner) {
        $0.sum(&$1, $2)
      } _: {
        call($0)
      }
    }
    func firstAnswer(combiner: Summing?, _ call: (any ScrollDelegate) -> Int?) -> Int {
      forwarder._combineImplementing(default: -1, combiner: combiner) {
        $0.sum(&$1, $2)
      } _: {
        call($0)
      }
    }
    #expect(answer(combiner: nil, implemented) == 7)
    #expect(answer(combiner: Summing(), implemented) == 7)
    #expect(firstAnswer(combiner: nil, implemented) == 7)
    #expect(firstAnswer(combiner: Summing(), implemented) == 7)
    #expect(forwarder.changes == changesBefore)
    #expect(firstAnswer(combiner: nil) { _ in nil } == -1)
    #expect(forwarder.changes == changesBefore + 1)
    forwarder.changes = changesBefore
    // Nobody implements it: the default, and the multiplexer hears that its senders' answers may be stale.
    #expect(answer(combiner: nil) { _ in nil } == -1)
    #expect(forwarder.changes == changesBefore + 1)
    var called: [Int] = []
    forwarder._notifyImplementing { observer -> Void? in
      guard let scorer = observer as? Scorer else { return nil }
      called.append(scorer.value)
      return ()
    }
    #expect(called == [7])
    #expect(forwarder.changes == changesBefore + 1)
    forwarder._notifyImplementing { _ in nil }
    #expect(forwarder.changes == changesBefore + 2)
  }

  /// An error an observer throws, naming it.
  struct Refusal: Error, Equatable {
    let value: Int
  }

  /// A scorer whose `score()` is called through `call`, which may throw or suspend.
  final class Thrower: ScrollDelegate {
    let value: Int
    let throwing: Bool
    init(_ value: Int, throwing: Bool = false) {
      self.value = value
      self.throwing = throwing
    }
    func answer(_ log: inout [String]) throws(Refusal) -> Int {
      log.append("observer \(value)")
      if throwing { throw Refusal(value: value) }
      return value
    }
  }

  @Test("_forward(moduleDefault:): the protocol's default is asked once, only when no observer answers")
  func forwardAsksTheModuleDefaultLazily() throws {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    var log: [String] = []
    func moduleDefault() throws(Refusal) -> Int {
      log.append("default")
      return 100
    }
    func score(
      _ policy: Combiner<any ScrollDelegate, Int?, Int?> = .first,
      combiner: Summing? = nil
    ) throws(Refusal)
      -> Int
    {
      try multiplexer._forward(
        policy,
        moduleDefault: moduleDefault,
        requirement: "score()",
        combiner: combiner
      ) {
        $0.sum(&$1, $2)
      } _: { (observer) throws(Refusal) -> Int in
        try (observer as! Thrower).answer(&log)
      }
    }
    // No observer: the default, asked once.
    #expect(try score() == 100)
    #expect(log == ["default"])
    // Observers answer: the default is not asked.
    let observers = [Thrower(3), Thrower(4)]
    for observer in observers { multiplexer.add(observer) }
    log = []
    #expect(try score() == 3)
    #expect(try score(.last) == 4)
    #expect(log == ["observer 3", "observer 4", "observer 3", "observer 4"])
    // A combiner: the default asked once, before the observers, as its `default`.
    log = []
    #expect(try score(combiner: Summing()) == 7)
    let combiner = DefaultAdder()
    #expect(
      try multiplexer._forward(
        moduleDefault: moduleDefault,
        requirement: "score()",
        combiner: combiner
      ) {
        $0.add(&$1, $2)
      } _: { (observer) throws(Refusal) -> Int in
        try (observer as! Thrower).answer(&log)
      } == 107
    )
    #expect(log == ["default", "observer 3", "observer 4", "default", "observer 3", "observer 4"])
    // An observer's error is rethrown after every observer; the default is not asked.
    let failing = Thrower(5, throwing: true)
    multiplexer.add(failing, priority: 1)
    log = []
    #expect(throws: Refusal(value: 5)) { try score() }
    #expect(log == ["observer 5", "observer 3", "observer 4"])
    withExtendedLifetime((observers, failing)) {}
  }

  @Test("_forward(firstNonNilOr:): the protocol's default answers when every answer is nil")
  func forwardFirstNonNilOrModuleDefault() {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    let observers = [Scorer(0), Scorer(2), Scorer(3)]
    for observer in observers { multiplexer.add(observer) }
    var asked = 0
    func nonNilDefault() -> String? {
      asked += 1
      return "default"
    }
    func zoom(_ answers: [Int: String]) -> String? {
      multiplexer._forward(
        firstNonNilOr: nonNilDefault,
        requirement: "viewForZooming()",
        combiner: Summing?.none
      ) { _, _, defaultValue in
        defaultValue
      } _: {
        answers[($0 as! Scorer).value]
      }
    }
    #expect(zoom([2: "two", 3: "three"]) == "two")
    #expect(asked == 0)
    #expect(zoom([:]) == "default")
    #expect(asked == 1)
    withExtendedLifetime(observers) {}
  }

  @Test("async _forward: every observer awaited in order, the combiner or the policy, the lazy default, errors")
  func asyncForward() async throws {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    var log: [String] = []
    let observers = [Thrower(3), Thrower(4)]
    for observer in observers { multiplexer.add(observer) }
    func call(_ observer: any ScrollDelegate) async throws(Refusal) -> Int {
      await Task.yield()
      return try (observer as! Thrower).answer(&log)
    }
    #expect(
      try await multiplexer._forward(default: -1, requirement: "score()", combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int in
        try await call(observer)
      } == 3
    )
    #expect(
      try await multiplexer._forward(.last, default: -1, requirement: "score()", combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int in
        try await call(observer)
      } == 4
    )
    #expect(
      try await multiplexer._forward(default: -1, requirement: "score()", combiner: Summing()) {
        $0.sum(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int in
        try await call(observer)
      } == 7
    )
    #expect(log == ["observer 3", "observer 4", "observer 3", "observer 4", "observer 3", "observer 4"])

    func asyncModuleDefault() async throws(Refusal) -> Int {
      await Task.yield()
      log.append("default")
      return 100
    }
    func lazy(_ multiplexer: Multiplexer<any ScrollDelegate>, combiner: DefaultAdder?) async throws(Refusal) -> Int {
      try await multiplexer._forward(
        moduleDefault: asyncModuleDefault,
        requirement: "score()",
        combiner: combiner
      ) {
        $0.add(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int in
        try await call(observer)
      }
    }
    log = []
    #expect(try await lazy(multiplexer, combiner: nil) == 3)
    #expect(try await lazy(Multiplexer(), combiner: nil) == 100)
    #expect(try await lazy(multiplexer, combiner: DefaultAdder()) == 107)
    // With a combiner, the default is awaited once, after the observers (before them in the synchronous form).
    #expect(log == ["observer 3", "observer 4", "default", "observer 3", "observer 4", "default"])

    var asked = 0
    func asyncNonNilDefault() async -> String? {
      await Task.yield()
      asked += 1
      return "default"
    }
    func note(_ answers: [Int: String]) async -> String? {
      await multiplexer._forward(
        firstNonNilOr: asyncNonNilDefault,
        requirement: "viewForZooming()",
        combiner: Summing?.none
      ) { _, _, defaultValue in
        defaultValue
      } _: { observer in
        await Task.yield()
        return answers[(observer as! Thrower).value]
      }
    }
    #expect(await note([4: "four"]) == "four")
    #expect(asked == 0)
    #expect(await note([:]) == "default")
    #expect(asked == 1)

    // With a combiner: the default is asked once, after the observers, as the combining step's default, and the
    // combiner's answer is final, `nil` included.
    var askedWhenCalled: [Int] = []
    func combined(answering answer: String?) async -> String? {
      await multiplexer._forward(
        firstNonNilOr: asyncNonNilDefault,
        requirement: "viewForZooming()",
        combiner: Summing()
      ) { _, _, defaultValue in
        #expect(defaultValue == "default")
        return answer
      } _: { _ in
        askedWhenCalled.append(asked)
        return nil
      }
    }
    asked = 0
    #expect(await combined(answering: nil) == nil)
    #expect(asked == 1)
    #expect(await combined(answering: "combined") == "combined")
    #expect(asked == 2)
    #expect(askedWhenCalled == [0, 0, 1, 1])

    // A default that throws, with a combiner: every observer is called first, then its error is thrown.
    func throwingModuleDefault() async throws(Refusal) -> Int {
      log.append("default")
      throw Refusal(value: 100)
    }
    log = []
    await #expect(throws: Refusal(value: 100)) {
      try await multiplexer._forward(moduleDefault: throwingModuleDefault, combiner: DefaultAdder()) {
        $0.add(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int in
        try await call(observer)
      }
    }
    #expect(log == ["observer 3", "observer 4", "default"])

    let failing = [Thrower(5, throwing: true), Thrower(6, throwing: true)]
    for observer in failing { multiplexer.add(observer, priority: 1) }
    log = []
    await #expect(throws: Refusal(value: 5)) { try await lazy(multiplexer, combiner: nil) }
    #expect(log == ["observer 5", "observer 6", "observer 3", "observer 4"])
    // An observer throws, with a combiner: the default is not asked.
    log = []
    await #expect(throws: Refusal(value: 5)) { try await lazy(multiplexer, combiner: DefaultAdder()) }
    #expect(log == ["observer 5", "observer 6", "observer 3", "observer 4"])
    withExtendedLifetime((observers, failing)) {}
  }

  @Test("Throwing and async _combineImplementing and _notifyImplementing")
  func throwingAndAsyncImplementingForwarders() async throws {
    let forwarder = Forwarder()
    let silent = Silent()
    let scorers = [Thrower(7), Thrower(8, throwing: true), Thrower(9, throwing: true)]
    forwarder.add(silent, retention: .strong)
    for scorer in scorers { forwarder.add(scorer) }
    let changesBefore = forwarder.changes
    var log: [String] = []
    // As `try observer.method?(…)` answers: `nil` for an observer that does not implement the requirement.
    func implemented(_ observer: any ScrollDelegate) throws(Refusal) -> Int? {
      try (observer as? Thrower)?.answer(&log)
    }
    #expect(throws: Refusal(value: 8)) {
      try forwarder._combineImplementing(default: -1, combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { (observer) throws(Refusal) -> Int? in
        try implemented(observer)
      }
    }
    #expect(throws: Refusal(value: 8)) {
      try forwarder._notifyImplementing { (observer) throws(Refusal) -> Void? in
        try implemented(observer).map { _ in () }
      }
    }
    #expect(log == ["observer 7", "observer 8", "observer 9", "observer 7", "observer 8", "observer 9"])
    #expect(forwarder.changes == changesBefore)

    // `async`: awaited in order; the first error after every observer; nobody implementing calls
    // `observersDidChange()`.
    log = []
    func asyncImplemented(_ observer: any ScrollDelegate) async throws(Refusal) -> Int? {
      await Task.yield()
      return try implemented(observer)
    }
    await #expect(throws: Refusal(value: 8)) {
      try await forwarder._combineImplementing(default: -1, combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { (observer) async throws(Refusal) -> Int? in
        try await asyncImplemented(observer)
      }
    }
    await #expect(throws: Refusal(value: 8)) {
      try await forwarder._notifyImplementing { (observer) async throws(Refusal) -> Void? in
        try await asyncImplemented(observer).map { _ in () }
      }
    }
    #expect(log == ["observer 7", "observer 8", "observer 9", "observer 7", "observer 8", "observer 9"])
    #expect(forwarder.changes == changesBefore)
    #expect(
      await forwarder._combineImplementing(.last, default: -1, combiner: Summing()) {
        $0.sum(&$1, $2)
      } _: { observer in
        await Task.yield()
        return (observer as? Thrower)?.value
      } == 24
    )
    #expect(
      await forwarder._combineImplementing(.last, default: -1, combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { observer in
        await Task.yield()
        return (observer as? Thrower)?.value
      } == 9
    )
    #expect(forwarder.changes == changesBefore)
    #expect(
      await forwarder._combineImplementing(default: -1, combiner: Summing?.none) {
        $0.sum(&$1, $2)
      } _: { _ async -> Int? in
        nil
      } == -1
    )
    #expect(forwarder.changes == changesBefore + 1)
    await forwarder._notifyImplementing { _ async -> Void? in nil }
    #expect(forwarder.changes == changesBefore + 2)
    withExtendedLifetime(scorers) {}
  }

  @Test("_decide: the first responding observer only; otherwise the default implementation, once; errors")
  func decideReachesOneObserver() throws {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    var log: [String] = []
    func otherwise() throws(Refusal) { log.append("default") }
    func decide(_ multiplexer: Multiplexer<any ScrollDelegate>) throws(Refusal) {
      try multiplexer._decide(requirement: "score()", otherwise: otherwise) { (observer) throws(Refusal) in
        // An observer that does not implement it does not respond, as a generated default implementation marks.
        guard let thrower = observer as? Thrower else {
          Multiplex.notImplemented(by: observer, returning: (), requirement: "score()")
          return
        }
        _ = try thrower.answer(&log)
      }
    }
    try decide(multiplexer)
    #expect(log == ["default"])
    let silent = Silent()
    let observers = [Thrower(3), Thrower(4)]
    multiplexer.add(silent, retention: .strong)
    for observer in observers { multiplexer.add(observer) }
    log = []
    try decide(multiplexer)
    #expect(log == ["observer 3"])
    // Without a default implementation, nobody is called when nobody responds.
    log = []
    Multiplexer<any ScrollDelegate>()._decide(requirement: "score()") { _ in log.append("called") }
    #expect(log.isEmpty)
    // An observer that throws does not respond: the next one decides, then the error is rethrown (and the
    // default implementation is not called).
    let failing = Thrower(5, throwing: true)
    multiplexer.add(failing, priority: 1)
    log = []
    #expect(throws: Refusal(value: 5)) { try decide(multiplexer) }
    #expect(log == ["observer 5", "observer 3"])
    withExtendedLifetime((observers, failing)) {}
  }

  @Test("_decideImplementing: the first observer that implements it only; nobody implementing calls observersDidChange")
  func decideImplementingReachesOneObserver() {
    let forwarder = Forwarder()
    let silent = Silent()
    let scorers = [Scorer(7), Scorer(8)]
    forwarder.add(silent, retention: .strong)
    for scorer in scorers { forwarder.add(scorer) }
    let changesBefore = forwarder.changes
    var called: [Int] = []
    // As `observer.method?(…)` answers: `nil` for an observer that does not implement the requirement.
    forwarder._decideImplementing { observer -> Void? in
      guard let scorer = observer as? Scorer else { return nil }
      called.append(scorer.value)
      return ()
    }
    #expect(called == [7])
    #expect(forwarder.changes == changesBefore)
    forwarder._decideImplementing { _ in nil }
    #expect(forwarder.changes == changesBefore + 1)
    withExtendedLifetime(scorers) {}
  }
}
