import Foundation
import Multiplex
import Testing

@Suite("Registration")
struct RegistrationTests {
  @Test("Observers are called in registration order")
  func registrationOrder() {
    let log = Log()
    let (a, b, c) = (Probe("a", log: log), Probe("b", log: log), Probe("c", log: log))
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(a)
    multiplexer.observers.add(b)
    multiplexer.observers.add(c)
    multiplexer.didScroll(1)
    #expect(log.events == ["a.didScroll(1)", "b.didScroll(1)", "c.didScroll(1)"])
    #expect(multiplexer.observers.observers.map { ($0 as! Probe).name } == ["a", "b", "c"])
  }

  @Test("Higher priorities are called first; ties keep registration order")
  func priorities() {
    let log = Log()
    let probes = ["low1", "high1", "mid", "high2", "low2", "top"].map { Probe($0, log: log) }
    defer { withExtendedLifetime(probes) {} }
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(probes[0], priority: -1)
    multiplexer.observers.add(probes[1], priority: 10)
    multiplexer.observers.add(probes[2])
    multiplexer.observers.add(probes[3], priority: 10)
    multiplexer.observers.add(probes[4], priority: -1)
    multiplexer.observers.add(probes[5], priority: .max)
    multiplexer.didScroll(0)
    #expect(
      log.events.map { $0.replacingOccurrences(of: ".didScroll(0)", with: "") } == [
        "top", "high1", "high2", "mid", "low1", "low2",
      ]
    )
  }

  @Test("Priority order survives removals and compaction")
  func prioritiesAfterCompaction() {
    let log = Log()
    let probes = (0..<40).map { Probe("p\($0)", log: log) }
    defer { withExtendedLifetime(probes) {} }
    let multiplexer = ScrollDelegateMultiplexer()
    for (index, probe) in probes.enumerated() { multiplexer.observers.add(probe, priority: index % 4) }
    for probe in probes.prefix(30) { multiplexer.observers.remove(probe) }
    let late = Probe("late", log: log)
    multiplexer.observers.add(late, priority: 2)
    multiplexer.didScroll(0)
    let names = log.events.map { $0.replacingOccurrences(of: ".didScroll(0)", with: "") }
    #expect(names == ["p31", "p35", "p39", "p30", "p34", "p38", "late", "p33", "p37", "p32", "p36"])
  }

  @Test("Priority order under random adds and removals: by priority, then registration order")
  func prioritiesUnderRandomChurn() {
    let log = Log()
    let probes = (0..<24).map { Probe("p\($0)", log: log) }
    defer { withExtendedLifetime(probes) {} }
    let multiplexer = ScrollDelegateMultiplexer()
    // The model: the registered observers' indices with their priorities, in registration order.
    var registered: [(index: Int, priority: Int)] = []
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let priorities = [0, 0, 1, -1, 2, 5, -7, 1_000_000, Int.min]
    for step in 0..<600 {
      let index = random(probes.count)
      if random(3) == 0 {
        multiplexer.observers.remove(probes[index])
        registered.removeAll { $0.index == index }
      } else {
        let priority = priorities[random(priorities.count)]
        multiplexer.observers.add(probes[index], priority: priority)
        if !registered.contains(where: { $0.index == index }) { registered.append((index, priority)) }
      }
      log.clear()
      multiplexer.didScroll(step)
      // A stable sort: equal priorities keep registration order.
      let expected = registered.enumerated().sorted {
        $0.element.priority != $1.element.priority ? $0.element.priority > $1.element.priority : $0.offset < $1.offset
      }.map { "p\($0.element.index).didScroll(\(step))" }
      #expect(log.events == expected, "step \(step)")
      if log.events != expected { return }
    }
  }

  @Test("Adding an observer twice changes nothing")
  func duplicateAdd() {
    let log = Log()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(b)
    let first = multiplexer.observers.add(a)
    // Neither the higher priority (which would call it first) nor the strong retention is taken.
    let second = multiplexer.observers.add(a, retention: .strong, priority: 100)
    multiplexer.didScroll(1)
    #expect(log.events == ["b.didScroll(1)", "a.didScroll(1)"])
    #expect(multiplexer.observers.count == 2)
    #expect(!multiplexer.observers.debugDescription.contains("strong"))
    #expect(!multiplexer.observers.debugDescription.contains("priority"))
    // Each token holds a claim on the one registration, which stayed weak: cancelling the duplicate's token drops
    // its claim only; the registration ends with the last claim.
    #expect(first.isActive && second.isActive)
    second.cancel()
    #expect(!second.isActive)
    #expect(first.isActive)
    #expect(multiplexer.observers.contains(a))
    first.cancel()
    #expect(!first.isActive)
    #expect(!multiplexer.observers.contains(a))
  }

  @Test("Observers are held weakly by default: a deallocated observer is never called nor counted")
  func weakByDefault() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let kept = Probe("kept", log: log)
    weak var probe: Probe?
    do {
      let temporary = Probe("temporary", log: log)
      probe = temporary
      multiplexer.observers.add(temporary)
      multiplexer.observers.add(kept)
      #expect(multiplexer.observers.count == 2)
    }
    #expect(probe == nil, "the multiplexer must not retain a weak observer")
    #expect(multiplexer.observers.count == 1)
    #expect(!multiplexer.observers.isEmpty)
    multiplexer.didScroll(7)
    #expect(log.events == ["kept.didScroll(7)"])
  }

  @Test("A deallocated observer's slot is reclaimed without remove")
  func deadSlotsAreReclaimed() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    var probes: [Probe] = (0..<10).map { Probe("p\($0)", log: log) }
    for probe in probes { multiplexer.observers.add(probe) }
    probes.removeLast(9)
    #expect(multiplexer.observers._storageSlotCount == 10)
    multiplexer.didScroll(0)
    #expect(multiplexer.observers._storageSlotCount == 1)
    #expect(multiplexer.observers._indexedRegistrationCount == 1)
    #expect(log.events == ["p0.didScroll(0)"])
  }

  @Test("A new object at a dead observer's address is a new registration")
  func addressReuse() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    // Allocate and free many probes so that some new one lands on a dead one's address.
    for round in 0..<200 {
      do {
        let dying = Probe("dying\(round)", log: log)
        multiplexer.observers.add(dying)
      }
      let fresh = Probe("fresh\(round)", log: log)
      #expect(!multiplexer.observers.contains(fresh))
      multiplexer.observers.add(fresh)
      #expect(multiplexer.observers.contains(fresh))
      log.clear()
      multiplexer.didScroll(round)
      #expect(log.events == ["fresh\(round).didScroll(\(round))"])
      multiplexer.observers.remove(fresh)
    }
    #expect(multiplexer.observers.isEmpty)
  }

  @Test("Strong registrations keep the observer alive until removed")
  func strongRetention() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    weak var probe: Probe?
    do {
      let helper = Probe("helper", log: log)
      probe = helper
      multiplexer.observers.add(helper, retention: .strong)
    }
    #expect(probe != nil)
    multiplexer.didScroll(1)
    #expect(log.events == ["helper.didScroll(1)"])
    multiplexer.observers.remove(probe!)
    #expect(probe == nil, "removing a strong registration releases the observer")
  }

  @Test("Strong observers are released with the multiplexer")
  func strongReleasedWithMultiplexer() {
    weak var probe: Probe?
    weak var weakMultiplexer: ScrollDelegateMultiplexer?
    do {
      let multiplexer = ScrollDelegateMultiplexer()
      weakMultiplexer = multiplexer
      let helper = Probe("helper", log: Log())
      probe = helper
      multiplexer.observers.add(helper, retention: .strong)
      multiplexer.didScroll(1)
    }
    #expect(weakMultiplexer == nil)
    #expect(probe == nil)
  }

  @Test("Removing an unknown observer is a no-op")
  func removeUnknown() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    multiplexer.observers.add(a)
    multiplexer.observers.remove(Probe("stranger", log: log))
    multiplexer.observers.remove(a)
    multiplexer.observers.remove(a)
    #expect(multiplexer.observers.isEmpty)
    multiplexer.didScroll(1)
    #expect(log.events.isEmpty)
  }

  @Test("Introspection: count, isEmpty, contains, observers in call order")
  func introspection() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    #expect(multiplexer.observers.isEmpty)
    #expect(multiplexer.observers.count == 0)
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let c = Probe("c", log: log)
    multiplexer.observers.add(a)
    multiplexer.observers.add(b, retention: .strong)
    multiplexer.observers.add(c, priority: 1)
    #expect(multiplexer.observers.count == 3)
    #expect(multiplexer.observers.contains(a) && multiplexer.observers.contains(b))
    #expect(!multiplexer.observers.contains(Probe("d", log: log)))
    #expect(multiplexer.observers.observers.map { ($0 as! Probe).name } == ["c", "a", "b"])
    multiplexer.observers.remove(b)
    #expect(!multiplexer.observers.contains(b))
    #expect(multiplexer.observers.count == 2)
  }

  @Test("A token removes exactly its registration; cancelling twice is harmless")
  func tokens() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    let tokenA = multiplexer.observers.add(a)
    let tokenB = multiplexer.observers.add(b)
    #expect(tokenA != tokenB)
    #expect(Set([tokenA, tokenB, tokenA]).count == 2)
    tokenA.cancel()
    tokenA.cancel()
    #expect(!tokenA.isActive)
    #expect(tokenB.isActive)
    multiplexer.didScroll(1)
    #expect(log.events == ["b.didScroll(1)"])
    // A stale token must not remove a later registration of the same observer.
    let tokenA2 = multiplexer.observers.add(a)
    tokenA.cancel()
    #expect(tokenA2.isActive)
    #expect(multiplexer.observers.contains(a))
  }

  @Test("A token retains neither the observer nor the multiplexer")
  func tokensDoNotRetain() {
    weak var probe: Probe?
    weak var weakMultiplexer: ScrollDelegateMultiplexer?
    var token: ObservationToken?
    do {
      let multiplexer = ScrollDelegateMultiplexer()
      weakMultiplexer = multiplexer
      let observer = Probe("a", log: Log())
      probe = observer
      token = multiplexer.observers.add(observer)
    }
    #expect(probe == nil)
    #expect(weakMultiplexer == nil)
    #expect(token?.isActive == false)
    token?.cancel()
  }

  @Test("Every token and block outlives its multiplexer harmlessly: each operation does nothing")
  func tokensAndBlocksAfterTheMultiplexerIsGone() {
    let log = Log()
    let weakObserver = Probe("weak", log: log)
    let duplicate = Probe("duplicate", log: log)
    weak var strongObserver: Probe?
    weak var weakMultiplexer: Multiplexer<any ScrollDelegate>?
    var tokens: [ObservationToken] = []
    var blocks: [ObservationBlock] = []
    do {
      let multiplexer = Multiplexer<any ScrollDelegate>()
      weakMultiplexer = multiplexer
      let strong = Probe("strong", log: log)
      strongObserver = strong
      tokens.append(multiplexer.add(weakObserver))  // the registration itself
      tokens.append(multiplexer.add(strong, retention: .strong))  // a claim token
      tokens.append(multiplexer.add(duplicate))
      tokens.append(multiplexer.add(duplicate))  // a second claim on the same registration
      blocks = tokens.map { $0.block() }
      #expect(tokens.allSatisfy { $0.isActive && $0.isBlocked })
    }
    #expect(weakMultiplexer == nil)
    #expect(strongObserver == nil)
    for token in tokens {
      #expect(!token.isActive)
      #expect(!token.isBlocked)
      let block = token.block()
      #expect(!token.isBlocked)
      block.cancel()
      token.cancel()
      token.cancelAndWait()
    }
    for block in blocks { block.cancel() }
    #expect(log.events.isEmpty)
  }

  @Test("Tokens and blocks do not reference their multiplexer weakly: it never gets a side table")
  func tokensDoNotReferenceTheMultiplexerWeakly() {
    // A `weak` reference gives an object a side table, after which each retain and release of it takes the
    // runtime's slow path, and each `cancel()` paid a weak load and a slow release (see `_OwnerLink`).
    let multiplexer = Multiplexer<any ScrollDelegate>()
    let observers = (0..<3).map { Probe("\($0)", log: Log()) }
    let token = multiplexer.add(observers[0])
    let strongToken = multiplexer.add(observers[1], retention: .strong)
    let duplicateToken = multiplexer.add(observers[0])
    let blocks = [token.block(), strongToken.block(), duplicateToken.block()]
    multiplexer.add(observers[2]).cancel()
    // The count of an object nothing references weakly, and the measure's sanity: a `weak` reference raises it.
    let unreferenced = Multiplexer<any ScrollDelegate>()
    let baseline = _getWeakRetainCount(unreferenced)
    weak let weakReference = unreferenced
    #expect(_getWeakRetainCount(unreferenced) > baseline)
    #expect(_getWeakRetainCount(multiplexer) == baseline)
    withExtendedLifetime((token, strongToken, duplicateToken, blocks, weakReference)) {}
  }

  @Test("A strong observer holding its own token is released when removed: no cycle through the token")
  func strongObserverHoldingToken() {
    let multiplexer = ScrollDelegateMultiplexer()
    weak var probe: Probe?
    do {
      let helper = Probe("helper", log: Log())
      probe = helper
      let token = multiplexer.observers.add(helper, retention: .strong)
      helper.onScroll = { _, _ in _ = token }
    }
    #expect(probe != nil)
    multiplexer.observers.remove(probe!)
    #expect(probe == nil)
  }

  @Test("A strong registration's token keeps nothing alive: the observer goes with the last storage that holds it")
  func strongTokenKeepsNothingAlive() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    weak var weakHelper: Probe?
    var token: ObservationToken?
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      token = multiplexer.observers.add(helper, retention: .strong)
    }
    let a = Probe("a", log: log)
    multiplexer.observers.add(a)
    a.onScroll = { _, _ in
      token?.cancel()
      // The storage this dispatch iterates still holds the helper, as a dispatch that started earlier may call it.
      #expect(weakHelper != nil)
    }
    multiplexer.didScroll(1)
    // The token is kept, and the dispatch ended: nothing holds the helper any more.
    #expect(weakHelper == nil)
    #expect(token?.isActive == false)
    #expect(log.events == ["helper.didScroll(1)", "a.didScroll(1)"])

    // Moved to the front as the primary, a strong registration keeps its observer, and releases it when removed.
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      token = multiplexer.observers.add(helper, retention: .strong)
      multiplexer.observers.primary = helper
    }
    #expect(weakHelper != nil)
    #expect(multiplexer.observers.primary === weakHelper)
    multiplexer.observers.primary = nil
    #expect(weakHelper == nil)
    #expect(token?.isActive == false)
  }

  @Test("The kept token of a weak observer that died is inactive, and cancelling it does nothing")
  func tokenOfADeadObserver() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    var token: ObservationToken?
    var died = false
    do {
      // No `weak` reference to it: the registration alone answers whether it is alive.
      let observer = Probe("dead", log: log)
      observer.onDeinit = { died = true }
      token = multiplexer.observers.add(observer)
    }
    #expect(died)
    #expect(token?.isActive == false)
    #expect(multiplexer.observers.count == 0)
    multiplexer.didScroll(1)
    #expect(log.events.isEmpty)
    token?.cancel()
    #expect(token?.isActive == false)
    #expect(multiplexer.observers.isEmpty)
  }

  // `Probe` is held by a `weak` reference in the build that stands for Apple's path (see `ProbeBase`).
  #if !MULTIPLEX_WEAK_OBSERVER_REFERENCES
  @Test("A weak registration's unowned reference to its native Swift observer is released with the registration")
  func unownedReferenceIsReleased() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let observer = Probe("a", log: log)
    let unownedBefore = _getUnownedRetainCount(observer)
    var token: ObservationToken? = multiplexer.observers.add(observer)
    #expect(_getUnownedRetainCount(observer) == unownedBefore + 1)
    multiplexer.didScroll(1)
    multiplexer.observers.remove(observer)
    #expect(_getUnownedRetainCount(observer) == unownedBefore + 1, "the kept token is the registration")
    token = nil
    #expect(token == nil)
    #expect(_getUnownedRetainCount(observer) == unownedBefore)
    // Among others, removed from the middle: released once the slot and the token are gone.
    let others = (0..<6).map { Probe("o\($0)", log: log) }
    for other in others[..<3] { multiplexer.observers.add(other) }
    multiplexer.observers.add(observer)
    for other in others[3...] { multiplexer.observers.add(other) }
    #expect(_getUnownedRetainCount(observer) == unownedBefore + 1)
    multiplexer.observers.removeAll()
    multiplexer.didScroll(2)
    #expect(_getUnownedRetainCount(observer) == unownedBefore)
  }
  #endif

  @Test("A scoped token removes the registration when released")
  func scopedTokens() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let a = Probe("a", log: log)
    var scoped: ScopedObservationToken? = multiplexer.observers.add(a).scoped()
    multiplexer.didScroll(1)
    #expect(scoped?.token.isActive == true)
    scoped = nil
    multiplexer.didScroll(2)
    #expect(log.events == ["a.didScroll(1)"])
    #expect(!multiplexer.observers.contains(a))

    let explicit = multiplexer.observers.add(a).scoped()
    explicit.cancel()
    #expect(!multiplexer.observers.contains(a))
  }

  @Test("An observer that keeps its scoped token frees its slot when it is deallocated")
  func scopedTokenInObserver() {
    let multiplexer = ScrollDelegateMultiplexer()
    do {
      let observer = Probe("a", log: Log())
      let scoped = multiplexer.observers.add(observer).scoped()
      observer.onDeinit = { _ = scoped }
    }
    #expect(multiplexer.observers._indexedRegistrationCount == 0)
  }

  @Test("A strong observer whose deinit calls back into the multiplexer (a scoped token of itself) can be removed")
  func strongObserverDeinitCallsBack() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let other = Probe("other", log: log)
    multiplexer.observers.add(other)
    weak var weakHelper: Probe?
    var token: ObservationToken?
    do {
      let helper = Probe("helper", log: log)
      weakHelper = helper
      token = multiplexer.observers.add(helper, retention: .strong)
      let scoped = token!.scoped()
      helper.onDeinit = {
        // Runs when the multiplexer drops its strong reference: it must not hold its lock then.
        scoped.cancel()
        _ = multiplexer.observers.count
        multiplexer.observers.add(Probe("late", log: log), retention: .strong)
      }
    }
    #expect(weakHelper != nil)
    token?.cancel()  // the multiplexer held the last reference
    #expect(weakHelper == nil)
    multiplexer.didScroll(1)
    #expect(log.events == ["other.didScroll(1)", "late.didScroll(1)"])
  }

  @Test("A strong observer released by compaction or by the multiplexer's deinit may call back")
  func strongObserverReleasedByTokenCancel() {
    let multiplexer = ScrollDelegateMultiplexer()
    var helpers: [ObservationToken] = []
    for index in 0..<20 {
      let helper = Probe("h\(index)", log: Log())
      let token = multiplexer.observers.add(helper, retention: .strong)
      helper.onDeinit = { _ = multiplexer.observers.isEmpty }
      helpers.append(token)
    }
    for token in helpers { token.cancel() }
    #expect(multiplexer.observers.isEmpty)
  }

  @Test("Values of non-class types are ignored, never crash, and reported in debug builds")
  func valueTypes() {
    let multiplexer = Multiplexer<any CustomStringConvertible>()
    let token = multiplexer.add(42)
    #expect(!token.isActive)
    #expect(multiplexer.isEmpty)
    #expect(!multiplexer.contains(42))
    multiplexer.remove(42)
    var calls = 0
    multiplexer.notify { _ in calls += 1 }
    #expect(calls == 0)
    #if DEBUG
    // Not silent: debug builds say so on standard error, once per type.
    #expect(_problemReports().contains("add(_:) of Swift.Int"))
    #endif
  }

  @Test("A multiplexer of a concrete class type and of AnyObject works")
  func concreteAndAnyObject() {
    let log = Log()
    let probe = Probe("a", log: log)
    let concrete = Multiplexer<Probe>()
    concrete.add(probe)
    concrete.notify { $0.didScroll(1) }
    let any = Multiplexer<AnyObject>()
    any.add(probe)
    any.notify { ($0 as? Probe)?.didScroll(2) }
    #expect(log.events == ["a.didScroll(1)", "a.didScroll(2)"])
  }

  @Test("100,000 observers: add, dispatch, remove")
  func manyObservers() {
    let multiplexer = Multiplexer<AnyObject>()
    let observers = (0..<100_000).map { _ in Probe("", log: Log()) }
    for observer in observers { multiplexer.add(observer) }
    #expect(multiplexer.count == 100_000)
    var calls = 0
    multiplexer.notify { _ in calls += 1 }
    #expect(calls == 100_000)
    for observer in observers { multiplexer.remove(observer) }
    #expect(multiplexer.isEmpty)
    #expect(multiplexer._storageSlotCount == 0)
  }

  @Test("Memory is given back: after observers are removed from the end, storage and index shrink")
  func storageShrinksAfterRemovals() {
    let multiplexer = Multiplexer<AnyObject>()
    let observers = (0..<10_000).map { _ in Probe("", log: Log()) }
    for observer in observers { multiplexer.add(observer) }
    let full = multiplexer._storageAndIndexCapacity
    #expect(full.storage >= 10_000 && full.index >= 10_000)
    // Last in, first out: every removal takes the last slot, which never leaves garbage to compact.
    for observer in observers[10...].reversed() { multiplexer.remove(observer) }
    let left = multiplexer._storageAndIndexCapacity
    #expect(left.storage <= 64 && left.index <= 64, "\(left)")
    #expect(multiplexer.count == 10)
    for observer in observers[..<10] { #expect(multiplexer.contains(observer)) }
  }

  @Test("Priorities cost a run per distinct priority, not a word per registration; none once all are 0 again")
  func prioritiesCostRuns() {
    let multiplexer = Multiplexer<AnyObject>()
    let observers = (0..<1_000).map { _ in Probe("", log: Log()) }
    for observer in observers { multiplexer.add(observer) }
    #expect(multiplexer._priorityRunCount == nil)
    for (index, observer) in observers.enumerated() where index % 2 == 0 { multiplexer.remove(observer) }
    for (index, observer) in observers.enumerated() where index % 2 == 0 {
      multiplexer.add(observer, priority: index % 4 == 0 ? 1 : 2)
    }
    #expect(multiplexer._priorityRunCount == 3, "priorities 2, 1 and 0")
    for (index, observer) in observers.enumerated() where index % 2 == 0 { multiplexer.remove(observer) }
    // Compaction runs when more than half of the slots are garbage: the priorities left are all 0.
    for index in stride(from: 1, to: 801, by: 2) { multiplexer.remove(observers[index]) }
    #expect(multiplexer._priorityRunCount == nil)
    // The observers are held weakly: keep them alive until here (an optimized build releases the array earlier).
    withExtendedLifetime(observers) { #expect(multiplexer.count == 100) }
  }

  @Test("The identity index stays exact when registrations leave in any order")
  func indexSurvivesRandomRemovals() {
    let log = Log()
    let multiplexer = Multiplexer<Probe>()
    let probes = (0..<2_000).map { Probe("p\($0)", log: log) }
    for probe in probes { multiplexer.add(probe) }
    var generator = SystemRandomNumberGenerator()
    var removed = Set<ObjectIdentifier>()
    for probe in probes.shuffled(using: &generator).prefix(1_500) {
      multiplexer.remove(probe)
      removed.insert(ObjectIdentifier(probe))
      if removed.count % 100 == 0 {
        for candidate in probes {
          #expect(multiplexer.contains(candidate) == !removed.contains(ObjectIdentifier(candidate)))
        }
      }
    }
    #expect(multiplexer._indexedRegistrationCount == 500)
    // Re-adding a removed observer appends it; a registered one is not duplicated.
    for probe in probes.prefix(50) { multiplexer.add(probe) }
    #expect(multiplexer.count == 500 + probes.prefix(50).filter { removed.contains(ObjectIdentifier($0)) }.count)
    var names: [String] = []
    multiplexer.notify { names.append($0.name) }
    let kept = probes.filter { !removed.contains(ObjectIdentifier($0)) }.map(\.name)
    let readded = probes.prefix(50).filter { removed.contains(ObjectIdentifier($0)) }.map(\.name)
    #expect(names == kept + readded)
  }
}
