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
}
