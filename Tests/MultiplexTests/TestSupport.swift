import Foundation
@_spi(AppleRuntimePath) import Multiplex
import MultiplexTestSupport

/// A delegate protocol with every requirement shape the runtime forwards.
protocol ScrollDelegate: AnyObject {
  func didScroll(_ offset: Int)
  func willEndDragging(velocity: Int, target: inout Int)
  func viewForZooming() -> String?
  func shouldScrollToTop() -> Bool
  func score() -> Int
  func validate(_ value: Int) throws
  func check(_ value: Int) throws -> Int?
  func load() async -> String?
  func didFinish() async
  func validateAsync(_ value: Int) async throws
}

/// The optional-requirement defaults, written the way `@Multiplexed` generates them.
extension ScrollDelegate {
  func didScroll(_ offset: Int) {}
  func willEndDragging(velocity: Int, target: inout Int) {}
  func viewForZooming() -> String? { notImplemented(by: self, returning: nil) }
  func shouldScrollToTop() -> Bool { notImplemented(by: self, returning: true) }
  func score() -> Int { notImplemented(by: self, returning: 0) }
  func validate(_ value: Int) throws {}
  func check(_ value: Int) throws -> Int? { notImplemented(by: self, returning: nil) }
  func load() async -> String? { notImplemented(by: self, returning: nil) }
  func didFinish() async {}
  func validateAsync(_ value: Int) async throws {}
}

/// A hand-written multiplexer: one line per requirement.
final class ScrollDelegateMultiplexer: ScrollDelegate, DelegateMultiplexing {
  let observers: Multiplexer<any ScrollDelegate>
  var multiplexer: Multiplexer<any ScrollDelegate> { observers }
  var asDelegate: any ScrollDelegate { self }

  init() {
    self.observers = Multiplexer()
  }

  init(_ observers: Multiplexer<any ScrollDelegate>) {
    self.observers = observers
  }

  func didScroll(_ offset: Int) { observers.notify { $0.didScroll(offset) } }
  func willEndDragging(velocity: Int, target: inout Int) {
    observers.notify { $0.willEndDragging(velocity: velocity, target: &target) }
  }
  func viewForZooming() -> String? { observers.combine(default: nil) { $0.viewForZooming() } }
  func shouldScrollToTop() -> Bool {
    observers.combine(default: true) { $0.shouldScrollToTop() }
  }
  func score() -> Int { observers.combine(default: 0) { $0.score() } }
  func validate(_ value: Int) throws { try observers.notify { try $0.validate(value) } }
  func check(_ value: Int) throws -> Int? {
    try observers.combine(default: nil, requirement: .any) { try $0.check(value) }
  }
  func load() async -> String? { await observers.combine(default: nil, requirement: .any) { await $0.load() } }
  func didFinish() async { await observers.notify { await $0.didFinish() } }
  func validateAsync(_ value: Int) async throws { try await observers.notify { try await $0.validateAsync(value) } }
}

/// A thread-safe, append-only record of what happened, in order.
final class Log: @unchecked Sendable {
  private let lock = NSLock()
  private var _events: [String] = []

  func record(_ event: String) {
    lock.lock()
    _events.append(event)
    lock.unlock()
  }

  var events: [String] {
    lock.lock()
    defer { lock.unlock() }
    return _events
  }

  func clear() {
    lock.lock()
    _events.removeAll()
    lock.unlock()
  }
}

struct ProbeError: Error, Equatable {
  let name: String
}

/// An observer whose behaviour each test configures. A `nil` answer means "does not implement the requirement":
/// the probe then behaves exactly like the protocol's default implementation.
#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
/// In the build that stands for Apple's runtime path, `Probe` is held as an Objective-C observer is there (a `weak`
/// reference), so that the suites that use it check that path; `ObservedObjectKindTests` checks the native kind
/// beside it.
typealias ProbeBase = _ObjectiveCObjectStandIn
#else
/// `Probe`'s superclass: nothing (see the other build's comment).
class ProbeBase {}
#endif

final class Probe: ProbeBase, ScrollDelegate {
  let name: String
  let log: Log
  var onScroll: ((Probe, Int) -> Void)?
  var zoomAnswer: String??
  var scrollToTopAnswer: Bool?
  var scoreAnswer: Int?
  var checkAnswer: Int??
  var loadAnswer: String??
  var targetAdjustment: Int?
  var failure: ProbeError?
  var onDeinit: (() -> Void)?

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
  }

  deinit { onDeinit?() }

  func didScroll(_ offset: Int) {
    log.record("\(name).didScroll(\(offset))")
    onScroll?(self, offset)
  }

  func willEndDragging(velocity: Int, target: inout Int) {
    log.record("\(name).willEndDragging(\(target))")
    if let targetAdjustment { target += targetAdjustment }
  }

  func viewForZooming() -> String? {
    log.record("\(name).viewForZooming")
    guard let zoomAnswer else { return notImplemented(by: self, returning: nil) }
    return zoomAnswer
  }

  func shouldScrollToTop() -> Bool {
    log.record("\(name).shouldScrollToTop")
    guard let scrollToTopAnswer else { return notImplemented(by: self, returning: true) }
    return scrollToTopAnswer
  }

  func score() -> Int {
    log.record("\(name).score")
    guard let scoreAnswer else { return notImplemented(by: self, returning: 0) }
    return scoreAnswer
  }

  func validate(_ value: Int) throws {
    log.record("\(name).validate")
    if let failure { throw failure }
  }

  func check(_ value: Int) throws -> Int? {
    log.record("\(name).check")
    if let failure { throw failure }
    guard let checkAnswer else { return notImplemented(by: self, returning: nil) }
    return checkAnswer
  }

  func load() async -> String? {
    await Task.yield()
    log.record("\(name).load")
    guard let loadAnswer else { return notImplemented(by: self, returning: nil) }
    return loadAnswer
  }

  func didFinish() async {
    await Task.yield()
    log.record("\(name).didFinish")
  }

  func validateAsync(_ value: Int) async throws {
    await Task.yield()
    log.record("\(name).validateAsync")
    if let failure { throw failure }
  }
}

/// An observer that implements nothing: every requirement uses the protocol's default.
final class Silent: ScrollDelegate {}

/// A `Sendable` observer protocol for tests that use several threads.
protocol Ticker: AnyObject, Sendable {
  func tick(_ dispatch: Int)
}

/// A `Ticker` that records the dispatch numbers it receives, from any thread.
final class TickRecorder: Ticker {
  let ticks = Locked<[Int]>([])
  func tick(_ dispatch: Int) { ticks.withLock { $0.append(dispatch) } }
}

/// A sender with one weak delegate slot, like UIKit's scroll view.
final class Sender {
  weak var delegate: (any ScrollDelegate)?
  var onDeinit: (() -> Void)?
  deinit { onDeinit?() }
}
