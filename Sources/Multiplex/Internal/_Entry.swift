/// One registration: an observer, how it is retained, and whether it was removed.
///
/// Entries are immutable after `init` apart from their state word (atomic, read by dispatches on any thread without
/// the lock), and `position`, `priority` and `claims` (only touched under the multiplexer's lock). A dispatch
/// iterates a snapshot of entries, so an entry can outlive its registration for as long as a dispatch that started
/// earlier is running.
///
/// Weak registrations keep a `weak` reference for liveness plus a *non-owning* bitwise copy of the observer value
/// (`_view`): the multiplexer's `Observer` is usually a class-bound existential such as `any ScrollViewDelegate`,
/// which Swift cannot declare `weak` in generic code, and casting an `AnyObject` back to the existential on every
/// call would cost a dynamic conformance lookup. The view is only read after the `weak` load has produced a
/// strong reference, which keeps the object (and so the view's contents) alive for the duration of the call.
/// The view is only made when the value's first word is the object reference (see `init`); other values are
/// rebuilt from the object with a dynamic cast.
@usableFromInline
final class _Entry<Observer>: @unchecked Sendable {
  /// The registration's state: bit 0 is set once it was removed; the bits above count the live blocks
  /// (``ObservationBlock``), two per block; the top byte says how a dispatch calls the observer (``directWeak``,
  /// ``directStrong``, or neither), and never changes. Written under the lock; read by dispatches without it, so
  /// only through ``_state`` (an atomic word) once `init` returned. It must stay the first stored property.
  @usableFromInline @exclusivity(unchecked) var _stateStorage: Int

  /// Where `_view` points for an observer value of up to four words (classes, and class-bound existentials of up to
  /// three protocols): inside the entry, so that a registration is one allocation (and its token the other). Only
  /// accessed through `_view` after `init`; it must stay the second stored property, right after `_stateStorage`.
  @usableFromInline @exclusivity(unchecked) var _viewStorage: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

  /// The observer, for liveness and identity, for weak registrations. `nil` once it was deallocated, for a
  /// tombstone, and for strong registrations.
  ///
  /// `weak let`, not `weak var`: a stored `var` of a class is checked for exclusive access at run time on every
  /// read (`swift_beginAccess`, about 50 instructions), and dispatch reads it once per observer call.
  ///
  /// Strong registrations leave it `nil` on purpose: the first `weak` reference to an object gives it a side
  /// table, after which every retain and release of that object takes the runtime's slow path. A strongly held
  /// observer does not need one (`_strong` answers for liveness, `identifier` for identity).
  @usableFromInline weak let _object: AnyObject?

  /// The observer itself, retained, for strong registrations.
  @usableFromInline let _strong: Observer?

  /// A non-owning copy of the observer value; `nil` for a tombstone. For a weak registration, valid only while
  /// `_object` is non-`nil`; for a strong one, while the entry (which owns `_strong`) lives.
  ///
  /// Set once, at the end of `init` (it may point into the entry itself); a `var` only for that reason.
  @usableFromInline @exclusivity(unchecked) var _view: UnsafeMutablePointer<Observer>?

  /// `true` for strong registrations.
  @usableFromInline let _isStrong: Bool

  /// The identity of the observer this entry was created for (stays valid after the observer died).
  @usableFromInline let identifier: ObjectIdentifier?

  /// The call-order priority: the one it was registered with, or `Int.max` once it was made the primary. Only
  /// read and written under the multiplexer's lock.
  @usableFromInline @exclusivity(unchecked) var priority: Int

  /// The queue of calls waiting to run in the registration's ``DeliveryContext``; `nil` for an observer called
  /// directly by the dispatching thread. Synchronous and returning calls skip an entry that has one.
  @usableFromInline let _mailbox: _Mailbox<Observer>?

  /// The entry's index in the multiplexer's storage. Only read and written under the lock, which makes the
  /// run-time exclusivity check redundant.
  @usableFromInline @exclusivity(unchecked) var position: Int = 0

  /// The claims on the registration: one per `add` of its observer (each returned a token). Cancelling a token
  /// drops its claim, and the registration ends with the last one (`remove` ends it at once). Only read and
  /// written under the multiplexer's lock.
  @usableFromInline @exclusivity(unchecked) var claims: Int = 1

  /// The registration's number in its multiplexer (tokens name their registration by observer and serial).
  @usableFromInline let serial: Int

  /// Whether introspection leaves the registration out: an event stream's tap is a registration, not an observer
  /// anyone added (``Multiplexer/count``, ``Multiplexer/observers``, `debugDescription`, `removeAll`).
  @usableFromInline let isHidden: Bool

  @inlinable
  init(
    observer: Observer,
    object: AnyObject,
    retention: Retention,
    priority: Int,
    context: DeliveryContext? = nil,
    isHidden: Bool = false,
    serial: Int = 0
  ) {
    self.serial = serial
    self.identifier = ObjectIdentifier(object)
    self.isHidden = isHidden
    self.priority = priority
    self._mailbox = context.map { _Mailbox(context: $0) }
    // The bitwise, non-owning copy is only sound when the value's one owned reference is `object` itself, stored
    // in its first word: class references, class-bound existentials, and opaque existentials holding a class
    // instance inline. Anything else (an `any Error` box holding the object, for example) gets no view: a weak
    // registration rebuilds the value from `object` with a dynamic cast at each call (correct, and slower), a
    // strong one calls through `_strong`.
    let objectBits = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    let firstWord = withUnsafeBytes(of: observer) { bytes in
      bytes.count >= MemoryLayout<UInt>.size ? bytes.loadUnaligned(as: UInt.self) : 0
    }
    let hasView = firstWord == objectBits
    let kind: Int
    if !hasView || context != nil || !_Entry._viewFitsInline {
      kind = 0
    } else {
      kind = retention == .strong ? _Entry.directStrong : _Entry.directWeak
    }
    self._stateStorage = kind
    self._view = nil
    switch retention {
    case .strong:
      // `_strong` owns the observer; dispatch still calls through `_view` when there is one, which it can pass to
      // the call as a borrowed value, while reading the `Optional` stored property produces a copy: a retain and
      // a release per observer call.
      self._isStrong = true
      self._strong = observer
      self._object = nil
    case .weak:
      self._isStrong = false
      self._strong = nil
      self._object = object
    }
    _AtomicWord._checkLayout(of: self, storedValue: kind)
    if hasView { _makeView(of: observer) }
  }

  /// Stores the non-owning copy of `observer` (see the type's documentation) and points `_view` at it: in
  /// `_viewStorage` if it fits, in its own allocation otherwise.
  @inlinable
  func _makeView(of observer: Observer) {
    let view: UnsafeMutablePointer<Observer>
    if _Entry._viewFitsInline {
      assert(
        UnsafeMutableRawPointer(_inlineView)
          == withUnsafeMutablePointer(to: &_viewStorage) { UnsafeMutableRawPointer($0) },
        "Multiplex: _viewStorage is not the second stored property of _Entry"
      )
      view = UnsafeMutableRawPointer(_inlineView).bindMemory(to: Observer.self, capacity: 1)
    } else {
      view = UnsafeMutablePointer<Observer>.allocate(capacity: 1)
    }
    // A bitwise copy without a retain: see the type's documentation.
    withUnsafeBytes(of: observer) { bytes in
      UnsafeMutableRawPointer(view).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    }
    _view = view
  }

  /// Whether `_view` has its own allocation (it does not point into the entry).
  private var _viewIsAllocated: Bool {
    guard let view = _view else { return false }
    return UnsafeMutableRawPointer(view)
      != UnsafeMutableRawPointer(_getUnsafePointerToStoredProperties(self)) + MemoryLayout<Int>.stride
  }

  /// A placeholder that keeps the place (and priority) of a removed registration in storage until compaction.
  @usableFromInline
  init(tombstoneWithPriority priority: Int) {
    self.serial = 0
    self.identifier = nil
    self.isHidden = false
    self.priority = priority
    self._mailbox = nil
    self._stateStorage = _Entry.removedBit
    self._isStrong = false
    self._strong = nil
    self._view = nil
    self._object = nil
    _AtomicWord._checkLayout(of: self, storedValue: _Entry.removedBit)
  }

  /// The registration's state (removed bit, block count) as an atomic word. Changes happen under the
  /// multiplexer's lock; loads anywhere, `relaxed`: a dispatch that starts after `remove` or `block` returned is
  /// ordered after the change (by whatever made it start afterwards, or by the lock or the gate it went through),
  /// and a relaxed load sees every store that happens before it.
  @inlinable @inline(__always)
  var _state: _AtomicWord { .firstStoredProperty(of: self) }

  /// The state bit of a removed registration.
  @inlinable @inline(__always)
  static var removedBit: Int { 1 }

  /// The kind (top byte of the state) of a weak registration without a delivery context whose view is inline.
  ///
  /// A dispatch reads the state once; when it holds exactly this kind (not removed, not blocked), the observer is
  /// called through the inline view after the `weak` load, with no other check.
  @inlinable @inline(__always)
  static var directWeak: Int { 1 &<< 56 }

  /// The kind of a strong registration without a delivery context whose view is inline (see ``directWeak``).
  @inlinable @inline(__always)
  static var directStrong: Int { 2 &<< 56 }

  /// The state bits that hold the kind.
  @inlinable @inline(__always)
  static var kindMask: Int { 0xFF &<< 56 }

  /// Whether an `Observer` value fits in `_viewStorage`.
  @inlinable @inline(__always)
  static var _viewFitsInline: Bool {
    MemoryLayout<Observer>.size <= MemoryLayout<(UInt, UInt, UInt, UInt)>.size
      && MemoryLayout<Observer>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// `_viewStorage`, the second stored property, one word after the first (see `_stateStorage`); the view of a
  /// registration whose kind is ``directWeak`` or ``directStrong``.
  @inlinable @inline(__always)
  var _inlineView: UnsafeMutablePointer<Observer> {
    (UnsafeMutableRawPointer(_getUnsafePointerToStoredProperties(self)) + MemoryLayout<Int>.stride)
      .assumingMemoryBound(to: Observer.self)
  }

  /// What one ``ObservationBlock`` adds to the state.
  @inlinable @inline(__always)
  static var blockUnit: Int { 2 }

  /// Whether the registration was removed.
  @inlinable @inline(__always)
  var _isRemoved: Bool { _state.loadRelaxed() & _Entry.removedBit != 0 }

  /// Whether dispatches skip the registration: it was removed, or is blocked. One load, as cheap as the removal
  /// check alone.
  @inlinable @inline(__always)
  var _isSkipped: Bool { _state.loadRelaxed() & ~_Entry.kindMask != 0 }

  /// Whether the registration exists and at least one of its blocks is alive.
  var isBlocked: Bool {
    let state = _state.loadRelaxed() & ~_Entry.kindMask
    return state >= _Entry.blockUnit && state & _Entry.removedBit == 0
  }

  deinit {
    // The view never owned a reference: free the memory, if it has its own, without deinitializing the value.
    if _viewIsAllocated { _view?.deallocate() }
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
    if state & ~_Entry.kindMask != 0 { return nil }
    let (result, isDead) = try _callIndirectly(body)
    if isDead { sawDead = true }
    return result
  }

  /// `_call` for a registration that is neither ``directWeak`` nor ``directStrong``: with a delivery context, or
  /// without an inline view. Not inlined, so that the common cases' code stays small enough for the optimizer to
  /// inline each observer call into the dispatch loop (inlined, this code made it call a closure per observer:
  /// about 20 instructions more per observer call, callgrind). It returns whether the observer was found
  /// deallocated rather than setting an `inout` flag, which would keep the dispatch's flag in memory.
  @inlinable @inline(never)
  func _callIndirectly<Result, Failure: Error>(
    _ body: (Observer) throws(Failure) -> Result
  ) throws(Failure) -> (result: Result?, isDead: Bool) {
    // An observer with a delivery context is only called there, by `post`.
    if _mailbox != nil { return (nil, false) }
    if _isStrong {
      // The entry owns the observer through `_strong`, and the dispatch's snapshot (or the published storage it
      // borrows) owns the entry.
      if let view = _view { return (try body(view.pointee), false) }
      return (try body(_strong.unsafelyUnwrapped), false)
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
    if _isStrong { return _strong }
    guard let object = _object else { return nil }
    guard let view = _view else { return object as? Observer }
    return withExtendedLifetime(object) { view.pointee }
  }
}

extension _Entry {
  /// The observer, retained, if the registration was neither removed nor blocked and the observer is alive.
  ///
  /// - Parameter sawDead: Set to `true` when the entry belongs to a weak observer that was deallocated.
  @inlinable
  func _observer(sawDead: inout Bool) -> Observer? {
    if _isSkipped { return nil }
    // An observer with a delivery context is only called there, by `post`.
    if _mailbox != nil { return nil }
    return _deliveryTarget(sawDead: &sawDead)
  }

  /// The observer, retained, if the registration was neither removed nor blocked and the observer is alive,
  /// whatever its delivery context.
  @inlinable
  func _deliveryTarget(sawDead: inout Bool) -> Observer? {
    if _isSkipped { return nil }
    if _isStrong { return _strong }
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
