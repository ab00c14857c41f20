import MultiplexMacros
import MultiplexTestSupport
import Testing

// Refinement: a `@Multiplexed` protocol that refines other `@Multiplexed` protocols gets a multiplexer that forwards
// the parents' requirements too, each once (DESIGN.md §3).

// MARK: A chain: DownloadDelegate → SessionDelegate → LifecycleDelegate

@Multiplexed
protocol LifecycleDelegate: AnyObject {
  func didStart()
  func update(arg: Int)
  @MultiplexedDefault(4)
  var maximumConnections: Int { get }
  func shouldReconnect(attempt: Int) -> Bool?
}

@Multiplexed
protocol SessionDelegate: LifecycleDelegate {
  /// Restated from `LifecycleDelegate`: still one forwarded call per observer.
  func update(arg: Int)
  func didReceive(_ data: String)
  func title() -> String?
}

@Multiplexed
protocol DownloadDelegate: SessionDelegate {
  func didProgress(_ fraction: Double)
  /// Restated with a default, so that `DownloadDelegateCombining` can combine it.
  @MultiplexedDefault(4)
  var maximumConnections: Int { get }
}

/// Records every call it gets, in order, and answers what it was given.
final class DownloadRecorder: DownloadDelegate {
  var calls: [String] = []
  let connections: Int?
  let reconnect: Bool?
  let name: String?

  init(connections: Int? = nil, reconnect: Bool? = nil, name: String? = nil) {
    self.connections = connections
    self.reconnect = reconnect
    self.name = name
  }

  func didStart() { calls.append("didStart") }
  func update(arg: Int) { calls.append("update(\(arg))") }
  func didReceive(_ data: String) { calls.append("didReceive(\(data))") }
  func didProgress(_ fraction: Double) { calls.append("didProgress(\(fraction))") }
  var maximumConnections: Int {
    calls.append("maximumConnections")
    return connections ?? Multiplex.notImplemented(by: self, returning: 4)
  }
  func shouldReconnect(attempt: Int) -> Bool? {
    calls.append("shouldReconnect(\(attempt))")
    return reconnect
  }
  func title() -> String? { name }
}

/// Implements nothing: every requirement has a default implementation.
final class SilentDownloadObserver: DownloadDelegate {}

/// The largest answer.
final class MostConnections: DownloadDelegateCombining {
  func downloadDelegateMultiplexer(
    _ multiplexer: DownloadDelegateMultiplexer,
    combineMaximumConnections responses: inout Responses<any DownloadDelegate, Int>,
    default defaultValue: Int
  ) -> Int {
    var largest: Int? = nil
    while let response = responses.next() { largest = max(largest ?? response.value, response.value) }
    return largest ?? defaultValue
  }
}

@Suite struct ChainTests {
  @Test func everyLevelReachesEveryObserverOnceInOrder() {
    let multiplexer = DownloadDelegateMultiplexer()
    let first = DownloadRecorder()
    let second = DownloadRecorder()
    multiplexer.add(first)
    multiplexer.add(SilentDownloadObserver(), retention: .strong)
    multiplexer.add(second)

    multiplexer.didStart()  // LifecycleDelegate's, two levels up
    multiplexer.update(arg: 7)  // restated by SessionDelegate
    multiplexer.didReceive("a")  // SessionDelegate's
    multiplexer.didProgress(0.5)  // DownloadDelegate's

    let expected = ["didStart", "update(7)", "didReceive(a)", "didProgress(0.5)"]
    #expect(first.calls == expected)
    #expect(second.calls == expected)
  }

  @Test func theMultiplexerIsADelegateOfEveryParent() {
    let multiplexer = DownloadDelegateMultiplexer()
    let recorder = DownloadRecorder()
    multiplexer.add(recorder)
    let lifecycle: any LifecycleDelegate = multiplexer
    let session: any SessionDelegate = multiplexer

    lifecycle.didStart()
    lifecycle.update(arg: 1)
    session.update(arg: 2)

    #expect(recorder.calls == ["didStart", "update(1)", "update(2)"])
  }

  @Test func inheritedValuesAnswerWithTheFirstResponderOrTheDefault() {
    let multiplexer = DownloadDelegateMultiplexer()
    #expect(multiplexer.shouldReconnect(attempt: 1) == nil)
    #expect(multiplexer.title() == nil)

    let silent = SilentDownloadObserver()
    let undecided = DownloadRecorder(reconnect: nil)
    let decided = DownloadRecorder(reconnect: false, name: "named")
    multiplexer.add(silent)
    multiplexer.add(undecided)
    multiplexer.add(decided)

    // `undecided` implements the requirement: its `nil` is the first response.
    #expect(multiplexer.shouldReconnect(attempt: 2) == nil)
    #expect(undecided.calls == ["shouldReconnect(2)"])
    #expect(decided.calls == ["shouldReconnect(2)"])
    multiplexer.remove(undecided)
    #expect(multiplexer.shouldReconnect(attempt: 3) == false)
    // `SilentDownloadObserver` does not respond: the title comes from `decided`.
    #expect(multiplexer.title() == "named")
  }

  @Test func aRestatedValueRequirementCombinesThroughTheRefinementsCombiner() {
    let multiplexer = DownloadDelegateMultiplexer()
    #expect(multiplexer.maximumConnections == 4)
    multiplexer.add(DownloadRecorder(connections: 2), retention: .strong)
    multiplexer.add(SilentDownloadObserver(), retention: .strong)
    multiplexer.add(DownloadRecorder(connections: 8), retention: .strong)
    #expect(multiplexer.maximumConnections == 2)

    let combiner = MostConnections()
    multiplexer.combiner = combiner
    #expect(multiplexer.maximumConnections == 8)
    // Through the parent protocol, the same member answers.
    let lifecycle: any LifecycleDelegate = multiplexer
    #expect(lifecycle.maximumConnections == 8)
  }

  @Test func theParentsMultiplexersStillWorkAlone() {
    let lifecycle = LifecycleDelegateMultiplexer()
    let session = SessionDelegateMultiplexer()
    let recorder = DownloadRecorder(connections: 6)
    lifecycle.add(recorder)
    session.add(recorder)

    lifecycle.update(arg: 1)
    session.update(arg: 2)
    session.didStart()

    #expect(recorder.calls == ["update(1)", "update(2)", "didStart"])
    #expect(session.maximumConnections == 6)
  }
}

// MARK: A diamond: Inspector → (Scrolling, Zooming) → Surface

@Multiplexed
protocol SurfaceDelegate: AnyObject {
  func didLayout(_ pass: Int)
  @MultiplexedDefault(0)
  func layers() -> Int
}

@Multiplexed
protocol ScrollingDelegate: SurfaceDelegate {
  func didScroll()
}

@Multiplexed
protocol ZoomingDelegate: SurfaceDelegate {
  func didZoom()
}

@Multiplexed
protocol InspectorDelegate: ScrollingDelegate, ZoomingDelegate {
  func didClose()
}

final class InspectorRecorder: InspectorDelegate {
  var calls: [String] = []
  let layerCount: Int
  init(layers: Int) { self.layerCount = layers }
  func didLayout(_ pass: Int) { calls.append("didLayout(\(pass))") }
  func layers() -> Int {
    calls.append("layers")
    return layerCount
  }
  func didScroll() { calls.append("didScroll") }
  func didZoom() { calls.append("didZoom") }
  func didClose() { calls.append("didClose") }
}

@Suite struct DiamondTests {
  @Test func theCommonParentsRequirementsAreForwardedOnce() {
    let multiplexer = InspectorDelegateMultiplexer()
    let first = InspectorRecorder(layers: 3)
    let second = InspectorRecorder(layers: 5)
    multiplexer.add(first)
    multiplexer.add(second)

    multiplexer.didLayout(1)
    #expect(multiplexer.layers() == 3)
    multiplexer.didScroll()
    multiplexer.didZoom()
    multiplexer.didClose()

    let expected = ["didLayout(1)", "layers", "didScroll", "didZoom", "didClose"]
    #expect(first.calls == expected)
    #expect(second.calls == expected)

    // Through either path to the common parent, the same forwarder.
    let scrolling: any ScrollingDelegate = multiplexer
    let zooming: any ZoomingDelegate = multiplexer
    scrolling.didLayout(2)
    zooming.didLayout(3)
    #expect(first.calls.suffix(2) == ["didLayout(2)", "didLayout(3)"])
  }
}

// MARK: `@MainActor` protocols

@Multiplexed
@MainActor
protocol ScreenDelegate: AnyObject {
  func didAppear()
  func loadTitle() async -> String?
}

@Multiplexed
@MainActor
protocol FormDelegate: ScreenDelegate {
  func didSubmit(_ value: String)
}

@MainActor
final class FormRecorder: FormDelegate {
  var calls: [String] = []
  let name: String?
  init(name: String?) { self.name = name }
  func didAppear() { calls.append("didAppear") }
  func loadTitle() async -> String? {
    await Task.yield()
    calls.append("loadTitle")
    return name
  }
  func didSubmit(_ value: String) { calls.append("didSubmit(\(value))") }
}

@MainActor
@Suite struct IsolatedRefinementTests {
  @Test func inheritedRequirementsAreForwardedOnTheMainActor() async {
    let multiplexer = FormDelegateMultiplexer()
    let first = FormRecorder(name: nil)
    let second = FormRecorder(name: "form")
    multiplexer.add(first)
    multiplexer.add(second)

    multiplexer.didAppear()
    multiplexer.didSubmit("x")
    // `first` responds with `nil`: the first responder's answer.
    #expect(await multiplexer.loadTitle() == nil)
    multiplexer.remove(first)
    #expect(await multiplexer.loadTitle() == "form")

    #expect(first.calls == ["didAppear", "didSubmit(x)", "loadTitle"])
    #expect(second.calls == ["didAppear", "didSubmit(x)", "loadTitle", "loadTitle"])
  }
}

// MARK: `Sendable` protocols: delivery contexts

@Multiplexed
protocol FeedDelegate: AnyObject, Sendable {
  func feedDidLoad(_ count: Int)
}

@Multiplexed
protocol LiveFeedDelegate: FeedDelegate, Sendable {
  func feedDidGoLive()
}

private final class FeedRecorder: LiveFeedDelegate, Sendable {
  let calls = Locked<[String]>([])
  func feedDidLoad(_ count: Int) { calls.withLock { $0.append("load \(count)") } }
  func feedDidGoLive() { calls.withLock { $0.append("live") } }
  var recorded: [String] { calls.withLock { $0 } }
}

// MARK: A grandparent refined directly too: its requirements convert without a cast

@Multiplexed
protocol ResumableDownloadDelegate: SessionDelegate, LifecycleDelegate {
  func didResume()
}

final class ResumeRecorder: ResumableDownloadDelegate {
  var calls: [String] = []
  func didStart() { calls.append("didStart") }
  func didResume() { calls.append("didResume") }
  func title() -> String? { "resumed" }
}

@Suite struct SendableAndDirectRefinementTests {
  @Test func inheritedCallsReachObserversWithADeliveryContext() {
    let scheduler = ManualScheduler()
    let queued = FeedRecorder()
    let direct = FeedRecorder()
    let multiplexer = LiveFeedDelegateMultiplexer()
    multiplexer.add(queued, deliveringOn: scheduler.context)
    multiplexer.add(direct)

    multiplexer.feedDidLoad(3)
    multiplexer.feedDidGoLive()

    #expect(direct.recorded == ["load 3", "live"])
    #expect(queued.recorded.isEmpty)
    scheduler.runUntilIdle()
    #expect(queued.recorded == ["load 3", "live"])
  }

  @Test func aGrandparentRefinedDirectlyIsForwardedOnce() {
    let multiplexer = ResumableDownloadDelegateMultiplexer()
    let recorder = ResumeRecorder()
    multiplexer.add(recorder)

    multiplexer.didStart()
    multiplexer.didResume()

    #expect(recorder.calls == ["didStart", "didResume"])
    #expect(multiplexer.title() == "resumed")
    #expect(multiplexer.maximumConnections == 4)
  }
}

// MARK: Inherited requirements of every kind of shape

@Multiplexed
protocol RefinedShapes: ParameterShapes, GenericShapes, EffectShapes, SubscriptShapes {}

/// Implements a few inherited requirements of each parent; the parents' defaults answer the others.
final class RefinedShapesObserver: RefinedShapes {
  let id: Int
  var calls: [String] = []
  var table: [String: Int] = [:]
  init(id: Int) { self.id = id }

  func select(in value: Int, for default: Int) { calls.append("select \(value) \(`default`)") }
  func renew(_ token: inout Token) { token.uses += id }
  func first<C: Collection>(in collection: C) -> C.Element? where C.Element: Comparable {
    id == 1 ? collection.min() : collection.max()
  }
  func load(_ value: Int) async throws(ShapeError) -> Int? {
    if id == 1 { throw ShapeError(code: value) }
    return value * 10
  }
  subscript(key key: String) -> Int? {
    get { table[key] }
    set { table[key] = newValue }
  }
}

@Suite struct InheritedShapeTests {
  @Test func inheritedShapesAreForwardedLikeTheParentsOwn() async throws {
    let multiplexer = RefinedShapesMultiplexer()
    let first = RefinedShapesObserver(id: 1)
    let second = RefinedShapesObserver(id: 2)
    multiplexer.add(first)
    multiplexer.add(second)

    multiplexer.select(in: 1, for: 2)
    #expect(first.calls == ["select 1 2"] && second.calls == ["select 1 2"])

    // `inout` is chained through the observers.
    var token = Token(uses: 0)
    multiplexer.renew(&token)
    #expect(token.uses == 3)

    // A generic requirement: the first responder's answer.
    #expect(multiplexer.first(in: [3, 1, 2]) == 1)

    // Typed throws: every observer is called, the first error is rethrown.
    do {
      _ = try await multiplexer.load(4)
      Issue.record("no error")
    } catch {
      #expect(error == ShapeError(code: 4))
    }
    multiplexer.remove(first)
    #expect(try await multiplexer.load(4) == 40)

    // A settable subscript: the setter reaches every observer, the getter combines.
    multiplexer.add(first)
    multiplexer[key: "a"] = 5
    #expect(first.table == ["a": 5] && second.table == ["a": 5])
    #expect(multiplexer[key: "a"] == 5)
    // A parent's default: no observer implements `value()`.
    #expect(multiplexer.value() as Int? == nil)
  }
}
