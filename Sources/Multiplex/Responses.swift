/// The answers of the observers that responded to one call, produced lazily, in call order.
///
/// A ``Combiner`` receives the responses of a call as this single-pass sequence. During a synchronous dispatch,
/// each step of the iteration *calls the next observer*: observers that do not respond (they use the protocol's
/// default implementation, see ``notImplemented(by:returning:requirement:)``) are skipped, and a combiner that stops iterating
/// early leaves the remaining observers uncalled, as in Boost.Signals2's combiner model.
///
/// ```swift
/// // Returns the first answer greater than 10 and does not call the observers after it.
/// let firstLarge = Combiner<any Scorer, Int, Int> { responses, defaultValue in
///   for response in responses where response.value > 10 { return response.value }
///   return defaultValue
/// }
/// ```
///
/// Each element pairs the responding observer with its answer, so a combiner can prefer a specific observer,
/// as MDF's `MDFScrollViewDelegateCombining` does.
///
/// Do not keep a `Responses` value after the combiner returns: it refers to the dispatch in progress, and the
/// runtime traps if it escapes. Call `next()` on the dispatching thread only (not from another queue): the
/// "did not respond" marks are kept per thread.
public struct Responses<Observer, Value>: Sequence, IteratorProtocol {
  /// One responding observer and what it returned.
  public typealias Element = (observer: Observer, value: Value)

  @usableFromInline let _next: () -> Element?

  @inlinable
  init(_next: @escaping () -> Element?) {
    self._next = _next
  }

  /// Calls observers until one responds, and returns it with its answer; `nil` when every observer was asked.
  ///
  /// - Complexity: O(*k*) observer calls, where *k* is the number of non-responding observers before the
  ///   next responding one.
  @inlinable
  public mutating func next() -> Element? {
    _next()
  }
}
