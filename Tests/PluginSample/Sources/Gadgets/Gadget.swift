import CGadgetShims
public import GadgetBase

/// A gadget's delegate: a class-bound protocol declared in another module than the one that multiplexes it.
public protocol GadgetDelegate: GadgetBaseDelegate {
  func gadget(_ gadget: Gadget, didChangeLevel level: Int)
  func gadgetShouldSleep(_ gadget: Gadget) -> Bool
}

extension GadgetDelegate {
  public func gadgetDidPowerOn(_ name: String) {}
}

/// A sender with one delegate slot.
public final class Gadget {
  public weak var delegate: (any GadgetDelegate)?
  public let name: String

  public init(name: String) {
    self.name = name
  }

  /// Powers on, then reports `levels`; returns whether the delegate let it sleep afterwards.
  public func run(levels: [Int]) -> Bool {
    delegate?.gadgetDidPowerOn(name)
    for level in levels {
      delegate?.gadget(self, didChangeLevel: level)
    }
    return delegate?.gadgetShouldSleep(self) ?? true
  }
}
