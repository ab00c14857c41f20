import Foundation
import Multiplex
import OpenCombine
import Synchronization

// MARK: - Churn

/// A list of `size` registered observers, to which one more observer is added and from which it is removed again:
/// one iteration is one add + remove (DESIGN.md §6's registration churn). The observers exist beforehand, and each
/// has been referenced weakly once (its side table exists), so only registration is measured.
final class ChurnSystem: System {
  let residents: [any Listener]
  let newcomer: any Listener
  let addAndRemove: (any Listener) -> Int

  init(size: Int, register: ([any Listener]) -> Void, addAndRemove: @escaping (any Listener) -> Int) {
    self.residents = makeObservers(size, for: .void)
    self.newcomer = Responder()
    for observer in residents + [newcomer] { _ = WeakBox(observer) }
    register(residents)
    self.addAndRemove = addAndRemove
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    for _ in 0..<iterations { accumulator &+= addAndRemove(newcomer) }
    return accumulator
  }
}

let churnWorkload: Workload = Workload(
  name: "churn",
  title: "Add one observer to a list of N, then remove it (time per add+remove)",
  sizes: [64, 1024],
  unit: "add+remove",
  unitsPerIteration: { _ in 1 },
  countsMallocs: true,
  contenders: [
    Contender(SystemName.weakBoxArray, floor: nil) { size in
      // What a hand-written list does: append a weak box, find it by identity from the end, remove it.
      final class Boxes {
        var boxes: [WeakBox] = []
      }
      let list = Boxes()
      return ChurnSystem(size: size, register: { list.boxes = $0.map(WeakBox.init) }) { observer in
        list.boxes.append(WeakBox(observer))
        if let index = list.boxes.lastIndex(where: { $0.object === observer }) { list.boxes.remove(at: index) }
        return list.boxes.count
      }
    },
    Contender(SystemName.multiplexWeak, floor: SystemName.weakBoxArray, isMultiplex: true) { size in
      let multiplexer = ListenerMultiplexer()
      return ChurnSystem(size: size, register: { for observer in $0 { multiplexer.add(observer) } }) { observer in
        multiplexer.add(observer)
        multiplexer.remove(observer)
        return 1
      }
    },
    Contender(SystemName.multiplexToken, floor: SystemName.weakBoxArray, isMultiplex: true) { size in
      let multiplexer = ListenerMultiplexer()
      return ChurnSystem(size: size, register: { for observer in $0 { multiplexer.add(observer) } }) { observer in
        multiplexer.add(observer).cancel()
        return 1
      }
    },
    Contender(SystemName.multiplexStrong, floor: SystemName.weakBoxArray, isMultiplex: true) { size in
      // A strong registration among weak ones: the observer is kept alive by the multiplexer until removed.
      let multiplexer = ListenerMultiplexer()
      return ChurnSystem(size: size, register: { for observer in $0 { multiplexer.add(observer) } }) { observer in
        multiplexer.add(observer, retention: .strong)
        multiplexer.remove(observer)
        return 1
      }
    },
    Contender(SystemName.notificationCenter, floor: SystemName.weakBoxArray) { size in
      let center = NotificationCenter()
      var tokens: [any NSObjectProtocol] = []
      return ChurnSystem(
        size: size,
        register: { tokens = $0.map { NotificationCenterSystem.observe($0, in: center) } }
      ) { observer in
        withExtendedLifetime(tokens) {}
        center.removeObserver(NotificationCenterSystem.observe(observer, in: center))
        return 1
      }
    },
    Contender(SystemName.openCombine, floor: SystemName.weakBoxArray) { size in
      let subject = PassthroughSubject<Int, Never>()
      var cancellables: [AnyCancellable] = []
      return ChurnSystem(
        size: size,
        register: { cancellables = $0.map { observer in subject.sink { [weak observer] in observer?.didChange($0) } } }
      ) { observer in
        withExtendedLifetime(cancellables) {}
        subject.sink { [weak observer] in observer?.didChange($0) }.cancel()
        return 1
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
