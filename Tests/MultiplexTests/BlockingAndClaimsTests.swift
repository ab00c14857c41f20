import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

@Suite("Blocking, claims and removeAll")
struct BlockingAndClaimsTests {
  // MARK: Blocking

  @Test("A blocked observer is skipped as if absent, and keeps its place, priority and registration")
  func blockSkipsAndKeepsPlace() {
    let log = Log()
    let (a, b, c) = (Probe("a", log: log), Probe("b", log: log), Probe("c", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(a)
    let tokenB = multiplexer.observers.add(b, priority: 5)
    multiplexer.observers.add(c)
    let block = tokenB.block()
    #expect(tokenB.isBlocked)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "c.didScroll(1)"])
    // Still registered: introspection lists it, in its place.
    #expect(multiplexer.observers.count == 3)
    #expect(multiplexer.observers.contains(b))
    #expect(multiplexer.observers.observers.map { ($0 as! Probe).name } == ["b", "a", "c"])
    #expect(tokenB.isActive)
    block.cancel()
    #expect(!tokenB.isBlocked)
    multiplexer.didScroll(2)
    #expect(log.events.suffix(3) == ["b.didScroll(2)", "a.didScroll(2)", "c.didScroll(2)"])
  }

  @Test("A blocked strong observer stays alive; a blocked one does not respond to returning calls")
  func blockKeepsRetentionAndSkipsResponses() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    weak var weakHelper: Probe?
    let token: ObservationToken
    do {
      let helper = Probe("helper", log: log)
      helper.zoomAnswer = .some("helper")
      weakHelper = helper
      token = multiplexer.observers.add(helper, retention: .strong)
    }
    let other = Probe("other", log: log)
    other.zoomAnswer = .some("other")
    multiplexer.observers.add(other)
    #expect(multiplexer.viewForZooming() == "helper")
    let block = token.block()
    #expect(weakHelper != nil, "blocking must not release a strong observer")
    #expect(multiplexer.viewForZooming() == "other")
    multiplexer.observers.remove(other)
    #expect(multiplexer.viewForZooming() == nil, "no responder: the default")
    block.cancel()
    #expect(multiplexer.viewForZooming() == "helper")
  }

  @Test("Blocks count: the observer is blocked while any block lasts; cancelling twice counts once")
  func blocksCount() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let token = multiplexer.observers.add(a)
    let first = token.block()
    let second = token.block()
    first.cancel()
    first.cancel()
    #expect(token.isBlocked)
    multiplexer.didScroll(1)
    #expect(log.events.isEmpty)
    second.cancel()
    #expect(!token.isBlocked)
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(2)"])
  }

  @Test("Releasing a block ends it")
  func releasingEndsTheBlock() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let token = multiplexer.observers.add(a)
    do {
      let block = token.block()
      multiplexer.didScroll(1)
      withExtendedLifetime(block) {}
    }
    #expect(!token.isBlocked)
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(2)"])
  }

  @Test("Blocking from inside a call: a later observer is not called later in that dispatch, nor in nested ones")
  func blockFromInsideACall() {
    let log = Log()
    let (a, b) = (Probe("a", log: log), Probe("b", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(a)
    let tokenB = multiplexer.observers.add(b)
    var block: ObservationBlock?
    a.onScroll = { _, offset in
      guard offset == 1 else { return }
      block = tokenB.block()
      multiplexer.didScroll(10)  // nested: starts after the block
    }
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "a.didScroll(10)"])
    block?.cancel()
    multiplexer.didScroll(2)
    #expect(log.events.suffix(2) == ["a.didScroll(2)", "b.didScroll(2)"])
  }

  @Test("A token whose claim was dropped, or whose registration ended, blocks nothing")
  func blockOfAnEndedRegistration() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let token = multiplexer.observers.add(a)
    token.cancel()
    let stale = token.block()
    #expect(!token.isBlocked)
    let again = multiplexer.observers.add(a)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
    #expect(!again.isBlocked)
    withExtendedLifetime(stale) {}
  }

  @Test("A blocked observer with a delivery context receives no posted call; calls queued before are dropped")
  func blockedDeliveryContextObserver() {
    let scheduler = ManualScheduler()
    let multiplexer = Multiplexer<any Ticker>()
    let recorder = TickRecorder()
    let token = multiplexer.add(recorder, deliveringOn: scheduler.context)
    multiplexer.post { $0.tick(1) }
    let block = token.block()
    multiplexer.post { $0.tick(2) }
    scheduler.runUntilIdle()
    #expect(recorder.ticks.withLock { $0 } == [])
    block.cancel()
    multiplexer.post { $0.tick(3) }
    scheduler.runUntilIdle()
    #expect(recorder.ticks.withLock { $0 } == [3])
  }

  @Test("Calls queued before a block are dropped, not delayed: they do not run after the block ends")
  func blockDropsQueuedCalls() {
    let scheduler = ManualScheduler()
    let multiplexer = Multiplexer<any Ticker>()
    let recorder = TickRecorder()
    let token = multiplexer.add(recorder, deliveringOn: scheduler.context)
    multiplexer.post { $0.tick(1) }  // queued, not started
    let block = token.block()
    block.cancel()
    multiplexer.post { $0.tick(2) }
    scheduler.runUntilIdle()
    #expect(recorder.ticks.withLock { $0 } == [2])
  }

  // MARK: Claims

  @Test("A scoped token from a duplicate add does not end the first caller's registration")
  func duplicateScopedTokenKeepsTheRegistration() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let first = multiplexer.observers.add(a)
    do {
      let scoped = multiplexer.observers.add(a).scoped()
      withExtendedLifetime(scoped) {}
    }
    #expect(first.isActive)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
    first.cancel()
    #expect(!multiplexer.observers.contains(a))
  }

  @Test("The first add's claim dropped while a duplicate's holds: that token is spent, the registration stays")
  func firstClaimDroppedWhileADuplicateHolds() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let first = multiplexer.observers.add(a)
    let second = multiplexer.observers.add(a)
    first.cancel()
    #expect(!first.isActive)
    #expect(second.isActive)
    // Spent: cancelling it again does not drop the duplicate's claim, and it blocks nothing.
    first.cancel()
    let block = first.block()
    #expect(!first.isBlocked && !second.isBlocked)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
    withExtendedLifetime(block) {}
    second.cancel()
    #expect(!multiplexer.observers.contains(a))
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)"])
  }

  @Test("A strong registration's token, kept after the removal, neither keeps the observer nor reaches a new one")
  func strongTokenAfterRemoval() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    weak var weakHelper: Probe?
    let old: ObservationToken
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      old = multiplexer.observers.add(helper, retention: .strong)
      multiplexer.observers.remove(helper)
    }
    #expect(weakHelper == nil, "the kept token must not keep a strongly held observer alive")
    #expect(!old.isActive)
    // Registrations of one observer, removed and added again many times: the old tokens never reach a later one
    // (its registration could otherwise reuse a freed one's address).
    let b = Probe("b", log: log)
    var tokens: [ObservationToken] = []
    for _ in 0..<64 {
      tokens.append(multiplexer.observers.add(b, retention: .strong))
      multiplexer.observers.remove(b)
    }
    let current = multiplexer.observers.add(b, retention: .strong)
    for token in tokens {
      token.cancel()
      _ = token.block()
    }
    #expect(current.isActive && !current.isBlocked)
    multiplexer.didScroll(1)
    #expect(log.events == ["b.didScroll(1)"])
  }

  @Test("remove ends a registration whatever claims are left; old tokens do not touch a new registration")
  func removeEndsEveryClaim() {
    let log = Log()
    let a = Probe("a", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    let first = multiplexer.observers.add(a)
    let second = multiplexer.observers.add(a)
    multiplexer.observers.remove(a)
    #expect(!first.isActive && !second.isActive)
    #expect(!multiplexer.observers.contains(a))
    let third = multiplexer.observers.add(a)
    first.cancel()
    second.cancel()
    #expect(third.isActive)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])
  }

  @Test("A token from an add of the primary never reaches a later primary registration of the same observer")
  func oldTokenDoesNotReachLaterPrimary() {
    let log = Log()
    let (a, b) = (Probe("a", log: log), Probe("b", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.primary = a
    let token = multiplexer.observers.add(a)  // a claim on the primary's registration
    multiplexer.observers.primary = b  // that registration ends
    multiplexer.observers.primary = a  // a new registration of the same observer
    #expect(!token.isActive)
    token.cancel()
    let block = token.block()
    #expect(multiplexer.observers.primary === a)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)"])  // neither removed nor blocked by the old token
    withExtendedLifetime(block) {}
  }

  // MARK: removeAll

  @Test("removeAll removes every registration but the primary, and releases strong observers")
  func removeAllKeepsThePrimary() {
    let log = Log()
    let (primary, a) = (Probe("primary", log: log), Probe("a", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.primary = primary
    let tokenA = multiplexer.observers.add(a)
    multiplexer.observers.add(a)  // a second claim: removeAll ends the registration anyway
    weak var weakHelper: Probe?
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      multiplexer.observers.add(helper, retention: .strong)
    }
    multiplexer.observers.removeAll()
    #expect(weakHelper == nil, "removeAll releases strong observers")
    #expect(!tokenA.isActive)
    #expect(multiplexer.observers.count == 1)
    #expect(multiplexer.observers.primary === primary)
    multiplexer.didScroll(1)
    #expect(log.events == ["primary.didScroll(1)"])
    multiplexer.observers.add(a)
    multiplexer.didScroll(2)
    #expect(log.events.suffix(2) == ["primary.didScroll(2)", "a.didScroll(2)"])
  }

  @Test("removeAll from inside a call: the observers after it are not called later in that dispatch")
  func removeAllDuringDispatch() {
    let log = Log()
    let (a, b, c) = (Probe("a", log: log), Probe("b", log: log), Probe("c", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    for probe in [a, b, c] { multiplexer.observers.add(probe) }
    b.onScroll = { _, _ in multiplexer.observers.removeAll() }
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)"])
    #expect(multiplexer.observers.isEmpty)
    multiplexer.didScroll(2)
    #expect(log.events.count == 2)
  }
}
