public import Multiplex

/// The delegate protocol every workload forwards: one `Void` requirement and two that return a value.
public protocol Listener: AnyObject {
  /// A `Void` call, the common delegate notification.
  func didChange(_ value: Int)
  /// An optional requirement: observers that do not implement it use the default below and do not respond.
  func score() -> Int?
  /// A `Bool` question every observer answers, combined with `.allTrue`.
  func shouldBegin() -> Bool
}

extension Listener {
  /// The default that `@Multiplexed` generates for an optional requirement returning an `Optional`.
  public func score() -> Int? { notImplemented(returning: nil) }
}

/// An observer that implements every requirement with the least work that cannot be optimized away.
///
/// `total` is `@exclusivity(unchecked)`: otherwise the run-time exclusivity check on the write (about 55
/// instructions) would dominate every system's observer call and hide the differences being measured.
public final class Responder: Listener {
  @exclusivity(unchecked) public var total = 0

  public init() {}

  public func didChange(_ value: Int) { total &+= value }
  public func score() -> Int? { total }
  public func shouldBegin() -> Bool { total >= 0 }
}

/// An observer that does not implement `score()`: half of the observers in the first-responder workload.
public final class Bystander: Listener {
  @exclusivity(unchecked) public var total = 0

  public init() {}

  public func didChange(_ value: Int) { total &+= value }
  public func shouldBegin() -> Bool { total >= 0 }
}

/// A `Listener` that forwards every call to its observers: the class `@Multiplexed` generates for `Listener`,
/// written by hand (a private `Multiplexer<any Listener>`, one line of `notify`/`combine` per requirement).
///
/// The macro's class also reads its weak `combiner` once per returning call; that read is per dispatch, not per
/// observer, and is left out here.
public final class ListenerMultiplexer: Listener {
  private let observers = Multiplexer<any Listener>()

  public init() {}

  @discardableResult
  public func add(_ observer: any Listener, retention: Retention = .weak) -> ObservationToken {
    observers.add(observer, retention: retention)
  }

  public func remove(_ observer: any Listener) {
    observers.remove(observer)
  }

  public func didChange(_ value: Int) {
    observers.notify { $0.didChange(value) }
  }

  public func score() -> Int? {
    observers.combine(default: nil) { $0.score() }
  }

  public func shouldBegin() -> Bool {
    observers.combine(using: .allTrue, default: true) { $0.shouldBegin() }
  }
}
