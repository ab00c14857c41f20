/// The word that lets a dispatch start without the lock: it counts the dispatches that use the *published*
/// snapshot, and says whether new ones may join them.
///
/// The multiplexer publishes its registrations (an ``_EntryStorage`` it keeps a reference to) and opens
/// the gate. While the gate is open, a dispatch enters with one atomic add, iterates the published storage (no
/// lock, no allocation, not even a retain: see ``_DispatchSnapshot``), and leaves with one atomic subtraction. The
/// published storage stays alive, and unmodified, for as long as one dispatch is inside.
///
/// Every change to the registrations' storage *closes* the gate first (under the lock); a removal that leaves the
/// entry in place needs no closing, since dispatches check each entry's state word anyway. A closed gate admits no
/// one: a dispatch that sees it closed takes the lock (one that found it closed only with its add, in a race with
/// the closing, uncounts itself first), and either
/// re-publishes the current storage and opens the gate (when nothing is counted), or runs as before the gate
/// existed: with a retained snapshot, counted in the current ``_Generation``.
///
/// The published storage counts as one more dispatch, from the moment it is published until it has been
/// released: the *publication unit*. So the count of a closed gate reaches 0 only once the dispatches inside have
/// left *and* the storage they shared was released, by whoever left it last (or by the closing itself when no
/// dispatch was inside); a strong observer removed meanwhile is released before a waiting removal, which waits
/// for the count to drop, returns. While the gate is open the count is the dispatches inside plus one.
///
/// Layout: bit 0 is the waiter bit (``_WaitQueue``: a waiting removal sleeps until the count drops to its own
/// thread's dispatches); bit 1 is set while the gate is closed; the bits above count the dispatches inside and the
/// publication, in steps of ``unit``.
///
/// Performance: entering and leaving were a compare-and-exchange loop each (a load, the checks, the
/// compare-and-exchange, the test of its result): about 21 instructions per dispatch; an add and a test of the
/// previous value's bits take about 8 (callgrind).
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

  /// What one dispatch inside (or the publication) adds to the word.
  @inlinable @inline(__always)
  static var unit: Int { 4 }

  /// The word of a gate that is closed with nothing counted: a new multiplexer's, which has published nothing.
  @inlinable @inline(__always)
  static var initialValue: Int { closedBit }

  /// The number of dispatches inside in `value`, plus one while the published storage has not been released.
  @inlinable @inline(__always)
  static func dispatches(in value: Int) -> Int { value >> 2 }

  /// Whether `value` shows a dispatch inside the gate, read under the lock. An open gate counts its publication
  /// too. A closed gate whose publication is still counted (its storage not yet released) counts as occupied.
  @inlinable @inline(__always)
  static func hasDispatchInside(_ value: Int) -> Bool {
    dispatches(in: value) > (value & closedBit == 0 ? 1 : 0)
  }

  /// Whether the gate looked open, read without ordering: a dispatch that sees it closed counts nothing in it
  /// (see ``tryEnter()``). Only a hint: ``tryEnter()`` decides.
  @inlinable @inline(__always)
  var looksOpen: Bool {
    word.loadRelaxed() & _DispatchGate.closedBit == 0
  }

  /// Counts a dispatch in the gate and returns whether the gate was open: one atomic add.
  ///
  /// When it returns `false`, the dispatch was counted in a closed gate, and must uncount itself at once with
  /// ``leave()`` (it may have to release the published storage, if the dispatches inside left meanwhile). Call it
  /// only when ``looksOpen``: a dispatch that adds to a gate it could see closed would, with its uncounting, wake
  /// every removal waiting on the gate, however many dispatches are still inside, and briefly raise the count a
  /// waiting removal and a re-publication wait to fall. The add then meets a closed gate only in a race with its
  /// closing.
  ///
  /// Acquiring: the dispatch then reads the published storage that the thread which opened the gate wrote.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    word.addAcquiring(_DispatchGate.unit) & _DispatchGate.closedBit == 0
  }

  /// Uncounts a dispatch: one atomic subtraction.
  ///
  /// Releasing: what the dispatch read of the published storage happens before whoever releases or replaces it.
  ///
  /// - Returns: The word before the subtraction if the caller must finish leaving in the slow path (the gate is
  ///   closed, or a removal waits), `nil` otherwise.
  @inlinable @inline(__always)
  func leave() -> Int? {
    let previous = word.addReleasing(-_DispatchGate.unit)
    if previous & (_DispatchGate.closedBit | _DispatchGate.waiterBit) == 0 { return nil }
    return previous
  }
}

extension _AtomicWord {
  /// The address of the word, as the key of its ``_WaitQueue``.
  @inlinable @inline(__always)
  var _waitAddress: UInt { UInt(bitPattern: _address) }
}
