import MultiplexMacros
import Testing

// Typed event streams: `events(bufferingPolicy:)` on a generated multiplexer.

/// A delegate with the shapes `Event` stores and those it leaves out.
@Multiplexed
protocol RecorderDelegate: AnyObject {
  func didScroll(_ offset: Int)
  func didScroll(to offset: Int)
  func adjust(_ value: inout Int)
  // Every observer: a decided-once requirement is no event.
  @MultiplexedEveryObserver
  func perform(_ completion: @escaping () -> Void)
  func visit(_ body: () -> Void)
  func value<T>(as type: T.Type) -> T?
  func title(for row: Int) -> String?
  @MultiplexedDefault(false)
  func claims(_ row: Int) -> Bool
  var zoom: Double? { get set }
  var name: String? { get }
}

/// A `@MainActor` delegate: its multiplexer, tap and stream live on the main actor.
@Multiplexed
@MainActor
protocol PanelDelegate: AnyObject {
  func didOpen(_ id: Int)
  func loadTitle() async -> String?
}

private final class Titler: RecorderDelegate {
  func title(for row: Int) -> String? { "row \(row)" }
  func claims(_ row: Int) -> Bool { row == 1 }
}

private final class Doubler: RecorderDelegate {
  func adjust(_ value: inout Int) { value *= 2 }
}

@MainActor
private final class Panel: PanelDelegate {
  func loadTitle() async -> String? { "panel" }
}

/// A readable form of an event, for comparisons.
@MainActor
private func describe(_ event: RecorderDelegateMultiplexer.Event) -> String {
  switch event {
  case .didScroll(let offset): "didScroll(\(offset))"
  case .didScrollTo(to: let offset): "didScroll(to: \(offset))"
  case .perform: "perform"
  case .title(for: let row): "title(for: \(row))"
  case .claims(let row): "claims(\(row))"
  case .setZoom(let zoom): "setZoom(\(zoom.map { "\($0)" } ?? "nil"))"
  }
}

/// Reads `count` events from `stream`, on the main actor where the tests create it.
@MainActor
private func collect(
  _ count: Int,
  from stream: AsyncStream<RecorderDelegateMultiplexer.Event>
) async -> [String] {
  var events: [String] = []
  for await event in stream {
    events.append(describe(event))
    if events.count == count { break }
  }
  return events
}

@MainActor
@Suite struct EventStreamTests {
  /// The stream's tap is no observer: the generated `count`, `observers`, `debugDescription` and `removeAll()` leave
  /// it out, and it keeps receiving calls after `removeAll()`.
  @Test func theTapIsNoObserver() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let titler = Titler()
    multiplexer.add(titler)
    multiplexer.add(Doubler(), retention: .strong)
    let stream = multiplexer.events()
    #expect(multiplexer.count == 2)
    #expect(multiplexer.observers.count == 2)
    #expect(
      multiplexer.debugDescription == """
        Multiplexer<RecorderDelegate>: 2 observers
          1. Titler (weak)
          2. Doubler (strong)
        """
    )
    let consumer = Task { await collect(2, from: stream) }
    multiplexer.didScroll(1)
    multiplexer.removeAll()
    #expect(multiplexer.isEmpty)
    #expect(multiplexer.title(for: 3) == nil, "no observer answers after removeAll")
    #expect(await consumer.value == ["didScroll(1)", "title(for: 3)"])
  }

  /// Every call arrives in dispatch order, with its arguments (an `inout` one's value on entry).
  @Test func eventsArriveInDispatchOrder() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events()
    let consumer = Task { await collect(6, from: stream) }
    multiplexer.didScroll(1)
    multiplexer.didScroll(to: 2)
    var value = 3
    multiplexer.adjust(&value)  // `inout`: not recorded
    multiplexer.perform {}
    multiplexer.visit {}  // left out of `Event`: not recorded
    _ = multiplexer.value(as: Int.self)  // generic: not recorded
    _ = multiplexer.title(for: 4)
    _ = multiplexer.claims(5)
    multiplexer.zoom = 2
    _ = multiplexer.name  // a getter: not recorded
    multiplexer.zoom = nil
    #expect(
      await consumer.value == [
        "didScroll(1)", "didScroll(to: 2)", "perform", "title(for: 4)", "claims(5)", "setZoom(2.0)",
      ]
    )
  }

  /// The consumer iterates while the sender is still dispatching: each event is handled before the next call.
  @Test func iteratesWhileTheSenderDispatches() async {
    final class Received {
      var events: [String] = []
    }
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events()
    let received = Received()
    let consumer = Task {
      for await event in stream {
        received.events.append(describe(event))
        if received.events.count == 5 { break }
      }
    }
    for offset in 1...5 {
      multiplexer.didScroll(offset)
      // The sender goes on only once the consumer has handled this call's event.
      while received.events.count < offset { await Task.yield() }
      #expect(received.events.last == "didScroll(\(offset))")
    }
    await consumer.value
    #expect(received.events == (1...5).map { "didScroll(\($0))" })
  }

  /// A requirement left out of `Event` still reaches the observers, tap or not.
  @Test func leftOutRequirementsStillForward() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events()
    multiplexer.add(Doubler(), retention: .strong)
    var value = 3
    multiplexer.adjust(&value)
    #expect(value == 6)
    multiplexer.didScroll(1)
    #expect(await collect(1, from: stream) == ["didScroll(1)"])
  }

  /// Two streams each get every event.
  @Test func everyConsumerGetsEveryEvent() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let first = multiplexer.events()
    let second = multiplexer.events()
    // Two taps: registrations, though no observers (`count` leaves them out).
    #expect(multiplexer.count == 0)
    #expect(multiplexer.multiplexer._indexedRegistrationCount == 2)
    let firstConsumer = Task { await collect(3, from: first) }
    let secondConsumer = Task { await collect(3, from: second) }
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    multiplexer.zoom = 1
    let expected = ["didScroll(1)", "didScroll(2)", "setZoom(1.0)"]
    #expect(await firstConsumer.value == expected)
    #expect(await secondConsumer.value == expected)
  }

  /// Cancelling the consuming task unregisters the tap.
  @Test func cancellingTheConsumerUnregisters() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let titler = Titler()
    multiplexer.add(titler)
    let stream = multiplexer.events()
    #expect(multiplexer.multiplexer._indexedRegistrationCount == 2)
    let consumer = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    multiplexer.didScroll(1)
    await Task.yield()
    consumer.cancel()
    _ = await consumer.value
    #expect(multiplexer.multiplexer._indexedRegistrationCount == 1)
    #expect(multiplexer.contains(titler))
    multiplexer.didScroll(2)  // nothing left to yield to
  }

  /// Breaking out of the loop (the stream is released) unregisters the tap too.
  @Test func droppingTheStreamUnregisters() async {
    let multiplexer = RecorderDelegateMultiplexer()
    var stream: AsyncStream<RecorderDelegateMultiplexer.Event>? = multiplexer.events()
    multiplexer.didScroll(1)
    #expect(await collect(1, from: stream!) == ["didScroll(1)"])
    stream = nil
    #expect(multiplexer.multiplexer._indexedRegistrationCount == 0)
  }

  /// Releasing the multiplexer finishes every stream: the loop ends after the buffered events.
  @Test func releasingTheMultiplexerFinishesTheStream() async {
    var multiplexer: RecorderDelegateMultiplexer? = RecorderDelegateMultiplexer()
    let stream = multiplexer!.events()
    let consumer = Task {
      var events: [String] = []
      for await event in stream { events.append(describe(event)) }
      return events
    }
    multiplexer!.didScroll(1)
    multiplexer!.didScroll(2)
    multiplexer = nil
    #expect(await consumer.value == ["didScroll(1)", "didScroll(2)"])
  }

  /// The tap never answers: the first responder's answer, or the default when none responds, is unchanged.
  @Test func theTapDoesNotChangeAnswers() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events()
    #expect(multiplexer.title(for: 1) == nil)
    #expect(multiplexer.claims(1) == false)
    #expect(multiplexer.zoom == nil)
    let titler = Titler()
    multiplexer.add(titler)
    #expect(multiplexer.title(for: 2) == "row 2")
    #expect(multiplexer.claims(1) == true)
    #expect(multiplexer.claims(2) == false)
    #expect(
      await collect(5, from: stream) == ["title(for: 1)", "claims(1)", "title(for: 2)", "claims(1)", "claims(2)"]
    )
  }

  /// Observers registered after the stream was opened get the same answers as without it (issue 23, item 9), also
  /// for the requirements the tap records no event for (a getter, a generic method): the tap inherits their
  /// generated default implementations, which do not respond.
  @Test func observersAddedAfterTheStreamStillAnswer() async {
    final class Namer: RecorderDelegate {
      var name: String? { "namer" }
      func value<T>(as type: T.Type) -> T? { 5 as? T }
      func claims(_ row: Int) -> Bool { true }
    }
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events()
    let namer = Namer()
    multiplexer.add(namer)
    #expect(multiplexer.name == "namer")
    #expect(multiplexer.value(as: Int.self) == 5)
    #expect(multiplexer.claims(1) == true)
    withExtendedLifetime(stream) {}
  }

  /// The buffering policy decides what a slow consumer finds.
  @Test func bufferingNewestKeepsTheLatestEvents() async {
    let multiplexer = RecorderDelegateMultiplexer()
    let stream = multiplexer.events(bufferingPolicy: .bufferingNewest(1))
    multiplexer.didScroll(1)
    multiplexer.didScroll(2)
    multiplexer.didScroll(3)
    #expect(await collect(1, from: stream) == ["didScroll(3)"])
  }

  /// A `@MainActor` protocol's stream, including an asynchronous requirement that returns a value.
  @Test func mainActorProtocol() async {
    let multiplexer = PanelDelegateMultiplexer()
    let stream = multiplexer.events()
    let panel = Panel()
    multiplexer.add(panel)
    multiplexer.didOpen(7)
    #expect(await multiplexer.loadTitle() == "panel")
    var events: [String] = []
    for await event in stream {
      switch event {
      case .didOpen(let id): events.append("didOpen(\(id))")
      case .loadTitle: events.append("loadTitle")
      }
      if events.count == 2 { break }
    }
    #expect(events == ["didOpen(7)", "loadTitle"])
  }
}
