// A protocol declared in a module of its own, for `multiplex-generate`'s consumer tests: the generated
// `JobDelegateMultiplexer` lives in `GeneratedMultiplexerTests`, another module, as it would in a client package.

/// What a ``JobDelegate`` is told about: the fixture's sender.
public final class Job: Sendable {
  /// The job's name, for messages.
  public let name: String
  /// Told each time one of the protocol's default implementations that answer a value is asked about this job,
  /// with the call (`"label 2"`): a test sees when, and how often, the multiplexer asks them.
  public let defaultAsked: (@Sendable (String) -> Void)?

  /// A job named `name`; `defaultAsked` is told when a default implementation answers for it.
  public init(name: String, defaultAsked: (@Sendable (String) -> Void)? = nil) {
    self.name = name
    self.defaultAsked = defaultAsked
  }
}

/// The error ``JobDelegate/job(_:estimateFor:)`` throws.
public struct JobFailure: Error, Equatable {
  /// Who failed.
  public let reason: String

  /// A failure for `reason`.
  public init(reason: String) {
    self.reason = reason
  }
}

/// The delegate of a ``Job``: a class-bound Swift protocol whose extension implements most requirements, as
/// Foundation's delegates on Linux do. Each requirement is one shape `multiplex-generate` forwards: `Void`,
/// `inout`, `throws`, `async`, a generic method, `Optional` and non-`Optional` results, `async` results answered by
/// the extension (one with a typed `throws`), a `get` and a `get set` property, and a decision (a completion handler
/// that must be called once).
public protocol JobDelegate: AnyObject {
  /// The job started. Default: nothing.
  func jobDidStart(_ job: Job)
  /// Adjusts the job's priority in place. Default: leaves it.
  func job(_ job: Job, adjustPriority priority: inout Int)
  /// Validates an input; throws to refuse it. Default: accepts.
  func job(_ job: Job, validate input: String) throws
  /// The delay before retrying after `attempt` failures. Default: `1.0`.
  func job(_ job: Job, retryDelayAfter attempt: Int) throws -> Double
  /// The job is about to finish. Default: nothing.
  func jobWillFinish(_ job: Job) async
  /// A summary of `step`, or `nil`. No default: observers implement it.
  func job(_ job: Job, summaryFor step: Int) async -> String?
  /// An estimate of `step`'s duration; throws when it cannot tell. Default: `step * 10`.
  func job(_ job: Job, estimateFor step: Int) async throws(JobFailure) -> Int
  /// A note about `step`, or `nil`. Default: `"default note <step>"`.
  func job(_ job: Job, noteFor step: Int) async -> String?
  /// A replacement for `value`, or `nil` to keep it. Default: `nil`.
  func job<Value: Sendable>(_ job: Job, transform value: Value) -> Value?
  /// A label for `step`. Default: `"step <step>"`.
  func job(_ job: Job, labelFor step: Int) -> String
  /// Approves `step` by calling `completionHandler` once. Default: approves (`true`).
  func job(_ job: Job, approve step: Int, completionHandler: @escaping @Sendable (Bool) -> Void)
  /// The name the delegate shows. Default: `"unnamed"`.
  var displayName: String { get }
  /// A tag the job may set and read. Default: always `nil`, setting it does nothing.
  var tag: String? { get set }
}

extension JobDelegate {
  public func jobDidStart(_ job: Job) {}

  public func job(_ job: Job, adjustPriority priority: inout Int) {}

  public func job(_ job: Job, validate input: String) throws {}

  public func job(_ job: Job, retryDelayAfter attempt: Int) throws -> Double {
    job.defaultAsked?("retry \(attempt)")
    return 1.0
  }

  public func jobWillFinish(_ job: Job) async {}

  public func job(_ job: Job, estimateFor step: Int) async throws(JobFailure) -> Int {
    job.defaultAsked?("estimate \(step)")
    return step * 10
  }

  public func job(_ job: Job, noteFor step: Int) async -> String? {
    job.defaultAsked?("note \(step)")
    return "default note \(step)"
  }

  public func job<Value: Sendable>(_ job: Job, transform value: Value) -> Value? {
    job.defaultAsked?("transform \(value)")
    return nil
  }

  public func job(_ job: Job, labelFor step: Int) -> String {
    job.defaultAsked?("label \(step)")
    return "step \(step)"
  }

  public func job(_ job: Job, approve step: Int, completionHandler: @escaping @Sendable (Bool) -> Void) {
    completionHandler(true)
  }

  public var displayName: String { "unnamed" }

  public var tag: String? {
    get { nil }
    set {}
  }
}
