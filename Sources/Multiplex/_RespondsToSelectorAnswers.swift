/// The answers a multiplexer gave its sender about which optional requirements it implements, to tell when they
/// are stale.
///
/// An implementation detail of the code `multiplex-generate` generates for `@objc` protocols, public only so that
/// generated code in your module can use it; it may change in any release.
///
/// Senders of `@objc` protocols ask their delegate `responds(to:)` for each optional method, usually once when
/// the delegate is set, and cache the answers. A generated multiplexer answers for its primary and observers, and
/// records each answer here by the index of the optional requirement. When the observers change, it calls
/// ``forgetIfStale(implements:)`` with what is implemented now: if some recorded answer differs, the answers are
/// forgotten (the sender is about to ask again) and the multiplexer assigns itself to its slot again
/// (``DelegateMultiplexing/reassignDelegateSlots()``). Requirements the sender never asked about are not compared:
/// a sender that did not ask caches nothing.
///
/// The selectors the multiplexer does not list (methods its file left out, newer than the file, informal or private
/// ones) go to the primary: ``respondsToUnlisted(_:inherited:forwards:)`` answers whether the primary responds
/// and records the answer by selector, ``forwardingTarget(_:of:respondsTo:)`` says where such a message goes, and
/// ``forgetIfStale(implements:forwards:)`` compares those answers too, so that a new primary, or one that
/// deallocated, has the sender ask again. The selector type is generic (`Selector` in generated code), so that this
/// logic runs and is tested without an Objective-C runtime.
///
/// It also counts, for each optional requirement, the open event streams that report it (``beginStreaming(_:)``,
/// ``endStreaming(_:)``): while one is open, the multiplexer answers that it implements the requirement, so that the
/// sender calls it and the stream hears the call.
///
/// Any number of threads may use it at once.
@_documentation(visibility: internal)
public final class _RespondsToSelectorAnswers: @unchecked Sendable {
  /// Bit `i % 64` of word `i / 64`: whether the sender asked about requirement `i`.
  private var asked: [UInt64]
  /// The same bit: the answer it got.
  private var answers: [UInt64]
  /// Incremented when the answers are forgotten; a check that started before does not forget the new ones.
  private var generation = 0
  /// The answers about selectors the multiplexer does not list, which came from the primary; keyed by selector.
  private var unlisted: [AnyHashable: Bool] = [:]
  /// The number of open event streams that report each requirement.
  private var streams: [Int]
  /// The number of optional requirements; other indices are ignored.
  private let count: Int
  private let lock = _Lock()

  /// Answers for `count` optional requirements, none given yet.
  ///
  /// - Complexity: O(*count*).
  public init(count: Int) {
    self.count = max(count, 0)
    let words = (self.count + 63) / 64
    asked = Array(repeating: 0, count: words)
    answers = Array(repeating: 0, count: words)
    streams = Array(repeating: 0, count: self.count)
  }

  deinit {
    lock.destroy()
  }

  /// Records that the sender was told `responds` about optional requirement `index`, and returns `responds`.
  ///
  /// - Complexity: O(1).
  public func record(_ responds: Bool, for index: Int) -> Bool {
    let (word, bit) = (index / 64, UInt64(1) << UInt64(index % 64))
    lock.withLock {
      guard index >= 0, index < count else { return }
      asked[word] |= bit
      if responds { answers[word] |= bit } else { answers[word] &= ~bit }
    }
    return responds
  }

  /// Whether some recorded answer differs from what `implements` says now; if so, forgets every answer and
  /// returns `true` (the caller then has the sender ask again).
  ///
  /// `implements` is called without the lock, once for each requirement the sender asked about.
  ///
  /// - Complexity: O(*count*) plus the calls to `implements`.
  public func forgetIfStale(implements: (_ index: Int) -> Bool) -> Bool {
    forgetIfStale(implements: implements, comparesUnlisted: false) { (_: Int) in false }
  }

  /// Whether some recorded answer differs from what `implements` says now for an optional requirement, or from
  /// what `forwards` says now for a selector the multiplexer does not list; if so, forgets every answer and returns
  /// `true` (the caller then has the sender ask again).
  ///
  /// The closures are called without the lock, once for each requirement or selector the sender asked about
  /// (`forwards` only for the selectors ``respondsToUnlisted(_:inherited:forwards:)`` recorded), until one differs.
  ///
  /// - Complexity: O(*count* + *u*), where *u* is the number of selectors recorded by
  ///   ``respondsToUnlisted(_:inherited:forwards:)``, plus the calls to the closures.
  public func forgetIfStale<Selector: Hashable>(
    implements: (_ index: Int) -> Bool,
    forwards: (_ selector: Selector) -> Bool
  ) -> Bool {
    forgetIfStale(implements: implements, comparesUnlisted: true, forwards)
  }

  private func forgetIfStale<Selector: Hashable>(
    implements: (_ index: Int) -> Bool,
    comparesUnlisted: Bool,
    _ forwards: (Selector) -> Bool
  ) -> Bool {
    let (asked, answers, unlisted, generation) = lock.withLock {
      (self.asked, self.answers, comparesUnlisted ? self.unlisted : [:], self.generation)
    }
    var isStale = false
    search: for word in asked.indices where asked[word] != 0 {
      for offset in 0..<64 where asked[word] & (UInt64(1) << UInt64(offset)) != 0 {
        let answered = answers[word] & (UInt64(1) << UInt64(offset)) != 0
        if implements(word * 64 + offset) != answered {
          isStale = true
          break search
        }
      }
    }
    if !isStale {
      isStale = unlisted.contains { key, answered in
        guard let selector = key.base as? Selector else { return false }
        return forwards(selector) != answered
      }
    }
    guard isStale else { return false }
    let forgotten = lock.withLock { () -> [AnyHashable: Bool]? in
      // Someone else forgot them meanwhile, and the sender may have asked again: those answers are current.
      guard self.generation == generation else { return nil }
      self.generation += 1
      for word in self.asked.indices {
        self.asked[word] = 0
        self.answers[word] = 0
      }
      defer { self.unlisted = [:] }
      return self.unlisted
    }
    // Released after the lock: the keys are the caller's selectors.
    return withExtendedLifetime(forgotten) { forgotten != nil }
  }

  /// Whether the sender was told that requirement `index` is implemented; `nil` if it did not ask since the
  /// answers were last forgotten.
  public func answer(for index: Int) -> Bool? {
    let (word, bit) = (index / 64, UInt64(1) << UInt64(index % 64))
    return lock.withLock {
      guard index >= 0, index < count, asked[word] & bit != 0 else { return nil }
      return answers[word] & bit != 0
    }
  }

  /// What `responds(to:)` answers for `selector`, a selector the multiplexer does not list: `true` when `inherited`
  /// (what `NSObject` answers: its own methods and the class's, which are never forwarded), not recorded;
  /// otherwise whether `forwards` the message to the primary (see ``forwardingTarget(_:of:respondsTo:)``), recorded
  /// for ``forgetIfStale(implements:forwards:)``, and returned.
  ///
  /// - Complexity: O(1) amortized, plus the call to `forwards`.
  public func respondsToUnlisted<Selector: Hashable>(
    _ selector: Selector,
    inherited: Bool,
    forwards: (_ selector: Selector) -> Bool
  ) -> Bool {
    guard !inherited else { return true }
    let responds = forwards(selector)
    let key = AnyHashable(selector)
    lock.withLock { unlisted[key] = responds }
    return responds
  }

  /// What the sender was told about `selector`, a selector the multiplexer does not list, when the answer came from
  /// the primary; `nil` if it did not ask since the answers were last forgotten, or `NSObject` answered.
  ///
  /// - Complexity: O(1) amortized.
  public func answer<Selector: Hashable>(forUnlisted selector: Selector) -> Bool? {
    let key = AnyHashable(selector)
    return lock.withLock { unlisted[key] }
  }

  /// Where a message the multiplexer does not implement goes (`forwardingTarget(for:)`): to `primary`, when there
  /// is one, it is not the multiplexer itself (which would forward to itself forever), and `respondsTo` it;
  /// otherwise `nil`, and the message is not recognized, as when no multiplexer was there.
  ///
  /// The observers other than the primary are never a target: the multiplexer cannot know the types of a
  /// message's arguments, nor how to combine several answers.
  ///
  /// - Parameters:
  ///   - primary: The multiplexer's ``Multiplexer/primary``, read once.
  ///   - multiplexer: The multiplexer asking.
  ///   - respondsTo: Whether the primary responds to the message's selector.
  /// - Returns: The primary, or `nil`.
  public static func forwardingTarget<Primary>(
    _ primary: Primary?,
    of multiplexer: AnyObject,
    respondsTo: (_ primary: Primary) -> Bool
  ) -> Primary? {
    guard let primary, (primary as AnyObject) !== multiplexer, respondsTo(primary) else { return nil }
    return primary
  }

  /// Records that an event stream reporting the optional requirements `indices` was opened: until it ends
  /// (``endStreaming(_:)``), ``isStreamed(_:)`` is `true` for each of them.
  ///
  /// - Complexity: O(*k*), where *k* is the number of indices.
  public func beginStreaming(_ indices: [Int]) {
    lock.withLock {
      for index in indices where index >= 0 && index < count { streams[index] += 1 }
    }
  }

  /// Records that an event stream given `indices` to ``beginStreaming(_:)`` ended, and returns whether some
  /// requirement is no longer reported by any open stream (the multiplexer's answer about it may have changed).
  ///
  /// - Complexity: O(*k*), where *k* is the number of indices.
  public func endStreaming(_ indices: [Int]) -> Bool {
    lock.withLock {
      var ended = false
      for index in indices where index >= 0 && index < count && streams[index] > 0 {
        streams[index] -= 1
        if streams[index] == 0 { ended = true }
      }
      return ended
    }
  }

  /// Whether an open event stream reports optional requirement `index`.
  ///
  /// - Complexity: O(1).
  public func isStreamed(_ index: Int) -> Bool {
    lock.withLock { index >= 0 && index < count && streams[index] > 0 }
  }
}
