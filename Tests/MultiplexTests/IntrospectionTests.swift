import Dispatch
import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

@Suite("Introspection and reports")
struct IntrospectionTests {
  final class Other: Ticker {
    func tick(_ dispatch: Int) {}
  }

  @Test("debugDescription lists observers in call order with type, retention, priority, blocked and context")
  func debugDescription() {
    let multiplexer = Multiplexer<any Ticker>()
    let primary = Other()
    let recorder = TickRecorder()
    let queued = TickRecorder()
    let scheduler = ManualScheduler()
    let token = multiplexer.add(recorder, priority: 10)
    multiplexer.add(Other(), retention: .strong)
    multiplexer.add(queued, deliveringOn: .queue(DispatchQueue(label: "cache")))
    multiplexer.add(TickRecorder(), retention: .strong, deliveringOn: scheduler.context)
    multiplexer.primary = primary
    let block = token.block()
    do {
      let gone = TickRecorder()
      multiplexer.add(gone)  // deallocated: not listed
    }
    #expect(
      multiplexer.debugDescription == """
        Multiplexer<Ticker>: 5 observers
          1. Other (primary, weak)
          2. TickRecorder (weak, priority 10, blocked)
          3. Other (strong)
          4. TickRecorder (weak, delivered on queue "cache")
          5. TickRecorder (strong, delivered on custom scheduler)
        """
    )
    block.cancel()
    withExtendedLifetime((primary, recorder, queued)) {}
  }

  @Test("debugDescription while another thread makes an observer the primary: a consistent priority and mark")
  func debugDescriptionDuringPrimaryChanges() {
    let multiplexer = Multiplexer<any Ticker>()
    let moving = Other()
    multiplexer.add(Other(), retention: .strong)
    let stop = Locked(false)
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
      while !stop.withLock({ $0 }) {
        multiplexer.add(moving, priority: 5)
        multiplexer.primary = moving  // moves the registration: its priority becomes Int.max, under the lock
        multiplexer.primary = nil
      }
      done.signal()
    }
    writer.start()
    var torn = 0
    for _ in 0..<20_000 where multiplexer.debugDescription.contains("priority \(Int.max)") { torn += 1 }
    stop.withLock { $0 = true }
    done.wait()
    #expect(torn == 0, "a registration printed with the primary's priority but not as the primary")
  }

  @Test("An event stream's tap is a registration, not an observer: introspection and removeAll leave it out")
  func tapsAreHidden() async {
    let multiplexer = Multiplexer<any Ticker>()
    let recorder = TickRecorder()
    multiplexer.add(recorder)
    let events = multiplexer._events(bufferingPolicy: .unbounded) { continuation -> any Ticker in
      final class Tap: Ticker {
        let continuation: AsyncStream<Int>.Continuation
        init(_ continuation: AsyncStream<Int>.Continuation) { self.continuation = continuation }
        deinit { continuation.finish() }
        func tick(_ dispatch: Int) { continuation.yield(dispatch) }
      }
      return Tap(continuation)
    }
    #expect(multiplexer.count == 1)
    #expect(multiplexer.observers.count == 1)
    #expect(multiplexer.debugDescription.hasPrefix("Multiplexer<Ticker>: 1 observer\n"))
    multiplexer.notify { $0.tick(1) }
    multiplexer.removeAll()
    #expect(multiplexer.isEmpty)
    multiplexer.notify { $0.tick(2) }  // the tap still hears it
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    #expect(recorder.ticks.withLock { $0 } == [1])
  }

  @Test("A posted call whose arguments are not Sendable skips context observers, and says so (debug builds)")
  func undeliveredCallIsReported() {
    let multiplexer = Multiplexer<any Ticker>()
    let direct = TickRecorder()
    let queued = TickRecorder()
    let scheduler = ManualScheduler()
    multiplexer.add(direct)
    multiplexer.add(queued, deliveringOn: scheduler.context)
    // The generated forwarding member of a Sendable protocol's `Void` requirement, with an argument that is not
    // `Sendable`: the compiler picks the overload that only calls direct observers.
    func tickWithAnArgumentThatIsNotSendable() {
      let page = UnsendablePage(7)
      multiplexer._post(page) { observer, page in observer.tick(page.number) }
    }
    tickWithAnArgumentThatIsNotSendable()
    scheduler.runUntilIdle()
    #expect(direct.ticks.withLock { $0 } == [7])
    #expect(queued.ticks.withLock { $0 } == [])
    #if DEBUG
    #expect(_problemReports().contains("Ticker.tickWithAnArgumentThatIsNotSendable()"))
    #endif
  }
}

/// Not `Sendable`: a call that carries it cannot be queued for another thread.
final class UnsendablePage {
  let number: Int
  init(_ number: Int) { self.number = number }
}
