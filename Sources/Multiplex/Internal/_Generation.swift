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
