import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

/// The event streams of the `@objc` multiplexers `multiplex-generate` writes, run on Linux: the runtime part
/// (`Multiplexer._events(bufferingPolicy:streaming:answers:tap:streamingDidEnd:)` and the streams counted by
/// `_RespondsToSelectorAnswers`), with a plain Swift sender that caches `responds(to:)` like UIKit's and a hand-written
/// main-actor multiplexer that follows the generated one's steps, a set of requirement indices standing in for
/// `responds(to:)`.
@MainActor
@Suite("Streamed selectors")
struct StreamedSelectorsTests {
  @Test("An open stream makes the multiplexer answer yes for the Void requirements it reports, and only while open")
  func openStreamChangesTheAnswers() async {
    let sender = CachingSender()
    let multiplexer = StandInMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(sender.cached == [false, false, false])
    #expect(sender.assignments == 1)

    // One kind: the sender asks again and sees requirement 0 only.
    var scrolls: AsyncStream<StandInMultiplexer.Event>? = multiplexer.events(of: [.didScroll])
    #expect(sender.assignments == 3)
    #expect(sender.cached == [true, false, false])

    // Every kind: requirement 1 too, never requirement 2, which returns a value and is no event.
    var all: AsyncStream<StandInMultiplexer.Event>? = multiplexer.events()
    #expect(sender.cached == [true, true, false])
    withExtendedLifetime(all) {}

    // The second stream ends: requirement 1 is reported by nobody, the sender asks again (on the main actor).
    all = nil
    await waitUntil { sender.cached == [true, false, false] }
    #expect(sender.assignments == 7)

    // An observer implementing requirement 0 keeps the answer after the last stream ends: no reassignment.
    let observer = Implementer([0])
    multiplexer.add(observer)
    #expect(sender.assignments == 7)
    withExtendedLifetime(scrolls) {}
    let refreshes = multiplexer.refreshes
    scrolls = nil
    await waitUntil { multiplexer.refreshes > refreshes }
    #expect(!multiplexer.answers.isStreamed(0))
    #expect(sender.cached == [true, false, false])
    #expect(sender.assignments == 7)
  }

  @Test("Without a stream nothing changes: no tap, no reassignment, and calls reach the observers only")
  func noStreamNoChange() {
    let sender = CachingSender()
    let multiplexer = StandInMultiplexer.install(on: sender, delegate: \.delegate)
    let observer = Implementer([1])
    multiplexer.add(observer)
    #expect(sender.cached == [false, true, false])
    #expect(!multiplexer.answers.isStreamed(0) && !multiplexer.answers.isStreamed(1))
    multiplexer.didZoom(3)
    #expect(observer.calls == ["didZoom(3)"])
    #expect(sender.assignments == 3)
  }

  @Test("A stream reports only its kinds, in dispatch order, beside the observers")
  func reportsOnlyItsKinds() async {
    let multiplexer = StandInMultiplexer()
    let observer = Implementer([0, 1])
    multiplexer.add(observer)
    let scrolls = multiplexer.events(of: [.didScroll])
    multiplexer.didScroll(1)
    multiplexer.didZoom(2)
    multiplexer.didScroll(3)
    #expect(await collect(2, from: scrolls) == [.didScroll(1), .didScroll(3)])
    #expect(observer.calls == ["didScroll(1)", "didZoom(2)", "didScroll(3)"])
  }

  @Test("A call of a requirement only a stream reports counts as implemented: no refresh on each call")
  func streamedCallIsImplemented() {
    let sender = CachingSender()
    let multiplexer = StandInMultiplexer.install(on: sender, delegate: \.delegate)
    let stream = multiplexer.events(of: [.didZoom])
    let assignments = sender.assignments
    let changes = multiplexer.observerChanges
    multiplexer.didZoom(1)
    // The tap responded: the call is not taken as one that reached nobody (`observersDidChange()`).
    #expect(multiplexer.observerChanges == changes)
    #expect(sender.assignments == assignments)
    withExtendedLifetime(stream) {}
  }

  @Test("A stream opened during a dispatch hears the next calls, not the one under way")
  func openedDuringDispatch() async throws {
    let multiplexer = StandInMultiplexer()
    let opener = Implementer([0])
    var stream: AsyncStream<StandInMultiplexer.Event>?
    opener.onCall = { stream = stream ?? multiplexer.events() }
    multiplexer.add(opener)
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    let opened = try #require(stream)
    #expect(await collect(1, from: opened) == [.didScroll(2)])
  }

  @Test("Cancelling the consuming task ends the registration and the answer")
  func cancellationEndsTheRegistration() async {
    let sender = CachingSender()
    let multiplexer = StandInMultiplexer.install(on: sender, delegate: \.delegate)
    let stream = multiplexer.events(of: [.didScroll])
    weak let tap = multiplexer.lastTap
    #expect(tap != nil)
    let consumer = Task { @MainActor in
      for await _ in stream {}
    }
    consumer.cancel()
    await consumer.value
    #expect(tap == nil)
    #expect(!multiplexer.answers.isStreamed(0))
    await waitUntil { sender.cached == [false, false, false] }
  }

  @Test("Releasing the multiplexer finishes the stream its consumer waits on; nothing holds the multiplexer")
  func releaseFinishesTheStream() async {
    var multiplexer: StandInMultiplexer? = StandInMultiplexer()
    weak let weakMultiplexer = multiplexer
    let stream = multiplexer!.events()
    multiplexer!.didScroll(1)
    let consumer = Task { @MainActor in
      var received: [StandInMultiplexer.Event] = []
      for await event in stream { received.append(event) }
      return received
    }
    await Task.yield()
    multiplexer = nil
    #expect(weakMultiplexer == nil)
    #expect(await consumer.value == [.didScroll(1)])
  }

  @Test("Buffering: bufferingNewest keeps the newest unread events, bufferingOldest the oldest")
  func bufferingPolicy() async {
    let multiplexer = StandInMultiplexer()
    let newest = multiplexer.events(bufferingPolicy: .bufferingNewest(2))
    let oldest = multiplexer.events(of: [.didScroll], bufferingPolicy: .bufferingOldest(1))
    for offset in 1...3 { multiplexer.didScroll(offset) }
    #expect(await collect(2, from: newest) == [.didScroll(2), .didScroll(3)])
    #expect(await collect(1, from: oldest) == [.didScroll(1)])
  }
}

/// The runtime part from several threads at once: streams opened and closed while calls are dispatched.
@Suite("Streamed selectors, threads")
struct StreamedSelectorThreadTests {
  @Test("Streams opened and closed on one thread while two others dispatch: the counts return to zero")
  func openAndCloseWhileDispatching() async {
    let multiplexer = Multiplexer<any Ticking>()
    let answers = _RespondsToSelectorAnswers(count: 2)
    let ended = Atomic(0)
    let stop = Atomic(false)
    let stopped = Atomic(0)
    let liveTaps = LiveCount()
    let dispatchers = (0..<2).map { _ in
      Thread {
        var tick = 0
        while !stop.load(ordering: .relaxed) {
          tick += 1
          multiplexer.notify { $0.tick(tick) }
          _ = answers.isStreamed(0)
        }
        stopped.wrappingAdd(1, ordering: .releasing)
      }
    }
    for dispatcher in dispatchers { dispatcher.start() }
    for round in 0..<300 {
      let stream = multiplexer._events(
        bufferingPolicy: .bufferingNewest(4),
        streaming: round.isMultiple(of: 2) ? [0] : [0, 1],
        answers: answers,
        tap: { TickTap($0, live: liveTaps) },
        streamingDidEnd: { ended.wrappingAdd(1, ordering: .relaxed) }
      )
      #expect(answers.isStreamed(0))
      let consumer = Task { for await _ in stream {} }
      consumer.cancel()
      await consumer.value
    }
    stop.store(true, ordering: .relaxed)
    // The dispatchers are done (a call under way may still hold a tap it took before the tap was removed).
    while stopped.load(ordering: .acquiring) < dispatchers.count { await Task.yield() }
    // Every stream ended, alone: each ended its requirements, and its tap is gone (`isEmpty` leaves taps out).
    #expect(ended.load(ordering: .relaxed) == 300)
    #expect(!answers.isStreamed(0) && !answers.isStreamed(1))
    #expect(liveTaps.value.load(ordering: .relaxed) == 0)
    #expect(multiplexer.isEmpty)

    // A stream open last hears every call made after it opened.
    let last = multiplexer._events(
      bufferingPolicy: .unbounded,
      streaming: [0],
      answers: answers,
      tap: { TickTap($0) }
    )
    for tick in 1...3 { multiplexer.notify { $0.tick(-tick) } }
    var received: [Int] = []
    for await tick in last where tick < 0 {
      received.append(tick)
      if received.count == 3 { break }
    }
    #expect(received == [-1, -2, -3])
  }

  @Test("Releasing the multiplexer finishes its streams without reporting that streaming ended")
  func releaseDoesNotReportTheEnd() async {
    var multiplexer: Multiplexer<any Ticking>? = Multiplexer<any Ticking>()
    let answers = _RespondsToSelectorAnswers(count: 1)
    let ended = Atomic(0)
    let stream = multiplexer!._events(
      bufferingPolicy: .unbounded,
      streaming: [0],
      answers: answers,
      tap: { TickTap($0) },
      streamingDidEnd: { ended.wrappingAdd(1, ordering: .relaxed) }
    )
    multiplexer!.notify { $0.tick(1) }
    multiplexer = nil
    var received: [Int] = []
    for await tick in stream { received.append(tick) }
    #expect(received == [1])
    // The count is ended all the same; there is no multiplexer to refresh, so no task for it.
    #expect(!answers.isStreamed(0))
    #expect(ended.load(ordering: .relaxed) == 0)
  }

  @Test("Counts: a requirement stays streamed until its last stream ends; out-of-range indices are ignored")
  func counts() {
    let answers = _RespondsToSelectorAnswers(count: 2)
    answers.beginStreaming([0, 1, 7])
    answers.beginStreaming([0])
    #expect(!answers.endStreaming([0]))
    #expect(answers.isStreamed(0) && answers.isStreamed(1) && !answers.isStreamed(7))
    #expect(answers.endStreaming([0, 1, 7]))
    #expect(!answers.isStreamed(0) && !answers.isStreamed(1))
    #expect(!answers.endStreaming([0]))
  }
}

// MARK: - Stand-ins

/// Waits, yielding to the main actor, until `condition` holds (a stream's end refreshes the answers in a task).
@MainActor
private func waitUntil(_ condition: () -> Bool) async {
  for _ in 0..<10_000 where !condition() { await Task.yield() }
  #expect(condition())
}

/// Reads `count` events from `stream`, on the main actor where the tests create it.
@MainActor
private func collect<Element>(_ count: Int, from stream: AsyncStream<Element>) async -> [Element] {
  var elements: [Element] = []
  guard count > 0 else { return elements }
  for await element in stream {
    elements.append(element)
    if elements.count == count { break }
  }
  return elements
}

private protocol Ticking: AnyObject, Sendable {
  func tick(_ value: Int)
}

/// A number of live objects, shared with the threads that create and release them.
private final class LiveCount: Sendable {
  let value = Atomic(0)
}

private final class TickTap: Ticking {
  let continuation: AsyncStream<Int>.Continuation
  /// Counts this tap while it lives.
  let live: LiveCount?
  init(_ continuation: AsyncStream<Int>.Continuation, live: LiveCount? = nil) {
    self.continuation = continuation
    self.live = live
    live?.value.wrappingAdd(1, ordering: .relaxed)
  }
  deinit {
    continuation.finish()
    live?.value.wrappingAdd(-1, ordering: .relaxed)
  }
  func tick(_ value: Int) { continuation.yield(value) }
}

/// An `@objc`-like main-actor delegate: two optional `Void` requirements (0, 1) and one returning a value (2); which
/// an object implements stands in for `responds(to:)`.
@MainActor
private protocol StandInDelegate: AnyObject {
  var implemented: Set<Int> { get }
  func didScroll(_ offset: Int)
  func didZoom(_ scale: Int)
  func shouldScrollToTop() -> Bool
}

@MainActor
private final class Implementer: StandInDelegate {
  let implemented: Set<Int>
  var calls: [String] = []
  var onCall: () -> Void = {}
  init(_ implemented: Set<Int>) { self.implemented = implemented }
  func didScroll(_ offset: Int) {
    calls.append("didScroll(\(offset))")
    onCall()
  }
  func didZoom(_ scale: Int) { calls.append("didZoom(\(scale))") }
  func shouldScrollToTop() -> Bool { true }
}

/// A sender that asks its delegate what it implements when the delegate is set, and caches it, like UIKit's.
@MainActor
private final class CachingSender {
  var assignments = 0
  var cached: [Bool] = []
  weak var delegate: (any StandInDelegate)? {
    didSet {
      assignments += 1
      cached = (0..<3).map { index in
        (delegate as? StandInMultiplexer)?.responds(to: index) ?? delegate?.implemented.contains(index) ?? false
      }
    }
  }
}

/// What `multiplex-generate` writes for a main-actor `@objc` protocol, event stream included, with `responds(to:)`
/// over requirement indices.
@MainActor
private final class StandInMultiplexer: StandInDelegate, @MainActor DelegateMultiplexing {
  enum Event: Equatable {
    case didScroll(Int)
    case didZoom(Int)

    enum Kind: Hashable, Sendable, CaseIterable {
      case didScroll, didZoom
      var index: Int { self == .didScroll ? 0 : 1 }
    }
  }

  /// The generated tap: it implements the requirements of the kinds it reports.
  final class Tap: StandInDelegate {
    let continuation: AsyncStream<Event>.Continuation
    let kinds: Set<Event.Kind>
    init(_ continuation: AsyncStream<Event>.Continuation, kinds: Set<Event.Kind>) {
      self.continuation = continuation
      self.kinds = kinds
    }
    deinit { continuation.finish() }
    var implemented: Set<Int> { Set(kinds.map(\.index)) }
    func didScroll(_ offset: Int) { continuation.yield(.didScroll(offset)) }
    func didZoom(_ scale: Int) { continuation.yield(.didZoom(scale)) }
    func shouldScrollToTop() -> Bool { notImplemented(by: self, returning: false) }
  }

  let multiplexer = Multiplexer<any StandInDelegate>()
  let answers = _RespondsToSelectorAnswers(count: 3)
  weak var lastTap: Tap?
  /// The calls of `observersDidChange()` and of `refreshRespondsToSelector()`.
  var observerChanges = 0
  var refreshes = 0
  var asDelegate: any StandInDelegate { self }
  var implemented: Set<Int> { Set((0..<3).filter(respondsToOptional)) }

  init() {}

  func responds(to index: Int) -> Bool {
    answers.record(respondsToOptional(index), for: index)
  }

  /// The generated `_respondsToOptional(at:)`: an open stream, the primary or a live observer.
  private func respondsToOptional(_ index: Int) -> Bool {
    answers.isStreamed(index) || multiplexer.observers.contains { $0.implemented.contains(index) }
  }

  func refreshRespondsToSelector() {
    refreshes += 1
    if answers.forgetIfStale(implements: respondsToOptional) { reassignDelegateSlots() }
  }

  func observersDidChange() {
    observerChanges += 1
    refreshRespondsToSelector()
  }

  func events(
    of kinds: Set<Event.Kind> = Set(Event.Kind.allCases),
    bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Event> {
    let stream = multiplexer._events(
      bufferingPolicy: bufferingPolicy,
      streaming: kinds.map(\.index),
      answers: answers,
      tap: { continuation -> any StandInDelegate in
        let tap = Tap(continuation, kinds: kinds)
        lastTap = tap
        return tap
      },
      streamingDidEnd: { [weak self] in
        Task { @MainActor [weak self] in self?.refreshRespondsToSelector() }
      }
    )
    refreshRespondsToSelector()
    return stream
  }

  func didScroll(_ offset: Int) {
    _notifyImplementing { $0.implemented.contains(0) ? $0.didScroll(offset) : nil }
  }

  func didZoom(_ scale: Int) {
    _notifyImplementing { $0.implemented.contains(1) ? $0.didZoom(scale) : nil }
  }

  func shouldScrollToTop() -> Bool { true }
}
