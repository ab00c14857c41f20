// The input of `Sources/MultiplexWorkloads/Expanded/Listener+Multiplexed.swift`: the benchmark compiles the macro's
// expansion, checked in, so that its release build needs no swift-syntax (see `Package.swift`). Not compiled here;
// `BenchmarkExpansionTests` (in the main package's `MultiplexMacrosPluginTests`) expands it with `@Multiplexed` and
// fails when the checked-in expansion differs.

/// The delegate protocol every workload forwards: one `Void` requirement and two that return a value.
///
/// `@Multiplexed` generates `ListenerMultiplexer`, the system measured as "Multiplex", and the default
/// implementation that makes `score()` optional.
@Multiplexed
public protocol Listener: AnyObject {
  /// A `Void` call, the common delegate notification.
  func didChange(_ value: Int)
  /// An optional requirement: observers that do not implement it use the generated default and do not respond.
  func score() -> Int?
  /// A `Bool` question every observer answers, combined with `.allTrue`.
  @MultiplexedDefault(true)
  func shouldBegin() -> Bool
}
