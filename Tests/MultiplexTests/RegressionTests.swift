import Dispatch
import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

/// Scenarios found in review: each failed (crashed, hung or answered wrongly) before its fix.
@Suite("Regressions")
struct RegressionTests {
  final class ErrorObserver: Error, CustomStringConvertible, @unchecked Sendable {
    var calls = 0
    var description: String { "observer" }
  }

  @Test("An observer reached through an `any Error` box inside `Any` is called safely")
  func errorBoxedObserver() {
    let multiplexer = Multiplexer<Any>()
    let observer = ErrorObserver()
    let boxed: any Error = observer
    multiplexer.add(boxed as Any)
    #expect(multiplexer.count == 1)
    #expect(multiplexer.contains(observer as Any))
    multiplexer.notify { ($0 as? ErrorObserver)?.calls += 1 }
    #expect(observer.calls == 1)
    multiplexer.remove(observer as Any)
    #expect(multiplexer.isEmpty)
  }

  @Test("An observer whose implementation calls another object's default implementation still responds")
  func callingAnotherDefaultStillResponds() {
    final class Locker: ScrollDelegate {
      let other = Silent()
      func shouldScrollToTop() -> Bool {
        _ = other.shouldScrollToTop()  // the other object's default marks nothing for this call
        return false
      }
    }
    let locker = Locker()
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(locker)
    #expect(multiplexer.shouldScrollToTop() == false)
    #expect(
      multiplexer.observers.combine(using: .all, default: true, requirement: .any) { $0.shouldScrollToTop() } == [false]
    )
  }

  @Test("A default implementation that dispatches to Void listeners still does not respond")
  func defaultThatDispatchesStaysSilent() {
    final class Listener: ScrollDelegate {}
    final class Chatty: ScrollDelegate {
      let listeners = ScrollDelegateMultiplexer()
      let listener = Listener()
      init() { listeners.observers.add(listener) }
      func viewForZooming() -> String? {
        let result: String? = notImplemented(by: self, returning: nil)
        listeners.didScroll(0)  // its observers' defaults run here
        _ = listeners.viewForZooming()
        return result
      }
    }
    let chatty = Chatty()
    let responder = Probe("responder", log: Log())
    responder.zoomAnswer = .some("image")
    let multiplexer = ScrollDelegateMultiplexer()
    multiplexer.observers.add(chatty)
    multiplexer.observers.add(responder)
    #expect(multiplexer.viewForZooming() == "image")
  }

  @Test("A synchronous default called from an explicitly asynchronous closure does not respond")
  func syncDefaultInAsyncClosure() async {
    let silent = Silent()
    let responder = Probe("responder", log: Log())
    responder.scoreAnswer = 42
    let multiplexer = Multiplexer<any ScrollDelegate>()
    multiplexer.add(silent)
    multiplexer.add(responder)
    let answer = await multiplexer.combine(default: 0, requirement: .any) { observer async in observer.score() }
    #expect(answer == 42)
  }

  @Test("removeAndWait from inside an asynchronous call does not wait for its own dispatch")
  func removeAndWaitInsideAsyncDispatch() async {
    final class SelfRemoving: ScrollDelegate {
      weak var multiplexer: Multiplexer<any ScrollDelegate>?
      var finished = 0
      func didFinish() async { teardown() }
      func teardown() {
        multiplexer?.removeAndWait(self)
        finished += 1
      }
    }
    let observer = SelfRemoving()
    let multiplexer = Multiplexer<any ScrollDelegate>()
    observer.multiplexer = multiplexer
    multiplexer.add(observer)
    await multiplexer.notify { await $0.didFinish() }
    #expect(observer.finished == 1)
    #expect(multiplexer.isEmpty)
  }

  @Test("A waiting removal returns while other threads keep dispatching and another thread removes itself")
  func waitingRemovalIsNotStarved() {
    final class Quick: Ticker, @unchecked Sendable {
      func tick(_ dispatch: Int) {}
    }
    final class SelfRemover: Ticker, @unchecked Sendable {
      let multiplexer: Multiplexer<any Ticker>
      let removed = Atomic<Bool>(false)
      init(_ multiplexer: Multiplexer<any Ticker>) { self.multiplexer = multiplexer }
      func tick(_ dispatch: Int) {
        guard !removed.exchange(true, ordering: .relaxed) else { return }
        multiplexer.removeAndWait(self)
      }
    }
    let multiplexer = Multiplexer<any Ticker>()
    let quick = Quick()
    let victim = Quick()
    let remover = SelfRemover(multiplexer)
    multiplexer.add(quick)
    multiplexer.add(victim)
    multiplexer.add(remover)
    let waiterDone = Atomic<Bool>(false)
    let dispatching = Atomic<Int>(0)
    let dispatchesAfterWait = Atomic<Int>(0)
    let group = DispatchGroup()
    for thread in 0..<3 {
      group.enter()
      Thread {
        defer { group.leave() }
        if thread == 0 {
          // Starts once both dispatchers are dispatching, so that the wait overlaps their dispatches.
          while dispatching.load(ordering: .relaxed) < 2 { sched_yield() }
          multiplexer.removeAndWait(victim)
          waiterDone.store(true, ordering: .sequentiallyConsistent)
        } else {
          // Dispatches until the waiter is done (then 100 more), bounded: a starved waiter would let the bound
          // run out with no dispatch after the wait. (A fixed count raced with thread start-up: fast dispatches
          // could all finish before the waiter began.)
          var counted = false
          for _ in 0..<5_000_000 {
            multiplexer.notify { $0.tick(0) }
            if !counted {
              counted = true
              dispatching.wrappingAdd(1, ordering: .relaxed)
            }
            if waiterDone.load(ordering: .relaxed) {
              if dispatchesAfterWait.wrappingAdd(1, ordering: .relaxed).newValue >= 200 { break }
            }
          }
        }
      }.start()
    }
    group.wait()
    let done = waiterDone.load(ordering: .relaxed)
    let afterWait = dispatchesAfterWait.load(ordering: .relaxed)
    #expect(done)
    #expect(afterWait > 0, "the waiter returned only after dispatching stopped")
  }

  @Test("A strong observer set as primary, then removed, is released")
  func strongPrimaryRemovedIsReleased() {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    weak var weakObserver: Probe?
    do {
      let observer = Probe("p", log: Log())
      weakObserver = observer
      multiplexer.add(observer, retention: .strong)
      multiplexer.primary = observer
      #expect(multiplexer.primary === observer)
      multiplexer.remove(observer)
    }
    #expect(weakObserver == nil)
    #expect(multiplexer.primary == nil)
  }

  @Test("A strong observer moved to primary stays strong")
  func strongPrimaryKeepsRetention() {
    let multiplexer = Multiplexer<any ScrollDelegate>()
    weak var weakObserver: Probe?
    do {
      let observer = Probe("p", log: Log())
      weakObserver = observer
      multiplexer.add(observer, retention: .strong)
      multiplexer.primary = observer
    }
    #expect(weakObserver != nil)
    #expect(multiplexer.count == 1)
  }

  @Test("A strong observer's deinit runs before cancelAndWait returns, even while another thread dispatches")
  func strongDeinitBeforeWaitReturns() {
    final class Flag: @unchecked Sendable {
      let deinitRan = Atomic<Bool>(false)
    }
    final class Tracked: Ticker, @unchecked Sendable {
      let flag: Flag
      init(_ flag: Flag) { self.flag = flag }
      deinit { flag.deinitRan.store(true, ordering: .sequentiallyConsistent) }
      func tick(_ dispatch: Int) {}
    }
    let multiplexer = Multiplexer<any Ticker>()
    let stop = Atomic<Bool>(false)
    let late = Atomic<Int>(0)
    let started = Atomic<Bool>(false)
    let group = DispatchGroup()
    group.enter()
    Thread {
      defer { group.leave() }
      while !stop.load(ordering: .relaxed) {
        multiplexer.notify { $0.tick(0) }
        started.store(true, ordering: .relaxed)
      }
    }.start()
    while !started.load(ordering: .relaxed) { sched_yield() }
    for _ in 0..<20_000 {
      // A weak observer that dies at once: the dispatcher then reclaims its slot after the dispatch, which widens
      // the window in which a snapshot could outlive the dispatch's count.
      multiplexer.add(Tracked(Flag()))
      let flag = Flag()
      let token = multiplexer.add(Tracked(flag), retention: .strong)
      token.cancelAndWait()
      if !flag.deinitRan.load(ordering: .sequentiallyConsistent) { late.wrappingAdd(1, ordering: .relaxed) }
    }
    stop.store(true, ordering: .relaxed)
    group.wait()
    let lateCount = late.load(ordering: .relaxed)
    #expect(lateCount == 0, "deinit ran after cancelAndWait returned")
  }

  @Test("A synchronous call nested in an asynchronous one: another object's default marks neither")
  func syncFrameTakesPrecedenceOverAsync() async {
    final class Inner: ScrollDelegate {
      let outer: Outer
      init(_ outer: Outer) { self.outer = outer }
      func score() -> Int { outer.score() + 1 }  // consults the outer observer's default: still responds
    }
    final class Outer: ScrollDelegate {
      let innerMultiplexer = Multiplexer<any ScrollDelegate>()
      var inner: Inner?
      func load() async -> String? {
        let answer = innerMultiplexer.combine(default: -1, requirement: .any) { $0.score() }
        return "\(answer)"
      }
    }
    let outer = Outer()
    let inner = Inner(outer)
    outer.inner = inner
    outer.innerMultiplexer.add(inner)
    let multiplexer = Multiplexer<any ScrollDelegate>()
    multiplexer.add(outer)
    let answer = await multiplexer.combine(default: "nobody", requirement: .any) { await $0.load() }
    #expect(answer == "1")
    outer.inner = nil  // `inner` holds `outer`: break the cycle
  }

  @Test("A task an observer starts cannot mark that observer's call after it returned")
  func escapedTaskDoesNotMark() async {
    final class Spawner: ScrollDelegate, @unchecked Sendable {
      func load() async -> String? {
        let task = Task { [self] in _ = self.viewForZooming() }  // runs the default, which marks nothing now
        _ = task
        return "spawner"
      }
    }
    let spawner = Spawner()
    let multiplexer = Multiplexer<any ScrollDelegate>()
    multiplexer.add(spawner)
    for _ in 0..<200 {
      let answers = await multiplexer.combine(using: .all, default: nil, requirement: .any) { await $0.load() }
      #expect(answers == ["spawner"])
    }
  }

  @Test("Naming the requirement: an observer that calls one of its own defaulted requirements still responds")
  func ownDefaultWithRequirementName() {
    final class Cell: ScrollDelegate {
      func score() -> Int { viewForZooming() == nil ? 44 : 0 }  // `viewForZooming()` is this cell's default
    }
    let cell = Cell()
    let observers = Multiplexer<any ScrollDelegate>()
    observers.add(cell)
    // Named, as generated multiplexers (and hand-written ones that pass `#function`) do: the cell responds.
    #expect(observers.combine(default: -1, requirement: "score()") { $0.score() } == 44)
    #expect(observers.combine(using: .all, default: -1, requirement: "score()") { $0.score() } == [44])
    // Not named: the documented limit, the cell's own default marks the call.
    #expect(observers.combine(default: -1, requirement: .any) { $0.score() } == -1)
  }

  @Test("combine names its forwarding member by default: an observer that calls its own defaulted requirement responds")
  func combineNamesItsForwardingMemberByDefault() async {
    final class Cell: ScrollDelegate {
      func score() -> Int { viewForZooming() == nil ? 44 : 0 }  // `viewForZooming()` is this cell's default
      func load() async -> String? { viewForZooming() ?? "cell" }
    }
    final class Silent: ScrollDelegate {}  // implements nothing: its defaults mark `score()` and `load()`
    // A hand-written forwarder that leaves `requirement` out: it is `#function`, `score()` and `load()`.
    final class Forwarder {
      let observers = Multiplexer<any ScrollDelegate>()
      func score() -> Int { observers.combine(default: -1) { $0.score() } }
      func load() async -> String? { await observers.combine(default: nil) { await $0.load() } }
    }
    let silent = Silent()
    let cell = Cell()
    let forwarder = Forwarder()
    forwarder.observers.add(silent, retention: .strong)
    forwarder.observers.add(cell, retention: .strong)
    // The silent observer is skipped (its mark names the requirement) and the cell responds (its own default's
    // mark names another one).
    #expect(forwarder.score() == 44)
    #expect(await forwarder.load() == "cell")
    // `.any`, the explicit spelling: the cell's own default marks the call, the documented limit.
    #expect(forwarder.observers.combine(default: -1, requirement: .any) { $0.score() } == -1)
  }

  @Test("A strong observer released when a dispatch leaves may remove and wait from its deinit: no self-deadlock")
  func deinitWaitsAtTheEndOfADispatch() {
    final class Waiter: Ticker, @unchecked Sendable {
      let multiplexer: Multiplexer<any Ticker>
      let other: any Ticker
      init(_ multiplexer: Multiplexer<any Ticker>, other: any Ticker) {
        self.multiplexer = multiplexer
        self.other = other
      }
      deinit { multiplexer.removeAndWait(other) }
      func tick(_ dispatch: Int) {}
    }
    final class Quiet: Ticker, @unchecked Sendable {
      func tick(_ dispatch: Int) {}
    }
    let multiplexer = Multiplexer<any Ticker>()
    let quiet = Quiet()
    multiplexer.add(quiet)
    multiplexer.add(Waiter(multiplexer, other: quiet), retention: .strong)
    // The dispatch removes the strong observer (the removal copies the storage; the dispatch's published array
    // keeps the only reference), so its deinit runs when the dispatch drops that array, on this thread, and
    // waits: it must not wait for the dispatch that is releasing it.
    multiplexer.notify { observer in
      if observer is Waiter { multiplexer.remove(observer) }
    }
    #expect(!multiplexer.contains(quiet))
    multiplexer.notify { $0.tick(1) }  // and the multiplexer still works
  }

  @Test(
    "An asynchronous dispatch started inside a synchronous observer call: its observers' defaults mark its calls",
    arguments: [nil, "answer()"] as [StaticString?]
  )
  func asynchronousDispatchStartedInsideASynchronousCall(requirement: StaticString?) throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }  // Task.immediate
    let inner = Multiplexer<any AsyncAnswering>()
    let silent = SilentAnswerer()
    let answering = ImmediateAnswerer(7)
    inner.add(silent)
    inner.add(answering)
    let starter = ImmediateStarter(inner, requirement: requirement)
    let outer = Multiplexer<any ScrollDelegate>()
    outer.add(starter)
    // `score()` starts the asynchronous dispatch with `Task.immediate`, which runs on this thread, inside the
    // synchronous call to `starter`, until it suspends; the dispatch never suspends here.
    #expect(outer.combine(default: 0, requirement: requirement == nil ? .any : "score()") { $0.score() } == 1)
    let answer = try #require(starter.answer.withLock { $0 }, "the asynchronous dispatch suspended")
    // `silent`'s default marked its call: the first responding observer is `answering`.
    #expect(answer == 7)
    withExtendedLifetime((silent, answering)) {}
  }

  // Named requirements only: without them, a default of the observer a synchronous call is making marks that call
  // (the documented caveat of `notImplemented`).
  @Test(
    "The observer of the synchronous call that starts an asynchronous dispatch is also called by it: its default marks the asynchronous call",
    arguments: ["answer()"] as [StaticString?]
  )
  func asynchronousDispatchOfTheSameObserver(requirement: StaticString?) throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }  // Task.immediate
    let inner = Multiplexer<any AsyncAnswering>()
    let starter = ImmediateStarter(inner, requirement: requirement)  // leaves `answer()` to its default
    let answering = ImmediateAnswerer(7)
    inner.add(starter)
    inner.add(answering)
    let outer = Multiplexer<any ScrollDelegate>()
    outer.add(starter)
    // The starter responds to `score()`: its default of `answer()` marks the inner call, not this one.
    #expect(outer.combine(default: 0, requirement: requirement == nil ? .any : "score()") { $0.score() } == 1)
    let answer = try #require(starter.answer.withLock { $0 }, "the asynchronous dispatch suspended")
    #expect(answer == 7)
    withExtendedLifetime(answering) {}
  }

  @Test(
    "A synchronous call inside an asynchronous dispatch that a synchronous call started: another object's default marks nothing"
  )
  func synchronousCallInsideAnAsynchronousDispatchStartedInsideASynchronousCall() throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }  // Task.immediate
    // outer (sync) → starter → Task.immediate → inner (async) → consulting → nested (sync) → bystander, which
    // calls `consulting`'s default of `hint()`: the innermost call is the nested one, to `bystander`.
    let nested = Multiplexer<any ScrollDelegate>()
    let consulting = ConsultingAnswerer(nested)
    let bystander = HintingProbe(consulting)
    nested.add(bystander)
    let inner = Multiplexer<any AsyncAnswering>()
    inner.add(consulting)
    let starter = ImmediateStarter(inner, requirement: nil)
    let outer = Multiplexer<any ScrollDelegate>()
    outer.add(starter)
    #expect(outer.combine(default: 0, requirement: .any) { $0.score() } == 1)
    let answer = try #require(starter.answer.withLock { $0 }, "the asynchronous dispatch suspended")
    // `consulting` responded (with what `bystander` scored), whatever `bystander` did with its default.
    #expect(answer == 5)
    withExtendedLifetime((consulting, bystander)) {}
  }

  @Test(
    "A removed strong registration whose storage owns its observer never stays in storage, even when the index does not find it",
    arguments: [false, true]
  )
  func removedStorageOwnedRegistrationLeavesStorage(isLast: Bool) {
    // Before issue 44 only an `assert` said so: such a registration stayed in its slot, marked removed, keeping
    // its observer alive until a compaction (and a release build dropped the reference it held from the end of the
    // storage without releasing it).
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let first = Probe("first", log: log)
    let last = Probe("last", log: log)
    multiplexer.observers.add(first)
    var died = false
    do {
      let observer = Probe("strong", log: log)
      observer.onDeinit = { died = true }
      multiplexer.observers.add(observer, retention: .strong)
      if !isLast { multiplexer.observers.add(last) }
      multiplexer.observers._removeAsIfNotIndexed(observer)
    }
    #expect(died, "the storage's reference to the observer was released with the removal")
    multiplexer.didScroll(1)
    #expect(log.events == (isLast ? ["first.didScroll(1)"] : ["first.didScroll(1)", "last.didScroll(1)"]))
    multiplexer.observers.removeAll()
    #expect(multiplexer.observers._storageSlotCount == 0)
  }
}

/// Asynchronous requirements that some observers leave to their defaults.
protocol AsyncAnswering: AnyObject, Sendable {
  func answer() async -> Int?
  func hint() -> Int?
}

extension AsyncAnswering {
  func answer() async -> Int? { notImplemented(by: self, returning: nil) }
  func hint() -> Int? { notImplemented(by: self, returning: nil) }
}

final class SilentAnswerer: AsyncAnswering {}

final class ImmediateAnswerer: AsyncAnswering {
  let value: Int
  init(_ value: Int) { self.value = value }
  func answer() async -> Int? { value }
}

/// Answers with what a synchronous dispatch of `nested` scores.
final class ConsultingAnswerer: AsyncAnswering, @unchecked Sendable {
  let nested: Multiplexer<any ScrollDelegate>
  init(_ nested: Multiplexer<any ScrollDelegate>) { self.nested = nested }
  func answer() async -> Int? { nested.combine(default: 0, requirement: .any) { $0.score() } }
}

/// Scores 5, after consulting another observer's `hint()`, which that observer leaves to its default.
final class HintingProbe: ScrollDelegate, @unchecked Sendable {
  let other: any AsyncAnswering
  init(_ other: any AsyncAnswering) { self.other = other }
  func score() -> Int { (other.hint() ?? 0) + 5 }
}

/// Answers `score()` after running an asynchronous dispatch of `inner` with `Task.immediate`; leaves `answer()` to
/// its default.
final class ImmediateStarter: ScrollDelegate, AsyncAnswering, @unchecked Sendable {
  let inner: Multiplexer<any AsyncAnswering>
  let requirement: StaticString?
  /// The asynchronous dispatch's answer, once it returned.
  let answer = Locked<Int??>(nil)

  init(_ inner: Multiplexer<any AsyncAnswering>, requirement: StaticString?) {
    self.inner = inner
    self.requirement = requirement
  }

  func score() -> Int {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return 1 }
    let (inner, answer, requirement) = (self.inner, self.answer, self.requirement)
    Task.immediate {
      let named = requirement.map(ForwardedRequirement.init(stringLiteral:)) ?? .any
      let value = await inner.combine(default: 42, requirement: named) { await $0.answer() }
      answer.withLock { $0 = .some(value) }
    }
    return 1
  }
}
