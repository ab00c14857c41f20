/// A registration in a ``Multiplexer`` that ends when this token is released.
///
/// Create one with ``ObservationToken/scoped()``. It cancels the registration in `deinit`, or earlier if you call
/// ``cancel()``. Like Combine's `AnyCancellable`, it ties a registration to the lifetime of whatever holds the
/// token.
///
/// ```swift
/// var registration: ScopedObservationToken? = multiplexer.add(observer).scoped()
/// registration = nil  // removes `observer`
/// ```
public final class ScopedObservationToken: Hashable, Sendable {
  /// The registration this token ends.
  public let token: ObservationToken

  init(_ token: ObservationToken) {
    self.token = token
  }

  deinit {
    token.cancel()
  }

  /// Removes the registration now instead of when the token is released.
  ///
  /// - Complexity: O(1) amortized.
  public func cancel() {
    token.cancel()
  }

  /// Whether the two scoped tokens are the same object: identity, not the registration they refer to.
  public static func == (lhs: ScopedObservationToken, rhs: ScopedObservationToken) -> Bool { lhs === rhs }

  /// Hashes the object's identity, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
