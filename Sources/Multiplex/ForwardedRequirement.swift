/// The requirement a dispatch forwards: which default implementation's ``notImplemented(by:returning:requirement:)``
/// mark counts as "did not respond".
///
/// Leave the default, `#function`, when you call ``Multiplexer/combine(default:requirement:_:)`` from the member that
/// forwards the requirement: only that requirement's default implementation then counts as not responding, not
/// another defaulted requirement that an observer's implementation happens to call.
///
/// ```swift
/// func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
///   observers.combine(default: true) { $0.scrollViewShouldScrollToTop(scrollView) }
/// }
/// ```
///
/// Pass ``any`` when you call `combine` anywhere else (a test, a helper function, a closure stored for later):
/// there `#function` would name the wrong function, and no mark would count.
///
/// ```swift
/// let zoomed = multiplexer.combine(default: nil, requirement: .any) { $0.viewForZooming(in: scrollView) }
/// ```
///
/// A string literal names a requirement explicitly, as `#function` spells it: `"viewForZooming(in:)"`.
public struct ForwardedRequirement: ExpressibleByStringLiteral, Sendable {
  /// The requirement's name as `#function` spells it, or `nil` for any requirement.
  @usableFromInline let name: StaticString?

  @usableFromInline
  init(name: StaticString?) {
    self.name = name
  }

  /// The requirement named `value`, as `#function` spells it in the forwarding member.
  ///
  /// - Parameter value: The name, usually `#function`.
  @inlinable
  public init(stringLiteral value: StaticString) {
    self.init(name: value)
  }

  /// Any requirement: the mark of any default implementation of the observer being called counts.
  @inlinable
  public static var any: Self {
    Self(name: nil)
  }
}
