import Dispatch
import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

/// A `Sendable` delegate protocol, so that observers may be called on their own contexts.
protocol Feed: AnyObject, Sendable {
  func received(_ value: Int)
  func answer() -> Int
}

extension Feed {
  func received(_ value: Int) {}
  func answer() -> Int { notImplemented(by: self, returning: -1) }
}

/// Records every value it receives, where it ran, and whether two calls ever overlapped.
final class FeedRecorder: Feed, Sendable {
  struct Record: Sendable {
    var values: [Int] = []
    var wrongContext = 0
  }

  let name: String
  let record = Locked(Record())
  let overlaps = Atomic<Int>(0)
  let inCall = Atomic<Bool>(false)
  /// Whether the call runs where it should (checked inside the call).
  let isInContext: @Sendable () -> Bool
  let onReceive: (@Sendable (FeedRecorder, Int) -> Void)?
  let onDeinit: (@Sendable () -> Void)?

  init(
    _ name: String = "recorder",
    isInContext: @escaping @Sendable () -> Bool = { true },
    onReceive: (@Sendable (FeedRecorder, Int) -> Void)? = nil,
    onDeinit: (@Sendable () -> Void)? = nil
  ) {
    self.name = name
    self.isInContext = isInContext
    self.onReceive = onReceive
    self.onDeinit = onDeinit
  }

  deinit { onDeinit?() }

  func received(_ value: Int) {
    if inCall.exchange(true, ordering: .sequentiallyConsistent) { overlaps.wrappingAdd(1, ordering: .relaxed) }
    let inContext = isInContext()
    record.withLock { record in
      record.values.append(value)
      if !inContext { record.wrongContext += 1 }
    }
    onReceive?(self, value)
    inCall.store(false, ordering: .sequentiallyConsistent)
  }

  var values: [Int] { record.withLock { $0.values } }
  var wrongContext: Int { record.withLock { $0.wrongContext } }
}

/// Answers every returning call, to show that an observer with a context is skipped by them anyway.
final class AnsweringFeed: Feed, Sendable {
  func answer() -> Int { 42 }
}

/// A serial queue that can tell whether the current code runs on it.
final class TaggedQueue: Sendable {
  let queue: DispatchQueue
  private let key = DispatchSpecificKey<Int>()

  init(_ label: String, attributes: DispatchQueue.Attributes = []) {
    queue = DispatchQueue(label: label, attributes: attributes)
    queue.setSpecific(key: key, value: 1)
  }

  var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
  var context: DeliveryContext { .queue(queue) }
}

/// Runs an actor's jobs on a dispatch queue: a custom serial executor.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
  let queue: DispatchQueue
  init(_ queue: DispatchQueue) { self.queue = queue }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// An actor that runs on a `QueueExecutor`.
actor QueueActor {
  let executor: QueueExecutor
  init(_ executor: QueueExecutor) { self.executor = executor }
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// Owns a multiplexer and a queue, and hands out a context that captures it: a cycle while a registration keeps
/// the context.
final class ContextOwner: Sendable {
  let feed = Multiplexer<any Feed>()
  let queue = DispatchQueue(label: "owner")
  var context: DeliveryContext { DeliveryContext { job in self.queue.async(execute: job) } }
}

actor Ledger {
  var count = 0
  func bump() { count += 1 }
}

@Suite("Per-observer delivery contexts")
struct DeliveryContextTests {
  @Test("Calls reach an observer on its queue, in the order they were posted")
  func deliveredOnTheQueueInOrder() async {
    let queue = TaggedQueue("feed")
    let recorder = FeedRecorder(isInContext: { queue.isCurrent })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: queue.context)
    for value in 1...500 { feed.post { $0.received(value) } }
    await feed.postAndWait { $0.received(501) }
    #expect(recorder.values == Array(1...501))
    #expect(recorder.wrongContext == 0)
  }

  @Test("Order per observer holds on a concurrent queue, with calls posted from several threads")
  func orderPerObserverOnAConcurrentQueue() async {
    let queue = DispatchQueue(label: "concurrent", attributes: .concurrent)
    let recorders = (0..<3).map { FeedRecorder("r\($0)") }
    let feed = Multiplexer<any Feed>()
    for recorder in recorders { feed.add(recorder, deliveringOn: .queue(queue)) }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<300 { feed.post { $0.received(thread * 1_000 + index) } }
    }
    await feed.postAndWait { $0.received(-1) }
    for recorder in recorders {
      let values = recorder.values
      #expect(values.count == 1_201)
      #expect(values.last == -1)
      for thread in 0..<4 {
        // Each thread's posts arrive in the order that thread made them.
        let mine = values.filter { $0 >= thread * 1_000 && $0 < (thread + 1) * 1_000 }
        #expect(mine == Array(thread * 1_000..<(thread * 1_000 + 300)))
      }
      let overlaps = recorder.overlaps.load(ordering: .relaxed)
      #expect(overlaps == 0)
    }
  }

  @Test("A call queued to an observer's queue is not delivered after remove returned")
  func removalDropsQueuedCalls() {
    let queue = DispatchQueue(label: "suspended")
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .queue(queue))
    queue.suspend()
    for value in 1...10 { feed.post { $0.received(value) } }
    feed.remove(recorder)
    queue.resume()
    queue.sync {}  // Everything queued before, the drain job included, has run.
    #expect(recorder.values.isEmpty)
    // Later posts do not reach it either.
    feed.post { $0.received(11) }
    queue.sync {}
    #expect(recorder.values.isEmpty)
  }

  @Test("Cancelling the token drops the queued calls too")
  func cancellingTheTokenDropsQueuedCalls() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    let token = feed.add(recorder, deliveringOn: scheduler.context)
    feed.post { $0.received(1) }
    feed.post { $0.received(2) }
    token.cancel()
    scheduler.runUntilIdle()
    #expect(recorder.values.isEmpty)
  }

  @Test("A removal while one queued call runs lets it finish and drops the rest")
  func removalWhileACallRuns() {
    let queue = DispatchQueue(label: "busy")
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let recorder = FeedRecorder(onReceive: { _, value in
      if value == 1 {
        entered.signal()
        release.wait()
      }
    })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .queue(queue))
    for value in 1...5 { feed.post { $0.received(value) } }
    entered.wait()
    feed.remove(recorder)
    release.signal()
    queue.sync {}
    #expect(recorder.values == [1])
  }

  @Test("removeAndWait waits for a queued call running on the observer's queue")
  func removeAndWaitWaitsForARunningQueuedCall() {
    let queue = DispatchQueue(label: "slow")
    let entered = DispatchSemaphore(value: 0)
    let mayFinish = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)
    let recorder = FeedRecorder(onReceive: { _, _ in
      entered.signal()
      while !mayFinish.load(ordering: .acquiring) { usleep(100) }
      finished.store(true, ordering: .releasing)
    })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .queue(queue))
    feed.post { $0.received(1) }
    entered.wait()
    let removed = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    Thread {
      feed.removeAndWait(recorder)
      removed.store(true, ordering: .releasing)
      // The call it waited for has finished.
      let hasFinished = finished.load(ordering: .acquiring)
      #expect(hasFinished)
      done.signal()
    }.start()
    usleep(20_000)
    let removedEarly = removed.load(ordering: .acquiring)
    #expect(!removedEarly)
    mayFinish.store(true, ordering: .releasing)
    done.wait()
    let removedLate = removed.load(ordering: .acquiring)
    #expect(removedLate)
  }

  @Test("A waiting removal returns only after a removed strong observer's deinit ran, also on its queue")
  func strongDeinitBeforeWaitReturns() {
    /// Released by the drain after the call: a slow deinit widens the window in which a wrong wait returns.
    final class SlowRelease: Sendable {
      deinit { usleep(50_000) }
    }
    let queue = DispatchQueue(label: "strong-deinit")
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let deinitRan = Atomic<Bool>(false)
    let feed = Multiplexer<any Feed>()
    let token = feed.add(
      FeedRecorder(
        onReceive: { _, _ in
          started.signal()
          release.wait()
        },
        onDeinit: { deinitRan.store(true, ordering: .sequentiallyConsistent) }
      ),
      retention: .strong,
      deliveringOn: .queue(queue)
    )
    do {
      let slow = SlowRelease()
      feed.post { [slow] in
        withExtendedLifetime(slow) {}
        $0.received(1)
      }
    }
    started.wait()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { release.signal() }
    token.cancelAndWait()
    let ranBeforeReturn = deinitRan.load(ordering: .sequentiallyConsistent)
    queue.sync {}
    #expect(ranBeforeReturn, "the strong observer's deinit ran after cancelAndWait returned")
  }

  @Test("removeAndWait waits for a drain that started while the previous one was finishing")
  func removeAndWaitWaitsForOverlappingDrains() {
    // Runs each job on its own thread and returns from `schedule` a little after the job started: legal, and it
    // makes a new drain start while the one that scheduled it is still returning.
    let context = DeliveryContext { job in
      let started = DispatchSemaphore(value: 0)
      Thread {
        started.signal()
        job()
      }.start()
      started.wait()
      usleep(2_000)
    }
    let inCall = Atomic<Bool>(false)
    let lastValue = Atomic<Int>(0)
    let recorder = FeedRecorder(onReceive: { _, value in
      inCall.store(true, ordering: .sequentiallyConsistent)
      lastValue.store(value, ordering: .sequentiallyConsistent)
      usleep(5_000)
      inCall.store(false, ordering: .sequentiallyConsistent)
    })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: context)
    for value in 1...100 { feed.post { $0.received(value) } }
    // The second drain (after the batch of 64) is running, and the first one has returned.
    while lastValue.load(ordering: .sequentiallyConsistent) < 70 { usleep(100) }
    feed.removeAndWait(recorder)
    let stillRunning = inCall.load(ordering: .sequentiallyConsistent)
    #expect(!stillRunning, "removeAndWait returned while a queued call was running on another thread")
  }

  @Test("removeAndWait waits for a queued call of a registration that was already removed, or removed and re-added")
  func removeAndWaitAfterAnEarlierRemoval() {
    for reAdd in [false, true] {
      let queue = DispatchQueue(label: "earlier-removal")
      let started = DispatchSemaphore(value: 0)
      let finished = Atomic<Bool>(false)
      let recorder = FeedRecorder(onReceive: { _, value in
        guard value == 1 else { return }
        started.signal()
        usleep(50_000)
        finished.store(true, ordering: .sequentiallyConsistent)
      })
      let feed = Multiplexer<any Feed>()
      feed.add(recorder, deliveringOn: .queue(queue))
      feed.post { $0.received(1) }
      started.wait()
      feed.remove(recorder)
      if reAdd { feed.add(recorder, deliveringOn: .queue(DispatchQueue(label: "other"))) }
      feed.removeAndWait(recorder)
      let done = finished.load(ordering: .sequentiallyConsistent)
      queue.sync {}
      #expect(done, "removeAndWait returned while a queued call still ran (re-added: \(reAdd))")
    }
  }

  @Test("Making an observer with a context the primary keeps its queued calls and its one-at-a-time delivery")
  func primaryKeepsTheRegistration() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    let token = feed.add(recorder, retention: .strong, deliveringOn: scheduler.context)
    feed.add(FeedRecorder("other"), retention: .strong)
    feed.post { $0.received(1) }
    feed.post { $0.received(2) }
    feed.primary = recorder
    #expect(feed.primary === recorder)
    #expect(feed.observers.first === recorder)
    feed.post { $0.received(3) }
    // Still one mailbox: one drain job for the three calls.
    #expect(scheduler.pendingJobs == 1)
    scheduler.runUntilIdle()
    #expect(recorder.values == [1, 2, 3])
    // The token still names the registration.
    token.cancel()
    #expect(feed.primary == nil)
    #expect(feed.count == 1)
  }

  @Test("An actor context made of an actor nothing else holds runs every call on that actor's executor")
  func temporaryActorContext() async {
    let tagged = TaggedQueue("actor-executor")
    let recorder = FeedRecorder(isInContext: { tagged.isCurrent })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .actor(QueueActor(QueueExecutor(tagged.queue))))
    await feed.postAndWait { $0.received(1) }
    #expect(recorder.values == [1])
    #expect(recorder.wrongContext == 0, "the call did not run on the actor's executor")
  }

  @Test("Removal releases the registration's context, and what it captures")
  func removalReleasesTheContext() {
    for waits in [false, true] {
      weak var probe: ContextOwner?
      let recorder = FeedRecorder()
      do {
        let owner = ContextOwner()
        probe = owner
        owner.feed.add(recorder, deliveringOn: owner.context)
        owner.feed.post { $0.received(1) }
        owner.queue.sync {}
        if waits { owner.feed.removeAndWait(recorder) } else { owner.feed.remove(recorder) }
        owner.queue.sync {}
      }
      #expect(recorder.values == [1])
      // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
      let probeIsGone = probe == nil
      #expect(probeIsGone, "the context (and the multiplexer's owner it captures) outlived the removal")
    }
  }

  @Test("Two threads setting the same primary at once keep its registration")
  func concurrentPrimaryKeepsTheRegistration() {
    var lost = 0
    for _ in 0..<1_000 {
      let scheduler = ManualScheduler()
      let recorder = FeedRecorder()
      let feed = Multiplexer<any Feed>()
      let token = feed.add(recorder, retention: .strong, deliveringOn: scheduler.context)
      let ready = Atomic<Int>(0)
      let group = DispatchGroup()
      for _ in 0..<2 {
        group.enter()
        Thread {
          ready.wrappingAdd(1, ordering: .sequentiallyConsistent)
          while ready.load(ordering: .sequentiallyConsistent) < 2 {}
          feed.primary = recorder
          group.leave()
        }.start()
      }
      group.wait()
      if !token.isActive { lost += 1 }
    }
    #expect(lost == 0, "setting the same primary from two threads replaced the registration")
  }

  @Test("Becoming the primary when its tombstone triggers a compaction keeps the order and one call each")
  func primaryMoveWithCompaction() {
    for removed in 0..<14 {
      let recorders = (0..<20).map { FeedRecorder("r\($0)") }
      let feed = Multiplexer<any Feed>()
      let tokens = recorders.map { feed.add($0, retention: .strong) }
      for index in 0..<removed { feed.remove(recorders[index]) }
      let target = recorders[15]
      feed.primary = target
      let names = feed.observers.map { ($0 as? FeedRecorder)?.name }
      let expected = ["r15"] + (removed..<20).filter { $0 != 15 }.map { "r\($0)" }
      #expect(names == expected, "removed \(removed)")
      feed.notify { $0.received(1) }
      #expect(recorders[removed...].allSatisfy { $0.values.count == 1 }, "removed \(removed)")
      #expect(tokens[15].isActive)
      tokens[15].cancel()
      #expect(feed.primary == nil)
      #expect(feed.count == 20 - removed - 1)
      feed.notify { $0.received(2) }
      #expect(target.values == [1])
    }
  }

  @Test("An actor registered weakly on its own context is not kept alive by it")
  func actorOnItsOwnContextIsReleased() async {
    actor SelfDelivering: Feed {
      let log: Log
      init(_ log: Log) { self.log = log }
      deinit { log.record("deinit") }
      nonisolated func received(_ value: Int) {
        assumeIsolated { $0.log.record("received \(value)") }
      }
    }
    let log = Log()
    let feed = Multiplexer<any Feed>()
    var observer: SelfDelivering? = SelfDelivering(log)
    feed.add(observer!, deliveringOn: .actor(observer!))
    await feed.postAndWait { $0.received(1) }
    observer = nil
    #expect(log.events == ["received 1", "deinit"])
    #expect(feed.count == 0)
  }

  @Test("An observer can remove itself (and wait) from inside a queued call")
  func removeSelfFromInsideAQueuedCall() {
    let queue = DispatchQueue(label: "self-removal")
    let feed = Multiplexer<any Feed>()
    let recorder = FeedRecorder(onReceive: { recorder, value in
      if value == 2 { feed.removeAndWait(recorder) }
    })
    feed.add(recorder, deliveringOn: .queue(queue))
    queue.suspend()
    for value in 1...5 { feed.post { $0.received(value) } }
    queue.resume()
    queue.sync {}
    #expect(recorder.values == [1, 2])
  }

  @Test("Direct observers are called during post; queued ones later, in their context")
  func directAndQueuedObservers() {
    let scheduler = ManualScheduler()
    let direct = FeedRecorder("direct")
    let queued = FeedRecorder("queued")
    let feed = Multiplexer<any Feed>()
    feed.add(queued, deliveringOn: scheduler.context)
    feed.add(direct)
    feed.post { $0.received(1) }
    feed.post { $0.received(2) }
    #expect(direct.values == [1, 2])
    #expect(queued.values.isEmpty)
    // One drain job for both calls: the mailbox hands its context one job at a time.
    #expect(scheduler.pendingJobs == 1)
    scheduler.runUntilIdle()
    #expect(queued.values == [1, 2])
  }

  @Test("A drain runs a bounded batch, then hands its context a new job")
  func drainsInBatches() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: scheduler.context)
    for value in 0..<100 { feed.post { $0.received(value) } }
    scheduler.runScheduledJobs()
    #expect(recorder.values == Array(0..<64))
    #expect(scheduler.pendingJobs == 1)
    scheduler.runUntilIdle()
    #expect(recorder.values == Array(0..<100))
  }

  @Test("A call posted from inside a queued call is delivered after the calls already queued")
  func reentrantPost() {
    let scheduler = ManualScheduler()
    let feed = Multiplexer<any Feed>()
    let recorder = FeedRecorder(onReceive: { _, value in
      if value == 1 { feed.post { $0.received(100) } }
    })
    feed.add(recorder, deliveringOn: scheduler.context)
    feed.post { $0.received(1) }
    feed.post { $0.received(2) }
    scheduler.runUntilIdle()
    #expect(recorder.values == [1, 2, 100])
  }

  @Test("Returning calls, notify and async notify skip observers with a context")
  func callsThatCannotWaitSkipQueuedObservers() async {
    let scheduler = ManualScheduler()
    let answering = AnsweringFeed()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(answering, deliveringOn: scheduler.context)
    feed.add(recorder, deliveringOn: scheduler.context)
    #expect(feed.combine(default: 7, requirement: "answer()") { $0.answer() } == 7)
    #expect(feed.combine(using: .all, default: 7, requirement: .any) { $0.answer() }.isEmpty)
    feed.notify { $0.received(1) }
    let asyncCall: (any Feed) async -> Void = { $0.received(2) }
    await feed.notify(asyncCall)
    let asyncAnswer: (any Feed) async -> Int = { $0.answer() }
    #expect(await feed.combine(default: 7, requirement: .any, asyncAnswer) == 7)
    scheduler.runUntilIdle()
    #expect(recorder.values.isEmpty)
    #expect(scheduler.pendingJobs == 0)
    // They are registered all the same.
    #expect(feed.count == 2)
    #expect(feed.contains(answering))
    #expect(feed.observers.count == 2)
  }

  @Test("A weak observer deallocated with calls queued is not called, and its slot is reclaimed")
  func deallocatedObserverDropsQueuedCalls() {
    let queue = DispatchQueue(label: "dealloc")
    let feed = Multiplexer<any Feed>()
    let deinits = Atomic<Int>(0)
    var recorder: FeedRecorder? = FeedRecorder(onDeinit: { deinits.wrappingAdd(1, ordering: .relaxed) })
    weak let probe = recorder
    feed.add(recorder!, deliveringOn: .queue(queue))
    queue.suspend()
    for value in 1...3 { feed.post { $0.received(value) } }
    recorder = nil
    // Queued calls do not keep a weak observer alive.
    // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
    let probeIsGone = probe == nil
    #expect(probeIsGone)
    let deinitCount = deinits.load(ordering: .relaxed)
    #expect(deinitCount == 1)
    queue.resume()
    queue.sync {}
    feed.post { $0.received(4) }
    #expect(feed.count == 0)
    #expect(feed._storageSlotCount == 0)
  }

  @Test("Removing a strong observer releases it at once, even with calls queued on a suspended queue")
  func removedStrongObserverIsReleased() {
    let queue = DispatchQueue(label: "strong")
    let feed = Multiplexer<any Feed>()
    var recorder: FeedRecorder? = FeedRecorder()
    weak let probe = recorder
    feed.add(recorder!, retention: .strong, deliveringOn: .queue(queue))
    recorder = nil
    queue.suspend()
    feed.post { $0.received(1) }
    // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
    let probeIsAlive = probe != nil
    #expect(probeIsAlive)
    feed.remove(probe!)
    // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
    let probeIsGone = probe == nil
    #expect(probeIsGone)
    queue.resume()
    queue.sync {}
  }

  @Test("Calls posted before the multiplexer went away are still delivered; then everything is released")
  func multiplexerReleasedWithCallsQueued() {
    let queue = DispatchQueue(label: "orphan")
    var feed: Multiplexer<any Feed>? = Multiplexer()
    weak let feedProbe = feed
    var recorder: FeedRecorder? = FeedRecorder()
    weak let recorderProbe = recorder
    feed!.add(recorder!, retention: .strong, deliveringOn: .queue(queue))
    let strongRecorder = recorder!
    recorder = nil
    queue.suspend()
    feed!.post { $0.received(1) }
    feed!.post { $0.received(2) }
    feed = nil
    // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
    let feedProbeIsGone = feedProbe == nil
    #expect(feedProbeIsGone)
    queue.resume()
    queue.sync {}
    #expect(strongRecorder.values == [1, 2])
    _ = consume strongRecorder
    // The drain job finished: nothing keeps the strong observer alive any more.
    // A Bool, not the object: on failure Swift Testing would reflect it, and it holds atomics.
    let recorderProbeIsGone = recorderProbe == nil
    #expect(recorderProbeIsGone)
  }

  @Test("postAndWait returns once every queued observer handled the call")
  func postAndWaitWaitsForQueuedObservers() async {
    let queue = DispatchQueue(label: "late")
    let recorder = FeedRecorder()
    let direct = FeedRecorder("direct")
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .queue(queue))
    feed.add(direct)
    queue.suspend()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { queue.resume() }
    await feed.postAndWait { $0.received(1) }
    // The queue was suspended when the call was posted: returning means it ran since.
    #expect(recorder.values == [1])
    #expect(direct.values == [1])
  }

  @Test("postAndWait returns when a queued call is dropped by a removal")
  func postAndWaitReturnsWhenTheCallIsDropped() async {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: scheduler.context)
    let waiter = Task { await feed.postAndWait { $0.received(1) } }
    while scheduler.pendingJobs == 0 { await Task.yield() }
    feed.remove(recorder)
    await waiter.value
    #expect(recorder.values.isEmpty)
    scheduler.runUntilIdle()
    #expect(recorder.values.isEmpty)
  }

  @Test("postAndWait with no observer with a context returns after the direct ones")
  func postAndWaitWithoutQueuedObservers() async {
    let direct = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(direct)
    await feed.postAndWait { $0.received(1) }
    #expect(direct.values == [1])
  }

  @Test("The main actor context runs calls on the main actor")
  @MainActor
  func mainActorContext() async {
    // `assumeIsolated` traps unless the call runs on the main actor (on Linux its executor need not be the
    // process's first thread, so `Thread.isMainThread` would not tell).
    let recorder = FeedRecorder(isInContext: { MainActor.assumeIsolated { true } })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .mainActor)
    await Task.detached {
      for value in 1...20 { feed.post { $0.received(value) } }
      await feed.postAndWait { $0.received(21) }
    }.value
    #expect(recorder.values == Array(1...21))
    #expect(recorder.wrongContext == 0)
  }

  @Test("A @MainActor class observes a Sendable protocol with nonisolated methods on the main actor context")
  @MainActor
  func mainActorModel() async {
    // The pattern the article shows: `nonisolated` witnesses that reach main-actor state with `assumeIsolated`.
    @MainActor
    final class ProgressModel: Feed {
      var received: [Int] = []
      nonisolated func received(_ value: Int) {
        MainActor.assumeIsolated { received.append(value) }
      }
    }
    let model = ProgressModel()
    let feed = Multiplexer<any Feed>()
    feed.add(model, deliveringOn: .mainActor)
    await Task.detached {
      feed.post { $0.received(1) }
      await feed.postAndWait { $0.received(2) }
    }.value
    #expect(model.received == [1, 2])
  }

  @Test("An actor context runs calls isolated to the actor")
  func actorContext() async {
    let ledger = Ledger()
    let recorder = FeedRecorder(onReceive: { _, _ in
      // Traps unless the call runs isolated to `ledger`.
      ledger.assumeIsolated { $0.bump() }
    })
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: .actor(ledger))
    for value in 1...10 { feed.post { $0.received(value) } }
    await feed.postAndWait { $0.received(11) }
    #expect(recorder.values == Array(1...11))
    #expect(await ledger.count == 11)
  }

  @Test("Adding an observer again keeps its first registration and context")
  func duplicateAddKeepsTheContext() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: scheduler.context)
    feed.add(recorder)
    feed.post { $0.received(1) }
    #expect(recorder.values.isEmpty)
    scheduler.runUntilIdle()
    #expect(recorder.values == [1])
  }

  @Test("Stress: posts and removals on many threads; nothing runs after removeAndWait returned")
  func stress() async {
    let queue = DispatchQueue(label: "stress", attributes: .concurrent)
    let feed = Multiplexer<any Feed>()
    final class Shared: Sendable {
      let violations = Atomic<Int>(0)
    }
    final class Guarded: Feed, Sendable {
      let removed = Atomic<Bool>(false)
      let shared: Shared
      init(_ shared: Shared) { self.shared = shared }
      func received(_ value: Int) {
        if removed.load(ordering: .acquiring) { shared.violations.wrappingAdd(1, ordering: .relaxed) }
      }
    }
    let shared = Shared()
    let steady = FeedRecorder("steady")
    feed.add(steady, deliveringOn: .queue(queue))
    // Kept alive until the end, so that late calls could still reach them (and count as violations).
    let removedObservers = Locked<[Guarded]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for round in 0..<200 {
        let observer = Guarded(shared)
        feed.add(observer, retention: round % 2 == 0 ? .weak : .strong, deliveringOn: .queue(queue))
        for value in 0..<5 { feed.post { $0.received(thread * 10_000 + round * 10 + value) } }
        // After it returns, no call runs and none starts: any later call is a violation.
        feed.removeAndWait(observer)
        observer.removed.store(true, ordering: .releasing)
        removedObservers.withLock { $0.append(observer) }
      }
    }
    await feed.postAndWait { $0.received(-1) }
    let violations = shared.violations.load(ordering: .relaxed)
    #expect(violations == 0)
    #expect(steady.values.count == 4 * 200 * 5 + 1)
    let overlaps = steady.overlaps.load(ordering: .relaxed)
    #expect(overlaps == 0)
    #expect(feed.count == 1)
  }
}
