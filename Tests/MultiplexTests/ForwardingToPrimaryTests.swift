import Multiplex
import Testing

/// The messages an `@objc` multiplexer does not list go to its primary: the selector logic of the generated
/// `responds(to:)`, `forwardingTarget(for:)` and `refreshRespondsToSelector()` (`_RespondsToSelectorAnswers`), run
/// on Linux with strings for selectors, and a hand-written multiplexer that follows the generated one's steps with
/// a Swift stand-in for the Objective-C runtime's message forwarding.
@Suite("Forwarding to the primary")
struct ForwardingToPrimaryTests {
  @Test("A selector NSObject answers is never forwarded nor recorded; any other is the primary's, recorded")
  func respondsToUnlisted() {
    let answers = _RespondsToSelectorAnswers(count: 1)
    var asked: [String] = []
    let forwards = { (selector: String) -> Bool in
      asked.append(selector)
      return selector == "primaryOnly"
    }
    #expect(answers.respondsToUnlisted("description", inherited: true, forwards: forwards))
    #expect(asked.isEmpty)
    #expect(answers.answer(forUnlisted: "description") == nil)
    #expect(answers.respondsToUnlisted("primaryOnly", inherited: false, forwards: forwards))
    #expect(!answers.respondsToUnlisted("nobody", inherited: false, forwards: forwards))
    #expect(asked == ["primaryOnly", "nobody"])
    #expect(answers.answer(forUnlisted: "primaryOnly") == true)
    #expect(answers.answer(forUnlisted: "nobody") == false)
    // Listed requirements keep their own answers.
    #expect(answers.answer(for: 0) == nil)
  }

  @Test("The forwarding target: the primary when it responds, never nil's, a non-responder's or the multiplexer's")
  func forwardingTarget() {
    let multiplexer = Responder([])
    let primary = Responder(["a"])
    #expect(
      _RespondsToSelectorAnswers.forwardingTarget(primary, of: multiplexer) { $0.selectors.contains("a") } === primary
    )
    #expect(_RespondsToSelectorAnswers.forwardingTarget(primary, of: multiplexer) { $0.selectors.contains("b") } == nil)
    #expect(_RespondsToSelectorAnswers.forwardingTarget(nil as Responder?, of: multiplexer) { _ in true } == nil)
    // A multiplexer that is its own primary would forward to itself forever: the primary is not even asked.
    var askedItself = false
    let target = _RespondsToSelectorAnswers.forwardingTarget(multiplexer, of: multiplexer) { _ in
      askedItself = true
      return true
    }
    #expect(target == nil)
    #expect(!askedItself)
  }

  @Test("A stale check compares the primary's answers too, and forgets both kinds; the index-only check does not")
  func staleness() {
    let answers = _RespondsToSelectorAnswers(count: 2)
    _ = answers.record(true, for: 0)
    _ = answers.respondsToUnlisted("a", inherited: false) { _ in true }
    _ = answers.respondsToUnlisted("b", inherited: false) { _ in false }
    // Unchanged.
    #expect(!answers.forgetIfStale(implements: { $0 == 0 }, forwards: { (selector: String) in selector == "a" }))
    // The primary no longer responds to "a": the check by index alone does not see it.
    #expect(!answers.forgetIfStale { $0 == 0 })
    #expect(answers.forgetIfStale(implements: { $0 == 0 }, forwards: { (_: String) in false }))
    #expect(answers.answer(for: 0) == nil)
    #expect(answers.answer(forUnlisted: "a") == nil)
    #expect(answers.answer(forUnlisted: "b") == nil)
    // A primary that responds to "b" now.
    _ = answers.respondsToUnlisted("b", inherited: false) { _ in false }
    #expect(answers.forgetIfStale(implements: { _ in false }, forwards: { (selector: String) in selector == "b" }))
  }

  @Test("The generated flow: unlisted messages reach the primary only, and a new or dead primary is asked again")
  func generatedFlow() {
    let sender = ForwardingSender()
    let original = Responder(["listed", "private"])
    sender.delegate = original
    let multiplexer = ForwardingMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(sender.cached == ["listed": true, "private": true, "description": true, "other": false])

    // The sender's private message reaches the primary, and only it.
    let secondary = Responder(["private", "other"])
    multiplexer.add(secondary)
    #expect(sender.assignments == ["other", "multiplexer"])
    #expect(sender.send("private"))
    #expect(original.received == ["private"])
    #expect(secondary.received.isEmpty)
    // A listed one reaches both.
    #expect(sender.send("listed"))
    #expect(original.received == ["private", "listed"])
    // Not implemented by the primary: not forwarded (the multiplexer said no, the sender does not send it).
    #expect(!sender.send("other"))
    #expect(secondary.received.isEmpty)

    // A new primary that implements other private messages: the sender asks again once the multiplexer checks.
    let replacement = Responder(["other"])
    multiplexer.multiplexer.primary = replacement
    multiplexer.refreshRespondsToSelector()
    #expect(sender.assignments == ["other", "multiplexer", "nil", "multiplexer"])
    #expect(sender.cached == ["listed": false, "private": false, "description": true, "other": true])
    #expect(sender.send("other"))
    #expect(replacement.received == ["other"])
    #expect(secondary.received.isEmpty)
    // No change: no reassignment.
    multiplexer.refreshRespondsToSelector()
    #expect(sender.assignments.count == 4)
  }

  @Test("A primary that deallocates: noticed at the next registration change, and nothing is forwarded to it")
  func deadPrimary() {
    let sender = ForwardingSender()
    var original: Responder? = Responder(["private"])
    sender.delegate = original
    let multiplexer = ForwardingMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(sender.cached["private"] == true)
    original = nil
    #expect(multiplexer.forwardingTarget(for: "private") == nil)
    let observer = Responder([])
    multiplexer.add(observer)
    #expect(sender.assignments == ["other", "multiplexer", "nil", "multiplexer"])
    #expect(sender.cached["private"] == false)
  }
}

/// An object whose `responds(to:)` stands in for the Objective-C runtime's: the selectors it implements.
private class Responder {
  let selectors: Set<String>
  var received: [String] = []
  init(_ selectors: Set<String>) { self.selectors = selectors }
  func responds(to selector: String) -> Bool { selectors.contains(selector) }
  /// Receives a message it implements.
  func perform(_ selector: String) { received.append(selector) }
}

/// A sender that asks its delegate about four selectors when the delegate is set, like UIKit, and sends only those
/// it was told are implemented: to the delegate itself, or where the multiplexer forwards what it does not
/// implement.
private final class ForwardingSender {
  static let selectors = ["listed", "private", "description", "other"]
  var assignments: [String] = []
  var cached: [String: Bool] = [:]
  weak var delegate: Responder? {
    didSet {
      assignments.append(delegate is ForwardingMultiplexer ? "multiplexer" : delegate == nil ? "nil" : "other")
      cached = Dictionary(uniqueKeysWithValues: Self.selectors.map { ($0, delegate?.responds(to: $0) ?? false) })
    }
  }

  /// Sends `selector` if the delegate said it implements it, as the runtime would dispatch it; returns whether it
  /// sent.
  func send(_ selector: String) -> Bool {
    guard cached[selector] == true, let delegate else { return false }
    if delegate.selectors.contains(selector) || selector == "description" {
      delegate.perform(selector)
    } else if let multiplexer = delegate as? ForwardingMultiplexer,
      let target = multiplexer.forwardingTarget(for: selector)
    {
      target.perform(selector)
    } else {
      Issue.record("unrecognized selector \(selector)")
    }
    return true
  }
}

/// What `multiplex-generate` writes for an `@objc` protocol with one optional requirement, `listed`: the class
/// implements it (forwarding to every observer that does) and `description` (what `NSObject` answers); any other
/// selector goes to the primary.
private final class ForwardingMultiplexer: Responder, DelegateMultiplexing {
  let multiplexer = Multiplexer<Responder>()
  private static let optionalSelectors = ["listed"]
  private let answers = _RespondsToSelectorAnswers(count: 1)
  var asDelegate: Responder { self }

  required init() { super.init(["listed"]) }

  /// `super.responds(to:)`: what the class implements.
  private func inheritedResponds(to selector: String) -> Bool { selector == "description" || selector == "listed" }

  override func responds(to selector: String) -> Bool {
    guard let index = Self.optionalSelectors.firstIndex(of: selector) else {
      return answers.respondsToUnlisted(selector, inherited: inheritedResponds(to: selector)) {
        self.forwardingTarget(for: $0) != nil
      }
    }
    return answers.record(isImplemented(selector), for: index)
  }

  /// A listed message: every observer that implements it (`observer.method?(…)`).
  override func perform(_ selector: String) {
    multiplexer.notify { if $0.responds(to: selector) { $0.perform(selector) } }
  }

  func forwardingTarget(for selector: String) -> Responder? {
    _RespondsToSelectorAnswers.forwardingTarget(multiplexer.primary, of: self) { $0.responds(to: selector) }
  }

  private func isImplemented(_ selector: String) -> Bool {
    multiplexer.observers.contains { $0.responds(to: selector) }
  }

  func refreshRespondsToSelector() {
    let isStale = answers.forgetIfStale { index in
      self.isImplemented(Self.optionalSelectors[index])
    } forwards: { (selector: String) in
      self.forwardingTarget(for: selector) != nil
    }
    if isStale { reassignDelegateSlots() }
  }

  func observersDidChange() { refreshRespondsToSelector() }
}
