import Multiplex

/// Heap bytes per registration, for DESIGN.md §6's memory figure: what a list keeps allocated for each observer
/// registered in it.
public struct MemoryFigure: Sendable {
  /// The list, e.g. `Multiplex weak`.
  public let system: String
  /// Heap bytes per registration; `nil` where they could not be counted.
  public let bytesPerRegistration: Double?

  public init(system: String, bytesPerRegistration: Double?) {
    self.system = system
    self.bytesPerRegistration = bytesPerRegistration
  }
}

/// The lists whose memory is measured: each registers every observer it is given and returns what holds them.
///
/// The caller counts the heap bytes allocated and not freed while `register` runs (the malloc interposer), divided
/// by the number of observers. Make the observers with ``makeMemoryObservers(_:)``: they exist beforehand and each
/// has been referenced weakly once, so their side tables (which any `weak` reference needs, the weak-box array's
/// included) are not counted. Tokens returned by `add` are dropped, as by callers that remove by observer; a kept
/// token adds its own allocation.
public let memoryContenders: [(system: String, register: @Sendable ([any Listener]) -> AnyObject)] = [
  (
    SystemName.weakBoxArray,
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
    SystemName.multiplexWeak,
    { observers in
      let multiplexer = ListenerMultiplexer()
      for observer in observers { multiplexer.add(observer) }
      return multiplexer
    }
  ),
  (
    SystemName.multiplexStrong,
    { observers in
      let multiplexer = ListenerMultiplexer()
      for observer in observers { multiplexer.add(observer, retention: .strong) }
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
