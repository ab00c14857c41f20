import Multiplex
import Testing

/// The acceptance scenario, written against the public API only (no `@_spi`, no `@testable`).
@Suite("Acceptance")
struct AcceptanceTests {
  @Test("Three observers, one removed, one deallocated; Void, inout and returning calls with every policy")
  func publicAPIScenario() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    var b: Probe? = Probe("b", log: log)
    let c = Probe("c", log: log)
    let d = Probe("d", log: log)
    multiplexer.observers.add(a)
    multiplexer.observers.add(b!)
    multiplexer.observers.add(c)
    multiplexer.observers.add(d)
    #expect(multiplexer.observers.count == 4)

    multiplexer.observers.remove(c)  // removed
    b = nil  // deallocated: nobody calls remove
    #expect(multiplexer.observers.count == 2)

    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "d.didScroll(1)"])

    a.targetAdjustment = 7
    d.targetAdjustment = 100
    var target = 0
    multiplexer.willEndDragging(velocity: 1, target: &target)
    #expect(target == 107)

    // Returning calls: a does not respond; d responds.
    d.zoomAnswer = .some("d")
    #expect(multiplexer.viewForZooming() == "d")  // default policy: first responder
    a.scoreAnswer = 1
    d.scoreAnswer = 2
    #expect(multiplexer.observers.combine(using: .last, default: 0, requirement: .any) { $0.score() } == 2)  // built-in
    let sum = Combiner<any ScrollDelegate, Int, Int> { responses, defaultValue in
      responses.reduce(defaultValue) { $0 + $1.value }
    }
    #expect(multiplexer.observers.combine(using: sum, default: 10, requirement: .any) { $0.score() } == 13)  // custom
    #expect(multiplexer.shouldScrollToTop() == true)  // nobody responds: the default
  }
}
