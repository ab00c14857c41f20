/// The token of a claim that is not a registration's first, or whose registration owns its observer: each later
/// `add` of an observer already registered (see "Tokens and duplicates" in ``ObservationToken``), and the first
/// claim of a strong registration with a delivery context or a view that does not fit in the registration.
///
/// It names its registration by the observer's identity and the registration's, and never extends a lifetime:
/// it reaches the multiplexer through its link (``_OwnerLink``), and references the registration `unowned`, which
/// keeps only its memory allocated (not the registration, nor a strongly held observer, alive), so that no later
/// registration of the same observer can have its address while the token exists. Its claim is current while the
/// multiplexer's index maps the observer to that registration.
///
/// The first claim of a weak registration, or of a strong one whose storage owns its observer (the usual strong
/// one: see ``_EntryStorage``), needs no object of its own: the registration (``_Entry``) is its token.
@usableFromInline
final class _ClaimToken: ObservationToken, @unchecked Sendable {
  /// The link to the multiplexer that made the token.
  private let link: _OwnerLink
  /// The identity of the registration's observer.
  @usableFromInline let observerIdentifier: ObjectIdentifier
  /// The identity of the registration.
  @usableFromInline let registrationIdentifier: ObjectIdentifier
  /// The registration, only to keep its address from being reused (see the type's documentation); never read.
  private unowned let _registration: AnyObject

  /// Whether this token's claim was dropped (by `cancel`). Only read and written under the owner's lock.
  @usableFromInline @exclusivity(unchecked) var _isClaimDropped = false

  @usableFromInline
  init(link: _OwnerLink, observerIdentifier: ObjectIdentifier, registration: AnyObject) {
    self.link = link
    self.observerIdentifier = observerIdentifier
    self.registrationIdentifier = ObjectIdentifier(registration)
    self._registration = registration
  }

  override func _dropClaim() {
    link.dropClaim(of: self, isOwnClaim: false)
  }

  override func _dropClaimAndWait() {
    link.withOwner { $0._cancelAndWait(token: self) }
  }

  override var _isActive: Bool { link.withOwner { $0._isActive(token: self) } ?? false }

  override func _block() -> ObservationBlock {
    guard let entry = link.withOwner({ $0._block(token: self) }) ?? nil else {
      return ObservationBlock(link: nil, entry: nil)
    }
    return ObservationBlock(link: link, entry: entry)
  }

  override var _isBlocked: Bool { link.withOwner { $0._isBlocked(token: self) } ?? false }
}
