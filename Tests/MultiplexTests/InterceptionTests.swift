import Foundation
import Multiplex
import Testing

/// Listening to a delegate you do not own: the secondary-delegate article, without its limitation.
// Serialized: two tests install thousands of multiplexers in the process-wide table, and count what is left.
@Suite("Interception", .serialized)
struct InterceptionTests {
  @Test("The primary is called first and its answer wins, whatever the secondaries' priorities")
  func primaryFirst() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let primary = Probe("primary", log: log)
    let secondary = Probe("secondary", log: log)
    primary.scoreAnswer = 1
    secondary.scoreAnswer = 2
    observers.add(secondary, priority: .max)
    observers.primary = primary
    observers.notify { $0.didScroll(0) }
    #expect(log.events == ["primary.didScroll(0)", "secondary.didScroll(0)"])
    #expect(observers.combine(default: 0, requirement: .any) { $0.score() } == 1)
    #expect(observers.primary === primary)
    #expect(observers.observers.first === primary)
    #expect(observers.count == 2)
  }

  @Test("A primary that does not respond lets the first responding secondary answer")
  func silentPrimary() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let primary = Silent()
    let secondary = Probe("secondary", log: log)
    secondary.zoomAnswer = .some("secondary")
    observers.primary = primary
    observers.add(secondary)
    #expect(observers.combine(default: nil, requirement: .any) { $0.viewForZooming() } == "secondary")
  }

  @Test("Replacing the primary unregisters the old one; a secondary set as primary moves to the front")
  func replacePrimary() {
    let log = Log()
    let observers = Multiplexer<any ScrollDelegate>()
    let first = Probe("first", log: log)
    let second = Probe("second", log: log)
    let secondary = Probe("secondary", log: log)
    observers.primary = first
    observers.add(secondary)
    observers.add(second)
    observers.primary = second
    observers.notify { $0.didScroll(1) }
    #expect(log.events == ["second.didScroll(1)", "secondary.didScroll(1)"])
    #expect(!observers.contains(first))
    observers.primary = second  // unchanged
    #expect(observers.count == 2)
    observers.primary = nil
    #expect(observers.primary == nil)
    #expect(!observers.contains(second))
    #expect(observers.count == 1)
  }

  @Test("The primary is held weakly; removing it leaves no primary")
  func primaryLifetime() {
    let observers = Multiplexer<any ScrollDelegate>()
    weak var weakPrimary: Probe?
    do {
      let primary = Probe("primary", log: Log())
      weakPrimary = primary
      observers.primary = primary
    }
    #expect(weakPrimary == nil)
    #expect(observers.primary == nil)
    let other = Probe("other", log: Log())
    observers.primary = other
    observers.remove(other)
    #expect(observers.primary == nil)
  }

  @Test("Installing keeps the current delegate as primary; both receive Void calls in order")
  func installKeepsPrimary() {
    let log = Log()
    let sender = Sender()
    let owned = Probe("owned", log: log)
    owned.zoomAnswer = .some("owned")
    sender.delegate = owned
    let listener = Probe("listener", log: log)
    listener.zoomAnswer = .some("listener")

    let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    multiplexer.observers.add(listener)
    #expect(sender.delegate === multiplexer)
    #expect(multiplexer.observers.primary === owned)

    sender.delegate?.didScroll(1)
    #expect(log.events == ["owned.didScroll(1)", "listener.didScroll(1)"])
    #expect(sender.delegate?.viewForZooming() == "owned")  // the primary's answer wins
  }

  @Test("Installing twice returns the same multiplexer")
  func installTwice() {
    let sender = Sender()
    let owned = Probe("owned", log: Log())
    sender.delegate = owned
    let first = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    let second = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(first === second)
    #expect(ScrollDelegateMultiplexer.installed(on: sender, delegate: \.delegate) === first)
    #expect(first.observers.primary === owned)
    #expect(first.observers.count == 1)
  }

  @Test("After a direct reassignment, installing again adopts the new delegate and keeps the secondaries")
  func reinstallAfterReassignment() {
    let log = Log()
    let sender = Sender()
    let original = Probe("original", log: log)
    let replacement = Probe("replacement", log: log)
    let listener = Probe("listener", log: log)
    sender.delegate = original
    let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    multiplexer.observers.add(listener)

    sender.delegate = replacement  // the owner replaces its delegate directly: the listener is cut off
    sender.delegate?.didScroll(1)
    #expect(log.events == ["replacement.didScroll(1)"])

    let again = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    #expect(again === multiplexer)
    #expect(sender.delegate === multiplexer)
    #expect(multiplexer.observers.primary === replacement)
    #expect(!multiplexer.observers.contains(original))
    log.clear()
    sender.delegate?.didScroll(2)
    #expect(log.events == ["replacement.didScroll(2)", "listener.didScroll(2)"])
  }

  @Test("The primary can be replaced through the multiplexer")
  func replacePrimaryThroughMultiplexer() {
    let log = Log()
    let sender = Sender()
    let original = Probe("original", log: log)
    let replacement = Probe("replacement", log: log)
    sender.delegate = original
    let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    multiplexer.observers.primary = replacement
    sender.delegate?.didScroll(1)
    #expect(log.events == ["replacement.didScroll(1)"])
    ScrollDelegateMultiplexer.uninstall(from: sender, delegate: \.delegate)
    #expect(sender.delegate === replacement)
  }

  @Test("Uninstalling restores the primary; uninstalling twice is harmless")
  func uninstallRestores() {
    let log = Log()
    let sender = Sender()
    let owned = Probe("owned", log: log)
    let listener = Probe("listener", log: log)
    sender.delegate = owned
    let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    multiplexer.observers.add(listener)
    ScrollDelegateMultiplexer.uninstall(from: sender, delegate: \.delegate)
    #expect(sender.delegate === owned)
    #expect(ScrollDelegateMultiplexer.installed(on: sender, delegate: \.delegate) == nil)
    sender.delegate?.didScroll(1)
    #expect(log.events == ["owned.didScroll(1)"])
    ScrollDelegateMultiplexer.uninstall(from: sender, delegate: \.delegate)
    #expect(sender.delegate === owned)
  }

  @Test("Installing on a slot with no delegate works; the multiplexer has no primary")
  func installOnEmptySlot() {
    let log = Log()
    let sender = Sender()
    let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
    let listener = Probe("listener", log: log)
    multiplexer.observers.add(listener)
    #expect(multiplexer.observers.primary == nil)
    #expect(sender.delegate?.shouldScrollToTop() == true)
    sender.delegate?.didScroll(3)
    #expect(log.events == ["listener.shouldScrollToTop", "listener.didScroll(3)"])
  }

  @Test("The installed multiplexer holds neither owner, primary nor secondaries; it goes away with its owner")
  func lifetimeFollowsOwner() {
    weak var weakMultiplexer: ScrollDelegateMultiplexer?
    weak var weakSender: Sender?
    weak var weakPrimary: Probe?
    weak var weakSecondary: Probe?
    let listener = Probe("listener", log: Log())
    do {
      let secondary = Probe("secondary", log: Log())
      weakSecondary = secondary
      let sender = Sender()
      weakSender = sender
      let primary = Probe("primary", log: Log())
      weakPrimary = primary
      sender.delegate = primary
      let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
      multiplexer.observers.add(listener)
      multiplexer.observers.add(secondary)
      weakMultiplexer = multiplexer
    }
    #expect(weakSender == nil, "the multiplexer must not retain its owner")
    #expect(weakPrimary == nil, "the multiplexer must not retain the primary")
    #expect(weakSecondary == nil, "the multiplexer must not retain a weakly registered secondary")
    _InstallationStorage.sweep()
    #expect(weakMultiplexer == nil, "the multiplexer must be reclaimed once its owner is gone")
  }

  @Test("The owner alone keeps its installed multiplexer and the registrations in it alive")
  func ownerAloneKeepsTheMultiplexer() {
    let log = Log()
    let sender = Sender()
    let primary = Probe("primary", log: log)
    let listener = Probe("listener", log: log)
    sender.delegate = primary
    weak var weakMultiplexer: ScrollDelegateMultiplexer?
    weak var weakHelper: Probe?
    do {
      // The usual call: the result is used once and dropped.
      let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
      multiplexer.observers.add(listener)
      weakMultiplexer = multiplexer
    }
    do {
      let strongHelper = Probe("helper", log: log)
      ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate).observers.add(
        strongHelper,
        retention: .strong
      )
      weakHelper = strongHelper
    }
    // Sweeps reclaim the multiplexers of dead owners only.
    _InstallationStorage.sweep()
    #expect(weakMultiplexer != nil, "the owner's installation must keep the multiplexer alive")
    #expect(weakHelper != nil, "a strong registration lives as long as the installed multiplexer")
    #expect(sender.delegate === weakMultiplexer)
    #expect(ScrollDelegateMultiplexer.installed(on: sender, delegate: \.delegate) === weakMultiplexer)
    sender.delegate?.didScroll(1)
    #expect(log.events == ["primary.didScroll(1)", "listener.didScroll(1)", "helper.didScroll(1)"])
  }

  @Test("Thousands of owners created and released leave nothing behind")
  func thousandsOfOwners() {
    _InstallationStorage.sweep()
    let before = _InstallationStorage.count
    var probes: [() -> AnyObject?] = []
    let listener = Probe("listener", log: Log())
    for _ in 0..<5_000 {
      let sender = Sender()
      let primary = Probe("primary", log: Log())
      sender.delegate = primary
      let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
      multiplexer.observers.add(listener)
      sender.delegate?.didScroll(0)
      probes.append { [weak multiplexer] in multiplexer }
    }
    // Uses of the table sweep as they go (every 32nd): dead entries never pile up.
    #expect(_InstallationStorage.count < before + 200)
    _InstallationStorage.sweep()
    #expect(eventually { probes.allSatisfy { $0() == nil } })
    // The table is shared with tests that run at the same time and install their own multiplexers: a few may
    // come and go meanwhile (a strict `<= before` failed once in a full run). 5,000 left behind would not fit.
    #expect(_InstallationStorage.count < before + 50)
  }

  @Test("Owners dropped together in thousands: their multiplexers and strong observers go within max(32, n/8) uses")
  func ownersDroppedTogether() {
    _InstallationStorage.sweep()
    var senders: [Sender] = []
    var multiplexerProbes: [() -> AnyObject?] = []
    var observerProbes: [() -> AnyObject?] = []
    for _ in 0..<5_000 {
      let sender = Sender()
      let multiplexer = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
      let helper = Probe("helper", log: Log())
      multiplexer.observers.add(helper, retention: .strong)
      multiplexerProbes.append { [weak multiplexer] in multiplexer }
      observerProbes.append { [weak helper] in helper }
      senders.append(sender)
    }
    // A sweep while they are alive sets the interval for 5,000 installations (625 uses).
    _InstallationStorage.sweep()
    let interval = _InstallationStorage.sweepInterval
    #expect(interval >= 5_000 / 8)
    senders.removeAll()
    // There is no hook into another object's deinit: the table lets them go at its next sweep, after `interval`
    // uses of the table at the latest (other tests using it at the same time only bring the sweep sooner).
    let live = Sender()
    for _ in 0..<interval { _ = ScrollDelegateMultiplexer.installed(on: live, delegate: \.delegate) }
    #expect(eventually { multiplexerProbes.allSatisfy { $0() == nil } })
    #expect(observerProbes.allSatisfy { $0() == nil })
  }

  @Test("An owner that uninstalls in its own deinit does not deadlock")
  func uninstallInOwnerDeinit() {
    do {
      let sender = Sender()
      _ = ScrollDelegateMultiplexer.install(on: sender, delegate: \.delegate)
      sender.onDeinit = { [unowned(unsafe) sender] in
        ScrollDelegateMultiplexer.uninstall(from: sender, delegate: \.delegate)
      }
    }
    _InstallationStorage.sweep()
  }
}

/// Whether `condition` holds now or after other threads got the processor a while (up to 100,000 yields): a sweep
/// on another thread (a test of another suite using the table) may have taken the entries and still be releasing
/// them. Not a measure of time: on a fast or slow machine alike, it only gives other threads a chance to finish.
private func eventually(_ condition: () -> Bool) -> Bool {
  for _ in 0..<100_000 {
    if condition() { return true }
    sched_yield()
  }
  return condition()
}
