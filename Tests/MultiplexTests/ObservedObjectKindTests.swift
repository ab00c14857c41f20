#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
@_spi(AppleRuntimePath) import Multiplex
import MultiplexTestSupport
import Testing

/// A native Swift observer, beside `Probe`, which this build holds as an Objective-C object (see `ProbeBase`).
/// Records its calls in `log` as `Probe` does.
final class NativeProbe: ScrollDelegate {
  let name: String
  let log: Log
  var onScroll: ((NativeProbe, Int) -> Void)?
  var scoreAnswer: Int?

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
  }

  func didScroll(_ offset: Int) {
    log.record("\(name).didScroll(\(offset))")
    onScroll?(self, offset)
  }

  func score() -> Int {
    log.record("\(name).score")
    guard let scoreAnswer else { return notImplemented(by: self, returning: 0) }
    return scoreAnswer
  }
}

/// On Apple platforms a weak registration holds a native Swift observer by an unowned reference and an Objective-C
/// observer (an `NSObject` subclass) by a `weak` one, chosen per registration. These tests run in the Linux build that
/// stands for that path (`-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`, `.ci/run` step 2b), where an observer whose class
/// descends from `_ObjectiveCObjectStandIn` takes the `weak` one (`Probe` does there, so every suite that uses it
/// checks that path): both kinds in one multiplexer keep every rule.
@Suite("Weak registrations of native Swift and Objective-C observers (Apple's runtime path)")
struct ObservedObjectKindTests {
  @Test("A native observer is held by an unowned reference, an Objective-C one by a weak reference")
  func eachKindIsHeldItsOwnWay() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let native = NativeProbe("native", log: log)
    let objectiveC = Probe("objc", log: log)
    let nativeBefore = _getUnownedRetainCount(native)
    let objectiveCBefore = _getUnownedRetainCount(objectiveC)
    let weakBefore = _getWeakRetainCount(objectiveC)
    multiplexer.observers.add(native)
    multiplexer.observers.add(objectiveC)
    let nativeWeakBefore = _getWeakRetainCount(native)
    #expect(_getUnownedRetainCount(native) == nativeBefore + 1, "the native observer's registration holds it unowned")
    #expect(_getWeakRetainCount(native) == nativeWeakBefore, "and no weak reference (no side table)")
    #expect(_getUnownedRetainCount(objectiveC) == objectiveCBefore, "no unowned reference to an Objective-C object")
    #expect(_getWeakRetainCount(objectiveC) == weakBefore + 1, "a weak reference instead")
    multiplexer.didScroll(1)
    #expect(log.events == ["native.didScroll(1)", "objc.didScroll(1)"])
    #expect(multiplexer.observers.contains(objectiveC))
    multiplexer.observers.remove(objectiveC)
    multiplexer.observers.remove(native)
    multiplexer.didScroll(2)
    #expect(log.events.count == 2)
    #expect(_getUnownedRetainCount(native) == nativeBefore, "released with the registration")
    #expect(_getUnownedRetainCount(objectiveC) == objectiveCBefore, "never an unowned reference to an Objective-C one")
    #expect(_getWeakRetainCount(objectiveC) == weakBefore, "its weak reference went with the registration")
  }

  @Test("An Objective-C observer that dies between two native ones is not called, and its slot is reclaimed")
  func deadObjectiveCObserverAmongNativeOnes() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let first = NativeProbe("first", log: log)
    var dying: Probe? = Probe("dying", log: log)
    let last = NativeProbe("last", log: log)
    for observer in [first, dying!, last] as [any ScrollDelegate] { multiplexer.observers.add(observer) }
    multiplexer.didScroll(1)
    dying = nil
    multiplexer.didScroll(2)
    #expect(
      log.events == [
        "first.didScroll(1)", "dying.didScroll(1)", "last.didScroll(1)", "first.didScroll(2)", "last.didScroll(2)",
      ]
    )
    #expect(multiplexer.observers._indexedRegistrationCount == 2, "the dispatch reclaimed the dead observer's slot")
  }

  @Test("Observers of both kinds removed or released from inside a call are not called later in it")
  func removalFromInsideACallAcrossKinds() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let remover = Probe("remover", log: log)
    let removedNative = NativeProbe("removedNative", log: log)
    var releasedObjectiveC: Probe? = Probe("releasedObjC", log: log)
    let kept = NativeProbe("kept", log: log)
    for observer in [remover, removedNative, releasedObjectiveC!, kept] as [any ScrollDelegate] {
      multiplexer.observers.add(observer)
    }
    remover.onScroll = { _, _ in
      multiplexer.observers.remove(removedNative)
      releasedObjectiveC = nil
    }
    multiplexer.didScroll(1)
    #expect(log.events == ["remover.didScroll(1)", "kept.didScroll(1)"])
    #expect(releasedObjectiveC == nil)
  }

  @Test("Answers of both kinds are combined in call order, first responder and strong registrations alike")
  func answersOfBothKinds() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let silentObjectiveC = Probe("silentObjC", log: log)
    let answeringObjectiveC = Probe("objc", log: log)
    answeringObjectiveC.scoreAnswer = 7
    let native = NativeProbe("native", log: log)
    native.scoreAnswer = 3
    multiplexer.observers.add(silentObjectiveC)
    multiplexer.observers.add(answeringObjectiveC)
    multiplexer.observers.add(native, retention: .strong)
    #expect(multiplexer.score() == 7, "the first observer in call order that implements it")
    multiplexer.observers.remove(answeringObjectiveC)
    #expect(multiplexer.score() == 3)
    #expect(multiplexer.observers.observers.count == 2)
  }

  @Test("A token cancels an Objective-C observer's registration; re-adding it adds a claim, not a second call")
  func tokensAndClaimsOfAnObjectiveCObserver() {
    let log = Log()
    let multiplexer = ScrollDelegateMultiplexer()
    let observer = Probe("objc", log: log)
    let token = multiplexer.observers.add(observer)
    let second = multiplexer.observers.add(observer)
    multiplexer.didScroll(1)
    #expect(log.events == ["objc.didScroll(1)"])
    token.cancel()
    multiplexer.didScroll(2)
    #expect(log.events == ["objc.didScroll(1)", "objc.didScroll(2)"], "the second claim keeps it")
    second.cancel()
    multiplexer.didScroll(3)
    #expect(log.events.count == 2)
    #expect(!token.isActive && !second.isActive)
  }
}
#endif
