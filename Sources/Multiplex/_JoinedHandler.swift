/// The sender's completion handler of one call of a *joined* requirement, shared by the observers: each responding
/// observer gets a handler of its own, and the sender's handler runs exactly once, after every one of them called
/// its own, with their answers combined.
///
/// An implementation detail of the code `@Multiplexed` and `multiplex-generate` generate for a handler requirement
/// given a combining choice (`@MultiplexedCombine(.union)`, `--combine 'NAME=union'`); public only so that
/// generated code in your module can use it; it may change in any release.
///
/// The generated forwarding member makes one for the call, with the policy chosen at generation time, and hands
/// it to ``Multiplexer/_join(_:requirement:_:)``, which gives every responding observer its own handler:
///
/// ```swift
/// func center(_ center: Center, willPresent note: Note, completionHandler: @escaping (Options) -> Void) {
///   self._storage._join(Multiplex._JoinedHandler.union(completionHandler)) { observer, answer in
///     observer.center(center, willPresent: note, completionHandler: { answer($0) })
///   }
/// }
/// ```
///
/// The rules, which hold whatever the observers do:
/// - Each observer's handler counts once: a second call of it, on any thread, is ignored.
/// - The sender's handler runs once, after the dispatch handed every observer its handler *and* every responding
///   observer called its own: an observer may call it synchronously before returning, later, or on another
///   thread; it runs on the thread of the last of those calls (the dispatching thread if every observer called it
///   before returning). An observer that never calls its handler holds the sender's handler back forever, as a
///   single delegate that never calls it would.
/// - The answers are combined in call order (not in the order the handlers were called) by the policy:
///   ``join(_:)`` (a handler without an answer), ``anyTrue(_:)``, ``allTrue(_:)``, ``union(_:)``,
///   ``firstNonNil(_:)``, ``order(_:_:)``: the first responding observer's answer, then each next one combined
///   with it. With no responding observer, the sender's handler runs once with the policy's answer for no
///   answers: `()`, `false`, `true`, the empty set, `nil`, the last value of the order.
/// - An observer that does not respond (it does not implement the requirement) takes no part: a call of its
///   handler is ignored.
///
/// Nothing is retained but the sender's handler and the answers, until the sender's handler ran; an observer
/// that keeps its handler keeps them alive.
///
/// - Complexity: Each observer's handler call takes the lock once, O(1); the last one combines the *n* answers,
///   O(*n*) steps of the policy.
@_documentation(visibility: internal)
public final class _JoinedHandler<Answer>: @unchecked Sendable {
  /// One observer's part: whether it responded (set by the dispatch) and its answer, once given.
  private struct _Slot {
    var hasResponded = false
    var answer: Answer?
  }

  private let _lock = _Lock()
  // Guarded by `_lock`.
  private var _slots: [_Slot] = []
  /// Whether the dispatch handed every observer its handler (``_close(hasFallback:)``).
  private var _isClosed = false
  /// How many responding observers have not called their handler yet; counted from ``_close(hasFallback:)`` on.
  private var _waiting = 0
  /// The sender's handler, until it runs (then `nil`: it runs once and is released).
  private var _handler: ((Answer) -> Void)?
  // Immutable.
  /// The answer when no observer responded.
  private let _empty: Answer
  private let _step: (Answer, Answer) -> Answer

  /// A joined handler that folds the answers in call order with `step`, from the first one; `empty` is the answer
  /// when no observer responded.
  init(empty: Answer, step: @escaping (Answer, Answer) -> Answer, handler: ((Answer) -> Void)?) {
    self._empty = empty
    self._step = step
    self._handler = handler
  }

  deinit {
    _lock.destroy()
  }

  /// Opens the part of the next observer in call order and returns its handler: the first call of the handler is
  /// the observer's answer; the ones after it are ignored. Not API.
  @usableFromInline
  func _open() -> (index: Int, handler: @Sendable (Answer) -> Void) {
    let index = _lock.withLock {
      _slots.append(_Slot())
      return _slots.count - 1
    }
    return (index, { answer in self._record(answer, at: index) })
  }

  /// Marks the observer of part `index` as responding: its answer takes part. Not API.
  @usableFromInline
  func _confirm(_ index: Int) {
    _lock.withLock { _slots[index].hasResponded = true }
  }

  /// Ends the dispatch: every observer got its handler. Runs the sender's handler if every responding observer
  /// already answered (or none responded and there is no fallback). Not API.
  ///
  /// - Parameter hasFallback: Whether the caller answers the sender itself when no observer responded (a
  ///   protocol's own default implementation): the sender's handler is then released, not called.
  /// - Returns: Whether an observer responded.
  @usableFromInline @discardableResult
  func _close(hasFallback: Bool) -> Bool {
    let (responded, handler, answer) = _lock.withLock { () -> (Bool, ((Answer) -> Void)?, Answer?) in
      _isClosed = true
      let responding = _slots.filter(\.hasResponded)
      if responding.isEmpty && hasFallback {
        _handler = nil
        _slots = []
        return (false, nil, nil)
      }
      _waiting = responding.count { $0.answer == nil }
      let (handler, answer) = _finishIfComplete()
      return (!responding.isEmpty, handler, answer)
    }
    if let handler, let answer { handler(answer) }
    return responded
  }

  /// Records the answer of part `index`: the first call only; the sender's handler runs if it was the last one
  /// awaited.
  private func _record(_ answer: Answer, at index: Int) {
    let (handler, combined) = _lock.withLock { () -> (((Answer) -> Void)?, Answer?) in
      // A second call, or a call after the sender's handler ran (the part was released), changes nothing.
      guard index < _slots.count, _slots[index].answer == nil else { return (nil, nil) }
      _slots[index].answer = answer
      guard _isClosed, _slots[index].hasResponded else { return (nil, nil) }
      _waiting -= 1
      return _finishIfComplete()
    }
    if let handler, let combined { handler(combined) }
  }

  /// With the lock held: when the dispatch is over and no responding observer is awaited, takes the sender's
  /// handler (so it runs once) and the combined answer, for the caller to run outside the lock.
  private func _finishIfComplete() -> (((Answer) -> Void)?, Answer?) {
    guard _isClosed, _waiting == 0, let handler = _handler else { return (nil, nil) }
    // From the first answer, not from `_empty`: `order`'s answer for none is a value an answer must beat, and an
    // answer not in the order would lose to it (for the other policies, `_step(_empty, a)` is `a`).
    var combined: Answer? = nil
    for slot in _slots where slot.hasResponded {
      if let answer = slot.answer { combined = combined.map { _step($0, answer) } ?? answer }
    }
    _handler = nil
    _slots = []
    return (handler, combined ?? _empty)
  }
}

extension _JoinedHandler where Answer == Void {
  /// Joins handlers without an answer: the sender's handler runs once every responding observer called its own.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  public static func join(_ handler: (() -> Void)?) -> _JoinedHandler<Void> {
    _JoinedHandler(empty: (), step: { _, _ in () }, handler: handler.map { handler in { _ in handler() } })
  }
}

extension _JoinedHandler where Answer == Bool {
  /// `true` if any responding observer answered `true`; `false` when none responded.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  public static func anyTrue(_ handler: ((Bool) -> Void)?) -> _JoinedHandler<Bool> {
    _JoinedHandler(empty: false, step: { $0 || $1 }, handler: handler)
  }

  /// `true` if every responding observer answered `true`, also when none responded.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  public static func allTrue(_ handler: ((Bool) -> Void)?) -> _JoinedHandler<Bool> {
    _JoinedHandler(empty: true, step: { $0 && $1 }, handler: handler)
  }
}

extension _JoinedHandler where Answer: SetAlgebra {
  /// The union of the answers (an option set's, such as presentation options); empty when no observer responded.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  public static func union(_ handler: ((Answer) -> Void)?) -> _JoinedHandler<Answer> {
    _JoinedHandler(empty: Answer(), step: { $0.union($1) }, handler: handler)
  }
}

extension _JoinedHandler where Answer: ExpressibleByNilLiteral & _OptionalValue {
  /// The first answer in call order that is not `nil`; `nil` when there is none.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  public static func firstNonNil(_ handler: ((Answer) -> Void)?) -> _JoinedHandler<Answer> {
    _JoinedHandler(empty: nil, step: { combined, answer in combined == nil ? answer : combined }, handler: handler)
  }
}

extension _JoinedHandler where Answer: Equatable {
  /// The answer that comes first in `order` (for a fetch result, `[.newData, .failed, .noData]`: new data if any
  /// observer got some, else a failure if one failed, else no data). An answer not in `order` ranks after every
  /// value in it: it is passed on when no responding observer answered a listed value. Ties (equal answers, or
  /// answers not in `order`) go to the first observer in call order. With no responding observer, the answer is
  /// the last value of `order`.
  ///
  /// - Parameters:
  ///   - order: The values, the one that wins first; not empty.
  ///   - handler: The sender's handler.
  /// - Returns: The joined handler of one call.
  /// - Complexity: Each step of the fold looks the two answers up in `order`: O(*k*) for *k* values.
  public static func order(_ order: [Answer], _ handler: ((Answer) -> Void)?) -> _JoinedHandler<Answer> {
    precondition(!order.isEmpty, "a joined handler's order needs at least one value")
    // An answer not in the order ranks `order.count`, after every listed value.
    let rank = { (answer: Answer) in order.firstIndex(of: answer) ?? order.count }
    return _JoinedHandler(
      empty: order[order.count - 1],
      step: { combined, answer in rank(answer) < rank(combined) ? answer : combined },
      handler: handler
    )
  }
}

extension _JoinedHandler {
  /// Refuses `union` for an answer that is not an option set, by a compiler error that names the choices.
  ///
  /// The front ends refuse a wrong choice from the answer's spelling (`Bool`, an `Optional`, the standard
  /// library's types); a type declared elsewhere may be an option set or an enum, which they cannot tell. The
  /// generated code of `@MultiplexedCombine(.union)` or `--combine NAME=union` then calls this overload, and the
  /// compiler reports its message there.
  ///
  /// - Parameter handler: The sender's handler.
  /// - Returns: Never: the call does not compile.
  @available(
    *,
    unavailable,
    message:
      "union joins answers that are option sets (SetAlgebra); for this answer choose order(a, b, c) for an enum, anyTrue or allTrue for a Bool, firstNonNil for an Optional"
  )
  public static func union(_ handler: ((Answer) -> Void)?) -> _JoinedHandler<Answer> {
    fatalError("unavailable")
  }

  /// Refuses `order` for an answer that is not `Equatable`, by a compiler error that names the choices (as the
  /// unavailable `union` does).
  ///
  /// - Parameters:
  ///   - order: The values, the one that wins first.
  ///   - handler: The sender's handler.
  /// - Returns: Never: the call does not compile.
  @available(
    *,
    unavailable,
    message:
      "order(a, b, c) ranks answers that are Equatable (an enum's cases); for this answer choose union for an option set, anyTrue or allTrue for a Bool, firstNonNil for an Optional"
  )
  public static func order(_ order: [Answer], _ handler: ((Answer) -> Void)?) -> _JoinedHandler<Answer> {
    fatalError("unavailable")
  }
}

extension Multiplexer {
  /// Forwards a joined requirement: every responding observer gets a handler of its own from `join`, and the
  /// sender's handler, which `join` holds, runs once after every one of them called its own, with their answers
  /// combined (see ``_JoinedHandler``). With no responding observer, it runs once with the policy's answer for no
  /// answers. Not API.
  ///
  /// Observers are called in order, as for any call; those registered with a delivery context do not get the
  /// call, as for a call that returns a value.
  ///
  /// - Parameters:
  ///   - join: The sender's handler and the policy that combines the answers.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - call: Forwards the call to one observer, with the handler to pass it.
  /// - Throws: The first error `call` threw, after every observer was called; the observers that responded
  ///   still answer the sender's handler.
  @inlinable
  public func _join<Answer, Failure: Error>(
    _ join: _JoinedHandler<Answer>,
    requirement: StaticString = #function,
    _ call: (Observer, @escaping @Sendable (Answer) -> Void) throws(Failure) -> Void
  ) throws(Failure) {
    _ = try _join(join, requirement: requirement, hasFallback: false, call)
  }

  /// ``_join(_:requirement:_:)`` for a requirement that the protocol implements in an extension of another
  /// module: when no observer responds, `moduleDefault` answers the sender (it calls that implementation with the
  /// sender's handler). Not API.
  ///
  /// - Parameters:
  ///   - join: The sender's handler and the policy that combines the answers.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - moduleDefault: Calls the protocol's default implementation with the sender's handler.
  ///   - call: Forwards the call to one observer, with the handler to pass it.
  /// - Throws: The first error `call` or `moduleDefault` threw.
  @inlinable
  public func _join<Answer, Failure: Error>(
    _ join: _JoinedHandler<Answer>,
    requirement: StaticString = #function,
    otherwise moduleDefault: () throws(Failure) -> Void,
    _ call: (Observer, @escaping @Sendable (Answer) -> Void) throws(Failure) -> Void
  ) throws(Failure) {
    if try !_join(join, requirement: requirement, hasFallback: true, call) { try moduleDefault() }
  }

  /// The dispatch of both `_join` forms. Returns whether an observer responded.
  @inlinable
  func _join<Answer, Failure: Error>(
    _ join: _JoinedHandler<Answer>,
    requirement: StaticString,
    hasFallback: Bool,
    _ call: (Observer, @escaping @Sendable (Answer) -> Void) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    // An error does not stop the dispatch (the observers after it are called), and the responding observers
    // still answer: the join is closed either way, then the error rethrown.
    var failure: Failure? = nil
    do {
      try _forEachResponse(requirement: requirement) { (observer) throws(Failure) -> Int in
        let (index, handler) = join._open()
        try call(observer, handler)
        return index
      } _: { index in
        join._confirm(index)
      }
    } catch {
      failure = error
    }
    let responded = join._close(hasFallback: hasFallback)
    if let failure { throw failure }
    return responded
  }
}

extension DelegateMultiplexing {
  /// Forwards an optional joined requirement of an `@objc` protocol (see `Multiplexer._join(_:requirement:_:)`) to
  /// the observers that implement it, each with a handler of its own. With none (the last implementing observer
  /// left after the sender asked `responds(to:)`), the sender's handler runs once with the policy's answer for no
  /// answers, and ``DelegateMultiplexing/observersDidChange()`` runs. Not API.
  ///
  /// - Parameters:
  ///   - join: The sender's handler and the policy that combines the answers.
  ///   - requirement: The requirement being forwarded: the forwarding member, `#function`.
  ///   - call: Calls one observer through optional chaining, with the handler to pass it: `nil` when it does not
  ///     implement the requirement.
  /// - Throws: The first error `call` threw, after every observer was called (then without
  ///   ``DelegateMultiplexing/observersDidChange()``).
  @inlinable
  public func _joinImplementing<Answer, Failure: Error>(
    _ join: _JoinedHandler<Answer>,
    requirement: StaticString = #function,
    _ call: (Delegate, @escaping @Sendable (Answer) -> Void) throws(Failure) -> Void?
  ) throws(Failure) {
    let multiplexer = self.multiplexer
    let responded = try multiplexer._join(join, requirement: requirement, hasFallback: false) {
      (observer, handler) throws(Failure) in
      // Only the observers that implement the requirement respond.
      if try call(observer, handler) == nil, let object = multiplexer._classInstance(observer) {
        notImplemented(by: object, returning: (), requirement: requirement)
      }
    }
    if !responded { observersDidChange() }
  }
}
