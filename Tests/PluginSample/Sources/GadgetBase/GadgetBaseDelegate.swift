/// What every gadget tells its delegate.
public protocol GadgetBaseDelegate: AnyObject {
  func gadgetDidPowerOn(_ name: String)
}
