/// The word that lets a dispatch start without the lock: it counts the dispatches that use the *published*
/// snapshot, and says whether new ones may join them.
///
/// The multiplexer publishes its registrations (a `ContiguousArray` of entries it keeps a reference to) and opens
/// the gate. While the gate is open, a dispatch enters with one compare-and-exchange, iterates the published
/// storage (no lock, no allocation, not even a retain: see ``_DispatchSnapshot``), and leaves with another. The
/// published storage stays alive, and unmodified, for as long as one dispatch is inside.
///
/// Every change to the registrations' storage *closes* the gate first (under the lock); a removal that leaves the
/// entry in place needs no closing, since dispatches check each entry's state word anyway. A closed gate admits no
/// one: a dispatch that finds it closed takes the lock, and either re-publishes the current storage and opens the
/// gate (when no dispatch is inside), or runs as before the gate existed: with a retained snapshot, counted in the
/// current ``_Generation``. The last dispatch to leave a closed gate drops the published storage before it
/// uncounts itself, so that a strong observer removed meanwhile is released before a waiting removal returns.
///
/// Layout: bit 0 is the waiter bit (``_WaitQueue``: a waiting removal sleeps until the count drops to its own
/// thread's dispatches); bit 1 is set while the gate is closed; the bits above count the dispatches inside, in
/// steps of ``unit``.
@usableFromInline
struct _DispatchGate {
  @usableFromInline let word: _AtomicWord

  @inlinable @inline(__always)
  init(_ word: _AtomicWord) {
    self.word = word
  }

  /// A waiting removal sleeps on this gate (see ``_WaitQueue``).
  @inlinable @inline(__always)
  static var waiterBit: Int { 1 }

  /// The gate admits no new dispatch.
  @inlinable @inline(__always)
  static var closedBit: Int { 2 }

  /// What one dispatch inside adds to the word.
  @inlinable @inline(__always)
  static var unit: Int { 4 }

  /// The word of a gate that is closed with no dispatch inside: a new multiplexer's, which has published nothing.
  @inlinable @inline(__always)
  static var initialValue: Int { closedBit }

  /// The number of dispatches inside in `value`.
  @inlinable @inline(__always)
  static func dispatches(in value: Int) -> Int { value >> 2 }

  /// Enters the gate if it is open: one load and one compare-and-exchange (retried only when another thread
  /// changed the word meanwhile).
  ///
  /// Acquiring: the dispatch then reads the published storage that the thread which opened the gate wrote.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    var value = word.loadRelaxed()
    while value & _DispatchGate.closedBit == 0 {
      if word.compareExchangeAcquiring(expected: &value, desired: value &+ _DispatchGate.unit) { return true }
    }
    return false
  }

  /// Leaves the gate, unless this dispatch is the last one inside a closed gate: then it returns the word it saw
  /// without leaving, and the caller drops the published storage before leaving with ``leave()``.
  ///
  /// Releasing: what the dispatch read of the published storage happens before whoever drops or replaces it.
  ///
  /// - Returns: `nil` once the dispatch has left; the word it saw if it is the last one inside a closed gate.
  @inlinable @inline(__always)
  func tryLeave() -> Int? {
    var value = word.loadRelaxed()
    while true {
      if value & _DispatchGate.closedBit != 0 && _DispatchGate.dispatches(in: value) == 1 { return value }
      if word.compareExchangeReleasing(expected: &value, desired: value &- _DispatchGate.unit) {
        if value & _DispatchGate.waiterBit != 0 { _wakeWaitingRemovals(address: word._waitAddress) }
        return nil
      }
    }
  }

  /// Leaves the gate unconditionally (after ``tryLeave()`` returned a word), waking waiting removals.
  @inlinable
  func leave() {
    let previous = word.addReleasing(-_DispatchGate.unit)
    if previous & _DispatchGate.waiterBit != 0 { _wakeWaitingRemovals(address: word._waitAddress) }
  }
}

extension _AtomicWord {
  /// The address of the word, as the key of its ``_WaitQueue``.
  @inlinable @inline(__always)
  var _waitAddress: UInt { UInt(bitPattern: _address) }
}
