import Foundation
import Multiplex
import OpenCombine
import Synchronization

// MARK: - Churn

/// Adds `size` observers one by one, then removes them in the order they were added; one iteration is one such
/// round. The observers exist beforehand, so only registration is measured.
final class ChurnSystem: System {
  let observers: [any Listener]
  let round: ([any Listener]) -> Int

  init(size: Int, round: @escaping ([any Listener]) -> Int) {
    self.observers = makeObservers(size, for: .void)
    self.round = round
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    for _ in 0..<iterations { accumulator &+= round(observers) }
    return accumulator
  }
}

let churnWorkload = Workload(
  name: "churn",
  title: "Add N observers, then remove them all (time per add+remove)",
  sizes: [100_000],
  unit: "add+remove",
  unitsPerIteration: { $0 },
  countsMallocs: true,
  contenders: [
    Contender(SystemName.dictionary, floor: nil) { size in
      ChurnSystem(size: size) { observers in
        var boxes: [ObjectIdentifier: WeakBox] = [:]
        for observer in observers { boxes[ObjectIdentifier(observer)] = WeakBox(observer) }
        let peak = boxes.count
        for observer in observers { boxes[ObjectIdentifier(observer)] = nil }
        return peak
      }
    },
    Contender(SystemName.multiplexWeak, floor: SystemName.dictionary, isMultiplex: true) { size in
      ChurnSystem(size: size) { observers in
        let multiplexer = ListenerMultiplexer()
        for observer in observers { multiplexer.add(observer) }
        for observer in observers { multiplexer.remove(observer) }
        return 1
      }
    },
    Contender(SystemName.notificationCenter, floor: SystemName.dictionary) { size in
      ChurnSystem(size: size) { observers in
        let center = NotificationCenter()
        var tokens: [any NSObjectProtocol] = []
        tokens.reserveCapacity(observers.count)
        for observer in observers { tokens.append(NotificationCenterSystem.observe(observer, in: center)) }
        for token in tokens { center.removeObserver(token) }
        return tokens.count
      }
    },
    Contender(SystemName.openCombine, floor: SystemName.dictionary) { size in
      ChurnSystem(size: size) { observers in
        let subject = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        cancellables.reserveCapacity(observers.count)
        for observer in observers {
          cancellables.append(subject.sink { [weak observer] value in observer?.didChange(value) })
        }
        for cancellable in cancellables { cancellable.cancel() }
        return cancellables.count
      }
    },
  ]
)

// MARK: - Contention

/// A stateless observer, safe to call from several threads at once.
final class Quiet: Listener, Sendable {
  init() {}
  func didChange(_ value: Int) {}
  func shouldBegin() -> Bool { true }
}

/// Marks a value as safe to share between the benchmark's threads: each system below is thread-safe by design
/// (Multiplex, `NotificationCenter` and `PassthroughSubject` document it; `LockedWeakBoxes` locks).
struct Shared<Value>: @unchecked Sendable {
  let value: Value
}

/// The hand-written thread-safe floor: an array of weak boxes behind a lock, copied out under the lock for each
/// dispatch (so that observers are called without the lock held, as Multiplex does).
final class LockedWeakBoxes: @unchecked Sendable {
  private let lock = NSLock()
  private var boxes: [WeakBox] = []

  func add(_ observer: any Listener) {
    lock.withLock { boxes.append(WeakBox(observer)) }
  }

  func remove(_ observer: any Listener) {
    lock.withLock { boxes.removeAll { $0.object === observer } }
  }

  func didChange(_ value: Int) {
    let snapshot = lock.withLock { boxes }
    for box in snapshot { box.object?.didChange(value) }
  }
}

/// Tells the mutator thread to stop.
final class StopFlag: Sendable {
  let flag = Atomic<Bool>(false)
}

/// Two threads each perform `iterations` dispatches while a third adds and removes one more observer in a loop.
final class ContentionSystem: System {
  let observers: [any Listener]
  let dispatch: @Sendable (Int) -> Void
  let mutate: @Sendable () -> Void

  init(observers: [any Listener], dispatch: @escaping @Sendable (Int) -> Void, mutate: @escaping @Sendable () -> Void) {
    self.observers = observers
    self.dispatch = dispatch
    self.mutate = mutate
  }

  func run(_ iterations: Int) -> Int {
    let stop = StopFlag()
    let done = DispatchSemaphore(value: 0)
    let mutatorDone = DispatchSemaphore(value: 0)
    let dispatch = self.dispatch
    let mutate = self.mutate
    Thread.detachNewThread {
      while !stop.flag.load(ordering: .relaxed) { mutate() }
      mutatorDone.signal()
    }
    for _ in 0..<2 {
      Thread.detachNewThread {
        for iteration in 0..<iterations { dispatch(iteration) }
        done.signal()
      }
    }
    done.wait()
    done.wait()
    stop.flag.store(true, ordering: .relaxed)
    mutatorDone.wait()
    return iterations
  }
}

let contentionWorkload: Workload = {
  @Sendable func quiet(_ size: Int) -> [any Listener] { (0..<size).map { _ in Quiet() } }
  var workload = Workload(
    name: "contention",
    title: "Void call on 2 threads while a 3rd adds and removes an observer (time per observer call, both threads)",
    sizes: standardSizes,
    unit: "observer call",
    unitsPerIteration: { $0 * 2 },
    countsMallocs: false,
    contenders: [
      Contender(SystemName.lockedBoxes, floor: nil) { size in
        let observers = quiet(size)
        let extra = Quiet()
        let list = Shared(value: LockedWeakBoxes())
        for observer in observers { list.value.add(observer) }
        return ContentionSystem(
          observers: observers + [extra],
          dispatch: { list.value.didChange($0) },
          mutate: {
            list.value.add(extra)
            list.value.remove(extra)
          }
        )
      },
      Contender(SystemName.multiplexWeak, floor: SystemName.lockedBoxes, isMultiplex: true) { size in
        let observers = quiet(size)
        let extra = Quiet()
        let multiplexer = Shared(value: ListenerMultiplexer())
        for observer in observers { multiplexer.value.add(observer) }
        return ContentionSystem(
          observers: observers + [extra],
          dispatch: { multiplexer.value.didChange($0) },
          mutate: {
            multiplexer.value.add(extra)
            multiplexer.value.remove(extra)
          }
        )
      },
      Contender(SystemName.notificationCenter, floor: SystemName.lockedBoxes) { size in
        let observers = quiet(size)
        let extra = Quiet()
        let center = Shared(value: NotificationCenter())
        for observer in observers { _ = NotificationCenterSystem.observe(observer, in: center.value) }
        return ContentionSystem(
          observers: observers + [extra],
          dispatch: { _ in center.value.post(name: NotificationCenterSystem.name, object: nil) },
          mutate: {
            let token = NotificationCenterSystem.observe(extra, in: center.value)
            center.value.removeObserver(token)
          }
        )
      },
      Contender(SystemName.openCombine, floor: SystemName.lockedBoxes) { size in
        let observers = quiet(size)
        let extra = Shared(value: Quiet() as any Listener)
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        let cancellables = observers.map { observer in
          subject.value.sink { [weak observer] value in observer?.didChange(value) }
        }
        return ContentionSystem(
          observers: observers + [extra.value],
          dispatch: { [cancellables = Shared(value: cancellables)] in
            withExtendedLifetime(cancellables) {}
            subject.value.send($0)
          },
          mutate: {
            let cancellable = subject.value.sink { [weak observer = extra.value] value in observer?.didChange(value) }
            cancellable.cancel()
          }
        )
      },
    ]
  )
  workload.minimumBatchMilliseconds = 40
  return workload
}()
