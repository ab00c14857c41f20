import Multiplex
import Testing

/// Assigning an installed multiplexer to its slot again when the optional methods it implements change: the runtime
/// part of the `@objc` multiplexers `multiplex-generate` writes (`reassignDelegateSlots()` and
/// `_RespondsToSelectorAnswers`), run on Linux with a plain Swift sender that counts assignments, and a
/// hand-written multiplexer that follows the generated one's steps with a Swift stand-in for `responds(to:)`.
@Suite("Reassignment")
struct ReassignmentTests {
  @Test("reassignDelegateSlots assigns nil then the multiplexer to each slot that still holds it")
  func reassignsInstalledSlots() {
    let sender = CountingSender()
    let multiplexer = OptionalDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(sender.assignments == ["multiplexer"])
    #expect(multiplexer.reassignDelegateSlots() == 1)
    #expect(sender.assignments == ["multiplexer", "nil", "multiplexer"])
    #expect(sender.delegate === multiplexer)

    // Two owners: both slots.
    let other = CountingSender()
    let otherMultiplexer = OptionalDelegateMultiplexer.install(on: other, delegate: \.delegate)
    #expect(otherMultiplexer !== multiplexer)
    #expect(multiplexer.reassignDelegateSlots() == 1)
    #expect(other.assignments == ["multiplexer"])
  }

  @Test("A slot someone else took over, an uninstalled multiplexer and a dead owner are left alone")
  func leavesOtherSlotsAlone() {
    let sender = CountingSender()
    let multiplexer = OptionalDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    let stranger = Implementer([0])
    sender.delegate = stranger
    #expect(multiplexer.reassignDelegateSlots() == 0)
    #expect(sender.delegate === stranger)

    let second = CountingSender()
    let installed = OptionalDelegateMultiplexer.install(on: second, delegate: \.delegate)
    OptionalDelegateMultiplexer.uninstall(from: second, delegate: \.delegate)
    let count = second.assignments.count
    #expect(installed.reassignDelegateSlots() == 0)
    #expect(second.assignments.count == count)

    var owner: CountingSender? = CountingSender()
    let orphan = OptionalDelegateMultiplexer.install(on: owner!, delegate: \.delegate)
    owner = nil
    #expect(orphan.reassignDelegateSlots() == 0)
    // A multiplexer never installed has no slot.
    #expect(OptionalDelegateMultiplexer().reassignDelegateSlots() == 0)
  }

  @Test("Answers: only requirements the sender asked about are compared; a stale check forgets them all")
  func answers() {
    let answers = _RespondsToSelectorAnswers(count: 70)
    #expect(answers.record(true, for: 0))
    #expect(!answers.record(false, for: 69))
    #expect(answers.answer(for: 0) == true)
    #expect(answers.answer(for: 69) == false)
    #expect(answers.answer(for: 5) == nil)
    // Requirement 5 changed, but nobody asked about it.
    #expect(!answers.forgetIfStale { $0 == 0 || $0 == 5 })
    // Requirement 69 is implemented now: stale.
    var asked: [Int] = []
    #expect(
      answers.forgetIfStale {
        asked.append($0)
        return $0 == 0 || $0 == 69
      }
    )
    #expect(asked == [0, 69])
    #expect(answers.answer(for: 0) == nil)
    #expect(answers.answer(for: 69) == nil)
    #expect(!answers.forgetIfStale { _ in true })
    // Out of range: recorded nowhere.
    #expect(answers.record(true, for: 70))
    #expect(answers.answer(for: 70) == nil)
  }

  @Test("The generated flow: the sender asks again only when the implemented optional methods change")
  func generatedFlow() {
    let sender = CountingSender()
    let primary = Implementer([0])
    sender.delegate = primary
    let multiplexer = OptionalDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(sender.assignments == ["other", "multiplexer"])
    #expect(sender.cached == [true, false, false])

    // An observer implementing nothing new: no reassignment.
    let same = Implementer([0])
    multiplexer.add(same)
    #expect(sender.assignments.count == 2)

    // An observer implementing requirement 2: the sender asks again and sees it.
    let zoomer = Implementer([2])
    multiplexer.add(zoomer)
    #expect(sender.assignments == ["other", "multiplexer", "nil", "multiplexer"])
    #expect(sender.cached == [true, false, true])

    // Its removal: asked again.
    multiplexer.remove(zoomer)
    #expect(sender.assignments.count == 6)
    #expect(sender.cached == [true, false, false])

    // An observer that deallocates: noticed at the next call of a requirement it alone implemented.
    do {
      let shortLived = Implementer([1])
      multiplexer.add(shortLived)
      #expect(sender.cached == [true, true, false])
    }
    #expect(sender.assignments.count == 8)
    #expect(multiplexer.call(1) == -1)  // the default: nobody implements it any more
    #expect(sender.assignments.count == 10)
    #expect(sender.cached == [true, false, false])
    // A call someone implements does not check.
    #expect(multiplexer.call(0) == 0)
    #expect(sender.assignments.count == 10)
  }
}

/// An `@objc`-like delegate: which of three optional requirements an object implements stands in for
/// `responds(to:)`.
private protocol OptionalDelegate: AnyObject {
  var implemented: Set<Int> { get }
  func call(_ index: Int) -> Int
}

private final class Implementer: OptionalDelegate {
  let implemented: Set<Int>
  init(_ implemented: Set<Int>) { self.implemented = implemented }
  func call(_ index: Int) -> Int { index }
}

/// A sender that caches what its delegate implements when the delegate is set, like UIKit's, and records each
/// assignment.
private final class CountingSender {
  var assignments: [String] = []
  var cached: [Bool] = []
  weak var delegate: (any OptionalDelegate)? {
    didSet {
      assignments.append(delegate is OptionalDelegateMultiplexer ? "multiplexer" : delegate == nil ? "nil" : "other")
      cached = (0..<3).map { index in
        (delegate as? OptionalDelegateMultiplexer)?.responds(to: index) ?? delegate?.implemented.contains(index)
          ?? false
      }
    }
  }
}

/// What `multiplex-generate` writes for an `@objc` protocol, with `responds(to:)` over requirement indices.
private final class OptionalDelegateMultiplexer: OptionalDelegate, DelegateMultiplexing {
  let multiplexer = Multiplexer<any OptionalDelegate>()
  private let answers = _RespondsToSelectorAnswers(count: 3)
  var asDelegate: any OptionalDelegate { self }
  var implemented: Set<Int> { Set((0..<3).filter(isImplemented)) }

  func responds(to index: Int) -> Bool {
    answers.record(isImplemented(index), for: index)
  }

  private func isImplemented(_ index: Int) -> Bool {
    multiplexer.observers.contains { $0.implemented.contains(index) }
  }

  func refresh() {
    if answers.forgetIfStale(implements: isImplemented) { reassignDelegateSlots() }
  }

  func add(_ observer: any OptionalDelegate) {
    multiplexer.add(observer)
    refresh()
  }

  func remove(_ observer: any OptionalDelegate) {
    multiplexer.remove(observer)
    refresh()
  }

  func call(_ index: Int) -> Int {
    var responded = false
    let answer = multiplexer.combine(default: -1, requirement: .any) { observer in
      guard observer.implemented.contains(index) else { return notImplemented(by: observer, returning: -1) }
      responded = true
      return observer.call(index)
    }
    if !responded { refresh() }
    return answer
  }
}
