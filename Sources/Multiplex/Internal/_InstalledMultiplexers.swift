/// Pure-Swift associated storage: the multiplexers installed in delegate slots, keyed by owner and slot.
///
/// Objective-C attaches such objects to their owner (`objc_setAssociatedObject`) and frees them in the owner's
/// `dealloc`. Swift has no hook into another object's deinit, so the table holds each multiplexer strongly and
/// its owner weakly, and reclaims the entries of owners that are gone by sweeping: after ``sweepInterval`` uses
/// of the table (install, look-up, uninstall), from any thread and for any owner, a use sweeps the whole table.
/// The interval is `max(32, n / 8)` for the *n* installations the previous sweep left, so a sweep's *n* weak loads
/// cost about 8 per use (O(1) amortized), and the multiplexer of an owner that died, with the strong observers it
/// holds, is released within that many uses of the table after the owner's death, however many owners died with
/// it. `sweep()` reclaims them at once.
///
/// Each installation also keeps how to assign its multiplexer to the slot again (``reassign(_:)``), indexed by
/// multiplexer, for a multiplexer whose answers to `responds(to:)` changed (see
/// ``DelegateMultiplexing/reassignDelegateSlots()``).
final class _InstalledMultiplexers: @unchecked Sendable {
  static let shared = _InstalledMultiplexers()

  private struct Key: Hashable {
    let owner: ObjectIdentifier
    let slot: AnyKeyPath
  }

  private struct Installation {
    weak var owner: AnyObject?
    let multiplexer: AnyObject
    /// Assigns `multiplexer` to the slot of the owner it is given (alive), if the slot still holds it.
    let reassign: (_ owner: AnyObject) -> Bool
  }

  /// The fewest uses of the table between two sweeps.
  static var minimumSweepInterval: Int { 32 }

  /// How many uses of the table lead to the next sweep: `max(32, n / 8)` for the *n* installations the last sweep
  /// left, so that a sweep's *n* weak loads cost about 8 per use. The bound, in uses, on how long a dead owner's
  /// multiplexer lives.
  private(set) var sweepInterval = _InstalledMultiplexers.minimumSweepInterval

  private let lock = _Lock()
  private var installations: [Key: Installation] = [:]
  /// The keys of each installed multiplexer's installations (usually one).
  private var keysByMultiplexer: [ObjectIdentifier: Set<Key>] = [:]
  private var usesSinceLastSweep = 0

  /// The multiplexer for `owner`'s `slot`, created with `make` if there is none.
  ///
  /// `make` (the multiplexer's `init`, user code) runs without the lock; if another thread installed a
  /// multiplexer meanwhile, that one wins and the new one is discarded.
  func multiplexer<Owner: AnyObject, Multiplexer: AnyObject>(
    for owner: Owner,
    slot: AnyKeyPath,
    make: () -> Multiplexer,
    reassign: @escaping (_ owner: AnyObject) -> Bool = { _ in false }
  ) -> Multiplexer {
    let key = Key(owner: ObjectIdentifier(owner), slot: slot)
    if let existing = lookUp(key, owner: owner) as? Multiplexer { return existing }
    let made = make()
    var replaced: Installation?
    defer { withExtendedLifetime(replaced) {} }  // released after the lock: a deinit may run user code
    let (multiplexer, shouldSweep) = lock.withLock { () -> (Multiplexer, Bool) in
      // Comparing with `owner`, which the caller keeps alive, never releases an owner's last reference here.
      if let installation = installations[key] {
        if installation.owner === owner, let multiplexer = installation.multiplexer as? Multiplexer {
          return (multiplexer, false)
        }
        // The owner at this address died (and a new object reuses it), or another multiplexer type was
        // installed: start over.
        replaced = installation
        unindex(key, installation)
      }
      installations[key] = Installation(owner: owner, multiplexer: made, reassign: reassign)
      keysByMultiplexer[ObjectIdentifier(made), default: []].insert(key)
      return (made, dueForSweep())
    }
    if shouldSweep { sweep() }
    return multiplexer
  }

  /// Under the lock: counts a use of the table, and says whether it is the one that sweeps.
  private func dueForSweep() -> Bool {
    usesSinceLastSweep += 1
    guard usesSinceLastSweep >= sweepInterval else { return false }
    usesSinceLastSweep = 0
    return true
  }

  private func lookUp(_ key: Key, owner: AnyObject) -> AnyObject? {
    let (found, shouldSweep) = lock.withLock { () -> (AnyObject?, Bool) in
      guard let installation = installations[key], installation.owner === owner else { return (nil, dueForSweep()) }
      return (installation.multiplexer, dueForSweep())
    }
    if shouldSweep { sweep() }
    return found
  }

  /// The multiplexer for `owner`'s `slot`, if one is installed.
  func existing(for owner: AnyObject, slot: AnyKeyPath) -> AnyObject? {
    lookUp(Key(owner: ObjectIdentifier(owner), slot: slot), owner: owner)
  }

  /// Removes and returns the multiplexer for `owner`'s `slot`.
  func remove(for owner: AnyObject, slot: AnyKeyPath) -> AnyObject? {
    let key = Key(owner: ObjectIdentifier(owner), slot: slot)
    let (removed, shouldSweep) = lock.withLock { () -> (Installation?, Bool) in
      guard let installation = installations[key], installation.owner === owner else { return (nil, dueForSweep()) }
      installations[key] = nil
      unindex(key, installation)
      return (installation, dueForSweep())
    }
    if shouldSweep { sweep() }
    return removed?.multiplexer
  }

  /// Reclaims every installation whose owner is gone.
  ///
  /// Owners are checked outside the lock: loading a `weak` reference produces a strong one, and releasing it
  /// could run the owner's deinit, which may call back into this table.
  func sweep() {
    let snapshot = lock.withLock { installations }
    let dead = snapshot.filter { $0.value.owner == nil }
    var dropped: [AnyObject] = []
    lock.withLock {
      for (key, installation) in dead where installations[key]?.multiplexer === installation.multiplexer {
        installations[key] = nil
        unindex(key, installation)
        dropped.append(installation.multiplexer)
      }
      sweepInterval = max(Self.minimumSweepInterval, installations.count / 8)
    }
    withExtendedLifetime(dropped) {}  // multiplexers (and their strong observers) released after the lock
  }

  /// Under the lock: forgets that `installation`'s multiplexer is installed at `key`.
  private func unindex(_ key: Key, _ installation: Installation) {
    let identifier = ObjectIdentifier(installation.multiplexer)
    keysByMultiplexer[identifier]?.remove(key)
    if keysByMultiplexer[identifier]?.isEmpty == true { keysByMultiplexer[identifier] = nil }
  }

  /// Assigns `multiplexer` again to every slot it is installed in whose owner is alive and whose slot still holds
  /// it; returns how many.
  ///
  /// The assignments run without the lock (they call the owner's setter, user code that may install or look up).
  func reassign(_ multiplexer: AnyObject) -> Int {
    let installations = lock.withLock { () -> [Installation] in
      (keysByMultiplexer[ObjectIdentifier(multiplexer)] ?? []).compactMap { key in
        guard let installation = self.installations[key], installation.multiplexer === multiplexer else { return nil }
        return installation
      }
    }
    var reassigned = 0
    for installation in installations {
      guard let owner = installation.owner else { continue }
      if installation.reassign(owner) { reassigned += 1 }
    }
    return reassigned
  }

  /// The number of installations in the table, live or not yet reclaimed.
  var count: Int { lock.withLock { installations.count } }

  /// ``sweepInterval``, read under the lock.
  var lockedSweepInterval: Int { lock.withLock { sweepInterval } }
}

/// Test hooks for the installation table; not part of the public API.
package enum _InstallationStorage {
  /// Reclaims the installations of owners that are gone.
  package static func sweep() { _InstalledMultiplexers.shared.sweep() }

  /// The number of installations, live or not yet reclaimed.
  package static var count: Int { _InstalledMultiplexers.shared.count }

  /// The uses of the table after which the next sweep runs (see `_InstalledMultiplexers`).
  package static var sweepInterval: Int { _InstalledMultiplexers.shared.lockedSweepInterval }
}
