// `public` only because `@inlinable` dispatch code calls these functions: the module is an implementation detail.
public import _MultiplexShims

/// A machine word that threads read and write without a lock.
///
/// Multiplex deploys to OS releases older than the standard library's `Atomic` type (iOS 13, macOS 10.15), so its
/// few atomics go through the C compiler's `__atomic` builtins (the `_MultiplexShims` target), which compile to the same
/// instructions on every platform. The word lives in memory this type does not own: the first stored property of a
/// class instance (see ``firstStoredProperty(of:)``), which is where a class keeps a flag that every dispatch reads,
/// at no cost beyond the load itself.
///
/// Each method names its memory ordering, as C11 does; the callers say in place why that ordering suffices.
@usableFromInline
struct _AtomicWord {
  @usableFromInline let _address: UnsafeMutablePointer<Int>

  @inlinable @inline(__always)
  init(_ address: UnsafeMutablePointer<Int>) {
    self._address = address
  }

  /// The word that is the first stored property of `object`.
  ///
  /// Swift lays out a class's stored properties in declaration order, right after the object header, and
  /// `_getUnsafePointerToStoredProperties` returns the address of the first (swift-atomics' `ManagedAtomic` relies
  /// on the same). The classes that use this declare an `Int` first and never read or write it directly after
  /// `init`; ``_checkLayout(of:storedValue:)`` verifies the layout in debug builds.
  @inlinable @inline(__always)
  static func firstStoredProperty(of object: AnyObject) -> _AtomicWord {
    _AtomicWord(_getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self))
  }

  /// Traps in debug builds unless `object`'s first stored property holds `storedValue`, as read through
  /// ``firstStoredProperty(of:)``. Called by initializers with a value they just stored.
  @inlinable
  static func _checkLayout(of object: AnyObject, storedValue: Int) {
    assert(
      firstStoredProperty(of: object).loadRelaxed() == storedValue,
      "Multiplex: an atomic word is not the first stored property of \(type(of: object))"
    )
  }

  @inlinable @inline(__always)
  func loadRelaxed() -> Int {
    #if DEBUG
    _mpx_outlined_load_relaxed(_address)
    #else
    _mpx_atomic_load_relaxed(_address)
    #endif
  }

  @inlinable @inline(__always)
  func loadAcquiring() -> Int {
    #if DEBUG
    _mpx_outlined_load_acquire(_address)
    #else
    _mpx_atomic_load_acquire(_address)
    #endif
  }

  @inlinable @inline(__always)
  func loadSequentiallyConsistent() -> Int {
    #if DEBUG
    _mpx_outlined_load_seq_cst(_address)
    #else
    _mpx_atomic_load_seq_cst(_address)
    #endif
  }

  @inlinable @inline(__always)
  func storeRelaxed(_ value: Int) {
    #if DEBUG
    _mpx_outlined_store_relaxed(_address, value)
    #else
    _mpx_atomic_store_relaxed(_address, value)
    #endif
  }

  @inlinable @inline(__always)
  func storeReleasing(_ value: Int) {
    #if DEBUG
    _mpx_outlined_store_release(_address, value)
    #else
    _mpx_atomic_store_release(_address, value)
    #endif
  }

  /// Adds `delta` and returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func addRelaxed(_ delta: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_add_relaxed(_address, delta)
    #else
    _mpx_atomic_fetch_add_relaxed(_address, delta)
    #endif
  }

  /// Adds `delta` and returns the previous value; acquiring.
  @inlinable @inline(__always) @discardableResult
  func addAcquiring(_ delta: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_add_acquire(_address, delta)
    #else
    _mpx_atomic_fetch_add_acquire(_address, delta)
    #endif
  }

  /// Adds `delta` and returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func addReleasing(_ delta: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_add_release(_address, delta)
    #else
    _mpx_atomic_fetch_add_release(_address, delta)
    #endif
  }

  /// Adds `delta` and returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func addSequentiallyConsistent(_ delta: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_add_seq_cst(_address, delta)
    #else
    _mpx_atomic_fetch_add_seq_cst(_address, delta)
    #endif
  }

  /// Sets the bits of `mask` and returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func orSequentiallyConsistent(_ mask: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_or_seq_cst(_address, mask)
    #else
    _mpx_atomic_fetch_or_seq_cst(_address, mask)
    #endif
  }
}

extension _AtomicWord {
  /// Clears the bits not in `mask` and returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func andSequentiallyConsistent(_ mask: Int) -> Int {
    #if DEBUG
    _mpx_outlined_fetch_and_seq_cst(_address, mask)
    #else
    _mpx_atomic_fetch_and_seq_cst(_address, mask)
    #endif
  }
}

/// A sequentially consistent fence: no load or store moves across it.
@inlinable @inline(__always)
func _fenceSequentiallyConsistent() {
  #if DEBUG
  _mpx_outlined_fence_seq_cst()
  #else
  _mpx_atomic_fence_seq_cst()
  #endif
}

/// A counter in its own object, for the places that need a shared count and have no object to keep it in.
@usableFromInline
final class _AtomicCounter: @unchecked Sendable {
  /// Only accessed through `word` after `init` (it must stay the first stored property).
  @usableFromInline @exclusivity(unchecked) var _storage: Int

  @usableFromInline
  init(_ value: Int = 0) {
    self._storage = value
    _AtomicWord._checkLayout(of: self, storedValue: value)
  }

  /// The counter's word.
  @inlinable @inline(__always)
  var word: _AtomicWord { .firstStoredProperty(of: self) }
}
