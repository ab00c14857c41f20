// `public` only because `@inlinable` code calls its functions: here the loads of debug builds (see
// `_EntryBuffer._loadWord(_:)`). The module is an implementation detail.
#if DEBUG
public import _MultiplexShims
#endif

/// The registrations' storage: an array of entries (``_Entry``) in call order, copy-on-write like a
/// `ContiguousArray`, whose buffers also hold the strongly held observers of the registrations they contain.
///
/// A strong registration without a delivery context whose view fits in the entry (the usual one:
/// ``_Entry/directStrong``) does not own its observer: every buffer that contains the entry owns one reference to
/// the observer, taken when the entry is stored in it (``append(_:)``, ``insert(_:at:)``, a copy) and given back
/// when the buffer is freed. So the observer lives exactly as long as some storage that a dispatch may iterate
/// contains its registration (the multiplexer's own, the published one, a dispatch's snapshot), and the entry
/// itself keeps nothing of the user's alive: it can be the token its `add` returned, as a weak registration is,
/// without a token keeping its observer alive (a strong add is then one allocation, not two).
///
/// Removing such an entry from a buffer nobody shares (``removeLast()``, ``replace(at:with:)``) does not release
/// the buffer's reference to its observer: it hands it to the caller, which releases it after unlocking (releasing
/// may run the observer's deinit, which may call back into the multiplexer). A buffer that is shared is copied
/// first, and the copy's reference is the one handed over: the shared buffer keeps its own until it is freed.
///
/// Reads of the count and the elements go through ``_EntryBuffer/_loadWord(_:)``: see `_mpx_unsanitized_load`.
@usableFromInline
struct _EntryStorage<Observer> {
  /// The buffer, or `nil` while nothing was ever stored (an empty multiplexer allocates none).
  @usableFromInline var _buffer: _EntryBuffer<Observer>?

  /// An empty storage, with no buffer.
  @inlinable
  init() {
    _buffer = nil
  }

  /// An empty storage with room for `minimumCapacity` entries.
  @inlinable
  init(minimumCapacity: Int) {
    _buffer = minimumCapacity > 0 ? _EntryBuffer.make(minimumCapacity: minimumCapacity) : nil
  }

  /// The number of elements the buffer has room for without growing.
  @inlinable
  var capacity: Int { _buffer?._header.pointee.capacity ?? 0 }

  /// Whether the buffer exists and this storage is its only holder.
  @inlinable @inline(__always)
  mutating func _isUnique() -> Bool {
    _buffer != nil && isKnownUniquelyReferenced(&_buffer!)
  }

  /// Makes the buffer unique with room for `minimumCapacity` elements, copying the elements (and taking a
  /// reference to each storage-owned observer) if it is shared or too small.
  @inlinable
  mutating func _makeUnique(minimumCapacity: Int) {
    if _isUnique() && capacity >= minimumCapacity { return }
    _reallocate(minimumCapacity: minimumCapacity)
  }

  /// Moves or copies the elements into a new buffer with room for `minimumCapacity` elements. Out of line (it is
  /// rare), but `@inlinable` so that it is specialized for `Observer`.
  @inlinable @inline(never)
  mutating func _reallocate(minimumCapacity: Int) {
    let count = self.count
    let new = _EntryBuffer<Observer>.make(minimumCapacity: Swift.max(minimumCapacity, count))
    // Uniqueness is read before `old` takes its own reference (after it, the buffer is never unique, and every
    // growth would copy: retaining and releasing each entry and each observer the buffer owns, under the lock).
    let isUnique = _isUnique()
    guard let old = _buffer else {
      _buffer = new
      return
    }
    new.withUnsafeMutablePointers { newHeader, newElements in
      old.withUnsafeMutablePointers { oldHeader, oldElements in
        if isUnique {
          // Moved: the references (to the entries and to the observers the buffer owns) change buffers.
          newElements.moveInitialize(from: oldElements, count: count)
          oldHeader.pointee.count = 0
        } else {
          for index in 0..<count {
            let entry = _EntryBuffer<Observer>._element(at: index, of: oldElements)
            entry._retainObserverForStorage()
            (newElements + index).initialize(to: entry)
          }
        }
        newHeader.pointee.count = count
      }
    }
    _buffer = new
  }

  /// The capacity to grow to when appending to a full buffer of `capacity` elements.
  @inlinable @inline(__always)
  static func _grownCapacity(_ capacity: Int) -> Int { Swift.max(1, capacity &* 2) }

  /// Appends `entry`, taking a reference to its observer if the storage owns it. O(1) amortized.
  @inlinable
  mutating func append(_ entry: _Entry<Observer>) {
    let count = self.count
    if !_isUnique() || count == capacity {
      _reallocate(minimumCapacity: count == capacity ? _EntryStorage._grownCapacity(capacity) : count &+ 1)
    }
    entry._retainObserverForStorage()
    _buffer.unsafelyUnwrapped.withUnsafeMutablePointers { header, elements in
      (elements + count).initialize(to: entry)
      header.pointee.count = count &+ 1
    }
  }

  /// Inserts `entry` at `position`, taking a reference to its observer if the storage owns it. O(*n*).
  @inlinable
  mutating func insert(_ entry: _Entry<Observer>, at position: Int) {
    let count = self.count
    precondition(position >= 0 && position <= count, "position out of range")
    _makeUnique(minimumCapacity: count == capacity ? _EntryStorage._grownCapacity(capacity) : count &+ 1)
    entry._retainObserverForStorage()
    _buffer.unsafelyUnwrapped.withUnsafeMutablePointers { header, elements in
      (elements + position + 1).moveInitialize(from: elements + position, count: count &- position)
      (elements + position).initialize(to: entry)
      header.pointee.count = count &+ 1
    }
  }

  /// Removes the last element and returns it, with the reference to its observer that this storage held, if it
  /// owned one (the caller releases it, after unlocking).
  @inlinable @discardableResult
  mutating func removeLast() -> (entry: _Entry<Observer>, observer: Unmanaged<AnyObject>?) {
    let count = self.count
    precondition(count > 0, "removeLast from an empty storage")
    _makeUnique(minimumCapacity: count)
    let entry = _buffer.unsafelyUnwrapped.withUnsafeMutablePointers { header, elements in
      header.pointee.count = count &- 1
      return (elements + (count &- 1)).move()
    }
    return (entry, entry._storageOwnedObserver)
  }

  /// Replaces the element at `position` with `entry`; returns the reference to the replaced element's observer
  /// that this storage held, if it owned one (the caller releases it, after unlocking).
  @inlinable
  mutating func replace(at position: Int, with entry: _Entry<Observer>) -> Unmanaged<AnyObject>? {
    precondition(position >= 0 && position < count, "position out of range")
    _makeUnique(minimumCapacity: count)
    entry._retainObserverForStorage()
    let old = _buffer.unsafelyUnwrapped.withUnsafeMutablePointers { _, elements in
      let old = (elements + position).move()
      (elements + position).initialize(to: entry)
      return old
    }
    return old._storageOwnedObserver
  }

  /// Whether the element at `position` is `entry`. Performance: compares the references' bits, without the
  /// retain and release that reading the element as a reference costs.
  @inlinable
  func _holds(_ entry: _Entry<Observer>, at position: Int) -> Bool {
    precondition(position >= 0 && position < endIndex, "position out of range")
    let bits = _buffer.unsafelyUnwrapped.withUnsafeMutablePointerToElements {
      _EntryBuffer<Observer>._loadWord(UnsafeRawPointer($0 + position))
    }
    return bits == Int(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
  }

  /// Makes room for `minimumCapacity` elements.
  @inlinable
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    _makeUnique(minimumCapacity: minimumCapacity)
  }

  /// Calls `body` with the elements.
  @inlinable
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<_Entry<Observer>>) -> Result) -> Result {
    guard let buffer = _buffer else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    let count = buffer._count
    return buffer.withUnsafeMutablePointerToElements { elements in
      body(UnsafeBufferPointer(start: elements, count: count))
    }
  }

  /// The address of the first element (`nil` if there is none) and the count, for reading the elements while
  /// something else keeps this buffer alive and unchanged.
  @inlinable
  var _unretainedElements: (base: UnsafeRawPointer?, count: Int) {
    guard let buffer = _buffer else { return (nil, 0) }
    let count = buffer._count
    return buffer.withUnsafeMutablePointerToElements { elements in
      (count == 0 ? nil : UnsafeRawPointer(elements), count)
    }
  }
}

extension _EntryStorage: RandomAccessCollection {
  @inlinable
  var startIndex: Int { 0 }

  @inlinable
  var endIndex: Int { _buffer?._count ?? 0 }

  @inlinable
  subscript(position: Int) -> _Entry<Observer> {
    precondition(position >= 0 && position < endIndex, "position out of range")
    return _buffer.unsafelyUnwrapped.withUnsafeMutablePointerToElements {
      _EntryBuffer<Observer>._element(at: position, of: $0)
    }
  }
}

/// The count and capacity of an ``_EntryBuffer``.
@usableFromInline
struct _EntryBufferHeader {
  @usableFromInline var count: Int
  @usableFromInline var capacity: Int

  @inlinable
  init(count: Int, capacity: Int) {
    self.count = count
    self.capacity = capacity
  }
}

/// The buffer of an ``_EntryStorage``: its elements, and one reference to the observer of each element whose
/// observer the storage owns (``_Entry/_storageOwnsObserver``), released with the buffer.
@usableFromInline
final class _EntryBuffer<Observer>: ManagedBuffer<_EntryBufferHeader, _Entry<Observer>> {
  /// A buffer with room for at least `minimumCapacity` elements (as much as its allocation holds).
  @inlinable
  static func make(minimumCapacity: Int) -> _EntryBuffer {
    let buffer = create(minimumCapacity: minimumCapacity) { _ in _EntryBufferHeader(count: 0, capacity: 0) }
    let typed = unsafeDowncast(buffer, to: _EntryBuffer.self)
    // `capacity` asks the allocator for the allocation's size: read once, kept in the header.
    typed._header.pointee.capacity = typed.capacity
    return typed
  }

  /// The header, through its address. Performance: not through `header`, a class's stored property, whose every
  /// access is checked for exclusivity at run time (`swift_beginAccess`: about 50 instructions, callgrind).
  @inlinable @inline(__always)
  var _header: UnsafeMutablePointer<_EntryBufferHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The number of elements.
  @inlinable @inline(__always)
  var _count: Int {
    _EntryBuffer._loadWord(UnsafeRawPointer(_header) + MemoryLayout<_EntryBufferHeader>.offset(of: \.count)!)
  }

  /// The element at `index` of `elements`.
  @inlinable @inline(__always)
  static func _element(at index: Int, of elements: UnsafeMutablePointer<_Entry<Observer>>) -> _Entry<Observer> {
    let bits = _loadWord(UnsafeRawPointer(elements + index))
    return Unmanaged<_Entry<Observer>>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
      .takeUnretainedValue()
  }

  /// The word at `address`: a plain load, which debug builds make where Thread Sanitizer does not see it (see
  /// `_mpx_unsanitized_load`: a reader of a copy and the writer that later finds the buffer unique are ordered by
  /// the reference count, in the runtime, which it does not see).
  @inlinable @inline(__always)
  static func _loadWord(_ address: UnsafeRawPointer) -> Int {
    #if DEBUG
    _mpx_unsanitized_load(address.assumingMemoryBound(to: Int.self))
    #else
    address.load(as: Int.self)
    #endif
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      for index in 0..<count { elements[index]._storageOwnedObserver?.release() }
      elements.deinitialize(count: count)
    }
  }
}
