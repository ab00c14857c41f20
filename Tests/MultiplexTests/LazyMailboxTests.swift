import Dispatch
import Multiplex
import MultiplexTestSupport
import Synchronization
import Testing

/// What a context captures, to tell when the context is released.
final class CapturedProbe: Sendable {}

/// Counts the jobs a context was handed (it never runs them).
final class JobCount: Sendable {
  let value = Atomic<Int>(0)
}

/// A registration with a delivery context gets its mailbox at the first call posted to it, not when it is made.
@Suite("Mailboxes made at the first post")
struct LazyMailboxTests {
  @Test("A registration with a context has no mailbox until a call is posted to it; then it has one")
  func noMailboxUntilTheFirstPost() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: scheduler.context)
    feed.add(FeedRecorder(), retention: .strong, deliveringOn: scheduler.context)
    #expect(feed._mailboxCount == 0)
    #expect(scheduler.pendingJobs == 0)
    // Calls that skip observers with a context make none either.
    feed.notify { $0.received(0) }
    _ = feed.combine(default: 0) { $0.answer() }
    #expect(feed._mailboxCount == 0)
    feed.post { $0.received(1) }
    #expect(feed._mailboxCount == 2)
    feed.post { $0.received(2) }
    #expect(feed._mailboxCount == 2)
    scheduler.runUntilIdle()
    #expect(recorder.values == [1, 2])
  }

  @Test("Two threads posting the first call at once make one mailbox, which runs both calls in one drain")
  func firstPostFromTwoThreadsMakesOneMailbox() {
    for _ in 0..<300 {
      let scheduler = ManualScheduler()
      let recorder = FeedRecorder()
      let feed = Multiplexer<any Feed>()
      feed.add(recorder, deliveringOn: scheduler.context)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        feed.post { $0.received(thread) }
      }
      #expect(feed._mailboxCount == 1)
      // One mailbox: one drain job for both calls (two mailboxes would have scheduled one each).
      #expect(scheduler.pendingJobs == 1)
      scheduler.runUntilIdle()
      #expect(recorder.values.sorted() == [0, 1])
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    }
  }

  @Test("A registration removed before its first post never gets a mailbox, and its context is released at once")
  func removalBeforeTheFirstPost() {
    for removal in ["remove", "removeAndWait", "cancel", "removeAll"] {
      let jobs = JobCount()
      let recorder = FeedRecorder()
      let feed = Multiplexer<any Feed>()
      weak var probe: CapturedProbe?
      var token: ObservationToken?
      do {
        let captured = CapturedProbe()
        probe = captured
        token = feed.add(
          recorder,
          deliveringOn: DeliveryContext { _ in
            withExtendedLifetime(captured) {}
            jobs.value.wrappingAdd(1, ordering: .relaxed)
          }
        )
      }
      #expect(probe != nil, "\(removal): the registration keeps its context")
      switch removal {
      case "remove": feed.remove(recorder)
      case "removeAndWait": feed.removeAndWait(recorder)
      case "cancel": token?.cancel()
      default: feed.removeAll()
      }
      let probeIsGone = probe == nil
      #expect(probeIsGone, "\(removal): the context outlived the removal")
      feed.post { $0.received(1) }
      #expect(feed._mailboxCount == 0, "\(removal)")
      #expect(jobs.value.load(ordering: .relaxed) == 0, "\(removal)")
      withExtendedLifetime(token) {}
    }
  }

  @Test("A removal racing the first post: the call runs only if posted before the removal returned")
  func removalRacingTheFirstPost() {
    for _ in 0..<300 {
      let scheduler = ManualScheduler()
      let recorder = FeedRecorder()
      let feed = Multiplexer<any Feed>()
      feed.add(recorder, deliveringOn: scheduler.context)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 { feed.post { $0.received(1) } } else { feed.remove(recorder) }
      }
      // Whichever came first, nothing runs once the removal returned.
      scheduler.runUntilIdle()
      #expect(recorder.values.isEmpty)
      #expect(feed._mailboxCount <= 1)
      feed.post { $0.received(2) }
      scheduler.runUntilIdle()
      #expect(recorder.values.isEmpty)
    }
  }

  @Test("A weak observer that dies before its first post gets no mailbox, and its slot is reclaimed")
  func deathBeforeTheFirstPost() {
    let scheduler = ManualScheduler()
    let feed = Multiplexer<any Feed>()
    var recorder: FeedRecorder? = FeedRecorder()
    weak let probe = recorder
    feed.add(recorder!, deliveringOn: scheduler.context)
    recorder = nil
    let probeIsGone = probe == nil
    #expect(probeIsGone)
    feed.post { $0.received(1) }
    #expect(feed._mailboxCount == 0)
    #expect(scheduler.pendingJobs == 0)
    #expect(feed.count == 0)
    #expect(feed._storageSlotCount == 0)
  }

  @Test("A weak observer that dies with its first call queued is not called, and the mailbox lets it go")
  func deathWithTheFirstCallQueued() {
    let scheduler = ManualScheduler()
    let feed = Multiplexer<any Feed>()
    var recorder: FeedRecorder? = FeedRecorder()
    weak let probe = recorder
    feed.add(recorder!, deliveringOn: scheduler.context)
    feed.post { $0.received(1) }
    #expect(feed._mailboxCount == 1)
    recorder = nil
    let probeIsGone = probe == nil
    #expect(probeIsGone, "a queued call kept a weak observer alive")
    scheduler.runUntilIdle()
    feed.post { $0.received(2) }
    #expect(scheduler.pendingJobs == 0)
    #expect(feed.count == 0)
    #expect(feed._storageSlotCount == 0)
  }

  @Test("A block before the first post: calls are skipped, no mailbox is made, and delivery resumes after it")
  func blockBeforeTheFirstPost() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    let token = feed.add(recorder, deliveringOn: scheduler.context)
    let block = token.block()
    feed.post { $0.received(1) }
    #expect(feed._mailboxCount == 0)
    block.cancel()
    feed.post { $0.received(2) }
    scheduler.runUntilIdle()
    #expect(recorder.values == [2])
  }

  @Test(
    "Before and after the first post, observers with a context are listed, counted, and found; strong ones released on removal"
  )
  func introspectionBeforeAndAfterTheFirstPost() {
    let scheduler = ManualScheduler()
    let weakRecorder = FeedRecorder("weak")
    var strongRecorder: FeedRecorder? = FeedRecorder("strong")
    weak let strongProbe = strongRecorder
    let feed = Multiplexer<any Feed>()
    feed.add(weakRecorder, deliveringOn: scheduler.context)
    feed.add(strongRecorder!, retention: .strong, deliveringOn: scheduler.context)
    for posted in [false, true] {
      if posted { feed.post { $0.received(1) } }
      #expect(feed.count == 2)
      #expect(feed.observers.map { ($0 as! FeedRecorder).name } == ["weak", "strong"])
      #expect(feed.contains(weakRecorder))
      #expect(feed.contains(strongRecorder!))
    }
    scheduler.runUntilIdle()
    #expect(weakRecorder.values == [1])
    #expect(strongRecorder!.values == [1])
    // The multiplexer keeps the strong observer alive, and lets it go when removed.
    do {
      let strong = strongRecorder!
      strongRecorder = nil
      #expect(strongProbe != nil)
      feed.remove(strong)
    }
    feed.post { $0.received(2) }
    scheduler.runUntilIdle()
    let strongIsGone = strongProbe == nil
    #expect(strongIsGone)
    #expect(weakRecorder.values == [1, 2])
  }

  @Test("A strong observer with a context removed before its first post is released at once")
  func strongObserverRemovedBeforeTheFirstPost() {
    let scheduler = ManualScheduler()
    let feed = Multiplexer<any Feed>()
    weak var probe: FeedRecorder?
    do {
      let recorder = FeedRecorder()
      probe = recorder
      feed.add(recorder, retention: .strong, deliveringOn: scheduler.context)
    }
    #expect(probe != nil, "the registration keeps a strong observer alive")
    feed.removeAll()
    let probeIsGone = probe == nil
    #expect(probeIsGone)
    feed.post { $0.received(1) }
    #expect(scheduler.pendingJobs == 0)
  }

  @Test("debugDescription names the context of a registration before and after its first post")
  func contextNameBeforeAndAfterTheFirstPost() {
    let scheduler = ManualScheduler()
    let recorder = FeedRecorder()
    let feed = Multiplexer<any Feed>()
    feed.add(recorder, deliveringOn: scheduler.context)
    #expect(feed.debugDescription.contains("delivered on custom scheduler"))
    feed.post { $0.received(1) }
    #expect(feed.debugDescription.contains("delivered on custom scheduler"))
    scheduler.runUntilIdle()
  }
}

// MARK: The shape of a `@Multiplexed` refinement: a parent's forwarder, generic over the multiplexer class

/// A parent protocol whose requirement a refinement's multiplexer forwards through a protocol extension, as the
/// code `@Multiplexed` generates does (`FeedDelegateMultiplexerForwarding`).
protocol ParentFeed: AnyObject, Sendable {
  func parentCall(_ value: Int)
}

protocol ChildFeed: ParentFeed, Sendable {
  func childCall()
}

protocol ParentFeedForwarding: ParentFeed where _Observer: Sendable {
  associatedtype _Observer
  var multiplexer: Multiplexer<_Observer> { get }
  static func _asParentFeed(_ observer: _Observer) -> any ParentFeed
}

extension ParentFeed where Self: ParentFeedForwarding {
  func parentCall(_ value: Int) {
    multiplexer._post(value) { observer, value in Self._asParentFeed(observer).parentCall(value) }
  }
}

final class ChildFeedMultiplexer: ChildFeed, ParentFeedForwarding {
  let multiplexer = Multiplexer<any ChildFeed>()
  static func _asParentFeed(_ observer: any ChildFeed) -> any ParentFeed { observer }
  func childCall() {
    multiplexer._post(()) { observer, _ in observer.childCall() }
  }
}

final class ChildFeedRecorder: ChildFeed {
  let calls = Locked<[String]>([])
  func parentCall(_ value: Int) { calls.withLock { $0.append("parent \(value)") } }
  func childCall() { calls.withLock { $0.append("child") } }
  var recorded: [String] { calls.withLock { $0 } }
}

@Suite("Mailboxes made at the first post, through a refinement's forwarder")
struct LazyMailboxRefinementTests {
  @Test("A parent's forwarder, generic over the multiplexer class, posts the first call to an observer with a context")
  func parentForwarderPostsTheFirstCall() {
    for _ in 0..<200 {
      let scheduler = ManualScheduler()
      let queued = ChildFeedRecorder()
      let direct = ChildFeedRecorder()
      let multiplexer = ChildFeedMultiplexer()
      multiplexer.multiplexer.add(queued, deliveringOn: scheduler.context)
      multiplexer.multiplexer.add(direct)
      multiplexer.parentCall(3)
      multiplexer.childCall()
      #expect(direct.recorded == ["parent 3", "child"])
      #expect(queued.recorded.isEmpty)
      scheduler.runUntilIdle()
      #expect(queued.recorded == ["parent 3", "child"])
    }
  }
}
