// `public` only because `@inlinable` code calls its functions: here the unowned reference of weak registrations
// of native Swift objects (see `_holdsObserverUnowned`). The module is an implementation detail.
public import _MultiplexShims

#if _runtime(_ObjC)
// The class in an object's `isa` (`object_getClass`), to tell a native Swift object from an Objective-C one.
internal import ObjectiveC
#endif

// `_Entry`'s state word (the removed bit, the block count, the flags and how a dispatch calls the observer), its
// view and its identity.

extension _Entry {
  /// The registration's state (removed bit, block count, flags) as an atomic word. Changes happen under the
  /// multiplexer's lock; loads anywhere, `relaxed`: a dispatch that starts after `remove` or `block` returned is
  /// ordered after the change (by whatever made it start afterwards, or by the lock or the gate it went through),
  /// and a relaxed load sees every store that happens before it.
  @inlinable @inline(__always)
  var _state: _AtomicWord { .firstStoredProperty(of: self) }

  /// The state bit of a removed registration.
  @inlinable @inline(__always)
  static var removedBit: Int { 1 }

  /// The state bits that change after `init`: the removed bit and the block count.
  @inlinable @inline(__always)
  static var dynamicMask: Int { (1 &<< 48) &- 1 }

  /// The flag of a strong registration (its view owns the observer).
  @inlinable @inline(__always)
  static var strongFlag: Int { 1 &<< 48 }

  /// The flag of a ``_DeliveryEntry``.
  @inlinable @inline(__always)
  static var deliveryFlag: Int { 1 &<< 49 }

  /// The flag of a view in its own allocation, whose address is the second word of `_viewStorage`.
  @inlinable @inline(__always)
  static var outOfLineViewFlag: Int { 1 &<< 50 }

  /// The flag of a weak registration without a view (calls rebuild the value from the object), and of every
  /// registration with a delivery context (its mailbox keeps the view; see ``_DeliveryEntry``).
  @inlinable @inline(__always)
  static var noViewFlag: Int { 1 &<< 51 }

  /// The flag of a registration introspection leaves out (``isHidden``).
  @inlinable @inline(__always)
  static var hiddenFlag: Int { 1 &<< 52 }

  /// The flag set when the claim of the registration's own token (a weak registration's first claim) was dropped
  /// while other claims keep the registration. Set under the lock; the only flag that changes after `init`
  /// (a registration with it is called through the indirect path, its state no longer ``directWeak``).
  @inlinable @inline(__always)
  static var claimDroppedFlag: Int { 1 &<< 53 }

  /// The flag of a registration whose observer reference a storage handed over when it removed the registration
  /// (see ``_EntryStorage``): ``_finishRetirement()`` releases it, after unlocking. Set under the lock, once.
  @inlinable @inline(__always)
  static var observerHandedOverFlag: Int { 1 &<< 54 }

  /// The flag of a weak registration that holds its observer by an unowned reference (see
  /// ``_holdsObserverUnowned``): the first word of `_viewStorage`, the observer's address, is then a reference the
  /// registration releases in `deinit`. Never changes after `init`.
  @inlinable @inline(__always)
  static var unownedFlag: Int { 1 &<< 55 }

  /// The bits of the state that say how a dispatch calls the observer (a direct weak registration, whichever its
  /// reference: ``directWeak`` and ``directWeakReference`` have the same kind and differ in ``unownedFlag``;
  /// ``directStrong``; or neither); they never change after `init`.
  @inlinable @inline(__always)
  static var kindMask: Int { 0xFF &<< 56 }

  /// The state of a weak registration without a delivery context whose view is inline and whose observer it
  /// holds by an unowned reference (``unownedFlag``).
  ///
  /// A dispatch reads the state once; when it holds exactly this value (not removed, not blocked), the observer is
  /// called through the inline view after the liveness check (``_retainUnownedObserver()``), with no other check.
  /// A weak registration of an Objective-C object has the same kind without ``unownedFlag``
  /// (``directWeakReference``).
  @inlinable @inline(__always)
  static var directWeak: Int { 1 &<< 56 | unownedFlag }

  /// The state of a weak registration without a delivery context whose view is inline and whose observer is an
  /// Objective-C object, held by a `weak` reference (``directWeak`` without ``unownedFlag``; Apple platforms, and
  /// the build that stands for them on Linux). Called like ``directWeak``, after a `weak` load.
  @inlinable @inline(__always)
  static var directWeakReference: Int { 1 &<< 56 }

  /// The state of a strong registration without a delivery context whose view is inline (see ``directWeak``).
  @inlinable @inline(__always)
  static var directStrong: Int { 2 &<< 56 | strongFlag }

  /// Whether the storages that contain this registration own its observer, one reference each, and the entry
  /// does not (see ``_EntryStorage``): a ``directStrong`` registration. Never changes after `init`.
  @inlinable @inline(__always)
  var _storageOwnsObserver: Bool {
    _state.loadRelaxed() & _Entry.kindMask == _Entry.directStrong & _Entry.kindMask
  }

  /// The observer object of a registration whose storages own it (``_storageOwnsObserver``), unretained; `nil`
  /// for any other registration.
  @inlinable @inline(__always)
  var _storageOwnedObserver: Unmanaged<AnyObject>? {
    guard _storageOwnsObserver else { return nil }
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: _viewStorage.0).unsafelyUnwrapped)
  }

  /// Takes one reference to the observer for a storage this registration is stored in, if storages own it.
  @inlinable @inline(__always)
  func _retainObserverForStorage() {
    _ = _storageOwnedObserver?.retain()
  }

  /// The observer of a weak registration, retained, if it is alive: `nil` once its deinit began, for a tombstone,
  /// and for strong registrations. The runtime's conditional retain on the native Swift object the registration's
  /// unowned reference keeps allocated (``unownedFlag``), or a `weak` load for an Objective-C object.
  @inlinable @inline(__always)
  var _object: AnyObject? {
    if _state.loadRelaxed() & _Entry.unownedFlag != 0 {
      guard let retained = _retainUnownedObserver() else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    }
    #if _runtime(_ObjC) || MULTIPLEX_WEAK_OBSERVER_REFERENCES
    return _weakObject
    #else
    return nil
    #endif
  }

  /// The observer of a registration that holds it by an unowned reference (``unownedFlag``), retained by the
  /// runtime's conditional retain, if its deinit has not begun. Release it with `_mpx_release` (it is a native
  /// Swift object).
  ///
  /// Performance: the identity word is never 0 here, but testing it before the call, rather than unwrapping it
  /// unchecked, made the weak `Void` dispatch about 0.8 ns per call faster from 8 observers on this machine's AMD
  /// EPYC (×0.27 against ×0.31 of the weak floor at 64; two instructions more per call), for reasons the machine
  /// code does not show (`Benchmarks/Results/2026-12-06d-timing.md`, `2026-12-06e-timing.md`).
  @inlinable @inline(__always)
  func _retainUnownedObserver() -> UnsafeMutableRawPointer? {
    guard let object = UnsafeMutableRawPointer(bitPattern: _viewStorage.0) else { return nil }
    return _mpx_try_retain(object)
  }

  /// Whether a weak registration of `object` holds it by an unowned reference (``unownedFlag``) rather than a
  /// `weak` one: whether `object` is a native Swift object.
  ///
  /// Performance: a `weak` reference gives its object a side table, after which every retain and release of the
  /// object takes the runtime's slow path through it, and a `weak` load reaches the object through the side table.
  /// An unowned reference keeps the object's memory allocated (not the object: its deinit runs when its last
  /// strong reference goes), so that the runtime's conditional retain (`swift_tryRetain`, what a `weak` load does
  /// inside) can be asked about it directly, on the object's own reference count: a call costs a conditional
  /// retain and a release on the object's inline count. The price: once the observer died, its memory (not its
  /// resources) stays allocated until this registration is freed (once its slot was reclaimed, by the next dispatch
  /// that met it, a removal or a compaction, and no kept token or running dispatch holds it).
  ///
  /// Without Objective-C interoperability every object is a native Swift object. With it (Apple platforms), an
  /// Objective-C object (of a class that descends from `NSObject`, such as every UIKit view controller, or from
  /// `NSProxy`) counts its references in the Objective-C runtime, and has no unowned count. Asked once per
  /// registration, of the class in the object's `isa` (`object_getClass`, not `type(of:)`, which asks the object's
  /// `-class` method: a proxy that forwards it to a Swift target would pass for a Swift object), by the Swift
  /// runtime's test of a class (`_swift_objcClassUsesNativeSwiftReferenceCounting`, what the standard library asks
  /// before treating an object as native); an object whose class is not native is held by a `weak` reference.
  ///
  /// The build that stands for Apple's path on Linux (`-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`) has no Objective-C
  /// objects: there an object of a subclass of ``_ObjectiveCObjectStandIn`` is held as an Objective-C one would be,
  /// so that tests and benchmarks reach both kinds.
  @usableFromInline
  static func _holdsObserverUnowned(_ object: AnyObject) -> Bool {
    #if _runtime(_ObjC)
    guard let isaClass = object_getClass(object) else { return false }
    return _mpx_usesNativeSwiftReferenceCounting(isaClass)
    #elseif MULTIPLEX_WEAK_OBSERVER_REFERENCES
    return !(object is _ObjectiveCObjectStandIn)
    #else
    return true
    #endif
  }

  /// Whether an `Observer` value fits in `_viewStorage`.
  @inlinable @inline(__always)
  static var _viewFitsInline: Bool {
    MemoryLayout<Observer>.size <= MemoryLayout<(UInt, UInt)>.size
      && MemoryLayout<Observer>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// `_viewStorage`, the second stored property, one word after the first (see `_stateStorage`); the view of a
  /// registration whose state is ``directWeak``, ``directWeakReference`` or ``directStrong``.
  @inlinable @inline(__always)
  var _inlineView: UnsafeMutablePointer<Observer> {
    (UnsafeMutableRawPointer(_getUnsafePointerToStoredProperties(self)) + MemoryLayout<Int>.stride)
      .assumingMemoryBound(to: Observer.self)
  }

  /// The observer object of a strong registration with a delivery context, which its identity word owns.
  var _strongDeliveryObject: Unmanaged<AnyObject> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: _viewStorage.0).unsafelyUnwrapped)
  }

  /// The view, wherever it is; `nil` for a tombstone, a weak registration without one, and a registration with a
  /// delivery context (its mailbox keeps it: ``noViewFlag``).
  @inlinable
  var _view: UnsafeMutablePointer<Observer>? {
    let state = _state.loadRelaxed()
    if _viewStorage.0 == 0 || state & _Entry.noViewFlag != 0 { return nil }
    if state & _Entry.outOfLineViewFlag != 0 { return UnsafeMutablePointer(bitPattern: _viewStorage.1) }
    return _inlineView
  }

  /// The identity of the observer this entry was created for (stays valid after the observer died), as bits; 0
  /// for a tombstone.
  @inlinable @inline(__always)
  var _identifierBits: UInt { _viewStorage.0 }

  /// The identity of the observer this entry was created for (stays valid after the observer died); `nil` for a
  /// tombstone.
  @inlinable @inline(__always)
  var identifier: ObjectIdentifier? {
    let bits = _viewStorage.0
    return bits == 0 ? nil : unsafeBitCast(bits, to: ObjectIdentifier.self)
  }

  /// `true` for strong registrations.
  @inlinable @inline(__always)
  var _isStrong: Bool { _state.loadRelaxed() & _Entry.strongFlag != 0 }

  /// Whether introspection leaves the registration out: an event stream's tap is a registration, not an observer
  /// anyone added (``Multiplexer/count``, ``Multiplexer/observers``, `debugDescription`, `removeAll`).
  @inlinable @inline(__always)
  var isHidden: Bool { _state.loadRelaxed() & _Entry.hiddenFlag != 0 }

  /// Whether the registration has a ``DeliveryContext`` (it is a ``_DeliveryEntry``). Synchronous and returning
  /// calls skip it; `post` queues its calls.
  @inlinable @inline(__always)
  var _hasDeliveryContext: Bool { _state.loadRelaxed() & _Entry.deliveryFlag != 0 }

  /// The registration as a ``_DeliveryEntry``, if it has a delivery context.
  var _deliveryEntry: _DeliveryEntry<Observer>? {
    guard _hasDeliveryContext else { return nil }
    return unsafeDowncast(self, to: _DeliveryEntry<Observer>.self)
  }

  /// Ends the delivery of a retired registration with a delivery context: closes its mailbox (dropping the calls
  /// queued there) or, if it never had one, releases its context. Call it without the multiplexer's lock held:
  /// either may release what the user's closures captured.
  @usableFromInline
  func _endDelivery() {
    guard let delivery = _deliveryEntry else { return }
    if let mailbox = delivery.mailbox { mailbox.close() } else { delivery.releaseRetiredContext() }
  }

  /// The queue of calls waiting to run in the registration's ``DeliveryContext``, if a call was ever posted to it;
  /// `nil` otherwise, and for an observer called directly by the dispatching thread.
  var _mailbox: _Mailbox<Observer>? { _deliveryEntry?.mailbox }

  /// What one ``ObservationBlock`` adds to the state.
  @inlinable @inline(__always)
  static var blockUnit: Int { 2 }

  /// Whether the registration was removed.
  @inlinable @inline(__always)
  var _isRemoved: Bool { _state.loadRelaxed() & _Entry.removedBit != 0 }

  /// Whether dispatches skip the registration: it was removed, or is blocked. One load, as cheap as the removal
  /// check alone.
  @inlinable @inline(__always)
  var _isSkipped: Bool { _state.loadRelaxed() & _Entry.dynamicMask != 0 }

  /// Whether the registration exists and at least one of its blocks is alive.
  var hasLiveBlocks: Bool {
    let state = _state.loadRelaxed() & _Entry.dynamicMask
    return state >= _Entry.blockUnit && state & _Entry.removedBit == 0
  }

  /// Whether this is a weak registration whose observer was deallocated (a tombstone, identity 0, is not).
  ///
  /// Dispatches ask it of the registrations they skip too (removed, blocked, or with a delivery context that a
  /// synchronous call does not reach), not only of those they call: where a weak registration holds an unowned
  /// reference (``unownedFlag``), a dead observer's memory stays allocated while its registration is in storage,
  /// so its slot is reclaimed by the next dispatch that meets it, whatever its state, rather than at some later
  /// compaction. Out of the dispatch's common path: only skipped registrations get here.
  @inlinable
  var _observerDied: Bool {
    _identifierBits != 0 && !_isStrong && _object == nil
  }

  /// Whether this entry may still be called: not removed, and (for weak registrations) the observer is alive.
  var isLive: Bool {
    !_isRemoved && (_isStrong || _object != nil)
  }
}

#if _runtime(_ObjC)
/// The Swift runtime's test of whether a class counts its instances' references natively (a Swift class that does
/// not descend from an Objective-C class) or in the Objective-C runtime; `theClass` is the class in the object's
/// `isa` (a pure Objective-C class arrives as the runtime's wrapper metadata, which it answers `false` for).
/// Exported by the runtime of every Apple platform (`libswiftCore.tbd` of the SDKs), with Swift's calling
/// convention; the standard library declares it the same way (`_usesNativeSwiftReferenceCounting`).
@_silgen_name("_swift_objcClassUsesNativeSwiftReferenceCounting")
private func _mpx_usesNativeSwiftReferenceCounting(_ theClass: AnyClass) -> Bool
#endif
