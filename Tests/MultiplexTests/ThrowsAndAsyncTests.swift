import Multiplex
import Testing

@Suite("Throwing and asynchronous calls")
struct ThrowsAndAsyncTests {
  @Test("throws: every observer is called and the first error is rethrown")
  func throwingVoidCall() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let probes = ["a", "b", "c", "d"].map { Probe($0, log: log) }
    defer { withExtendedLifetime(probes) {} }
    probes[1].failure = ProbeError(name: "b")
    probes[2].failure = ProbeError(name: "c")
    for probe in probes { multiplexer.observers.add(probe) }
    #expect(throws: ProbeError(name: "b")) { try multiplexer.validate(1) }
    #expect(log.events == ["a.validate", "b.validate", "c.validate", "d.validate"])
  }

  @Test("throws: no error when nobody throws")
  func throwingWithoutErrors() throws {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    multiplexer.observers.add(a)
    try multiplexer.validate(1)
    #expect(try multiplexer.check(1) == nil)
    #expect(log.events == ["a.validate", "a.check"])
  }

  @Test("throws with a result: observers after the failing one still run; the error replaces the result")
  func throwingReturningCall() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    a.failure = ProbeError(name: "a")
    c.checkAnswer = .some(3)
    for probe in [a, b, c] { multiplexer.observers.add(probe) }
    #expect(throws: ProbeError(name: "a")) { try multiplexer.check(1) }
    #expect(log.events == ["a.check", "b.check", "c.check"])
    a.failure = nil
    #expect((try? multiplexer.check(1)) == .some(3))
  }

  @Test("throws through a custom combiner: the first error is rethrown after the combiner returns")
  func throwingCombiner() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.checkAnswer = .some(1)
    b.failure = ProbeError(name: "b")
    observers.add(a)
    observers.add(b)
    #expect(throws: ProbeError(name: "b")) {
      try observers.combine(using: .all, default: nil, requirement: .any) { try $0.check(0) }
    }
  }

  @Test("Typed throws are preserved")
  func typedThrows() {
    let observers = Multiplexer<any ScrollDelegate>()
    let silent = Silent()
    defer { withExtendedLifetime(silent) {} }
    observers.add(silent)
    do {
      try observers.notify { (_: any ScrollDelegate) throws(ProbeError) in throw ProbeError(name: "typed") }
      Issue.record("expected an error")
    } catch {
      #expect(error == ProbeError(name: "typed"))  // `error` is a ProbeError, not `any Error`
    }
  }

  @Test("async Void calls are awaited in order")
  func asyncNotify() async {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let probes = ["a", "b", "c"].map { Probe($0, log: log) }
    defer { withExtendedLifetime(probes) {} }
    for probe in probes { multiplexer.observers.add(probe) }
    await multiplexer.didFinish()
    #expect(log.events == ["a.didFinish", "b.didFinish", "c.didFinish"])
  }

  @Test("async returning calls: first responder, non-responders skipped, default when nobody responds")
  func asyncCombine() async {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    #expect(await multiplexer.load() == nil)
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    for probe in [a, b, c] { multiplexer.observers.add(probe) }
    #expect(await multiplexer.load() == nil)
    b.loadAnswer = .some("b")
    c.loadAnswer = .some("c")
    #expect(await multiplexer.load() == "b")
    let all = await multiplexer.observers.combine(using: .all, default: nil, requirement: .any) { await $0.load() }
    #expect(all == ["b", "c"])
    #expect(
      await multiplexer.observers.combine(using: .last, default: "x", requirement: .any) { await $0.load() } == "c"
    )
  }

  @Test("async throws: everyone runs, the first error is rethrown")
  func asyncThrows() async {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let probes = ["a", "b", "c"].map { Probe($0, log: log) }
    defer { withExtendedLifetime(probes) {} }
    probes[0].failure = ProbeError(name: "a")
    probes[2].failure = ProbeError(name: "c")
    for probe in probes { multiplexer.observers.add(probe) }
    await #expect(throws: ProbeError(name: "a")) { try await multiplexer.validateAsync(1) }
    #expect(log.events == ["a.validateAsync", "b.validateAsync", "c.validateAsync"])
  }

  @Test("async: an observer removed during the dispatch is not called later in it")
  func asyncRemovalDuringDispatch() async {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    observers.add(a)
    observers.add(b)
    await observers.notify { observer in
      await observer.didFinish()
      if observer === a { observers.remove(b) }
    }
    #expect(log.events == ["a.didFinish"])
  }
}
