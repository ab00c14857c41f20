import Dispatch
import Multiplex

/// Heap bytes per registration, for DESIGN.md §6's memory figure: what a list keeps allocated for each observer
/// registered in it.
public struct MemoryFigure: Sendable {
  /// The list, e.g. `Multiplex weak`.
  public let system: String
  /// How many observers were registered.
  public let count: Int
  /// Heap bytes per registration; `nil` where they could not be counted.
  public let bytesPerRegistration: Double?

  public init(system: String, count: Int, bytesPerRegistration: Double?) {
    self.system = system
    self.count = count
    self.bytesPerRegistration = bytesPerRegistration
  }
}

/// The names of the memory contenders beyond those of the dispatch workloads.
public enum MemorySystemName {
  public static let multiplexPriority = "Multiplex weak, with a priority"
  public static let multiplexContext = "Multiplex weak, with a delivery context"
  /// Reported, not a target: what a registration with a delivery context takes once a call was posted to it (its
  /// mailbox, made by the first post).
  public static let multiplexContextPosted = "Multiplex weak, with a delivery context, after one post"
}

/// A `Listener` that may cross threads, as an observer with a delivery context must.
typealias SendableListener = any Listener & Sendable

/// A delivery context that runs each job at once, on the posting thread: only its registration's footprint counts.
let immediateContext = DeliveryContext { job in job() }

/// The lists whose memory is measured: each registers every observer it is given and returns what holds them.
///
/// The caller counts the heap bytes allocated and not freed while `register` runs (the malloc interposer), divided
/// by the number of observers. Make the observers with ``makeMemoryObservers(_:)``: they exist beforehand and each
/// has been referenced weakly once, so their side tables (which any `weak` reference needs, the weak-box array's
/// included) are not counted. Tokens returned by `add` are dropped, as by callers that remove by observer; a kept
/// token adds its own allocation. `largeCounts` says whether the list is also measured with 1,000,000 observers.
public let memoryContenders: [(system: String, largeCounts: Bool, register: @Sendable ([any Listener]) -> AnyObject)] =
  [
    (
      SystemName.weakBoxArray, true,
      { observers in
        final class Boxes {
          var boxes: [WeakBox] = []
        }
        let list = Boxes()
        list.boxes.reserveCapacity(observers.count)
        for observer in observers { list.boxes.append(WeakBox(observer)) }
        return list
      }
    ),
    (
      SystemName.multiplexWeak, true,
      { observers in
        let multiplexer = ListenerMultiplexer()
        for observer in observers { multiplexer.add(observer) }
        return multiplexer
      }
    ),
    (
      SystemName.multiplexStrong, true,
      { observers in
        let multiplexer = ListenerMultiplexer()
        for observer in observers { multiplexer.add(observer, retention: .strong) }
        return multiplexer
      }
    ),
    (
      MemorySystemName.multiplexPriority, true,
      { observers in
        let multiplexer = Multiplexer<any Listener>()
        for observer in observers { multiplexer.add(observer, priority: 1) }
        return multiplexer
      }
    ),
    (
      MemorySystemName.multiplexContext, true,
      { observers in
        let multiplexer = Multiplexer<any Listener & Sendable>()
        for observer in observers {
          // `Sendable` is a marker protocol: the cast always succeeds, and allocates nothing. Nothing is ever
          // posted to these observers; only the registrations' footprint is measured.
          multiplexer.add((observer as Any) as! SendableListener, deliveringOn: immediateContext)
        }
        return multiplexer
      }
    ),
    (
      MemorySystemName.multiplexContextPosted, true,
      { observers in
        let multiplexer = Multiplexer<any Listener & Sendable>()
        for observer in observers {
          multiplexer.add((observer as Any) as! SendableListener, deliveringOn: immediateContext)
        }
        // One call to every observer (the context runs it at once): each registration makes its mailbox, which
        // keeps the (empty) queue's storage for the next calls.
        multiplexer.post { $0.didChange(0) }
        return multiplexer
      }
    ),
  ]

/// `count` observers for ``memoryContenders``, each referenced weakly once already.
public func makeMemoryObservers(_ count: Int) -> [any Listener] {
  let observers = makeObservers(count, for: .void)
  for observer in observers { _ = WeakBox(observer) }
  return observers
}

/// `count` observers never referenced weakly: their side tables are made by the registrations, and freed when the
/// registrations end (for ``reclaimScenarios``).
public func makeFreshObservers(_ count: Int) -> [any Listener] {
  makeObservers(count, for: .void)
}

/// How memory returns to its baseline: each scenario registers observers in an empty multiplexer (made outside the
/// counted region), ends every registration, and the caller counts the heap bytes allocated and not freed in the
/// counted regions. Returns what must stay alive until the count is taken.
///
/// When observers die, an object with a side table is freed when its last `weak` reference goes, inside the counted
/// region although it was allocated outside: the weak-box array, which ends empty, shows that offset as the control.
///
/// - `begin` and `end` open and close a counted region; `observers` are made by the caller, outside any region:
///   fresh ones (``makeFreshObservers(_:)``) when the scenario lets them die (their side tables, made and freed by
///   the registrations, then balance), otherwise with their side tables made (``makeMemoryObservers(_:)``).
public let reclaimScenarios:
  [(
    name: String, freshObservers: Bool,
    run: @Sendable (_ observers: inout [any Listener], _ begin: () -> Void, _ end: () -> Void) -> AnyObject
  )] = [
    (
      "removed one by one (remove(_:))", false,
      { observers, begin, end in
        let multiplexer = ListenerMultiplexer()
        begin()
        for observer in observers { multiplexer.add(observer) }
        for observer in observers { multiplexer.remove(observer) }
        end()
        return multiplexer
      }
    ),
    (
      "removed by their tokens", false,
      { observers, begin, end in
        let multiplexer = ListenerMultiplexer()
        begin()
        do {
          let tokens = observers.map { multiplexer.add($0) }
          for token in tokens { token.cancel() }
        }
        end()
        return multiplexer
      }
    ),
    (
      "with a delivery context, one call posted, then removed", false,
      { observers, begin, end in
        let multiplexer = Multiplexer<any Listener & Sendable>()
        // Outside the counted region: `Sendable` is a marker protocol, the casts allocate nothing, the array does.
        let sendableObservers = observers.map { ($0 as Any) as! SendableListener }
        begin()
        for observer in sendableObservers { multiplexer.add(observer, deliveringOn: immediateContext) }
        // Each registration makes its mailbox at this first post; removing the registration must free it too.
        multiplexer.post { $0.didChange(0) }
        for observer in sendableObservers { multiplexer.remove(observer) }
        end()
        // Freed after the region, as it was allocated before it (otherwise freed at its last use, above).
        withExtendedLifetime(sendableObservers) {}
        return multiplexer
      }
    ),
    (
      "died (weak-box array: dead boxes filtered out, as the control)", true,
      { observers, begin, end in
        final class Boxes {
          var boxes: [WeakBox] = []
        }
        let list = Boxes()
        begin()
        for observer in observers { list.boxes.append(WeakBox(observer)) }
        end()
        observers = []
        begin()
        list.boxes.removeAll { $0.object == nil }
        list.boxes = []
        end()
        return list
      }
    ),
    (
      "died, then one dispatch", true,
      { observers, begin, end in
        let multiplexer = ListenerMultiplexer()
        begin()
        for observer in observers { multiplexer.add(observer) }
        end()
        // The observers die outside the counted regions: their own memory was allocated outside them too.
        observers = []
        begin()
        multiplexer.didChange(0)
        end()
        return multiplexer
      }
    ),
  ]
