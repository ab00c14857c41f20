/// How a ``Multiplexer`` holds a registered observer.
///
/// Observers are held ``weak`` by default, like the weak hash tables and weak child arrays of the Objective-C
/// multiplexers Multiplex replaces: a delegate's lifetime belongs to whoever created it, and a deallocated
/// observer is skipped and its slot reclaimed without anyone calling ``Multiplexer/remove(_:)``.
///
/// Choose ``strong`` for a small helper object nobody else owns, such as a logger created just to listen:
///
/// ```swift
/// multiplexer.add(ScrollLogger(), retention: .strong)
/// ```
///
/// A strongly held observer lives until it is removed (or its token cancelled) or the multiplexer goes away.
/// Beware of cycles: an observer held strongly that itself holds the multiplexer strongly keeps both alive.
public enum Retention: Hashable, Sendable {
  /// The multiplexer does not keep the observer alive (a `weak` reference to an Objective-C object, an unowned one and
  /// the runtime's conditional retain to a Swift object); the observer's owner decides how long it lives.
  case weak
  /// The multiplexer keeps the observer alive until the registration is removed.
  case strong
}
