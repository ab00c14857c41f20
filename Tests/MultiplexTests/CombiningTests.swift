import Multiplex
import Testing

@Suite("Combining results")
struct CombiningTests {
  /// a: does not respond, b: "b", c: does not respond, d: "d"; every call is logged.
  private func fixture() -> (ScrollDelegateMultiplexer, Log, [Probe]) {
    let log = Log()
    let probes = ["a", "b", "c", "d"].map { Probe($0, log: log) }
    defer { withExtendedLifetime(probes) {} }
    probes[1].zoomAnswer = .some("b")
    probes[3].zoomAnswer = .some("d")
    let multiplexer = ScrollDelegateMultiplexer()
    for probe in probes { multiplexer.observers.add(probe) }
    return (multiplexer, log, probes)
  }

  @Test("Default: every observer is called and the first responder's answer is returned")
  func firstResponderByDefault() {
    let (multiplexer, log, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    #expect(multiplexer.viewForZooming() == "b")
    #expect(log.events == ["a.viewForZooming", "b.viewForZooming", "c.viewForZooming", "d.viewForZooming"])
  }

  @Test("A responder that answers nil still wins over later responders")
  func nilAnswerCounts() {
    let (multiplexer, _, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    probes[0].zoomAnswer = .some(nil)
    #expect(multiplexer.viewForZooming() == nil)
    #expect(
      multiplexer.observers.combine(using: .firstNonNil, default: "none", requirement: .any) { $0.viewForZooming() }
        == "b"
    )
  }

  @Test("No responder: the default value is returned (shouldScrollToTop defaults to true)")
  func defaultWhenNobodyResponds() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    #expect(multiplexer.shouldScrollToTop() == true)
    #expect(multiplexer.viewForZooming() == nil)
    let a = Probe("a", log: log)
    let silent = Silent()
    defer { withExtendedLifetime((a, silent)) {} }
    multiplexer.observers.add(a)
    multiplexer.observers.add(silent)
    #expect(multiplexer.shouldScrollToTop() == true)
    #expect(multiplexer.observers.combine(default: false, requirement: .any) { $0.shouldScrollToTop() } == false)
    #expect(multiplexer.score() == 0)
    #expect(log.events == ["a.shouldScrollToTop", "a.shouldScrollToTop", "a.score"])
  }

  @Test("A responding `false` beats the default `true`")
  func respondingFalse() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    b.scrollToTopAnswer = false
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    #expect(multiplexer.shouldScrollToTop() == false)
  }

  @Test("Built-in combiners: first, last, all, firstNonNil")
  func builtInCombiners() {
    let (multiplexer, log, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    let observers = multiplexer.observers
    #expect(observers.combine(using: .first, default: "x", requirement: .any) { $0.viewForZooming() } == "b")
    #expect(observers.combine(using: .last, default: "x", requirement: .any) { $0.viewForZooming() } == "d")
    #expect(observers.combine(using: .all, default: "x", requirement: .any) { $0.viewForZooming() } == ["b", "d"])
    #expect(observers.combine(using: .firstNonNil, default: "x", requirement: .any) { $0.viewForZooming() } == "b")
    // Every built-in combiner calls every observer.
    #expect(log.events.count == 16)
    let empty = Multiplexer<any ScrollDelegate>()
    #expect(empty.combine(using: .first, default: "x", requirement: .any) { $0.viewForZooming() } == "x")
    #expect(empty.combine(using: .last, default: "x", requirement: .any) { $0.viewForZooming() } == "x")
    #expect(empty.combine(using: .all, default: "x", requirement: .any) { $0.viewForZooming() } == [])
    #expect(empty.combine(using: .firstNonNil, default: "x", requirement: .any) { $0.viewForZooming() } == "x")
  }

  @Test("firstNonNil falls back to the default when every answer is nil")
  func firstNonNilAllNil() {
    let (multiplexer, _, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    probes[1].zoomAnswer = .some(nil)
    probes[3].zoomAnswer = .some(nil)
    #expect(
      multiplexer.observers.combine(using: .firstNonNil, default: "fallback", requirement: .any) { $0.viewForZooming() }
        == "fallback"
    )
  }

  @Test("allTrue and anyTrue, with and without responders; every responder is called")
  func booleanCombiners() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let observers = multiplexer.observers
    #expect(observers.combine(using: .allTrue, default: false, requirement: .any) { $0.shouldScrollToTop() } == false)
    #expect(observers.combine(using: .anyTrue, default: true, requirement: .any) { $0.shouldScrollToTop() } == true)
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    for probe in [a, b, c] { observers.add(probe) }
    a.scrollToTopAnswer = true
    b.scrollToTopAnswer = false
    // c does not respond.
    #expect(observers.combine(using: .allTrue, default: true, requirement: .any) { $0.shouldScrollToTop() } == false)
    #expect(observers.combine(using: .anyTrue, default: false, requirement: .any) { $0.shouldScrollToTop() } == true)
    #expect(log.events.count == 6)
    b.scrollToTopAnswer = true
    #expect(observers.combine(using: .allTrue, default: false, requirement: .any) { $0.shouldScrollToTop() } == true)
    a.scrollToTopAnswer = false
    b.scrollToTopAnswer = false
    #expect(observers.combine(using: .anyTrue, default: true, requirement: .any) { $0.shouldScrollToTop() } == false)
  }

  @Test("A built-in combiner used inside a custom one combines the responses as the dispatch loop does")
  func builtInCombinersOverResponses() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    for probe in [a, b, c] { observers.add(probe) }
    a.scrollToTopAnswer = true
    b.scrollToTopAnswer = false
    // c does not respond.
    func pulled(_ builtIn: Combiner<any ScrollDelegate, Bool, Bool>, default defaultValue: Bool) -> Bool {
      let combiner = Combiner<any ScrollDelegate, Bool, Bool> { responses, defaultValue in
        builtIn.combine(&responses, default: defaultValue)
      }
      return observers.combine(using: combiner, default: defaultValue, requirement: .any) { $0.shouldScrollToTop() }
    }
    for builtIn in [Combiner<any ScrollDelegate, Bool, Bool>.allTrue, .anyTrue, .first, .last] {
      for defaultValue in [false, true] {
        #expect(
          pulled(builtIn, default: defaultValue)
            == observers.combine(using: builtIn, default: defaultValue, requirement: .any) { $0.shouldScrollToTop() }
        )
      }
    }
    #expect(pulled(.allTrue, default: true) == false)
    #expect(pulled(.anyTrue, default: false) == true)
    #expect(pulled(.first, default: false) == true)
    #expect(pulled(.last, default: true) == false)
    let empty = Multiplexer<any ScrollDelegate>()
    #expect(empty.combine(using: .allTrue, default: false, requirement: .any) { $0.shouldScrollToTop() } == false)
    #expect(empty.combine(using: .last, default: true, requirement: .any) { $0.shouldScrollToTop() } == true)
  }

  @Test("A custom combiner receives responses lazily and can stop early")
  func customCombinerStopsEarly() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let probes = (1...5).map { Probe("p\($0)", log: log) }
    defer { withExtendedLifetime(probes) {} }
    for (index, probe) in probes.enumerated() {
      probe.scoreAnswer = index == 1 ? nil : (index + 1) * 10  // p2 does not respond
      observers.add(probe)
    }
    let firstAbove25 = Combiner<any ScrollDelegate, Int, Int> { responses, defaultValue in
      for response in responses where response.value > 25 { return response.value }
      return defaultValue
    }
    #expect(observers.combine(using: firstAbove25, default: -1, requirement: .any) { $0.score() } == 30)
    #expect(log.events == ["p1.score", "p2.score", "p3.score"])
    log.clear()
    #expect(observers.combine(using: firstAbove25, default: -1, requirement: .any) { _ in 0 } == -1)
  }

  /// A combiner is `Sendable`: a shared one can live in a static property (Swift 6 requires static stored
  /// properties to be `Sendable`; this would not compile otherwise) and be used from any thread.
  static let sharedLast = Combiner<any ScrollDelegate, Int, Int> { responses, defaultValue in
    var last = defaultValue
    while let response = responses.next() { last = response.value }
    return last
  }

  @Test("A combiner is Sendable: kept in a static property, used from another thread")
  func combinerIsSendable() async {
    let (multiplexer, _, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    let combiner = Self.sharedLast
    let fromAnotherTask = await Task.detached { combiner }.value
    #expect(
      multiplexer.observers.combine(using: fromAnotherTask, default: -1, requirement: .any) { $0.score() }
        == multiplexer.observers.combine(using: .last, default: -1, requirement: .any) { $0.score() }
    )
  }

  @Test("A custom combiner sees the observer of each response (MDF: pick a specific observer)")
  func combinerPicksObserver() {
    let (multiplexer, _, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    // A combiner is `Sendable`: it names the observer it prefers by identity, not by holding it.
    let preferred = ObjectIdentifier(probes[3])
    let fromPreferred = Combiner<any ScrollDelegate, String?, String?> { responses, defaultValue in
      var result = defaultValue
      for response in responses where ObjectIdentifier(response.observer) == preferred { result = response.value }
      return result
    }
    #expect(
      multiplexer.observers.combine(using: fromPreferred, default: nil, requirement: .any) { $0.viewForZooming() }
        == "d"
    )
  }

  @Test("Non-responders are skipped in the responses a combiner sees")
  func responsesSkipNonResponders() {
    let (multiplexer, _, probes) = fixture()
    defer { withExtendedLifetime(probes) {} }
    let names = Combiner<any ScrollDelegate, String?, [String]> { responses, _ in
      responses.map { ($0.observer as! Probe).name }
    }
    #expect(
      multiplexer.observers.combine(using: names, default: nil, requirement: .any) { $0.viewForZooming() } == [
        "b", "d",
      ]
    )
  }

  @Test("An observer that responds and dispatches through another multiplexer still counts as responding")
  func nestedDispatchKeepsResponse() {
    let log = Log()
    let inner = ScrollDelegateMultiplexer()
    let innerObservers: [any ScrollDelegate] = [Silent(), Probe("innerProbe", log: log)]
    defer { withExtendedLifetime(innerObservers) {} }
    for observer in innerObservers { inner.observers.add(observer) }

    final class Forwarding: ScrollDelegate {
      let inner: ScrollDelegateMultiplexer
      init(_ inner: ScrollDelegateMultiplexer) { self.inner = inner }
      func score() -> Int {
        // The inner call ends with a non-responding observer; that must not mark this observer.
        _ = inner.score()
        inner.didScroll(0)
        return 42
      }
    }
    let outer = ScrollDelegateMultiplexer()
    let forwarding = Forwarding(inner)
    outer.observers.add(forwarding)
    #expect(outer.score() == 42)
    let all = outer.observers.combine(using: .all, default: 0, requirement: .any) { $0.score() }
    #expect(all == [42])
    #expect(
      log.events == ["innerProbe.score", "innerProbe.didScroll(0)", "innerProbe.score", "innerProbe.didScroll(0)"]
    )
  }

  @Test("A multiplexer registered in another one responds only if one of its observers does")
  func nestedMultiplexerPropagatesNotResponding() {
    let log = Log()
    let outer = ScrollDelegateMultiplexer()
    let responder = Probe("responder", log: log)
    responder.scoreAnswer = 7

    /// Forwards like a generated multiplexer and reports "not implemented" when no observer responded.
    final class PropagatingMultiplexer: ScrollDelegate {
      let observers = Multiplexer<any ScrollDelegate>()
      func score() -> Int {
        let answers = observers.combine(using: .all, default: 0, requirement: .any) { $0.score() }
        return answers.first ?? notImplemented(by: self, returning: 0)
      }
    }
    let propagating = PropagatingMultiplexer()
    let silent = Silent()
    propagating.observers.add(silent)
    outer.observers.add(propagating)
    outer.observers.add(responder)
    #expect(outer.score() == 7)
    responder.scoreAnswer = nil
    #expect(outer.score() == 0)
    #expect(outer.observers.combine(using: .all, default: -1, requirement: .any) { $0.score() } == [])
    withExtendedLifetime(silent) {}
  }
}
