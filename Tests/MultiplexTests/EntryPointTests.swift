import Foundation
import Multiplex
import Testing

/// The rules every dispatch owes its observers, exercised through every entry point that dispatches: one
/// skeleton (`Multiplexer._enterDispatch(_:)` and its steps, and the asynchronous loop) owns them, so each must
/// hold everywhere at once.
/// These rules used to be written out in each dispatch loop, and three runtime fixes in a row were in that
/// duplicated handling.
@Suite("Every dispatch entry point")
struct EntryPointTests {
  @Test("An observer removed by an earlier observer's call is skipped", arguments: EntryPoint.allCases)
  func removalDuringDispatch(_ entryPoint: EntryPoint) async throws {
    let log = Log()
    let stations = StationMultiplexer()
    let (a, b, c) = (Station("a", log: log), Station("b", log: log), Station("c", log: log))
    b.answer = 2
    c.answer = 3
    a.onCall = { stations.multiplexer.remove(b) }
    for station in [a, b, c] { stations.multiplexer.add(station) }
    let answer = try await entryPoint.dispatch(to: stations)
    #expect(log.events == ["a", "c"])
    if entryPoint.returnsAnswer { #expect(answer == 3) }
    withExtendedLifetime((a, b, c)) {}
  }

  @Test(
    "A weak observer deallocated by an earlier observer's call is skipped, and its slot is reclaimed",
    arguments: EntryPoint.allCases
  )
  func deallocationDuringDispatch(_ entryPoint: EntryPoint) async throws {
    let log = Log()
    let stations = StationMultiplexer()
    let (a, c) = (Station("a", log: log), Station("c", log: log))
    let holder = Holder(Station("b", log: log))
    weak let weakB = holder.station
    holder.station?.answer = 2
    c.answer = 3
    a.onCall = { holder.station = nil }
    stations.multiplexer.add(a)
    stations.multiplexer.add(holder.station!)
    stations.multiplexer.add(c)
    #expect(stations.multiplexer._storageSlotCount == 3)
    let answer = try await entryPoint.dispatch(to: stations)
    #expect(weakB == nil)
    #expect(log.events == ["a", "c"])
    if entryPoint.returnsAnswer { #expect(answer == 3) }
    #expect(stations.multiplexer._storageSlotCount == 2, "the dispatch that met the dead observer reclaims its slot")
    withExtendedLifetime((a, c)) {}
  }

  @Test(
    "A deallocated observer registered with a delivery context is reclaimed by the calls that reach such observers",
    arguments: [EntryPoint.post, .postNotSendable]
  )
  func deadDeliveringObserverIsReclaimed(_ entryPoint: EntryPoint) async throws {
    let log = Log()
    let stations = StationMultiplexer()
    let a = Station("a", log: log)
    stations.multiplexer.add(a)
    var delivering: Station? = Station("delivering", log: log)
    stations.multiplexer.add(delivering!, deliveringOn: .queue(DispatchQueue(label: "EntryPointTests.delivery")))
    weak let weakDelivering = delivering
    delivering = nil
    #expect(weakDelivering == nil)
    #expect(stations.multiplexer._storageSlotCount == 2)
    _ = try await entryPoint.dispatch(to: stations)
    #expect(log.events == ["a"])
    #expect(stations.multiplexer._storageSlotCount == 1, "the dispatch that met the dead observer reclaims its slot")
    withExtendedLifetime(a) {}
  }

  @Test(
    "A throwing call does not stop the dispatch, and the first error in call order is rethrown",
    arguments: EntryPoint.allCases.filter(\.throws)
  )
  func firstErrorWins(_ entryPoint: EntryPoint) async throws {
    let log = Log()
    let stations = StationMultiplexer()
    let (a, b, c) = (Station("a", log: log), Station("b", log: log), Station("c", log: log))
    a.failure = ProbeError(name: "a")
    b.answer = 2
    c.failure = ProbeError(name: "c")
    for station in [a, b, c] { stations.multiplexer.add(station) }
    await #expect(throws: ProbeError(name: "a")) { try await entryPoint.dispatch(to: stations) }
    #expect(log.events == ["a", "b", "c"])
    withExtendedLifetime((a, b, c)) {}
  }

  @Test(
    "A dispatch nested in an observer's call restores the enclosing dispatch's frame: a later default still does not respond",
    arguments: EntryPoint.allCases
  )
  func nestedDispatchRestoresTheFrame(_ entryPoint: EntryPoint) async throws {
    let log = Log()
    let stations = StationMultiplexer()
    let listeners = StationMultiplexer()
    let listener = Station("listener", log: log)
    listeners.multiplexer.add(listener)
    let (a, b, c) = (Station("a", log: log), Station("b", log: log), Station("c", log: log))
    // `a` and `c` do not implement the requirement, but first dispatch to Void listeners of their own. Had the
    // nested dispatch left its frame (none) in place, their defaults' answers (100) would count.
    a.onCall = { listeners.multiplexer.notify { $0.ping() } }
    b.answer = 2
    c.onCall = a.onCall
    for station in [a, b, c] { stations.multiplexer.add(station) }
    let answer = try await entryPoint.dispatch(to: stations)
    #expect(log.events == ["a", "listener", "b", "c", "listener"])
    if entryPoint.returnsAnswer { #expect(answer == 2) }
    withExtendedLifetime((a, b, c, listener)) {}
  }
}

/// Each way the runtime dispatches a call, as the hand-written and generated forwarders use them.
enum EntryPoint: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case notify
  case notifyThrowing
  case combineFirst
  case combineLast
  case combineAll
  case combineCustom
  case forwardWithCombiningDelegate
  case post
  case postNotSendable
  case notifyImplementing
  case combineImplementing
  case notifyAsync
  case combineAsync

  var testDescription: String { rawValue }

  /// Whether the observers' errors reach the caller.
  var `throws`: Bool {
    switch self {
    case .notifyThrowing, .combineFirst, .combineLast, .combineAll, .combineCustom, .forwardWithCombiningDelegate,
      .notifyAsync, .combineAsync:
      true
    case .notify, .post, .postNotSendable, .notifyImplementing, .combineImplementing:
      false
    }
  }

  /// Whether the dispatch returns the responding observers' answer (the first, the last, or their sum: the tests
  /// give one observer an answer after the others were skipped or did not respond).
  var returnsAnswer: Bool {
    switch self {
    case .notify, .notifyThrowing, .post, .postNotSendable, .notifyImplementing, .notifyAsync: false
    default: true
    }
  }

  /// Dispatches one call to `stations`' observers.
  ///
  /// - Returns: The combined answer, or `nil` for a `Void` call.
  func dispatch(to stations: StationMultiplexer) async throws -> Int? {
    let observers = stations.multiplexer
    switch self {
    case .notify:
      observers.notify { $0.ping() }
    case .notifyThrowing:
      try observers.notify { _ = try $0.check() }
    case .combineFirst:
      return try observers.combine(default: 0, requirement: "check()") { try $0.check() }
    case .combineLast:
      return try observers.combine(using: .last, default: 0, requirement: "check()") { try $0.check() }
    case .combineAll:
      return try observers.combine(using: .all, default: 0, requirement: "check()") { try $0.check() }
        .reduce(0, +)
    case .combineCustom:
      let sum = Combiner<any StationProtocol, Int, Int> { responses, _ in
        var sum = 0
        while let response = responses.next() { sum += response.value }
        return sum
      }
      return try observers.combine(using: sum, default: 0, requirement: "check()") { try $0.check() }
    case .forwardWithCombiningDelegate:
      return try observers._forward(
        .first,
        default: 0,
        requirement: "check()",
        combiner: Sum(),
        { combiner, responses, defaultValue in combiner.combine(&responses, defaultValue) },
        { try $0.check() }
      )
    case .post:
      observers.post { $0.ping() }
    case .postNotSendable:
      observers._post(NotSendable()) { station, _ in station.ping() }
    case .notifyImplementing:
      stations._notifyImplementing { station -> Void? in station.ping() }
    case .combineImplementing:
      return stations._combineImplementing(
        default: 0,
        requirement: "check()",
        combiner: Sum?.none,
        { combiner, responses, defaultValue in combiner.combine(&responses, defaultValue) },
        { $0.answerIfImplemented() }
      )
    case .notifyAsync:
      try await observers.notify { try await $0.pingAsync() }
    case .combineAsync:
      return try await observers.combine(default: 0, requirement: "check()") { try await $0.answerAsync() }
    }
    return nil
  }
}

/// An observer protocol with one requirement of each shape the entry points forward.
protocol StationProtocol: AnyObject, Sendable {
  func ping()
  func answerIfImplemented() -> Int?
  func check() throws -> Int
  func pingAsync() async throws
  func answerAsync() async throws -> Int
}

/// An observer that logs its name on every call, then runs `onCall`; it throws `failure` from the throwing
/// requirements and answers `answer`, or does not respond (as a default implementation does) when that is `nil`.
final class Station: StationProtocol, @unchecked Sendable {
  let name: String
  let log: Log
  var onCall: (() -> Void)?
  var failure: ProbeError?
  var answer: Int?

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
  }

  func ping() { visit() }

  /// For `_combineImplementing`: `nil` when the observer does not implement the requirement.
  func answerIfImplemented() -> Int? {
    visit()
    return answer
  }

  func check() throws -> Int {
    visit()
    if let failure { throw failure }
    return respond()
  }

  func pingAsync() async throws {
    await Task.yield()
    visit()
    if let failure { throw failure }
  }

  func answerAsync() async throws -> Int {
    await Task.yield()
    visit()
    if let failure { throw failure }
    return respond()
  }

  private func visit() {
    log.record(name)
    onCall?()
  }

  private func respond() -> Int {
    // What a default implementation answers: never the answer a test expects.
    guard let answer else { return notImplemented(by: self, returning: 100, requirement: "check()") }
    return answer
  }
}

/// A delegate multiplexer for `StationProtocol`, for the entry points of generated `@objc` forwarders.
final class StationMultiplexer: DelegateMultiplexing {
  let multiplexer = Multiplexer<any StationProtocol>()
  var asDelegate: any StationProtocol { fatalError("not used") }
}

/// A combining delegate that sums the answers.
struct Sum {
  func combine(_ responses: inout Responses<any StationProtocol, Int>, _ defaultValue: Int) -> Int {
    var sum = 0
    while let response = responses.next() { sum += response.value }
    return sum
  }
}

/// Keeps a station alive until an observer's call lets it go.
final class Holder: @unchecked Sendable {
  var station: Station?
  init(_ station: Station) { self.station = station }
}

/// Arguments that are not `Sendable`: the call cannot be queued for observers with a delivery context.
final class NotSendable {}
