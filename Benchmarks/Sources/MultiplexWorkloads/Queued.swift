import Dispatch
import Multiplex
import Synchronization

// MARK: - Delivery on a queue

// `QueuedListener`, a `Sendable` listener (so that observers can be registered with a delivery context), and its
// multiplexer are the macro's expansion of `MacroInputs/QueuedListener.swift`, in `Expanded/`.

/// Counts deliveries, for all the observers of one system.
final class DeliveryCount: Sendable {
  let value = Atomic<Int>(0)
}

/// An observer that counts its calls in a shared counter.
final class QueuedCounter: QueuedListener, Sendable {
  let count: DeliveryCount
  init(_ count: DeliveryCount) { self.count = count }
  func didChange(_ value: Int) { count.value.wrappingAdd(1, ordering: .relaxed) }
}

/// Posts `iterations` calls to `size` observers that receive them on one serial queue, then waits until every
/// call was delivered: the time covers posting and delivery.
final class QueuedSystem: System {
  let queue = DispatchQueue(label: "benchmark-delivery")
  let count: DeliveryCount
  let observers: [QueuedCounter]
  private var post: (Int) -> Void = { _ in }

  /// - Parameter setUp: Registers `observers` and returns the function that posts one call to all of them.
  init(size: Int, setUp: (QueuedSystem) -> (Int) -> Void) {
    let count = DeliveryCount()
    self.count = count
    self.observers = (0..<size).map { _ in QueuedCounter(count) }
    self.post = setUp(self)
  }

  func run(_ iterations: Int) -> Int {
    let expected = count.value.load(ordering: .relaxed) + iterations * observers.count
    for iteration in 0..<iterations { post(iteration) }
    // A drain hands the queue a new job after each batch: wait until every call ran, not for one barrier.
    while count.value.load(ordering: .relaxed) < expected { queue.sync {} }
    return expected
  }
}

let queuedWorkload = Workload(
  name: "queued",
  title: "Void call delivered on a serial queue (time per observer call, posting and delivery)",
  sizes: [1, 8, 64],
  unit: "observer call",
  unitsPerIteration: { $0 },
  countsMallocs: true,
  contenders: [
    // GCDMulticastDelegate's way: one `async` block per observer per call (and no way to drop them on removal).
    Contender(SystemName.asyncPerCall, floor: nil) { size in
      QueuedSystem(size: size) { system in
        let queue = system.queue
        let observers = system.observers
        return { value in
          for observer in observers { queue.async { observer.didChange(value) } }
        }
      }
    },
    Contender(SystemName.multiplexQueued, floor: SystemName.asyncPerCall, isMultiplex: true) { size in
      QueuedSystem(size: size) { system in
        let multiplexer = QueuedListenerMultiplexer()
        for observer in system.observers { multiplexer.add(observer, deliveringOn: .queue(system.queue)) }
        return { value in multiplexer.didChange(value) }
      }
    },
  ]
)
