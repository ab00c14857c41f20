// Stand-in for the `ObjectiveC` module, for `Scripts/typecheck-objc-golden.sh` on a machine without an Objective-C
// runtime. Only declarations: with `-enable-objc-interop`, the compiler looks `Selector`, `ObjCBool` and the Bool
// bridging functions up in the module named `ObjectiveC`, and then checks `@objc`, `optional` requirements,
// `#selector` and `observer.method?(…)` as on Apple platforms. Nothing here is meant to run.

/// `SEL`.
public struct Selector: Hashable, Sendable {
  private let name: String
  public init(_ name: String) { self.name = name }
}

/// `BOOL`; the compiler bridges `Bool` to it in `@objc` signatures.
@frozen public struct ObjCBool: Sendable {
  private var value: Bool
  public init(_ value: Bool) { self.value = value }
  public var boolValue: Bool { value }
}

public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { ObjCBool(x) }
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { x.boolValue }

/// The `NSObject` protocol: the part the generated code uses.
@objc public protocol NSObjectProtocol {
  func responds(to aSelector: Selector!) -> Bool
}

/// `NSObject`: the part the generated code uses. `@objc` on this root class makes it and its subclasses
/// representable in Objective-C, as the real one is.
@objc open class NSObject: NSObjectProtocol {
  public init() {}
  @objc open func responds(to aSelector: Selector!) -> Bool { false }
  @objc open func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
  open var debugDescription: String { "" }
}
