// A protocol of another module whose requirements hand over completion handlers, for `multiplex-generate`'s
// joined handlers (`--combine` on a handler): `PushReceiverDelegateMultiplexer` in `GeneratedMultiplexerTests`.

/// What a fetch for a push produced, ranked `newData` over `failed` over `noData` by the generated multiplexer.
public enum PushFetch: Sendable, Equatable, CaseIterable {
  case newData, noData, failed
}

/// How a push is presented; the generated multiplexer unions the observers' options.
public struct PushOptions: OptionSet, Sendable {
  public let rawValue: Int

  /// Options from their bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// A badge.
  public static let badge = PushOptions(rawValue: 1)
  /// A sound.
  public static let sound = PushOptions(rawValue: 2)
  /// A banner.
  public static let banner = PushOptions(rawValue: 4)
}

/// The delegate of a push receiver: every requirement hands over a completion handler that the receiver waits for.
public protocol PushReceiverDelegate: AnyObject {
  /// A push arrived; call `completionHandler` when done with it.
  func receiver(didReceive push: Int, completionHandler: @escaping @Sendable () -> Void)
  /// How to present `push`. Default: a badge only (see the extension).
  func receiver(willPresent push: Int, completionHandler: @escaping @Sendable (PushOptions) -> Void)
  /// Fetch what `push` announces, and tell what came of it.
  func receiver(fetch push: Int, completionHandler: @escaping @Sendable (PushFetch) -> Void)
}

extension PushReceiverDelegate {
  /// Presents with a badge only.
  public func receiver(willPresent push: Int, completionHandler: @escaping @Sendable (PushOptions) -> Void) {
    completionHandler(.badge)
  }
}
