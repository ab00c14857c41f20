// A protocol shaped like GRDB's `TransactionObserver` and Alamofire's `RequestInterceptor`, for the policies
// `multiplex-generate` chooses per requirement: `--combine`, `--every-observer`, and a completion the naming rule
// decides once. The generated `StoreObserverMultiplexer` lives in `GeneratedMultiplexerTests`.

/// What changed in a store.
public enum StoreEventKind: Sendable {
  case insert, delete
}

/// What a ``StoreObserver`` decides after a failure.
public enum RetryDecision: Sendable, Equatable {
  case retry, doNotRetry
}

/// The observer of a store.
public protocol StoreObserver: AnyObject {
  /// Whether the observer wants events of `kind` (GRDB's `observes(eventsOfKind:)`). No default: observers
  /// implement it. A multiplexer must answer `true` if any observer does.
  func observes(eventsOfKind kind: StoreEventKind) -> Bool
  /// Whether to retry after a failure (Alamofire's `retry(_:for:dueTo:completion:)`): calls `completion` exactly
  /// once. Default: does not retry.
  func retryResult(for attempt: Int, dueTo error: any Error, completion: @escaping @Sendable (RetryDecision) -> Void)
  /// Reports progress: each observer may call `progressHandler` as often as it likes. Default: nothing.
  func store(_ name: String, progressHandler: @escaping @Sendable (Double) -> Void)
  /// Whether the store may commit: only if every observer agrees. Default: `true`.
  func shouldCommit() -> Bool
}

extension StoreObserver {
  public func retryResult(
    for attempt: Int,
    dueTo error: any Error,
    completion: @escaping @Sendable (RetryDecision) -> Void
  ) {
    completion(.doNotRetry)
  }

  public func store(_ name: String, progressHandler: @escaping @Sendable (Double) -> Void) {}

  public func shouldCommit() -> Bool { true }
}
