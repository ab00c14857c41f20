import Multiplex
import Testing

/// Mutation, lifetime and reentrancy during a dispatch: Chromium's ObserverList and Boost.Signals2 scenarios.
@Suite("Dispatch")
struct DispatchTests {
  @Test("Void calls reach every live observer in order; with no observers nothing happens")
  func voidCalls() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.didScroll(0)
    #expect(log.events.isEmpty)
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)", "a.didScroll(2)", "b.didScroll(2)"])
  }

  @Test("An observer that removes itself is not called again")
  func removeSelf() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.onScroll = { probe, _ in multiplexer.observers.remove(probe) }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)", "b.didScroll(2)"])
  }

  @Test("An observer removed by an earlier one during the dispatch is not called in it")
  func removeNext() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    a.onScroll = { _, _ in multiplexer.observers.remove(b) }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.observers.add(c)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "c.didScroll(1)"])
  }

  @Test("Cancelling the next observer's token during the dispatch skips it too")
  func cancelNext() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    multiplexer.observers.add(a)
    let token = multiplexer.observers.add(b, retention: .strong)
    a.onScroll = { _, _ in token.cancel() }
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
  }

  @Test("An observer removed by a later one was already called: earlier calls are not undone")
  func removeBefore() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    b.onScroll = { _, _ in multiplexer.observers.remove(a) }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)", "b.didScroll(2)"])
  }

  @Test("An observer added during a dispatch is first called by the next dispatch")
  func addDuringDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let late = Probe("late", log: log)
    let early = Probe("early", log: log)
    a.onScroll = { _, offset in
      if offset == 1 {
        multiplexer.observers.add(late)
        multiplexer.observers.add(early, priority: 10)
      }
    }
    multiplexer.observers.add(a)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "early.didScroll(2)", "a.didScroll(2)", "late.didScroll(2)"])
  }

  @Test("Removing everyone and adding back during a dispatch: the removed are skipped, the added wait")
  func clearAndRefillDuringDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    a.onScroll = { _, offset in
      guard offset == 1 else { return }
      multiplexer.observers.remove(b)
      multiplexer.observers.remove(c)
      multiplexer.observers.add(c)  // removed then re-added: a new registration, not called in this dispatch
    }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.observers.add(c)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "a.didScroll(2)", "c.didScroll(2)"])
  }

  @Test("The multiplexer may be released from inside one of its calls")
  func releaseMultiplexerDuringDispatch() {
    let log = Log()
    var multiplexer: ScrollDelegateMultiplexer? = ScrollDelegateMultiplexer()
    weak let weakMultiplexer = multiplexer
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.onScroll = { _, _ in multiplexer = nil }
    multiplexer!.observers.add(a)
    multiplexer!.observers.add(b)
    // The caller holds a reference for the duration of the call, as a delegate slot's weak load does.
    weakMultiplexer?.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)"])
    #expect(weakMultiplexer == nil)
  }

  @Test("The runtime multiplexer itself may be released from inside a call")
  func releaseRuntimeMultiplexerDuringDispatch() {
    let log = Log()
    var multiplexer: Multiplexer<any ScrollDelegate>? = Multiplexer()
    weak let weakMultiplexer = multiplexer
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.onScroll = { _, _ in multiplexer = nil }
    multiplexer!.add(a)
    multiplexer!.add(b, retention: .strong)
    weakMultiplexer?.notify { $0.didScroll(1) }
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)"])
    #expect(weakMultiplexer == nil)
  }

  @Test("An observer deallocated between dispatches is not called")
  func deallocationBetweenDispatches() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    var a: Probe? = Probe("a", log: log)
    let b = Probe("b", log: log)
    multiplexer.observers.add(a!)
    multiplexer.observers.add(b)
    multiplexer.didScroll(1)
    a = nil
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)", "b.didScroll(2)"])
  }

  @Test("An observer deallocated by an earlier observer during the dispatch is not called")
  func deallocationDuringDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    var b: Probe? = Probe("b", log: log)
    weak let weakB = b
    let a = Probe("a", log: log)
    let c = Probe("c", log: log)
    a.onScroll = { _, _ in b = nil }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b!)
    multiplexer.observers.add(c)
    multiplexer.didScroll(1)
    #expect(weakB == nil)
    #expect(log.events == ["a.didScroll(1)", "c.didScroll(1)"])
    #expect(multiplexer.observers._storageSlotCount == 2)
  }

  @Test("A strong observer removed during a dispatch stays alive until that dispatch no longer needs it")
  func strongRemovedDuringDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    weak var weakHelper: Probe?
    let a = Probe("a", log: log)
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      multiplexer.observers.add(helper, retention: .strong)
    }
    multiplexer.observers.add(a)
    a.onScroll = { _, _ in
      // The helper was called already; removing it must neither crash the dispatch nor leak it.
      if let helper = weakHelper { multiplexer.observers.remove(helper) }
    }
    multiplexer.didScroll(1)
    #expect(weakHelper == nil)
    #expect(log.events == ["helper.didScroll(1)", "a.didScroll(1)"])
  }

  @Test("Reentrant dispatch: an observer may dispatch again from inside a call")
  func reentrantDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.onScroll = { _, offset in
      if offset < 2 { multiplexer.didScroll(offset + 1) }
    }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.didScroll(0)
    #expect(
      log.events == [
        "a.didScroll(0)", "a.didScroll(1)", "a.didScroll(2)", "b.didScroll(2)", "b.didScroll(1)", "b.didScroll(0)",
      ]
    )
  }

  @Test("A removal inside a nested dispatch also holds in the outer dispatch")
  func removalInsideNestedDispatch() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    a.onScroll = { _, offset in if offset == 0 { multiplexer.didScroll(1) } }
    b.onScroll = { _, offset in if offset == 1 { multiplexer.observers.remove(c) } }
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.observers.add(c)
    multiplexer.didScroll(0)
    #expect(log.events == ["a.didScroll(0)", "a.didScroll(1)", "b.didScroll(1)", "b.didScroll(0)"])
  }

  @Test("inout arguments are chained through the observers, in order")
  func inoutChaining() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    a.targetAdjustment = 10
    c.targetAdjustment = 5
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.observers.add(c)
    var target = 100
    multiplexer.willEndDragging(velocity: 3, target: &target)
    #expect(target == 115)
    #expect(log.events == ["a.willEndDragging(100)", "b.willEndDragging(110)", "c.willEndDragging(110)"])
  }
}
