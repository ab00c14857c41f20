import MultiplexMacros
import Testing

// MDF's scenario, end to end: `@Multiplexed` on `ScrollViewDelegate` (see Fixtures.swift), the generated
// `ScrollViewDelegateMultiplexer` in a scroll view's `weak var delegate` slot, and observers that each implement
// only what they need.

/// The calls observers received, in order, shared by the observers of one test.
final class CallLog {
  var entries: [String] = []
}

/// Implements only `scrollViewDidScroll(_:)`: one requirement of the protocol's eleven.
final class ScrollRecorder: ScrollViewDelegate {
  let name: String
  let log: CallLog
  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
  }
  func scrollViewDidScroll(_ scrollView: ScrollView) { log.entries.append("\(name).didScroll") }
}

/// Answers `viewForZooming(in:)` with its view, and counts the calls.
final class Zoomer: ScrollViewDelegate {
  let view: View
  var zoomCalls = 0
  init(_ name: String) { view = View(name) }
  func viewForZooming(in scrollView: ScrollView) -> View? {
    zoomCalls += 1
    return view
  }
}

/// Refuses scrolling to the top.
final class TopBlocker: ScrollViewDelegate {
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { false }
}

/// Snaps the target content offset to a grid of `step`, in y.
final class Snapper: ScrollViewDelegate {
  let step: Double
  init(step: Double) { self.step = step }
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point) {
    targetContentOffset.y = (targetContentOffset.y / step).rounded() * step
  }
}

/// Throws from `scrollViewWillBeginZooming(_:with:)` (when `error` is set) and records the call.
final class ZoomValidator: ScrollViewDelegate {
  let name: String
  let log: CallLog
  let error: ValidationError?
  init(_ name: String, log: CallLog, error: ValidationError? = nil) {
    self.name = name
    self.log = log
    self.error = error
  }
  func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) throws {
    log.entries.append("\(name).willBeginZooming")
    if let error { throw error }
  }
  func validateOffset(_ offset: Point) throws(ValidationError) -> Point? {
    log.entries.append("\(name).validateOffset")
    if let error { throw error }
    return Point(x: offset.x, y: max(offset.y, 0))
  }
}

/// Answers the `async` requirement after suspending.
final class Summarizer: ScrollViewDelegate {
  let summary: String
  let log: CallLog
  init(_ summary: String, log: CallLog) {
    self.summary = summary
    self.log = log
  }
  func scrollViewContentSummary(_ scrollView: ScrollView) async -> String? {
    await Task.yield()
    log.entries.append("summary.\(summary)")
    return summary
  }
}

/// Implements the property and the generic requirement.
final class Settings: ScrollViewDelegate {
  var preferredZoomScale: Double? = 2
  var decelerationRate: Double { 0.5 }
  func value<T>(forKey key: String, as type: T.Type) -> T? {
    key == "answer" ? 42 as? T : nil
  }
}

/// Prefers the zoom view of one specific observer, as MDF's `MDFScrollViewDelegateCombining` example does.
final class PreferredZoomCombiner: ScrollViewDelegateCombining {
  weak var preferred: (any ScrollViewDelegate)?
  var seen: [String] = []

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combineViewForZoomingIn responses: inout Responses<any ScrollViewDelegate, View?>,
    default defaultValue: View?
  ) -> View? {
    var result = defaultValue
    while let response = responses.next() {
      seen.append(response.value?.name ?? "nil")
      if response.observer === preferred { result = response.value }
    }
    return result
  }
}

@Suite struct ScrollViewDelegateTests {
  let scrollView = ScrollView()
  let multiplexer = ScrollViewDelegateMultiplexer()
  let log = CallLog()

  init() {
    scrollView.delegate = multiplexer
  }

  @Test func theMultiplexerFillsTheWeakDelegateSlotAndReachesEveryObserverInOrder() {
    let first = ScrollRecorder("first", log: log)
    let second = ScrollRecorder("second", log: log)
    let urgent = ScrollRecorder("urgent", log: log)
    multiplexer.add(first)
    multiplexer.add(second)
    multiplexer.add(urgent, priority: 10)

    scrollView.scroll(to: Point(x: 0, y: 10))

    #expect(log.entries == ["urgent.didScroll", "first.didScroll", "second.didScroll"])
    #expect(scrollView.delegate === multiplexer)
  }

  @Test func viewForZoomingReturnsTheFirstRespondingObserversView() {
    let recorder = ScrollRecorder("recorder", log: log)
    let a = Zoomer("a")
    let b = Zoomer("b")
    multiplexer.add(recorder)
    multiplexer.add(a)
    multiplexer.add(b)

    let view = scrollView.delegate?.viewForZooming(in: scrollView)

    #expect(view === a.view)
    #expect(a.zoomCalls == 1)
    #expect(b.zoomCalls == 1)  // every responding observer is called
  }

  @Test func aCombinerPicksTheZoomViewOfASpecificObserver() {
    let recorder = ScrollRecorder("recorder", log: log)
    let a = Zoomer("a")
    let b = Zoomer("b")
    multiplexer.add(a)
    multiplexer.add(recorder)
    multiplexer.add(b)
    let combiner = PreferredZoomCombiner()
    combiner.preferred = b
    multiplexer.combiner = combiner

    let view = multiplexer.viewForZooming(in: scrollView)

    #expect(view === b.view)
    #expect(combiner.seen == ["a", "b"])  // the recorder does not respond
  }

  @Test func shouldScrollToTopIsTrueWhenNoObserverImplementsIt() {
    multiplexer.add(ScrollRecorder("recorder", log: log), retention: .strong)
    multiplexer.add(Zoomer("zoomer"), retention: .strong)

    #expect(scrollView.shouldScrollToTop())
    #expect(ScrollViewDelegateMultiplexer().scrollViewShouldScrollToTop(scrollView))  // no observer at all

    let blocker = TopBlocker()
    multiplexer.add(blocker)
    #expect(!scrollView.shouldScrollToTop())
  }

  @Test func theDefaultImplementationReturnsTheMarkedDefaultWhenCalledDirectly() {
    let recorder = ScrollRecorder("recorder", log: log)

    #expect(recorder.scrollViewShouldScrollToTop(scrollView))
    #expect(recorder.viewForZooming(in: scrollView) == nil)
    #expect(recorder.decelerationRate == 0)
  }

  @Test func targetContentOffsetIsChainedThroughTheObservers() {
    multiplexer.add(Snapper(step: 100), retention: .strong)
    multiplexer.add(Snapper(step: 30), retention: .strong)

    scrollView.endDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 140))

    // 140 snaps to 100 first, then the second snapper sees 100 and snaps it to 90.
    #expect(scrollView.contentOffset == Point(x: 0, y: 90))
  }

  @Test func throwingRequirementCallsEveryObserverAndRethrowsTheFirstError() {
    multiplexer.add(ZoomValidator("a", log: log, error: ValidationError("a")), retention: .strong)
    multiplexer.add(ZoomValidator("b", log: log), retention: .strong)
    multiplexer.add(ZoomValidator("c", log: log, error: ValidationError("c")), retention: .strong)

    #expect(throws: ValidationError("a")) {
      try multiplexer.scrollViewWillBeginZooming(scrollView, with: nil)
    }
    #expect(log.entries == ["a.willBeginZooming", "b.willBeginZooming", "c.willBeginZooming"])
  }

  @Test func typedThrowsKeepTheErrorType() throws {
    multiplexer.add(ZoomValidator("a", log: log), retention: .strong)
    #expect(try multiplexer.validateOffset(Point(x: 1, y: -5)) == Point(x: 1, y: 0))

    multiplexer.add(ZoomValidator("b", log: log, error: ValidationError("b")), retention: .strong)
    do {
      _ = try multiplexer.validateOffset(Point(x: 0, y: 0))
      Issue.record("expected an error")
    } catch {
      #expect(error == ValidationError("b"))  // `error` is a `ValidationError`: typed throws carried over
    }
  }

  @Test func asyncRequirementAwaitsEachObserverInOrder() async {
    multiplexer.add(ScrollRecorder("recorder", log: log), retention: .strong)
    multiplexer.add(Summarizer("first", log: log), retention: .strong)
    multiplexer.add(Summarizer("second", log: log), retention: .strong)

    let summary = await multiplexer.scrollViewContentSummary(scrollView)

    #expect(summary == "first")
    #expect(log.entries == ["summary.first", "summary.second"])
    #expect(await ScrollViewDelegateMultiplexer().scrollViewContentSummary(scrollView) == nil)
  }

  @Test func anObserverImplementingOneRequirementIsSkippedForTheOthers() async throws {
    let recorder = ScrollRecorder("recorder", log: log)
    multiplexer.add(recorder)
    let everything = AllResponses()
    multiplexer.combiner = everything

    multiplexer.scrollViewDidScroll(scrollView)
    #expect(log.entries == ["recorder.didScroll"])

    #expect(multiplexer.viewForZooming(in: scrollView) == nil)
    #expect(multiplexer.scrollViewShouldScrollToTop(scrollView))
    var target = Point(x: 3, y: 4)
    multiplexer.scrollViewWillEndDragging(scrollView, velocity: Point(x: 0, y: 0), targetContentOffset: &target)
    #expect(target == Point(x: 3, y: 4))
    try multiplexer.scrollViewWillBeginZooming(scrollView, with: nil)
    #expect(await multiplexer.scrollViewContentSummary(scrollView) == nil)
    #expect(multiplexer.preferredZoomScale == nil)
    #expect(multiplexer.decelerationRate == 0)
    // The combiner saw no response for any of the requirements the recorder does not implement.
    #expect(everything.responseCounts == [0, 0, 0, 0, 0])
  }

  @Test func propertyGetterCombinesAndSetterReachesEveryObserver() {
    let a = Settings()
    let b = Settings()
    multiplexer.add(ScrollRecorder("recorder", log: log), retention: .strong)
    multiplexer.add(a)
    multiplexer.add(b)
    b.preferredZoomScale = 3

    #expect(multiplexer.preferredZoomScale == 2)
    multiplexer.preferredZoomScale = 5
    #expect(a.preferredZoomScale == 5)
    #expect(b.preferredZoomScale == 5)
    #expect(multiplexer.decelerationRate == 0.5)
  }

  @Test func genericRequirementIsForwardedWithItsTypeParameter() {
    multiplexer.add(Settings(), retention: .strong)

    #expect(multiplexer.value(forKey: "answer", as: Int.self) == 42)
    #expect(multiplexer.value(forKey: "answer", as: String.self) == nil)
    #expect(multiplexer.value(forKey: "other", as: Int.self) == nil)
  }

  @Test func autoclosureArgumentsAreEvaluatedByEachObserverThatUsesThem() {
    final class Logger: ScrollViewDelegate {
      var messages: [String] = []
      func log(_ message: @autoclosure () -> String) { messages.append(message()) }
    }
    let logger = Logger()
    multiplexer.add(ScrollRecorder("recorder", log: log), retention: .strong)
    multiplexer.add(logger)
    var evaluations = 0
    func message() -> String {
      evaluations += 1
      return "hello"
    }

    multiplexer.log(message())

    #expect(logger.messages == ["hello"])
    #expect(evaluations == 1)  // the recorder's default implementation never evaluates it
  }
}

/// Collects every response, and counts them per requirement.
final class AllResponses: ScrollViewDelegateCombining {
  var responseCounts = [0, 0, 0, 0, 0]

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combineViewForZoomingIn responses: inout Responses<any ScrollViewDelegate, View?>,
    default defaultValue: View?
  ) -> View? {
    let all = Combiner.all.combine(&responses, default: defaultValue)
    responseCounts[0] += all.count
    return all.first ?? defaultValue
  }

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combineScrollViewShouldScrollToTop responses: inout Responses<any ScrollViewDelegate, Bool>,
    default defaultValue: Bool
  ) -> Bool {
    let all = Combiner.all.combine(&responses, default: defaultValue)
    responseCounts[1] += all.count
    return all.allSatisfy { $0 } ? defaultValue : false
  }

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combineScrollViewContentSummary responses: inout Responses<any ScrollViewDelegate, String?>,
    default defaultValue: String?
  ) -> String? {
    let all = Combiner.all.combine(&responses, default: defaultValue)
    responseCounts[2] += all.count
    return all.first ?? defaultValue
  }

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combinePreferredZoomScale responses: inout Responses<any ScrollViewDelegate, Double?>,
    default defaultValue: Double?
  ) -> Double? {
    let all = Combiner.all.combine(&responses, default: defaultValue)
    responseCounts[3] += all.count
    return all.first ?? defaultValue
  }

  func scrollViewDelegateMultiplexer(
    _ multiplexer: ScrollViewDelegateMultiplexer,
    combineDecelerationRate responses: inout Responses<any ScrollViewDelegate, Double>,
    default defaultValue: Double
  ) -> Double {
    let all = Combiner.all.combine(&responses, default: defaultValue)
    responseCounts[4] += all.count
    return all.first ?? defaultValue
  }
}

/// An observer whose implementation calls one of its own requirements that it does not implement.
private final class SelfConsulting: ScrollViewDelegate {
  let view = View("self-consulting")
  func viewForZooming(in scrollView: ScrollView) -> View? {
    // `preferredZoomScale` keeps its generated default here; calling it must not make this call "not responding".
    preferredZoomScale == nil ? view : nil
  }
}

@Suite struct RequirementScopedMarkTests {
  @Test func anObserverConsultingItsOwnDefaultStillResponds() {
    let multiplexer = ScrollViewDelegateMultiplexer()
    let observer = SelfConsulting()
    multiplexer.add(observer)
    #expect(multiplexer.viewForZooming(in: ScrollView()) === observer.view)
  }
}
