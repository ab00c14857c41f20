/// A class that stands in a delegate slot and forwards the calls to a ``Multiplexer``.
///
/// Adopt it in a hand-written multiplexer (generated multiplexers adopt it already) to listen to a delegate you
/// do not own with ``install(on:delegate:)``:
///
/// ```swift
/// final class ScrollViewDelegateMultiplexer: ScrollViewDelegate, DelegateMultiplexing {
///   let multiplexer = Multiplexer<any ScrollViewDelegate>()
///   var asDelegate: any ScrollViewDelegate { self }
///
///   func scrollViewDidScroll(_ scrollView: ScrollView) {
///     multiplexer.notify { $0.scrollViewDidScroll(scrollView) }
///   }
/// }
///
/// let listener = ScrollViewDelegateMultiplexer.install(on: webView.scrollView, delegate: \.delegate)
/// listener.add(analytics)
/// ```
///
/// The adopting class gets the registration API of its ``multiplexer`` from this protocol's extension: `add`,
/// `remove`, `removeAndWait`, `removeAll`, `contains`, `count`, `isEmpty` and `observers`, each followed by
/// ``observersDidChange()`` when it changes the observers.
///
/// See <doc:ListeningToADelegateYouDoNotOwn>.
public protocol DelegateMultiplexing: AnyObject {
  /// The delegate type: usually the existential of the delegate protocol, `any ScrollViewDelegate`.
  associatedtype Delegate

  /// Creates a multiplexer with no observers.
  init()

  /// The runtime multiplexer the calls are forwarded to.
  var multiplexer: Multiplexer<Delegate> { get }

  /// This multiplexer as a value of the delegate type, to put it in a delegate slot. Implement it as `self`.
  var asDelegate: Delegate { get }

  /// Called after each registration change made through this class's own ``add(_:retention:priority:)``,
  /// ``remove(_:)``, ``removeAndWait(_:)`` and ``removeAll()``.
  ///
  /// The default does nothing. A multiplexer that `multiplex-generate` generates for an `@objc` protocol has the
  /// sender ask `responds(to:)` again here, when an answer it gave is no longer true. Changes made through
  /// ``multiplexer`` directly, or a token, do not call it. The `@objc` flavour also calls it after an optional
  /// call that no observer implemented (its answer to `responds(to:)` was stale). An adopter's own
  /// `observersDidChange()` method is this requirement's witness, so it runs at those moments too.
  func observersDidChange()
}

extension DelegateMultiplexing {
  /// Puts a multiplexer in `owner`'s delegate slot, keeping the current delegate as the primary observer.
  ///
  /// The delegate found in the slot becomes ``Multiplexer/primary``: it is called first and its answers win by
  /// default, so the object that set it keeps working. Add your own observers as secondaries.
  ///
  /// - Installing twice returns the same multiplexer, with its secondaries.
  /// - If someone assigned the slot directly since (replacing the multiplexer), installing again adopts that
  ///   delegate as the new primary, puts the multiplexer back, and keeps the secondaries.
  /// - The multiplexer lives as long as `owner`; it holds neither `owner` nor any observer strongly.
  ///
  /// ```swift
  /// let listener = ScrollViewDelegateMultiplexer.install(on: webView.scrollView, delegate: \.delegate)
  /// listener.multiplexer.add(self)
  /// ```
  ///
  /// The slot is read and written through `delegate` on the calling thread: call this where the owner may be
  /// used (on the main actor for a main-actor owner).
  ///
  /// - Parameters:
  ///   - owner: The object whose delegate slot to take over.
  ///   - slot: A key path to the delegate slot, usually `\.delegate`.
  /// - Returns: The multiplexer installed in the slot.
  /// - Complexity: O(1) amortized, plus O(*n*) to set the primary when it changes.
  @discardableResult
  public static func install<Owner: AnyObject>(
    on owner: Owner,
    delegate slot: ReferenceWritableKeyPath<Owner, Delegate?>
  ) -> Self {
    let multiplexer = _InstalledMultiplexers.shared.multiplexer(
      for: owner,
      slot: slot,
      make: { Self() },
      reassign: { object in
        // `object` is the owner this installation was made for (its table entry only hands out that one).
        let owner = unsafeDowncast(object, to: Owner.self)
        guard let installed = _InstalledMultiplexers.shared.existing(for: owner, slot: slot) as? Self,
          _isSameObject(owner[keyPath: slot], installed)
        else { return false }
        owner[keyPath: slot] = nil
        owner[keyPath: slot] = installed.asDelegate
        return true
      }
    )
    let current = owner[keyPath: slot]
    if !_isSameObject(current, multiplexer) {
      // First install, or someone replaced the multiplexer in the slot: adopt what is there as the primary.
      multiplexer.multiplexer.primary = current
      owner[keyPath: slot] = multiplexer.asDelegate
    }
    return multiplexer
  }

  /// The multiplexer installed on `owner` for this slot, if any.
  ///
  /// - Complexity: O(1) amortized.
  public static func installed<Owner: AnyObject>(
    on owner: Owner,
    delegate slot: ReferenceWritableKeyPath<Owner, Delegate?>
  ) -> Self? {
    _InstalledMultiplexers.shared.existing(for: owner, slot: slot) as? Self
  }

  /// Assigns this multiplexer again to every delegate slot it was installed in with ``install(on:delegate:)``,
  /// so that each sender asks it again which optional methods it implements.
  ///
  /// Senders of `@objc` protocols (UIKit, AppKit, WebKit) ask their delegate `responds(to:)` once per optional
  /// method when the delegate is set, and cache the answers. A multiplexer answers for its observers, so when an
  /// observer that implements such a method comes or goes, the cached answers are stale. A multiplexer that
  /// `multiplex-generate` generates for an `@objc` protocol calls this method itself when that happens.
  ///
  /// Each slot that still holds this multiplexer, of an owner that is alive, is set to `nil` and then to the
  /// multiplexer again: a setter that ignores an assignment of the delegate it already has still sees a change
  /// (the technique of RxCocoa's `DelegateProxy`). Slots that someone else took over since, and owners that are
  /// gone, are left alone. The assignments run on the calling thread: call it where the owners may be used.
  ///
  /// - Returns: The number of slots assigned again.
  /// - Complexity: O(*k*) slot assignments, where *k* is the number of slots this multiplexer is installed in,
  ///   plus a look-up in the installation table for each.
  @discardableResult
  public func reassignDelegateSlots() -> Int {
    _InstalledMultiplexers.shared.reassign(self)
  }

  /// Removes the multiplexer installed on `owner` and puts the primary back in the slot.
  ///
  /// If the slot no longer holds the multiplexer (someone assigned it directly), the slot is left alone. The
  /// multiplexer's secondaries stop receiving calls from this owner. Uninstalling when nothing is installed does
  /// nothing.
  ///
  /// - Complexity: O(1) amortized.
  public static func uninstall<Owner: AnyObject>(
    from owner: Owner,
    delegate slot: ReferenceWritableKeyPath<Owner, Delegate?>
  ) {
    guard let multiplexer = _InstalledMultiplexers.shared.remove(for: owner, slot: slot) as? Self else { return }
    if _isSameObject(owner[keyPath: slot], multiplexer) {
      owner[keyPath: slot] = multiplexer.multiplexer.primary
    }
  }
}

/// Whether `value` holds exactly `object`.
private func _isSameObject<Value>(_ value: Value?, _ object: AnyObject) -> Bool {
  guard let value else { return false }
  let boxed = value as Any
  guard type(of: boxed) is AnyObject.Type else { return false }
  return (boxed as AnyObject) === object
}
