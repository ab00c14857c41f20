/// The registrations of a multiplexer by observer identity, for O(1) duplicate checks and removal.
///
/// An open-addressing hash table (linear probing, backward-shift deletion, at most 3/4 full) whose slots hold
/// only the position of a registration in the multiplexer's storage, plus one: 4 bytes a slot, against 16 for a
/// `[ObjectIdentifier: _Entry]` bucket (which also hashes each key with SipHash, about 100 instructions). A key is
/// compared by reading the registration at that position; the identity is an object's address, spread by a
/// multiply-and-shift mixer (addresses are not chosen by an attacker, so no per-process seed is needed).
///
/// Only live registrations are indexed: a registration leaves the index when it is retired. The positions of the
/// others must be kept current by the caller: ``rebuild(from:)`` after any change that moves registrations
/// (compaction, an insertion before the end).
///
/// Not thread-safe: only used under the multiplexer's lock. The multiplexer frees it in its `deinit`
/// (``deallocate()``).
@usableFromInline
struct _RegistrationIndex {
  /// `capacity` slots; 0 is an empty slot, `position + 1` an indexed registration.
  @usableFromInline var _slots: UnsafeMutablePointer<UInt32>?
  /// The number of slots, a power of two (or 0 before the first insertion).
  @usableFromInline var _capacity = 0
  /// The number of indexed registrations.
  @usableFromInline var count = 0

  @inlinable
  init() {}

  /// Frees the slots.
  @usableFromInline
  mutating func deallocate() {
    _slots?.deallocate()
    _slots = nil
    _capacity = 0
    count = 0
  }

  /// The home slot of `key`.
  @inlinable @inline(__always)
  func _home(of key: UInt) -> Int {
    // Addresses are 16-byte aligned and often evenly spaced: a plain Fibonacci multiply of them leaves half the
    // slots unused (65 registrations in 128 slots fell into 29 home slots, with probe runs of 25). Shifting out
    // the alignment and mixing (SplitMix64's finalizer) spreads them like random keys.
    var mixed = key &>> 4
    mixed ^= mixed &>> 29
    mixed &*= 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed &>> 32
    return Int(truncatingIfNeeded: mixed >> UInt(UInt.bitWidth - _capacity.trailingZeroBitCount))
  }

  /// The slot holding `key`, if it is indexed.
  @inlinable
  func _slot<Observer>(of key: UInt, in entries: _EntryStorage<Observer>) -> Int? {
    guard let slots = _slots else { return nil }
    return entries.withUnsafeBufferPointer { buffer -> Int? in
      let mask = _capacity &- 1
      var slot = _home(of: key)
      while true {
        let value = slots[slot]
        if value == 0 { return nil }
        if _RegistrationIndex._key(at: Int(value &- 1), in: buffer) == key { return slot }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// The identity of the registration at `position`, read without retaining it (the storage owns it).
  @inlinable @inline(__always)
  static func _key<Observer>(at position: Int, in buffer: UnsafeBufferPointer<_Entry<Observer>>) -> UInt {
    UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
      .load(
        fromByteOffset: position &* MemoryLayout<Unmanaged<_Entry<Observer>>>.stride,
        as: Unmanaged<_Entry<Observer>>.self
      )
      ._withUnsafeGuaranteedRef { $0._identifierBits }
  }

  /// The position of the registration of the observer `key` identifies, if one is indexed.
  @inlinable
  func position<Observer>(of key: ObjectIdentifier, in entries: _EntryStorage<Observer>) -> Int? {
    guard let slot = _slot(of: UInt(bitPattern: key), in: entries) else { return nil }
    return Int(_slots.unsafelyUnwrapped[slot] &- 1)
  }

  /// The registration of the observer `key` identifies, if one is indexed.
  @inlinable
  func entry<Observer>(for key: ObjectIdentifier, in entries: _EntryStorage<Observer>) -> _Entry<Observer>? {
    position(of: key, in: entries).map { entries[$0] }
  }

  /// Indexes the registration at `position` of `entries`, whose observer `key` identifies; it must not be
  /// indexed yet.
  @inlinable
  mutating func insert<Observer>(
    _ key: ObjectIdentifier,
    at position: Int,
    in entries: _EntryStorage<Observer>
  ) {
    precondition(position < Int(UInt32.max) - 1, "Multiplex: too many registrations")
    if (count &+ 1) &* 4 > _capacity &* 3 { _resize(to: max(8, _capacity &* 2), entries) }
    _insert(UInt(bitPattern: key), value: UInt32(truncatingIfNeeded: position &+ 1))
    count &+= 1
  }

  /// Stores `value` in the first free slot of `key`'s probe run.
  @inlinable @inline(__always)
  func _insert(_ key: UInt, value: UInt32) {
    let slots = _slots.unsafelyUnwrapped
    let mask = _capacity &- 1
    var slot = _home(of: key)
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = value
  }

  /// Drops the registration of the observer `key` identifies from the index. Returns its position, if it was
  /// indexed.
  @inlinable @discardableResult
  mutating func remove<Observer>(_ key: ObjectIdentifier, in entries: _EntryStorage<Observer>) -> Int? {
    guard var hole = _slot(of: UInt(bitPattern: key), in: entries) else { return nil }
    let slots = _slots.unsafelyUnwrapped
    let position = Int(slots[hole] &- 1)
    let mask = _capacity &- 1
    // Backward-shift deletion: move later members of the probe run into the hole when their home slot allows it,
    // so that lookups never need tombstones.
    var slot = hole
    while true {
      slot = (slot &+ 1) & mask
      let value = slots[slot]
      if value == 0 { break }
      let home = _home(of: entries.withUnsafeBufferPointer { _RegistrationIndex._key(at: Int(value &- 1), in: $0) })
      // `value` may move into `hole` unless its home lies cyclically in (hole, slot].
      if (slot &- home) & mask >= (slot &- hole) & mask {
        slots[hole] = value
        hole = slot
      }
    }
    slots[hole] = 0
    count &-= 1
    return position
  }

  /// Re-indexes every live registration of `entries` (after registrations moved), in slots sized for them:
  /// after many removals, the index shrinks.
  @usableFromInline
  mutating func rebuild<Observer>(from entries: _EntryStorage<Observer>) {
    var live = 0
    for entry in entries where !entry._isRemoved && entry.identifier != nil { live += 1 }
    var capacity = 8
    while live * 4 > capacity * 3 { capacity *= 2 }
    if capacity != _capacity || _slots == nil {
      _slots?.deallocate()
      _capacity = capacity
      _slots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    }
    _slots.unsafelyUnwrapped.initialize(repeating: 0, count: _capacity)
    count = 0
    for (position, entry) in entries.enumerated() where !entry._isRemoved {
      guard let identifier = entry.identifier else { continue }
      _insert(UInt(bitPattern: identifier), value: UInt32(truncatingIfNeeded: position &+ 1))
      count += 1
    }
  }

  /// Whether the slots are much larger than the registrations need (after removals from the end).
  @inlinable
  var isOversized: Bool { _capacity > 64 && count &* 8 < _capacity }

  /// Moves the indexed registrations to `capacity` slots; their keys are read from `entries`.
  @usableFromInline
  mutating func _resize<Observer>(to capacity: Int, _ entries: _EntryStorage<Observer>) {
    let old = _slots
    let oldCapacity = _capacity
    _capacity = capacity
    let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    _slots = slots
    guard let old else { return }
    for slot in 0..<oldCapacity {
      let value = old[slot]
      if value != 0 { _insert(entries[Int(value &- 1)]._identifierBits, value: value) }
    }
    old.deallocate()
  }
}
