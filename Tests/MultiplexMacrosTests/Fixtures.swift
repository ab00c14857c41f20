public import MultiplexMacros

// Protocols that the tests apply `@Multiplexed` to, and the types they mention. Compiling this file is itself a
// test: every expansion must type-check, without a warning, in a module built in Swift 6 mode with
// `ExistentialAny`, `MemberImportVisibility` and `InternalImportsByDefault`.

/// A view, as MDF's `viewForZoomingInScrollView:` returns.
public final class View: Sendable {
  public let name: String
  public init(_ name: String) { self.name = name }
}

/// A point, for the `inout` target content offset.
public struct Point: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// The error observers throw in the tests.
public struct ValidationError: Error, Equatable {
  public let reason: String
  public init(_ reason: String) { self.reason = reason }
}

/// MDF's scroll view delegate, reduced to its shapes: `Void`, `Optional`, `Bool` with a default, `inout`,
/// `throws`, `async`, a settable property, a generic method and typed throws.
@Multiplexed
public protocol ScrollViewDelegate: AnyObject {
  func scrollViewDidScroll(_ scrollView: ScrollView)
  func viewForZooming(in scrollView: ScrollView) -> View?
  @MultiplexedDefault(true)
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point)
  func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) throws
  func scrollViewContentSummary(_ scrollView: ScrollView) async -> String?
  var preferredZoomScale: Double? { get set }
  func value<T>(forKey key: String, as type: T.Type) -> T?
  func validateOffset(_ offset: Point) throws(ValidationError) -> Point?
  @MultiplexedDefault(0)
  var decelerationRate: Double { get }
  func log(_ message: @autoclosure () -> String)
}

/// The sender: a scroll view with MDF's single `weak` delegate slot.
public final class ScrollView {
  public weak var delegate: (any ScrollViewDelegate)?
  public var contentOffset = Point(x: 0, y: 0)

  public init() {}

  /// Scrolls, asking the delegate what MDF's scroll view asks.
  public func scroll(to offset: Point) {
    contentOffset = offset
    delegate?.scrollViewDidScroll(self)
  }

  /// Ends dragging and moves to the offset the delegate settles on.
  public func endDragging(velocity: Point, target: Point) {
    var target = target
    delegate?.scrollViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
    contentOffset = target
  }

  /// Whether a tap on the status bar scrolls to the top (`true` without a delegate, as in UIKit).
  public func shouldScrollToTop() -> Bool {
    delegate?.scrollViewShouldScrollToTop(self) ?? true
  }
}

/// FSQ's forwarder scenario: a table whose cells are the observers, found by a source at every call.
@Multiplexed
protocol CellDelegate: AnyObject {
  func tableDidReload()
  func heightForRow(at row: Int) -> Double?
  @MultiplexedDefault(false)
  func claimsRow(_ row: Int) -> Bool
}

/// A `@MainActor` delegate with synchronous, asynchronous and required requirements.
@Multiplexed
@MainActor
protocol InterfaceDelegate: AnyObject {
  func didTap(_ x: Int)
  func title() -> String?
  func loadTitle() async -> String?
  func fetch(_ value: inout Int) async throws
  @MultiplexedRequired @MultiplexedDefault(44)
  func height(row: Int) -> Double
}

enum Outer {
  struct Item: Equatable, Sendable {
    let id: Int
  }

  /// A protocol nested in a type, refining `Sendable`, with a requirement that names a type of the enclosing one.
  @Multiplexed
  protocol ItemDelegate: AnyObject, Sendable {
    func item(at index: Int) -> Outer.Item?
    func didSelect(_ item: Outer.Item)
  }
}

/// A `package` protocol with availability and a `nonisolated` requirement.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@Multiplexed
package protocol AvailabilityDelegate: AnyObject {
  nonisolated func ping() -> Int?
  @MainActor func render()
}
