// Stand-in for `Foundation` (see ObjectiveC.swift): it re-exports `ObjectiveC`, as Apple's does, so the generated
// `Foundation.NSObject` resolves the same way, and declares the Foundation types the UIKit stand-in uses.
@_exported import ObjectiveC

// Substitutes, representable in Objective-C without the SDK's C structs and bridging: `IndexPath` is a class
// (the SDK's bridges to `NSIndexPath`), `CGFloat` and `CGPoint` are `Double` (C types there), `String` bridges to a
// stand-in `NSString` as it does to the real one.
@objc open class IndexPath: NSObject {}
public typealias CGFloat = Double
public typealias CGPoint = Double

@objc open class NSString: NSObject {
  let value: String
  public init(_ value: String) { self.value = value }
}

extension String: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSString { NSString(self) }
  public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) { result = source.value }
  public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool {
    result = source.value
    return true
  }
  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { source?.value ?? "" }
}

/// `NSSelectorFromString`: how the client names a selector no protocol declares.
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }
