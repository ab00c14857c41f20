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
