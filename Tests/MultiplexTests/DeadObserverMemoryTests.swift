import Multiplex
import MultiplexTestSupport
import Testing

// `Probe` is held by a `weak` reference in the build that stands for Apple's path (see `ProbeBase`): these tests
// read unowned counts, so they run where it is a native observer.
#if !MULTIPLEX_WEAK_OBSERVER_REFERENCES

/// One unowned reference of the test's own to an observer: it keeps the observer's memory allocated after the
/// observer died, so that the test can still read how many unowned references point at it (this one included).
private final class MemoryPin {
  /// Never read: it only holds the unowned reference (reading it once the observer died would trap).
  unowned let object: AnyObject
  let address: UnsafeMutableRawPointer

  init(_ object: AnyObject) {
    self.object = object
    address = Unmanaged.passUnretained(object).toOpaque()
  }

  /// The observer's unowned reference count now, read without a strong reference (the observer may have been
  /// deinitialized: its memory is still allocated, this pin holds it).
  var unownedCount: UInt {
    Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef { _getUnownedRetainCount($0) }
  }
}

/// A weak registration holds a native Swift observer by an unowned reference (on every platform; an Objective-C
/// object by a `weak` one): once the observer died (deinitialized at once), its memory stays allocated until the registration is freed. These tests
/// read the unowned count of a dead observer to check when that happens: when the next dispatch meets its slot,
/// whatever the registration's state (Multiplexer's documentation, Guarantees, DESIGN.md §6).
@Suite("The memory of observers that die while registered (unowned references)")
struct DeadObserverMemoryTests {
  /// A multiplexer with `first`, the observer `register` registers, then `last`; then `change` runs on the
  /// observer (its registration is in the middle of the storage) and the observer dies. The result is a pin of
  /// its memory and the unowned count read right after it died.
  private func registerBetweenOthers(
    _ multiplexer: ScrollDelegateMultiplexer,
    log: Log,
    register: (Probe) -> Void,
    then change: (Probe) -> Void = { _ in }
  ) -> (pin: MemoryPin, countOnceDead: UInt, others: [Probe]) {
    let others = [Probe("first", log: log), Probe("last", log: log)]
    multiplexer.observers.add(others[0])
    var observer: Probe? = Probe("dying", log: log)
    let pin = MemoryPin(observer!)
    let unregistered = pin.unownedCount
    register(observer!)
    #expect(pin.unownedCount == unregistered + 1, "the registration holds an unowned reference")
    multiplexer.observers.add(others[1])
    change(observer!)
    var died = false
    observer!.onDeinit = { died = true }
    observer = nil
    #expect(died, "deinitialized at once")
    return (pin, pin.unownedCount, others)
  }

  @Test("An observer that dies while registered: its memory is kept until a dispatch reclaims its slot")
  func deadObserverIsReturnedWhenItsSlotIsReclaimed() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let (pin, countOnceDead, others) = registerBetweenOthers(multiplexer, log: log) {
      multiplexer.observers.add($0)
    }
    #expect(multiplexer.observers._indexedRegistrationCount == 3, "the dead observer's slot is still there")
    multiplexer.didScroll(1)
    #expect(log.events == ["first.didScroll(1)", "last.didScroll(1)"])
    #expect(multiplexer.observers._indexedRegistrationCount == 2)
    #expect(pin.unownedCount == countOnceDead - 1, "the registration was freed with its slot")
    withExtendedLifetime(others) {}
  }

  @Test("A registration removed from the middle whose observer then dies: the next dispatch reclaims its memory")
  func removedRegistrationOfADeadObserver() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let (pin, countOnceDead, others) = registerBetweenOthers(
      multiplexer,
      log: log,
      register: { multiplexer.observers.add($0) },
      // Removed from the middle: the registration stays in its slot, marked removed, until a compaction.
      then: { multiplexer.observers.remove($0) }
    )
    #expect(multiplexer.observers._storageSlotCount == 3, "the removed registration is still in its slot")
    multiplexer.didScroll(1)
    #expect(log.events == ["first.didScroll(1)", "last.didScroll(1)"])
    #expect(pin.unownedCount == countOnceDead - 1, "the removed slot was reclaimed by the dispatch")
    withExtendedLifetime(others) {}
  }

  @Test("A blocked registration whose observer dies: its slot is reclaimed, its memory goes with the block")
  func blockedRegistrationOfADeadObserver() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    var token: ObservationToken?
    var block: ObservationBlock?
    let (pin, countOnceDead, others) = registerBetweenOthers(multiplexer, log: log) { observer in
      token = multiplexer.observers.add(observer)
      block = token?.block()
    }
    multiplexer.didScroll(1)
    #expect(multiplexer.observers._indexedRegistrationCount == 2, "the dispatch reclaimed the blocked slot")
    // The token and the block are the registration's last holders.
    #expect(pin.unownedCount == countOnceDead)
    token = nil
    withExtendedLifetime(block) {}
    block = nil
    #expect(pin.unownedCount == countOnceDead - 1)
    withExtendedLifetime(others) {}
  }

  @Test("A registration with a delivery context whose observer dies: a synchronous dispatch reclaims its memory")
  func deliveringRegistrationOfADeadObserver() {
    let multiplexer = Multiplexer<any Ticker>()
    let scheduler = ManualScheduler()
    let others = [TickRecorder(), TickRecorder()]
    multiplexer.add(others[0])
    var observer: DyingTicker? = DyingTicker()
    let pin = MemoryPin(observer!)
    let unregistered = pin.unownedCount
    multiplexer.add(observer!, deliveringOn: scheduler.context)
    #expect(pin.unownedCount == unregistered + 1)
    multiplexer.add(others[1])
    var died = false
    observer!.onDeinit = { died = true }
    observer = nil
    #expect(died)
    let countOnceDead = pin.unownedCount
    // `notify` does not call a registration with a delivery context (`post` would queue the call for it).
    multiplexer.notify { $0.tick(1) }
    #expect(others.map { $0.ticks.withLock { $0 } } == [[1], [1]])
    #expect(pin.unownedCount == countOnceDead - 1, "the dispatch reclaimed the slot it skipped")
    #expect(scheduler.pendingJobs == 0)
  }

  /// `async` dispatch (`notify` with an `async` call) takes its own path through the entries: the same reclaiming.
  @Test(
    "An async dispatch reclaims the memory of a dead observer whose registration it skips (removed, blocked)",
    arguments: ["removed", "blocked"]
  )
  func asyncDispatchReclaimsSkippedDeadObservers(state: String) async {
    let multiplexer = Multiplexer<any Ticker>()
    let others = [TickRecorder(), TickRecorder()]
    multiplexer.add(others[0])
    var observer: DyingTicker? = DyingTicker()
    let pin = MemoryPin(observer!)
    var token: ObservationToken? = multiplexer.add(observer!)
    var block: ObservationBlock?
    multiplexer.add(others[1])
    if state == "removed" {
      multiplexer.remove(observer!)
      token = nil
    } else {
      block = token?.block()
    }
    var died = false
    observer!.onDeinit = { died = true }
    observer = nil
    #expect(died)
    let countOnceDead = pin.unownedCount
    await multiplexer.notify { (ticker: any Ticker) async in ticker.tick(1) }
    #expect(others.map { $0.ticks.withLock { $0 } } == [[1], [1]])
    token = nil
    withExtendedLifetime(block) {}
    block = nil
    #expect(pin.unownedCount == countOnceDead - 1, "the async dispatch reclaimed the slot it skipped")
  }
}

/// A `Ticker` that says when it is deinitialized.
private final class DyingTicker: Ticker, @unchecked Sendable {
  var onDeinit: (() -> Void)?
  func tick(_ dispatch: Int) {}
  deinit { onDeinit?() }
}
#endif
