import Multiplex

/// One system in one workload: how to build it for a size, and which floor its time is compared with.
public struct Contender: Sendable {
  /// The system's name in tables, e.g. `Multiplex weak`.
  public let name: String
  /// The contender of the same workload this one is divided by; `nil` for a floor (its ratio is 1).
  public let floor: String?
  /// Whether this is one of the library's own systems (the ones the targets are about).
  public let isMultiplex: Bool
  /// Builds the system with its observers, ready to run.
  public let make: @Sendable (_ size: Int) -> any System

  init(_ name: String, floor: String?, isMultiplex: Bool = false, make: @escaping @Sendable (Int) -> any System) {
    self.name = name
    self.floor = floor
    self.isMultiplex = isMultiplex
    self.make = make
  }
}

/// A set of systems measured side by side at several sizes.
public struct Workload: Sendable {
  /// A short identifier for filters and file names, e.g. `void`.
  public let name: String
  /// What is measured, for the table's heading.
  public let title: String
  /// The sizes (live observers, or observers added and removed for churn).
  public var sizes: [Int]
  /// What one unit of work is, for the table's heading: `observer call` or `add+remove`.
  public let unit: String
  /// Units of work per iteration of ``System/run(_:)`` at a size.
  public let unitsPerIteration: @Sendable (_ size: Int) -> Int
  /// Whether malloc counts per iteration are meaningful (single-threaded dispatch or churn).
  public let countsMallocs: Bool
  /// The shortest batch worth timing, in milliseconds (contention starts threads for each batch).
  public var minimumBatchMilliseconds = 0.0
  /// The systems, floors first.
  public let contenders: [Contender]
}

/// Names used in every table.
public enum SystemName {
  public static let weakFloor = "floor: weak in class boxes"
  public static let strongFloor = "floor: loop over [any P]"
  public static let multiplexWeak = "Multiplex weak"
  public static let multiplexStrong = "Multiplex strong"
  /// Weak registrations of observers held as Objective-C objects are on Apple platforms (a `weak` reference), in
  /// the build that stands for Apple's path only (`-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`).
  public static let multiplexWeakObjectiveC = "Multiplex weak (Objective-C observers)"
  public static let weakStructs = "loop over struct-of-weak"
  public static let closures = "closures capturing weak"
  public static let notificationCenter = "NotificationCenter.post"
  public static let openCombine = "OpenCombine PassthroughSubject"
  public static let lockedBoxes = "floor: locked array of weak boxes"
  public static let weakBoxArray = "floor: array of weak boxes"
  public static let multiplexToken = "Multiplex weak, token.cancel()"
  public static let asyncPerCall = "floor: queue.async per observer call"
  public static let multiplexQueued = "Multiplex deliveringOn: .queue"
}

/// The sizes of every dispatch workload.
public let standardSizes = [1, 8, 64, 1024]

/// Every workload, in the order they are reported.
public let allWorkloads: [Workload] = [
  dispatchWorkload(.void, name: "void", title: "Void call (notify)"),
  dispatchWorkload(
    .firstResponder,
    name: "first-responder",
    title: "Returning call, first responder, half of the observers do not implement it"
  ),
  dispatchWorkload(.allTrue, name: "all-true", title: "Bool call combined with all-true"),
  deadWorkload,
  churnWorkload,
  contentionWorkload,
  queuedWorkload,
  streamWorkload,
  reassignWorkload,
]

/// The workloads whose name contains one of `filters` (all of them without filters).
public func workloads(matching filters: [String]) -> [Workload] {
  guard !filters.isEmpty else { return allWorkloads }
  return allWorkloads.filter { workload in filters.contains { workload.name.contains($0) } }
}

// MARK: - Observers

/// `count` observers for `call`: all `Responder`s, or alternately `Responder` and `Bystander` for the
/// first-responder workload (half of them do not implement `score()`; the first one does).
func makeObservers(_ count: Int, for call: Call) -> [any Listener] {
  (0..<count).map { index -> any Listener in
    call == .firstResponder && index % 2 == 1 ? Bystander() : Responder()
  }
}

/// Whether this build stands for Apple's runtime path, where an observer is held by a `weak` reference when it is
/// an Objective-C object (`-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`).
public var standsForApplesPath: Bool {
  #if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
  true
  #else
  false
  #endif
}

#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
/// `makeObservers(count, for: call)`, held as Objective-C objects are on Apple platforms.
func makeObjectiveCObservers(_ count: Int, for call: Call) -> [any Listener] {
  (0..<count).map { index -> any Listener in
    call == .firstResponder && index % 2 == 1 ? ObjectiveCBystander() : ObjectiveCResponder()
  }
}
#endif

/// Keeps a system's observers alive for as long as the system.
final class Holding: System {
  let observers: [any Listener]
  let system: any System

  init(_ observers: [any Listener], _ system: any System) {
    self.observers = observers
    self.system = system
  }

  func run(_ iterations: Int) -> Int { system.run(iterations) }
}

// MARK: - Dispatch workloads

func dispatchWorkload(_ call: Call, name: String, title: String) -> Workload {
  func held(
    _ make: @escaping @Sendable (Int, Call) -> [any Listener] = makeObservers,
    _ build: @escaping @Sendable ([any Listener]) -> any System
  ) -> @Sendable (Int) -> any System {
    { size in
      let observers = make(size, call)
      return Holding(observers, build(observers))
    }
  }
  var contenders = [
    Contender(SystemName.weakFloor, floor: nil, make: held { WeakBoxLoop($0, call: call) }),
    Contender(SystemName.strongFloor, floor: nil, make: held { StrongLoop($0, call: call) }),
    Contender(
      SystemName.multiplexWeak,
      floor: SystemName.weakFloor,
      isMultiplex: true,
      make: held { MultiplexSystem($0, retention: .weak, call: call) }
    ),
    Contender(
      SystemName.multiplexStrong,
      floor: SystemName.strongFloor,
      isMultiplex: true,
      make: held { MultiplexSystem($0, retention: .strong, call: call) }
    ),
    Contender(SystemName.weakStructs, floor: SystemName.weakFloor, make: held { WeakStructLoop($0, call: call) }),
    Contender(SystemName.closures, floor: SystemName.weakFloor, make: held { ClosureLoop($0, call: call) }),
  ]
  #if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
  // Apple's path holds a native Swift observer (the `Multiplex weak` row) by an unowned reference and an
  // Objective-C one by a `weak` reference: this row measures the second, against the same floor.
  contenders.insert(
    Contender(
      SystemName.multiplexWeakObjectiveC,
      floor: SystemName.weakFloor,
      isMultiplex: true,
      make: held(makeObjectiveCObservers) { MultiplexSystem($0, retention: .weak, call: call) }
    ),
    at: 4
  )
  #endif
  if call == .void {
    // Neither returns a value, so they only take part in the Void workload.
    contenders.append(
      Contender(SystemName.notificationCenter, floor: SystemName.weakFloor, make: held { NotificationCenterSystem($0) })
    )
    contenders.append(
      Contender(SystemName.openCombine, floor: SystemName.weakFloor, make: held { OpenCombineSystem($0) })
    )
  }
  return Workload(
    name: name,
    title: title,
    sizes: standardSizes,
    unit: "observer call",
    unitsPerIteration: { $0 },
    countsMallocs: true,
    contenders: contenders
  )
}

// MARK: - Dead observers

/// `size` live observers after 90% of `10 × size` registered ones were deallocated. Each system has dispatched
/// once since they died (when Multiplex reclaims their slots); hand-written loops keep the dead slots.
let deadWorkload: Workload = {
  @Sendable func survivors(_ size: Int, _ build: ([any Listener]) -> any System) -> any System {
    var everyone = makeObservers(size * 10, for: .void)
    let system = build(everyone)
    everyone = everyone.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
    _ = system.run(1)
    return Holding(everyone, system)
  }
  @Sendable func survivorsOnly(_ size: Int, _ build: ([any Listener]) -> any System) -> any System {
    var everyone = makeObservers(size * 10, for: .void)
    everyone = everyone.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
    return Holding(everyone, build(everyone))
  }
  @Sendable func fresh(_ size: Int, _ build: ([any Listener]) -> any System) -> any System {
    let observers = makeObservers(size, for: .void)
    return Holding(observers, build(observers))
  }
  return Workload(
    name: "dead-90",
    title: "Void call after 90% of 10×N registered observers died (N live)",
    sizes: standardSizes,
    unit: "live observer call",
    unitsPerIteration: { $0 },
    countsMallocs: true,
    contenders: [
      Contender(SystemName.weakFloor + " (N, none died)", floor: nil) { size in
        fresh(size) { WeakBoxLoop($0, call: .void) }
      },
      Contender(SystemName.multiplexWeak + " (none died)", floor: SystemName.weakFloor + " (N, none died)") { size in
        fresh(size) { MultiplexSystem($0, retention: .weak, call: .void) }
      },
      Contender(SystemName.weakFloor + " (the N survivors)", floor: nil) { size in
        survivorsOnly(size) { WeakBoxLoop($0, call: .void) }
      },
      Contender(SystemName.multiplexWeak, floor: SystemName.weakFloor + " (the N survivors)", isMultiplex: true) {
        size in survivors(size) { MultiplexSystem($0, retention: .weak, call: .void) }
      },
      Contender("weak class boxes, dead kept", floor: SystemName.weakFloor + " (the N survivors)") { size in
        survivors(size) { WeakBoxLoop($0, call: .void) }
      },
      Contender(SystemName.weakStructs + ", dead kept", floor: SystemName.weakFloor + " (the N survivors)") {
        size in
        survivors(size) { WeakStructLoop($0, call: .void) }
      },
    ]
  )
}()
