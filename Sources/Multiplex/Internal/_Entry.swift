// `public` only because `@inlinable` code calls its functions: here the unowned reference of weak registrations
// of native Swift objects (see `_holdsObserverUnowned`). The module is an implementation detail.
public import _MultiplexShims

/// One registration: an observer, how it is retained, and whether it was removed.
///
/// Entries are immutable after `init` apart from their state word (atomic, read by dispatches on any thread without
/// the lock). A dispatch iterates a snapshot of entries,
/// so an entry can outlive its registration for as long as a dispatch that started earlier is running.
///
/// Weak registrations keep a reference for liveness (unowned for a native Swift object, `weak` for an Objective-C
/// one: see `_holdsObserverUnowned`) plus a *non-owning* bitwise copy of the observer value
/// (the view): the multiplexer's `Observer` is usually a class-bound existential such as `any ScrollViewDelegate`,
/// which Swift cannot declare `weak` in generic code, and casting an `AnyObject` back to the existential on every
/// call would cost a dynamic conformance lookup. The view is only read after the liveness check has produced a
/// strong reference, which keeps the object (and so the view's contents) alive for the duration of the call.
/// The view is only made when the value's first word is the object reference (see `init`); other values are
/// rebuilt from the object with a dynamic cast. A strong registration keeps a non-owning copy in the same place too
/// when it is ``directStrong``: then the storages that contain it own the observer, one reference each (see
/// ``_EntryStorage``), and the registration owns nothing of the user's. Other strong registrations (with a
/// delivery context, or a view that does not fit) keep an *owning* copy.
///
/// A weak registration, and a ``directStrong`` one, is also the token its `add` returned (``ObservationToken`` is
/// its superclass, with no stored property of its own), so that `add` allocates one object: its first claim's
/// state is a flag (``claimDroppedFlag``), and it reaches its multiplexer through the multiplexer's link
/// (``_OwnerLink``), which does not keep the multiplexer alive. Other claims have tokens of their own
/// (``_ClaimToken``): the token of a strong registration that owns its observer must not keep it alive.
///
/// Footprint (64-bit): 48 bytes without Objective-C interoperability, one allocation: the object header (16), the
/// state word (8), the view (16: an existential of one class-bound protocol, or a class reference, fits) and the
/// reference to the multiplexer's link (8); with it (Apple platforms), 56: a `weak` reference to the observer for
/// an Objective-C object (8, `nil` otherwise). Everything else a registration needs lives elsewhere or in
/// flags: its position in storage and its identity in the multiplexer's index (``_RegistrationIndex``, 4 bytes a
/// slot), its priority in the multiplexer's `_priorities` (run-length encoded, and only once some registration has a
/// priority other than 0), the identity in the view's first word, whether it is hidden in a flag, extra claims in the multiplexer's
/// `_extraClaims` (rare), a view of more than two words in its own allocation. A registration with a delivery
/// context (the subclass ``_DeliveryEntry``) is the same size: its view's second word holds the context, then the
/// mailbox, which keeps the view.
@usableFromInline
class _Entry<Observer>: ObservationToken, @unchecked Sendable {
  /// The registration's state: bit 0 is set once it was removed; the bits above it, up to the flags, count the live
  /// blocks (``ObservationBlock``), two per block: bits 1 to 47 on 64-bit platforms, bits 1 to 15 (at most 32,767
  /// blocks) on 32-bit ones, where every shift below is taken modulo 32 (`&<<`). The flags follow: bits 48 to 55
  /// on 64-bit platforms (16 to 23 on 32-bit ones): ``strongFlag``, ``deliveryFlag``, ``outOfLineViewFlag``,
  /// ``noViewFlag``, ``hiddenFlag``, ``unownedFlag``, which never change after `init`, ``claimDroppedFlag`` and
  /// ``observerHandedOverFlag`` (every flag bit is taken); then, in bits 56 to 63 (24 to 31), how a dispatch calls
  /// the observer (the kind of ``directWeak`` and ``directWeakReference``, which ``unownedFlag`` tells apart,
  /// ``directStrong``, or neither), which never changes either. Written under the lock; read by dispatches without it, so only through ``_state`` (an
  /// atomic word) once `init` returned. It must stay the first stored property.
  @usableFromInline @exclusivity(unchecked) final var _stateStorage: Int

  /// The view (see the type's documentation) when it fits in two words and the value's first word is the object
  /// (no ``outOfLineViewFlag`` or ``noViewFlag``); otherwise the observer's identity, then the address of a view
  /// in its own allocation (or 0). All zero for a tombstone. Written only by `init`; it must stay the second stored
  /// property, right after `_stateStorage`. Either way its first word is the observer's identity.
  @usableFromInline @exclusivity(unchecked) final var _viewStorage: (UInt, UInt) = (0, 0)

  #if _runtime(_ObjC) || MULTIPLEX_WEAK_OBSERVER_REFERENCES
  /// The observer of a weak registration whose observer is an Objective-C object (no ``unownedFlag``), for
  /// liveness (read through ``_object``). `nil` once it was deallocated, for a tombstone, for strong registrations,
  /// and for weak registrations of native Swift objects, which hold their observer by an unowned reference
  /// instead (``unownedFlag``; the object's address is the first word of `_viewStorage`: see
  /// ``_holdsObserverUnowned``).
  ///
  /// `weak let`, not `weak var`: a stored `var` of a class is checked for exclusive access at run time on every
  /// read (`swift_beginAccess`, about 50 instructions), and dispatch reads it once per observer call.
  ///
  /// Strong and unowned registrations leave it `nil` on purpose: the first `weak` reference to an object gives it
  /// a side table, after which every retain and release of that object takes the runtime's slow path.
  ///
  /// An Objective-C object's reference count is not the native runtime's, so the native unowned count cannot keep
  /// its memory: a `weak` reference (the Objective-C runtime's weak table) is the only way to learn it died.
  @usableFromInline final weak let _weakObject: AnyObject?
  #endif

  /// The link to the multiplexer (``_OwnerLink``), for a weak or ``directStrong`` registration made by `add`,
  /// which is the token of its first claim (see the type's documentation); `nil` otherwise (other strong
  /// registrations, the primary, tombstones). Not a `weak` reference to the multiplexer: see ``_OwnerLink`` for
  /// why.
  @usableFromInline final let _link: _OwnerLink?

  // Performance: `__shared`, as a function's parameters are, not owned, as an initializer's are by default: the
  // caller would retain the observer and the object for the call, and this release them (with the owner too,
  // before tokens used the link: six calls, about 500 instructions for objects with side tables, callgrind).
  @inlinable
  init(
    observer: __shared Observer,
    object: __shared AnyObject,
    retention: Retention,
    hasMailbox: Bool,
    isHidden: Bool,
    link: _OwnerLink?
  ) {
    // The bitwise, non-owning copy is only sound when the value's one owned reference is `object` itself, stored
    // in its first word: class references, class-bound existentials, and opaque existentials holding a class
    // instance inline. Anything else (an `any Error` box holding the object, for example) gets no view: a weak
    // registration rebuilds the value from `object` with a dynamic cast at each call (correct, and slower); a
    // strong one keeps its owning copy in an allocation of its own.
    let objectBits = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    let firstWord = withUnsafeBytes(of: observer) { bytes in
      bytes.count >= MemoryLayout<UInt>.size ? bytes.loadUnaligned(as: UInt.self) : 0
    }
    let hasView = firstWord == objectBits
    let isStrong = retention == .strong
    // A registration with a delivery context keeps no view: the second word of `_viewStorage` holds its context,
    // then its mailbox, which keeps the view (see ``_DeliveryEntry``).
    let isInline = !hasMailbox && _Entry._viewFitsInline && hasView
    var state = 0
    let holdsUnowned = !isStrong && _Entry._holdsObserverUnowned(object)
    if holdsUnowned { state |= _Entry.unownedFlag }
    if isStrong { state |= _Entry.strongFlag }
    if hasMailbox { state |= _Entry.deliveryFlag }
    if !isInline {
      state |= (isStrong || hasView) && !hasMailbox ? _Entry.outOfLineViewFlag : _Entry.noViewFlag
    } else if isStrong {
      state = _Entry.directStrong
    } else {
      state = holdsUnowned ? _Entry.directWeak : _Entry.directWeakReference
    }
    // Hidden registrations (event streams' taps) are called through the indirect path: the flag makes their state
    // differ from ``directStrong``.
    if isHidden { state |= _Entry.hiddenFlag }
    self._stateStorage = state
    if holdsUnowned { _mpx_unowned_retain(Unmanaged.passUnretained(object).toOpaque()) }
    #if _runtime(_ObjC) || MULTIPLEX_WEAK_OBSERVER_REFERENCES
    self._weakObject = isStrong || holdsUnowned ? nil : object
    #endif
    // A strong registration that owns its observer has a token of its own (``_ClaimToken``).
    self._link = isStrong && !isInline ? nil : link
    if !isInline { self._viewStorage.0 = objectBits }
    super.init()
    _AtomicWord._checkLayout(of: self, storedValue: state)
    if isInline {
      // A ``directStrong`` registration's storages own its observer (see ``_EntryStorage``): the view does not.
      _storeView(of: observer, at: _inlineView, owning: false)
    } else {
      if state & _Entry.outOfLineViewFlag != 0 {
        let view = UnsafeMutablePointer<Observer>.allocate(capacity: 1)
        _storeView(of: observer, at: view, owning: isStrong)
        self._viewStorage.1 = UInt(bitPattern: view)
      }
    }
  }

  /// Stores `observer` at `view`: an owning copy for a strong registration, a bitwise copy without a retain
  /// otherwise (see the type's documentation).
  @inlinable @inline(__always)
  final func _storeView(of observer: Observer, at view: UnsafeMutablePointer<Observer>, owning: Bool) {
    if owning {
      view.initialize(to: observer)
    } else {
      withUnsafeBytes(of: observer) { bytes in
        UnsafeMutableRawPointer(view).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      }
    }
  }

  /// A placeholder that keeps the place (and so the priority) of a removed registration in storage until
  /// compaction.
  @usableFromInline
  init(tombstone: Void) {
    self._stateStorage = _Entry.removedBit
    #if _runtime(_ObjC) || MULTIPLEX_WEAK_OBSERVER_REFERENCES
    self._weakObject = nil
    #endif
    self._link = nil
    super.init()
    _AtomicWord._checkLayout(of: self, storedValue: _Entry.removedBit)
  }

  deinit {
    let state = _stateStorage
    // The identity word is the object's address (see `_viewStorage`).
    if state & _Entry.unownedFlag != 0, let object = UnsafeMutableRawPointer(bitPattern: _viewStorage.0) {
      _mpx_unowned_release(object)
    }
    guard _viewStorage.0 != 0, let view = _view else { return }
    // A strong registration's view owns the observer, unless its storages do (``directStrong``); a weak one's
    // never owned a reference.
    if state & _Entry.strongFlag != 0 && !_storageOwnsObserver { view.deinitialize(count: 1) }
    if state & _Entry.outOfLineViewFlag != 0 { view.deallocate() }
  }

  // MARK: The token of the first claim (weak registrations made by `add`)

  override final func _dropClaim() {
    _link?.dropClaim(of: self, isOwnClaim: true)
  }

  override final func _dropClaimAndWait() {
    _link?.withOwner { $0._cancelAndWait(token: self) }
  }

  override final var _isActive: Bool {
    _link?.withOwner { $0._isActive(token: self) } ?? false
  }

  override final func _block() -> ObservationBlock {
    guard let link = _link, let entry = link.withOwner({ $0._block(token: self) }) ?? nil else {
      return ObservationBlock(link: nil, entry: nil)
    }
    return ObservationBlock(link: link, entry: entry)
  }

  override final var _isBlocked: Bool {
    _link?.withOwner { $0._isBlocked(token: self) } ?? false
  }

  @inlinable
  override final func _finishRetirement() {
    if _hasDeliveryContext { _endDelivery() }
    // The reference to the observer that the multiplexer's storage handed over when it dropped the registration.
    if _state.loadRelaxed() & _Entry.observerHandedOverFlag != 0 { _storageOwnedObserver?.release() }
  }
}

extension _Entry {
  /// A registration of `observer`: a ``_DeliveryEntry`` when it has a delivery context.
  @inlinable
  static func make(
    observer: Observer,
    object: AnyObject,
    retention: Retention,
    context: DeliveryContext? = nil,
    isHidden: Bool = false,
    link: _OwnerLink? = nil
  ) -> _Entry {
    if let context {
      return _DeliveryEntry(
        observer: observer,
        object: object,
        retention: retention,
        context: context,
        isHidden: isHidden,
        link: link
      )
    }
    return _Entry(
      observer: observer,
      object: object,
      retention: retention,
      hasMailbox: false,
      isHidden: isHidden,
      link: link
    )
  }
}
