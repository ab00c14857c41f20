/// The answers a multiplexer keeps for the optional requirements of an `@objc` protocol that return a value it has
/// no answer of its own for (a layout object, an animator, a color), so that a sender that calls one is always
/// answered by an observer's answer.
///
/// An implementation detail of the code `multiplex-generate` generates for `@objc` protocols, public only so that
/// generated code in your module can use it; it may change in any release.
///
/// A sender calls an optional requirement only after its delegate said it implements it (`responds(to:)`), and a
/// multiplexer says so only while its primary or an observer does. The call finds no implementing observer only
/// when the last one left since the sender asked: then the multiplexer must still answer. For a requirement whose
/// type has an empty value (a number, a size, a string), that is the answer; for one whose type has none, the
/// multiplexer answers with what it keeps here, for requirement `index` (the index of its selector among the
/// optional ones):
/// 1. the *pledge*: when `responds(to:)` says yes, the observer that implements it (the primary first), held
///    strongly until the requirement's next call (``pledge(for:_:)``): a sender that asks before each call (Swift's
///    `delegate?.method?(…)`, an Objective-C `respondsToSelector:` check) is answered by it even if it was removed or
///    released in between;
/// 2. the last answer an observer gave (``keep(_:for:)``): a sender that asked once and calls later is answered as
///    it was the last time.
///
/// Every call of such a requirement keeps the answer given (an observer's or the pledge's) and drops the pledge, so
/// each call after a `yes` finds one of the two: the call never lacks an answer.
///
/// Any number of threads may use it at once.
@_documentation(visibility: internal)
public final class _KeptAnswers: @unchecked Sendable {
  /// The requirements whose answers are kept; `pledge(for:_:)` ignores the others.
  private let kept: Set<Int>
  /// The observer pledged for each requirement, by index.
  private var pledges: [Int: AnyObject] = [:]
  /// The last answer given to each requirement, by index.
  private var answers: [Int: Any] = [:]
  private let lock = _Lock()

  /// Keeps the answers of the optional requirements at `indices`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of indices.
  public init(keeping indices: [Int]) {
    kept = Set(indices)
  }

  deinit {
    lock.destroy()
  }

  /// For requirement `index`, answers what `responds(to:)` says and pledges the observer that implements it;
  /// `nil` when the answers of `index` are not kept (then `firstImplementing` is not called).
  ///
  /// - Parameters:
  ///   - index: The requirement's index among the optional requirements.
  ///   - firstImplementing: The first live observer that implements the requirement (the primary first), or `nil`.
  /// - Returns: Whether an observer implements it (and is pledged until the requirement's next call), or `nil`.
  ///   A requirement no observer implements keeps an earlier pledge: the sender may still hold an earlier `yes`.
  /// - Complexity: O(1) plus `firstImplementing`.
  public func pledge(for index: Int, _ firstImplementing: () -> AnyObject?) -> Bool? {
    guard kept.contains(index) else { return nil }
    guard let observer = firstImplementing() else { return false }
    lock.withLock { pledges[index] = observer }
    return true
  }

  /// Keeps `answer` as the last answer to requirement `index` and drops its pledge (the call it was for came).
  ///
  /// - Complexity: O(1).
  public func keep(_ answer: Any, for index: Int) {
    lock.withLock {
      answers[index] = answer
      pledges[index] = nil
    }
  }

  /// The observer pledged for requirement `index`, which is dropped, or `nil`.
  ///
  /// - Complexity: O(1).
  public func takePledge(for index: Int) -> AnyObject? {
    lock.withLock { pledges.removeValue(forKey: index) }
  }

  /// The last answer kept for requirement `index`, or `nil` when none is, or it is not a `Value`.
  ///
  /// - Complexity: O(1).
  public func answer<Value>(for index: Int, as type: Value.Type = Value.self) -> Value? {
    lock.withLock { answers[index] } as? Value
  }
}
