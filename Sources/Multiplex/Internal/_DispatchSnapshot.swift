/// The registrations one synchronous dispatch calls, and how the dispatch was counted.
///
/// A dispatch that entered the gate (see ``_DispatchGate``) iterates the published storage *without retaining
/// it*: the multiplexer keeps that storage alive and unchanged for as long as a dispatch is inside, so the
/// snapshot only records where its elements are. A dispatch that found the gate closed iterates a snapshot of
/// its own, which it owns (`owner`) and releases when it ends, while it still counts in its generation.
///
/// The elements are read as `Unmanaged` references and used through `_withUnsafeGuaranteedRef`: the storage
/// owns every entry, so a dispatch calls it without a retain and a release of its own.
@usableFromInline
struct _DispatchSnapshot<Observer> {
  /// The first entry, or `nil` when there are none (then `count` is 0).
  @usableFromInline let base: UnsafeRawPointer?
  /// The number of entries.
  @usableFromInline let count: Int
  /// The storage `base` points into, retained, when the dispatch owns it (it found the gate closed); `nil` when
  /// it entered the gate, whose published storage the multiplexer owns.
  ///
  /// Unmanaged, so that the caller releases it exactly where it must (``releaseOwner()``, while the dispatch still
  /// counts), and so that a dispatch that entered the gate has nothing to release: as an optional array, the
  /// snapshot cost every such dispatch a call to release `nil` (about 9 instructions, callgrind).
  @usableFromInline let owner: Unmanaged<AnyObject>?
  /// The generation the dispatch counted in, or `nil` if it entered the gate. Not retained: the multiplexer
  /// keeps every generation with running dispatches alive (see `_waitForDispatchesOnOtherThreads`).
  @usableFromInline let generation: Unmanaged<_Generation>?

  /// A snapshot of published storage, which the multiplexer keeps alive while the dispatch is in the gate.
  @inlinable @inline(__always)
  init(published base: UnsafeRawPointer?, count: Int) {
    self.base = base
    self.count = count
    self.owner = nil
    self.generation = nil
  }

  /// A snapshot that owns `entries`, for a dispatch counted in `generation`.
  @inlinable
  init(owning entries: _EntryStorage<Observer>, generation: Unmanaged<_Generation>) {
    let (base, count) = entries._unretainedElements
    self.base = base
    self.count = count
    // The buffer owns the elements (and the observers the storage owns); an empty storage has none.
    self.owner = entries._buffer.map { Unmanaged.passRetained($0 as AnyObject) }
    self.generation = generation
  }

  /// Releases the storage, if the snapshot owns it. Call once, at the end of the dispatch.
  @inlinable @inline(__always)
  func releaseOwner() {
    owner?.release()
  }

  /// Calls `body` with the entry at `index`, borrowed from the storage (no retain).
  ///
  /// The element is a plain load. Debug builds (where CI runs Thread Sanitizer) read an *owned* snapshot as the
  /// storage's own readers read a copy (``_EntryBuffer/_loadWord(_:)``, where Thread Sanitizer does not see it:
  /// the copy and a later in-place write are ordered by the reference count, in the runtime it does not see), but
  /// the *published* storage with a load it sees: nothing but the gate orders those reads before the next change
  /// of that storage, and the gate's atomics are in the sanitized C target, so Thread Sanitizer checks that the
  /// gate never lets the storage change in place while a dispatch iterates it.
  @inlinable @inline(__always)
  func withEntry<Result>(at index: Int, _ body: (_Entry<Observer>) -> Result) -> Result {
    let address = base.unsafelyUnwrapped + index &* MemoryLayout<Unmanaged<_Entry<Observer>>>.stride
    #if DEBUG
    let bits = owner == nil ? address.load(as: Int.self) : _EntryBuffer<Observer>._loadWord(address)
    #else
    let bits = address.load(as: Int.self)
    #endif
    let reference = Unmanaged<_Entry<Observer>>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    return reference._withUnsafeGuaranteedRef(body)
  }
}
