import Multiplex
import MultiplexGeneratorFixtures
import Testing

/// An `OnboardingDelegate` (a protocol of another module that is not class-bound) that records its calls.
final class OnboardingObserver: OnboardingDelegate {
  let name: String
  let log: CallLog
  var title: String?
  var skipping = true
  var pages = 0

  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
  }

  func onboardingDidShowPage(_ index: Int) {
    log.record(name, "page \(index)")
  }

  func onboardingTitle(forPage index: Int) -> String? {
    log.record(name, "title \(index)")
    return title
  }

  var allowsSkipping: Bool {
    log.record(name, "skipping")
    return skipping
  }

  var pageCount: Int {
    get { pages }
    set {
      log.record(name, "pageCount \(newValue)")
      pages = newValue
    }
  }
}

/// A value that conforms to the protocol: it cannot be an observer (the multiplexer's observers are
/// `any OnboardingDelegate & AnyObject`), which the compiler says; it can be wrapped in a class.
struct OnboardingValue: OnboardingDelegate {
  var pageCount = 0
  func onboardingDidShowPage(_ index: Int) {}
}

/// `multiplex-generate` on a protocol that is not class-bound (`Generated/OnboardingDelegateMultiplexer.swift`): the
/// multiplexer sits in a slot that holds its delegate as `AnyObject?` and casts it, forwards to observers that are
/// objects, held weakly, and forwards the protocol's `mutating` setter to each.
@Suite struct OnboardingDelegateTests {
  let log = CallLog()

  @Test func theMultiplexerFitsAnAnyObjectSlotAndForwardsToEveryObserver() {
    let onboarding = Onboarding()
    let multiplexer = OnboardingDelegateMultiplexer()
    onboarding.delegate = multiplexer
    let first = OnboardingObserver("first", log: log)
    let second = OnboardingObserver("second", log: log)
    second.title = "Welcome"
    second.skipping = false
    multiplexer.add(first)
    multiplexer.add(second)

    let shown = onboarding.show(page: 2)
    // Every observer in order; the first non-`nil` title; the first observer's `Bool`.
    #expect(
      log.entries.map(\.description).prefix(4) == [
        "first: page 2", "second: page 2", "first: title 2", "second: title 2",
      ]
    )
    #expect(shown.title == "Welcome")
    #expect(shown.allowsSkipping == true)

    // The setter (`mutating` in this protocol) reaches every observer; the getter answers the first.
    #expect(onboarding.configure(pageCount: 4) == 4)
    #expect(log.calls(of: "first").contains("pageCount 4"))
    #expect(log.calls(of: "second").contains("pageCount 4"))
    #expect(first.pages == 4 && second.pages == 4)
  }

  /// With no observer: the protocol's own defaults (no title, skipping allowed), and the empty value for the required
  /// `pageCount`, whose setter does nothing.
  @Test func withNoObserverTheDefaultsAnswer() {
    let onboarding = Onboarding()
    let multiplexer = OnboardingDelegateMultiplexer()
    onboarding.delegate = multiplexer
    let shown = onboarding.show(page: 0)
    #expect(shown.title == nil)
    #expect(shown.allowsSkipping == true)
    #expect(onboarding.configure(pageCount: 3) == 0)
  }

  /// Observers are held weakly: one that is gone is not called, and the multiplexer does not keep it alive.
  @Test func observersAreHeldWeakly() {
    let onboarding = Onboarding()
    let multiplexer = OnboardingDelegateMultiplexer()
    onboarding.delegate = multiplexer
    weak var gone: OnboardingObserver?
    do {
      let transient = OnboardingObserver("transient", log: log)
      gone = transient
      multiplexer.add(transient)
      _ = onboarding.show(page: 1)
    }
    #expect(gone == nil)
    let staying = OnboardingObserver("staying", log: log)
    multiplexer.add(staying)
    _ = onboarding.show(page: 2)
    #expect(log.observers(receiving: "page 2") == ["staying"])
    #expect(log.observers(receiving: "page 1") == ["transient"])
  }

  /// A value that conforms reaches the multiplexer inside a class that forwards to it (the documented route; adding
  /// the value itself does not compile: `OnboardingValue` is not `AnyObject`).
  @Test func aValueObserverIsWrappedInAClass() {
    final class Box: OnboardingDelegate {
      var value: OnboardingValue
      let log: CallLog
      init(_ value: OnboardingValue, log: CallLog) {
        self.value = value
        self.log = log
      }
      func onboardingDidShowPage(_ index: Int) {
        log.record("box", "page \(index)")
        value.onboardingDidShowPage(index)
      }
      var pageCount: Int {
        get { value.pageCount }
        set { value.pageCount = newValue }
      }
    }
    let onboarding = Onboarding()
    let multiplexer = OnboardingDelegateMultiplexer()
    onboarding.delegate = multiplexer
    let box = Box(OnboardingValue(), log: log)
    multiplexer.add(box)
    _ = onboarding.show(page: 5)
    #expect(onboarding.configure(pageCount: 7) == 7)
    #expect(box.value.pageCount == 7)
    #expect(log.calls(of: "box") == ["page 5"])
  }
}
