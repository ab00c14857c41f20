/// The token of a claim that is not a weak registration's first: a strong registration's, and each later `add` of
/// an observer already registered (see "Tokens and duplicates" in ``ObservationToken``).
///
/// It names its registration by the observer's identity and the registration's, and never extends a lifetime:
/// the owner is referenced weakly, the registration `unowned`, which keeps only its memory allocated (not the
/// registration, nor a strongly held observer, alive), so that no later registration of the same observer can
/// have its address while the token exists. Its claim is current while the multiplexer's index maps the observer
/// to that registration.
///
/// A weak registration's first claim needs no object of its own: the registration (``_Entry``) is its token.
@usableFromInline
final class _ClaimToken: ObservationToken, @unchecked Sendable {
  /// The multiplexer that made the token.
  private weak let owner: (any _TokenOwner)?
  /// The identity of the registration's observer.
  @usableFromInline let observerIdentifier: ObjectIdentifier
  /// The identity of the registration.
  @usableFromInline let registrationIdentifier: ObjectIdentifier
  /// The registration, only to keep its address from being reused (see the type's documentation); never read.
  private unowned let _registration: AnyObject
  /// Drops this token's claim in `owner` (see `Multiplexer._dropClaimFunction`).
  private let _dropClaimFunction: @Sendable (_ owner: AnyObject, _ token: ObservationToken) -> Void

  /// Whether this token's claim was dropped (by `cancel`). Only read and written under the owner's lock.
  @usableFromInline @exclusivity(unchecked) var _isClaimDropped = false

  @usableFromInline
  init(
    owner: any _TokenOwner,
    observerIdentifier: ObjectIdentifier,
    registration: AnyObject,
    dropClaim: @escaping @Sendable (_ owner: AnyObject, _ token: ObservationToken) -> Void
  ) {
    self.owner = owner
    self.observerIdentifier = observerIdentifier
    self.registrationIdentifier = ObjectIdentifier(registration)
    self._registration = registration
    self._dropClaimFunction = dropClaim
  }

  override func _dropClaim() {
    guard let owner else { return }
    _dropClaimFunction(owner, self)
  }

  override func _dropClaimAndWait() {
    owner?._cancelAndWait(token: self)
  }

  override var _isActive: Bool { owner?._isActive(token: self) ?? false }

  override func _block() -> ObservationBlock {
    guard let owner, let entry = owner._block(token: self) else { return ObservationBlock(owner: nil, entry: nil) }
    return ObservationBlock(owner: owner, entry: entry)
  }

  override var _isBlocked: Bool { owner?._isBlocked(token: self) ?? false }
}
