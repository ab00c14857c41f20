#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
@_spi(AppleRuntimePath) import Multiplex
#else
import Multiplex
#endif

// `Listener` and its multiplexer, `ListenerMultiplexer` (the system measured as "Multiplex"), are the macro's
// expansion of `MacroInputs/Listener.swift`, in `Expanded/`.

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

extension ListenerMultiplexer {
  /// `shouldBegin()` combined with the built-in `.allTrue` combiner, through the generated class's runtime
  /// multiplexer (the built-in fold runs in the dispatch loop; a `ListenerCombining` object pulls lazily).
  public func allShouldBegin() -> Bool {
    multiplexer.combine(using: .allTrue, default: true, requirement: .any) { $0.shouldBegin() }
  }
}

#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
/// A `Responder` that a weak registration holds as an Objective-C object is held on Apple platforms (a `weak`
/// reference, where a native Swift object is held unowned), in the build that stands for Apple's path only.
final class ObjectiveCResponder: _ObjectiveCObjectStandIn, Listener {
  @exclusivity(unchecked) public var total = 0

  override init() {}

  func didChange(_ value: Int) { total &+= value }
  func score() -> Int? { total }
  func shouldBegin() -> Bool { total >= 0 }
}

/// A `Bystander` held as an Objective-C object (see ``ObjectiveCResponder``).
final class ObjectiveCBystander: _ObjectiveCObjectStandIn, Listener {
  @exclusivity(unchecked) public var total = 0

  override init() {}

  func didChange(_ value: Int) { total &+= value }
  func shouldBegin() -> Bool { total >= 0 }
}
#endif
