import Foundation
import MultiplexMacros
import MultiplexTestSupport
import Testing

// Delivery contexts on a generated multiplexer: a `Sendable` protocol's `Void` requirements reach observers
// registered with a context there, when their arguments are `Sendable`.

/// Not `Sendable`: calls that carry it cannot be queued.
final class Page {
  let number: Int
  init(_ number: Int) { self.number = number }
}

@Multiplexed
protocol TransferDelegate: AnyObject, Sendable {
  func transferDidStart()
  func transfer(didReceive byteCount: Int)
  func transfer(didMoveFrom start: Int, to end: Int)
  func transfer(didLoad page: Page)
  func transfer(adjust value: inout Int)
  func transferShouldContinue() -> Bool?
}

/// Records its calls; every call checks it runs where it should.
private final class TransferRecorder: TransferDelegate, Sendable {
  let calls = Locked<[String]>([])
  let wrongContext = Atomic<Int>(0)
  let isInContext: @Sendable () -> Bool

  init(isInContext: @escaping @Sendable () -> Bool = { true }) {
    self.isInContext = isInContext
  }

  private func record(_ call: String) {
    if !isInContext() { wrongContext.wrappingAdd(1, ordering: .relaxed) }
    calls.withLock { $0.append(call) }
  }

  func transferDidStart() { record("start") }
  func transfer(didReceive byteCount: Int) { record("receive \(byteCount)") }
  func transfer(didMoveFrom start: Int, to end: Int) { record("move \(start)-\(end)") }
  func transfer(didLoad page: Page) { record("load \(page.number)") }
  func transfer(adjust value: inout Int) {
    record("adjust")
    value += 1
  }
  func transferShouldContinue() -> Bool? {
    record("shouldContinue")
    return false
  }

  var recorded: [String] { calls.withLock { $0 } }
}

@Suite("Delivery contexts on generated multiplexers")
struct GeneratedDeliveryContextTests {
  @Test("Sendable calls are queued for observers with a context; the others skip them")
  func sendableCallsAreQueued() {
    let scheduler = ManualScheduler()
    let queued = TransferRecorder()
    let direct = TransferRecorder()
    let multiplexer = TransferDelegateMultiplexer()
    multiplexer.add(queued, deliveringOn: scheduler.context)
    multiplexer.add(direct)

    multiplexer.transferDidStart()
    multiplexer.transfer(didReceive: 10)
    multiplexer.transfer(didMoveFrom: 1, to: 2)
    multiplexer.transfer(didLoad: Page(7))
    var value = 0
    multiplexer.transfer(adjust: &value)
    #expect(multiplexer.transferShouldContinue() == false)

    // The direct observer saw everything, right away.
    #expect(direct.recorded == ["start", "receive 10", "move 1-2", "load 7", "adjust", "shouldContinue"])
    #expect(value == 1)
    #expect(queued.recorded.isEmpty)
    scheduler.runUntilIdle()
    // The queued one gets the calls whose arguments are Sendable, in order; a non-Sendable argument, an inout
    // and a returning call skip it.
    #expect(queued.recorded == ["start", "receive 10", "move 1-2"])
  }

  @Test("Removal drops the calls queued for a generated multiplexer's observer")
  func removalDropsQueuedCalls() {
    let queue = DispatchQueue(label: "transfers")
    let recorder = TransferRecorder()
    let multiplexer = TransferDelegateMultiplexer()
    multiplexer.add(recorder, deliveringOn: .queue(queue))
    queue.suspend()
    multiplexer.transfer(didReceive: 1)
    multiplexer.transfer(didReceive: 2)
    multiplexer.remove(recorder)
    queue.resume()
    queue.sync {}
    #expect(recorder.recorded.isEmpty)
  }

  @Test("Calls reach an observer on the main actor, and postAndWait waits for them")
  func mainActorObserver() async {
    let recorder = TransferRecorder(isInContext: { MainActor.assumeIsolated { true } })
    let multiplexer = TransferDelegateMultiplexer()
    multiplexer.add(recorder, deliveringOn: .mainActor)
    await Task.detached {
      for byteCount in 1...3 { multiplexer.transfer(didReceive: byteCount) }
      await multiplexer.multiplexer.postAndWait { $0.transferDidStart() }
    }.value
    #expect(recorder.recorded == ["receive 1", "receive 2", "receive 3", "start"])
    let wrongContext = recorder.wrongContext.load(ordering: .relaxed)
    #expect(wrongContext == 0)
  }
}
