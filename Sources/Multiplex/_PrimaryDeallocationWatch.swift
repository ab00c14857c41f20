#if canImport(ObjectiveC)
internal import ObjectiveC
internal import Dispatch
#endif

/// Calls back a generated `@objc` multiplexer when its primary deallocates, so that its senders ask again which
/// messages it responds to.
///
/// An implementation detail of the code `multiplex-generate` generates for `@objc` protocols, public only so that
/// generated code in your module can use it; it may change in any release.
///
/// A generated multiplexer answers `responds(to:)` for a selector its file does not list with whether its primary
/// responds, and hands such a message to the primary (`forwardingTarget(for:)`); the sender caches the answer. The
/// primary is held weakly. Were it to deallocate while the multiplexer stays in the sender's slot, the sender would
/// still send the message, no primary would take it, and the Objective-C runtime would stop the app
/// ("unrecognized selector"). So each time the multiplexer tells a sender *yes* for such a selector, it calls
/// ``watch(_:by:onDeallocation:)`` with the primary: an object associated with the primary
/// (`objc_setAssociatedObject`, released when the primary deallocates, as RxSwift's `deallocated` observes) then
/// schedules `onDeallocation` on the main queue, where the multiplexer refreshes its answers and assigns itself to
/// its slots again (`refreshRespondsToSelector()`), so that the sender asks again and hears *no*.
///
/// What is left: a message the sender sends for such a selector between the primary's deallocation and that block
/// on the main queue (the sender's own code running in that interval, on any thread) is still unrecognized; a
/// multiplexer put in a slot by hand, not with `install(on:delegate:)`, is not assigned again. Without the
/// Objective-C runtime (Linux), no Objective-C message is sent and `watch` does nothing.
@_documentation(visibility: internal)
public enum _PrimaryDeallocationWatch {
  /// Calls `onDeallocation` with `multiplexer`, on the main queue, after `primary` deallocates, if `multiplexer` is
  /// still alive then. Watching the same primary again for the same multiplexer does nothing.
  ///
  /// - Parameters:
  ///   - primary: The multiplexer's primary, which answered for a selector the multiplexer does not list.
  ///   - multiplexer: The multiplexer, held weakly.
  ///   - onDeallocation: Called on the main queue with `multiplexer`.
  /// - Complexity: O(1), plus the Objective-C runtime's look-up of the primary's associated objects.
  public static func watch(
    _ primary: AnyObject,
    by multiplexer: AnyObject,
    onDeallocation: @escaping @Sendable (_ multiplexer: AnyObject) -> Void
  ) {
    #if canImport(ObjectiveC)
    let key = UnsafeRawPointer(Unmanaged.passUnretained(multiplexer).toOpaque())
    if let watcher = objc_getAssociatedObject(primary, key) as? _Watcher, watcher.multiplexer === multiplexer {
      return
    }
    let watcher = _Watcher(multiplexer: multiplexer, onDeallocation: onDeallocation)
    objc_setAssociatedObject(primary, key, watcher, .OBJC_ASSOCIATION_RETAIN)
    #endif
  }
}

#if canImport(ObjectiveC)
/// Released with the primary it is associated with; then calls back its multiplexer on the main queue. A watcher
/// replaced by another (its multiplexer deallocated and another took its address) calls nobody.
private final class _Watcher {
  private let target: _WeakTarget
  private let onDeallocation: @Sendable (AnyObject) -> Void

  /// The multiplexer to call back, if it is alive.
  var multiplexer: AnyObject? { target.object }

  init(multiplexer: AnyObject, onDeallocation: @escaping @Sendable (AnyObject) -> Void) {
    self.target = _WeakTarget(multiplexer)
    self.onDeallocation = onDeallocation
  }

  deinit {
    guard target.object != nil else { return }
    // Not here: the primary is being deallocated, on whatever thread released it, maybe inside the sender.
    let target = self.target
    let onDeallocation = self.onDeallocation
    DispatchQueue.main.async {
      if let multiplexer = target.object { onDeallocation(multiplexer) }
    }
  }
}

/// A weak reference that crosses to the main queue: the multiplexer it names is called there only through the
/// generated callback, which checks its isolation (`MainActor.assumeIsolated`) or is nonisolated and thread-safe.
private final class _WeakTarget: @unchecked Sendable {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
#endif
