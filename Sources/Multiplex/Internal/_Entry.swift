/// One registration: an observer, how it is retained, and whether it was removed.
///
/// Entries are immutable after `init` apart from their state word (atomic, read by dispatches on any thread without
/// the lock). A dispatch iterates a snapshot of entries,
/// so an entry can outlive its registration for as long as a dispatch that started earlier is running.
///
/// Weak registrations keep a `weak` reference for liveness plus a *non-owning* bitwise copy of the observer value
/// (the view): the multiplexer's `Observer` is usually a class-bound existential such as `any ScrollViewDelegate`,
/// which Swift cannot declare `weak` in generic code, and casting an `AnyObject` back to the existential on every
/// call would cost a dynamic conformance lookup. The view is only read after the `weak` load has produced a
/// strong reference, which keeps the object (and so the view's contents) alive for the duration of the call.
/// The view is only made when the value's first word is the object reference (see `init`); other values are
/// rebuilt from the object with a dynamic cast. Strong registrations keep an *owning* copy in the same place.
///
/// A weak registration is also the token its `add` returned (``ObservationToken`` is its superclass, with no
/// stored property of its own), so that `add` allocates one object: its first claim's state is a flag
/// (``claimDroppedFlag``), and it reaches its multiplexer through the multiplexer's link (``_OwnerLink``), which does
/// not keep the multiplexer alive. Other claims have tokens of their own
/// (``_ClaimToken``): a strong registration's token must not keep its observer alive, as the registration does.
///
/// Footprint (64-bit): 56 bytes, one allocation: the object header (16), the state word (8), the view (16: an
/// existential of one class-bound protocol, or a class reference, fits), the `weak` reference to the observer (8)
/// and the reference to the multiplexer's link (8). Everything else a registration needs lives elsewhere or in
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
  /// ``noViewFlag``, ``hiddenFlag``, which never change after `init`, and ``claimDroppedFlag``; then, in bits 56
  /// to 63 (24 to 31), how a dispatch calls the observer (``directWeak``, ``directStrong``, or neither), which
  /// never changes either. Written under the lock; read by dispatches without it, so only through ``_state`` (an
  /// atomic word) once `init` returned. It must stay the first stored property.
  @usableFromInline @exclusivity(unchecked) final var _stateStorage: Int

  /// The view (see the type's documentation) when it fits in two words and the value's first word is the object
  /// (no ``outOfLineViewFlag`` or ``noViewFlag``); otherwise the observer's identity, then the address of a view
  /// in its own allocation (or 0). All zero for a tombstone. Written only by `init`; it must stay the second stored
  /// property, right after `_stateStorage`. Either way its first word is the observer's identity.
  @usableFromInline @exclusivity(unchecked) final var _viewStorage: (UInt, UInt) = (0, 0)

  /// The observer, for liveness and identity, for weak registrations. `nil` once it was deallocated, for a
  /// tombstone, and for strong registrations.
  ///
  /// `weak let`, not `weak var`: a stored `var` of a class is checked for exclusive access at run time on every
  /// read (`swift_beginAccess`, about 50 instructions), and dispatch reads it once per observer call.
  ///
  /// Strong registrations leave it `nil` on purpose: the first `weak` reference to an object gives it a side
  /// table, after which every retain and release of that object takes the runtime's slow path. A strongly held
  /// observer does not need one (its owning view answers for liveness, its first word for identity).
  @usableFromInline final weak let _object: AnyObject?

  /// The link to the multiplexer (``_OwnerLink``), for a weak registration made by `add`, which is the token of
  /// its first claim (see the type's documentation); `nil` otherwise (strong registrations, the primary,
  /// tombstones). Not a `weak` reference to the multiplexer: see ``_OwnerLink`` for why.
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
    if isStrong { state |= _Entry.strongFlag }
    if hasMailbox { state |= _Entry.deliveryFlag }
    if !isInline {
      state |= (isStrong || hasView) && !hasMailbox ? _Entry.outOfLineViewFlag : _Entry.noViewFlag
    } else {
      state = isStrong ? _Entry.directStrong : _Entry.directWeak
    }
    // Hidden registrations (event streams' taps) are called through the indirect path: the flag makes their state
    // differ from ``directStrong``.
    if isHidden { state |= _Entry.hiddenFlag }
    self._stateStorage = state
    self._object = isStrong ? nil : object
    self._link = link
    if !isInline { self._viewStorage.0 = objectBits }
    super.init()
    _AtomicWord._checkLayout(of: self, storedValue: state)
    if isInline {
      _storeView(of: observer, at: _inlineView, owning: isStrong)
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
    self._object = nil
    self._link = nil
    super.init()
    _AtomicWord._checkLayout(of: self, storedValue: _Entry.removedBit)
  }

  deinit {
    let state = _stateStorage
    guard _viewStorage.0 != 0, let view = _view else { return }
    // A strong registration's view owns the observer; a weak one's never owned a reference.
    if state & _Entry.strongFlag != 0 { view.deinitialize(count: 1) }
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
  }
}

/// A registration with a ``DeliveryContext``: an entry whose view's second word holds the context until the first
/// call is posted to the registration, then the mailbox of the calls waiting to run there.
///
/// The same size as a registration without a context (no stored property of its own): it keeps no view (see
/// `_Entry.init`), so the first word of `_viewStorage` is only the observer's identity (and, for a strong
/// registration, its owning reference), and the second word is the delivery word. The mailbox (its queue, its
/// lock, its drain count, the view) is made by the first `post` that reaches the registration, which rebuilds the
/// view from the object once (a dynamic cast); the context itself is shared by the registrations made with the
/// same ``DeliveryContext`` value. So a registration nothing was posted to costs no more than one without a
/// context. Every change of the word but the last happens under the multiplexer's lock: installing the mailbox
/// (once: whoever takes the lock first installs it, the others find it) and retiring the registration, which marks
/// a context without a mailbox retired (then no mailbox is ever installed: a `post` that comes later finds it and
/// drops its call). Once the word holds a mailbox, it never changes again until `deinit`, so a `post` reads it
/// without the lock.
@usableFromInline
final class _DeliveryEntry<Observer>: _Entry<Observer>, @unchecked Sendable {
  // The word: a retained ``_Mailbox``; or a retained ``_DeliveryScheduler`` (the context) with bit 0 set, and bit 1
  // set too once the registration was retired; or `retiredBits` once that context was released. Only accessed
  // through ``_delivery`` after `init`.

  @usableFromInline
  init(
    observer: __shared Observer,
    object: __shared AnyObject,
    retention: Retention,
    context: DeliveryContext,
    isHidden: Bool,
    link: _OwnerLink?
  ) {
    super.init(
      observer: observer,
      object: object,
      retention: retention,
      hasMailbox: true,
      isHidden: isHidden,
      link: link
    )
    // A strong registration with a delivery context owns its observer through its identity word.
    if retention == .strong { _ = Unmanaged.passRetained(object) }
    let bits = Int(bitPattern: Unmanaged.passRetained(context._scheduler).toOpaque()) | _DeliveryEntry.contextBit
    _delivery.storeRelaxed(bits)
    assert(_viewStorage.1 == UInt(bitPattern: bits), "Multiplex: the delivery word is not where _delivery looks")
  }

  deinit {
    if _isStrong { _strongDeliveryObject.release() }
    let bits = Int(bitPattern: _viewStorage.1)
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~_DeliveryEntry.tagMask) else { return }
    if bits & _DeliveryEntry.contextBit != 0 {
      Unmanaged<_DeliveryScheduler>.fromOpaque(pointer).release()
    } else {
      Unmanaged<_Mailbox<Observer>>.fromOpaque(pointer).release()
    }
  }

  /// The delivery word, the second word of `_viewStorage` (the second and third words of stored properties), as an
  /// atomic word.
  @inline(__always)
  var _delivery: _AtomicWord {
    _AtomicWord(
      (UnsafeMutableRawPointer(_getUnsafePointerToStoredProperties(self)) + 2 &* MemoryLayout<Int>.stride)
        .assumingMemoryBound(to: Int.self)
    )
  }

  /// The word's bit set while it holds the context rather than a mailbox.
  static var contextBit: Int { 1 }

  /// The word's bit set once a registration without a mailbox was retired.
  static var retiredBit: Int { 2 }

  /// The word of a retired registration whose context was released.
  static var retiredBits: Int { contextBit | retiredBit }

  static var tagMask: Int { contextBit | retiredBit }

  /// The mailbox, if a call was ever posted to the registration (read without the lock).
  var mailbox: _Mailbox<Observer>? {
    let bits = _delivery.loadAcquiring()
    guard bits & _DeliveryEntry.contextBit == 0 else { return nil }
    return Unmanaged<_Mailbox<Observer>>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
      .takeUnretainedValue()
  }

  /// The object of the observer, retained, to rebuild the view from; `nil` if a weak observer was deallocated. Call
  /// it without the multiplexer's lock held: the reference it returns may be the last one.
  var objectForMailbox: AnyObject? {
    _isStrong ? _strongDeliveryObject.takeUnretainedValue() : _object
  }

  /// Installs a mailbox for the view, made from the context, unless there is one already (then it returns that
  /// one) or the registration was retired (then `nil`). Call it with the multiplexer's lock held.
  func installMailbox(view: UnsafeMutablePointer<Observer>?) -> (mailbox: _Mailbox<Observer>?, usedView: Bool) {
    let bits = _delivery.loadRelaxed()
    if bits & _DeliveryEntry.contextBit == 0 { return (mailbox, false) }
    if bits & _DeliveryEntry.retiredBit != 0 { return (nil, false) }
    let scheduler = Unmanaged<_DeliveryScheduler>.fromOpaque(
      UnsafeRawPointer(bitPattern: bits & ~_DeliveryEntry.tagMask).unsafelyUnwrapped
    )
    let mailbox = _Mailbox<Observer>(context: DeliveryContext(scheduler.takeUnretainedValue()), view: view)
    // Releasing: a `post` that reads the word without the lock sees the mailbox made.
    _delivery.storeReleasing(Int(bitPattern: Unmanaged.passRetained(mailbox).toOpaque()))
    // The mailbox holds the context now; this is not its last reference.
    scheduler.release()
    return (mailbox, true)
  }

  /// Marks the registration retired: returns its mailbox, if one was made, which the caller closes; otherwise no
  /// mailbox will ever be made. Call it with the multiplexer's lock held, then ``releaseRetiredContext()`` once it
  /// is released.
  func retire() -> _Mailbox<Observer>? {
    let bits = _delivery.loadRelaxed()
    if bits & _DeliveryEntry.contextBit == 0 { return mailbox }
    _delivery.storeRelaxed(bits | _DeliveryEntry.retiredBit)
    return nil
  }

  /// Releases the context of a registration retired without a mailbox (it may hold the last reference to what the
  /// context captures, whose `deinit` may call back into the multiplexer: call it without the lock held).
  func releaseRetiredContext() {
    let bits = _delivery.loadRelaxed()
    guard bits & _DeliveryEntry.tagMask == _DeliveryEntry.retiredBits,
      let pointer = UnsafeRawPointer(bitPattern: bits & ~_DeliveryEntry.tagMask)
    else { return }
    _delivery.storeRelaxed(_DeliveryEntry.retiredBits)
    Unmanaged<_DeliveryScheduler>.fromOpaque(pointer).release()
  }

  /// What the context is (`queue "cache"`), for `debugDescription`; `nil` once the registration was retired.
  /// Call it with the multiplexer's lock held.
  var contextName: String? {
    let bits = _delivery.loadRelaxed()
    if bits & _DeliveryEntry.contextBit == 0 { return mailbox?.contextName }
    guard bits & _DeliveryEntry.retiredBit == 0,
      let pointer = UnsafeRawPointer(bitPattern: bits & ~_DeliveryEntry.tagMask)
    else { return nil }
    return Unmanaged<_DeliveryScheduler>.fromOpaque(pointer).takeUnretainedValue().name
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

  /// The state of a weak registration without a delivery context whose view is inline.
  ///
  /// A dispatch reads the state once; when it holds exactly this value (not removed, not blocked), the observer is
  /// called through the inline view after the `weak` load, with no other check.
  @inlinable @inline(__always)
  static var directWeak: Int { 1 &<< 56 }

  /// The state of a strong registration without a delivery context whose view is inline (see ``directWeak``).
  @inlinable @inline(__always)
  static var directStrong: Int { 2 &<< 56 | strongFlag }

  /// Whether an `Observer` value fits in `_viewStorage`.
  @inlinable @inline(__always)
  static var _viewFitsInline: Bool {
    MemoryLayout<Observer>.size <= MemoryLayout<(UInt, UInt)>.size
      && MemoryLayout<Observer>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// `_viewStorage`, the second stored property, one word after the first (see `_stateStorage`); the view of a
  /// registration whose kind is ``directWeak`` or ``directStrong``.
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

  /// Whether this entry may still be called: not removed, and (for weak registrations) the observer is alive.
  var isLive: Bool {
    !_isRemoved && (_isStrong || _object != nil)
  }

  /// Calls `body` with the observer if the registration was neither removed nor blocked and the observer is alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated, so that the
  ///   dispatch can reclaim its slot afterwards.
  /// - Returns: What `body` returned, or `nil` if the entry was skipped.
  @inlinable @inline(__always)
  func _call<Result, Failure: Error>(
    sawDead: inout Bool,
    _ body: (Observer) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    // Performance: one load and one comparison decide the common cases (about 8 instructions per observer call
    // fewer than the checks below, callgrind).
    let state = _state.loadRelaxed()
    if state == _Entry.directWeak {
      guard let object = _object else {
        sawDead = true
        return nil
      }
      defer { _fixLifetime(object) }
      return try body(_inlineView.pointee)
    }
    if state == _Entry.directStrong { return try body(_inlineView.pointee) }
    // The other states (blocked, removed, with a delivery context, rebuilt) are decided out of line: a mask
    // tested here stayed in a register across the dispatch loop once the dispatch was inlined into its caller, and
    // cost every observer call of a large list about 5 instructions of register moves (callgrind).
    let (result, isDead) = try _callIndirectly(body)
    if isDead { sawDead = true }
    return result
  }

  /// `_call` for a registration that is neither ``directWeak`` nor ``directStrong``: removed or blocked (not
  /// called), with a delivery context, or without an inline view. Not inlined, so that the common cases' code stays small enough for the optimizer to
  /// inline each observer call into the dispatch loop (inlined, this code made it call a closure per observer:
  /// about 20 instructions more per observer call, callgrind). It returns whether the observer was found
  /// deallocated rather than setting an `inout` flag, which would keep the dispatch's flag in memory.
  @inlinable @inline(never)
  func _callIndirectly<Result, Failure: Error>(
    _ body: (Observer) throws(Failure) -> Result
  ) throws(Failure) -> (result: Result?, isDead: Bool) {
    let state = _state.loadRelaxed()
    // Removed, blocked or otherwise skipped.
    if state & _Entry.dynamicMask != 0 { return (nil, false) }
    // An observer with a delivery context is only called there, by `post`.
    if state & _Entry.deliveryFlag != 0 { return (nil, false) }
    if state & _Entry.strongFlag != 0 {
      // The entry owns the observer through its view, and the dispatch's snapshot (or the published storage it
      // borrows) owns the entry.
      return (try body(_view.unsafelyUnwrapped.pointee), false)
    }
    guard let object = _object else { return (nil, true) }
    // `object` keeps the observer, and so the view's contents, alive until `body` returned. `_fixLifetime` is
    // what `withExtendedLifetime` does, without the call to its generic (not always inlined) implementation.
    defer { _fixLifetime(object) }
    if let view = _view { return (try body(view.pointee), false) }
    guard let observer = object as? Observer else { return (nil, false) }
    return (try body(observer), false)
  }

  /// The observer, retained, if the entry is live.
  func observer() -> Observer? {
    if _isRemoved { return nil }
    if _hasDeliveryContext {
      // No view in the registration (see `init`): rebuilt from the object.
      if _isStrong { return _strongDeliveryObject.takeUnretainedValue() as? Observer }
      return _object as? Observer
    }
    if _isStrong { return _view.unsafelyUnwrapped.pointee }
    guard let object = _object else { return nil }
    guard let view = _view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }

  /// The observer, retained, if the registration was neither removed nor blocked and the observer is alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated.
  @inlinable
  func _observer(sawDead: inout Bool) -> Observer? {
    if _isSkipped { return nil }
    // An observer with a delivery context is only called there, by `post`.
    if _state.loadRelaxed() & _Entry.deliveryFlag != 0 { return nil }
    if _isStrong { return _view.unsafelyUnwrapped.pointee }
    guard let object = _object else {
      sawDead = true
      return nil
    }
    guard let view = _view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }
}

/// The synchronous dispatches that started between two waiting removals.
///
/// A dispatch counts itself in the current generation (under the multiplexer's lock) and uncounts itself when it
/// ends. ``Multiplexer/removeAndWait(_:)`` replaces the current generation with a new one, then waits for every
/// earlier generation to drain: dispatches that start later count elsewhere, so no stream of new dispatches can
/// keep a waiter waiting (a read-copy-update grace period, with one object per period).
@usableFromInline
final class _Generation: @unchecked Sendable {
  /// Only accessed through ``running`` after `init` (it must stay the first stored property).
  @usableFromInline @exclusivity(unchecked) var _runningStorage: Int = 0

  /// Dispatches of this generation still running, as an atomic word.
  @inlinable @inline(__always)
  var running: _AtomicWord { .firstStoredProperty(of: self) }

  @usableFromInline
  init() {
    _AtomicWord._checkLayout(of: self, storedValue: 0)
  }
}
