/// A block on a registration: while it is alive, dispatches skip the registration's observer.
///
/// ``ObservationToken/block()`` returns one. The block lasts until you call ``cancel()`` or release the block,
/// whichever comes first; a registration stays blocked while any of its blocks lasts.
///
/// ```swift
/// let pause = token.block()
/// defer { pause.cancel() }
/// performBatchUpdates()   // the observer is not called meanwhile
/// ```
///
/// A block keeps neither the observer nor the multiplexer alive. It is `Sendable`: any thread may cancel it.
public final class ObservationBlock: Hashable, @unchecked Sendable {
  /// The link to the multiplexer (``_OwnerLink``), which does not keep it alive.
  private let link: _OwnerLink?
  private weak let entry: AnyObject?

  /// Whether the block ended (by `cancel`). Only read and written under the owner's lock.
  @exclusivity(unchecked) var _isEnded = false

  init(link: _OwnerLink?, entry: AnyObject?) {
    self.link = link
    self.entry = entry
  }

  deinit {
    cancel()
  }

  /// Ends the block. Dispatches call the observer again once no other block of its registration is alive.
  ///
  /// Cancelling twice does nothing.
  ///
  /// - Complexity: O(1).
  public func cancel() {
    guard let link, let entry else { return }
    link.withOwner { $0._unblock(entry, block: self) }
  }

  /// Whether the two blocks are the same object: identity, not the registration they refer to.
  public static func == (lhs: ObservationBlock, rhs: ObservationBlock) -> Bool { lhs === rhs }

  /// Hashes the object's identity, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
