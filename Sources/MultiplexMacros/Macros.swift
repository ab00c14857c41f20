@_exported public import Multiplex

/// Generates a multiplexer for a class-bound delegate protocol: a class you put in the delegate slot that
/// forwards every call to any number of observers.
///
/// Attach it to the protocol:
///
/// ```swift
/// import MultiplexMacros
///
/// @Multiplexed
/// public protocol ScrollViewDelegate: AnyObject {
///   func scrollViewDidScroll(_ scrollView: ScrollView)
///   func viewForZooming(in scrollView: ScrollView) -> View?
///   @MultiplexedDefault(true)
///   func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
/// }
///
/// let multiplexer = ScrollViewDelegateMultiplexer()
/// scrollView.delegate = multiplexer
/// multiplexer.add(parallaxHeader)
/// multiplexer.add(scrollIndicator)
/// ```
///
/// The generated code would look like:
///
/// ```swift
/// public final class ScrollViewDelegateMultiplexer: ScrollViewDelegate, Multiplex.DelegateMultiplexing {
///   private let _multiplexer: Multiplex.Multiplexer<any ScrollViewDelegate>
///   private let _combiner = Multiplex._LockedWeakReference<any ScrollViewDelegateCombining>()
///   public var combiner: (any ScrollViewDelegateCombining)? { get set }  // held weakly
///
///   public var multiplexer: Multiplex.Multiplexer<any ScrollViewDelegate> { get }  // the runtime API
///   public var asDelegate: any ScrollViewDelegate { get }  // self, for DelegateMultiplexing
///   public init()
///   public init(source: @escaping @Sendable () -> [any ScrollViewDelegate])
///   // add(_:retention:priority:), remove(_:), count, observers…: from DelegateMultiplexing's extension.
///
///   public func scrollViewDidScroll(_ scrollView: ScrollView) {
///     self._multiplexer.notify {
///       $0.scrollViewDidScroll(scrollView)
///     }
///   }
///
///   public func viewForZooming(in scrollView: ScrollView) -> View? {
///     self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
///       $0.scrollViewDelegateMultiplexer(self, combineViewForZoomingIn: &$1, default: $2)
///     } _: {
///       $0.viewForZooming(in: scrollView)
///     }
///   }
///   // scrollViewShouldScrollToTop(_:) likewise, with `default: true`.
/// }
///
/// public protocol ScrollViewDelegateCombining: AnyObject {
///   func scrollViewDelegateMultiplexer(
///     _ multiplexer: ScrollViewDelegateMultiplexer,
///     combineViewForZoomingIn responses: inout Multiplex.Responses<any ScrollViewDelegate, View?>,
///     default defaultValue: View?
///   ) -> View?
///   // …one method per requirement that returns a value, each with a default implementation that returns the
///   // first response's value.
/// }
///
/// extension ScrollViewDelegate {
///   public func scrollViewDidScroll(_ scrollView: ScrollView) {
///   }
///   public func viewForZooming(in scrollView: ScrollView) -> View? {
///     Multiplex.notImplemented(by: self, returning: nil)
///   }
///   public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
///     Multiplex.notImplemented(by: self, returning: true)
///   }
/// }
/// ```
///
/// ### Semantics
///
/// - A requirement that returns nothing reaches every observer in order (`Multiplexer.notify(_:)`); `inout`
///   arguments are chained from one observer to the next.
/// - A requirement that returns a value reaches every observer too. Observers that do not implement it (they get
///   the generated default implementation, which calls `notImplemented(by:returning:)`) do not respond. The result
///   is the first responding observer's answer, or the requirement's default when none responds, unless the
///   multiplexer's `combiner` implements the requirement's combining method.
/// - A requirement that hands over a completion, decision or reply handler is *decided once*: it reaches only the
///   first observer that implements it, so the handler is called once (see ``MultiplexedDecidedOnce()`` for the
///   rule, and ``MultiplexedEveryObserver()`` to opt out). ``MultiplexedCombine(_:)`` chooses a built-in combiner
///   per requirement instead of the first answer.
/// - `throws`: every observer is called and the first error is rethrown; `async`: observers are awaited in order.
/// - Properties and subscripts: the getter combines like a method; the setter reaches every observer.
///
/// ### Defaults
///
/// Requirements returning `Void` or an `Optional` (spelled `T?`, `T!` or `Optional<T>`) get a default
/// implementation, so observers implement only what they need, and the multiplexer answers `nil` when no
/// observer responds. Give any other requirement a default with ``MultiplexedDefault(_:)``; keep a requirement
/// required for observers with ``MultiplexedRequired()``.
///
/// ### Isolation, access and availability
///
/// The generated types have the protocol's access level, global actor (`@MainActor protocol` gives a
/// `@MainActor` multiplexer and combining protocol) and `@available` attributes. The combining protocol refines
/// `Sendable` when the protocol does.
///
/// ### Refinement
///
/// A `@Multiplexed` protocol may refine other `@Multiplexed` protocols (`protocol TransferDelegate:
/// SessionDelegate`): its multiplexer forwards the parents' requirements too, each once, through the
/// `SessionDelegateMultiplexerForwarding` protocol and forwarders that every `@Multiplexed` protocol generates for
/// its refinements. Inherited requirements combine by the default policy; restate one to combine it. A parent that
/// is not `@Multiplexed` is an error on the line that names it ("'SessionDelegate' is not @Multiplexed, so
/// 'TransferDelegate' cannot refine it: …"), with "cannot find type 'SessionDelegateMultiplexerForwarding' in
/// scope" in the expansion.
///
/// ### Restrictions
///
/// Each shape that cannot be forwarded is an error on the offending line, with a fix-it where one exists:
///
/// - The macro on anything but a protocol: "'@Multiplexed' can only be attached to a protocol, not to a
///   struct; write it on the delegate protocol whose calls should reach many observers".
/// - A protocol that is not class-bound: "'@Multiplexed' protocol 'Delegate' must be class-bound, because the
///   multiplexer holds its observers weakly; add ': AnyObject'" (fix-it: add `AnyObject`).
/// - Associated types, `Self` requirements, `static` requirements, initializers, `#if` in the protocol,
///   inherited standard protocols (`NSObjectProtocol`, `Equatable`, …), variadic, `consuming` and `sending` parameters,
///   default arguments, `rethrows`, opaque, `sending` and `Never` results, `@objc`, `optional`, `mutating` and
///   unavailable requirements, `let` properties, `nonisolated` requirements of an isolated protocol, and a value
///   requirement without a default.
///
/// The article "Using @Multiplexed" lists every requirement shape of the grammar with its outcome, and every
/// diagnostic with its exact text.
@attached(peer, names: suffixed(Multiplexer), suffixed(Combining), suffixed(MultiplexerForwarding))
@attached(extension, names: arbitrary)
public macro Multiplexed() = #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedMacro")

/// Gives a requirement of a `@Multiplexed` protocol the value it returns when no observer answers, and makes it
/// optional for observers.
///
/// Write it on a requirement whose result is not an `Optional`, where the multiplexer needs a value for calls
/// no observer answers; on an `Optional` requirement it replaces `nil`:
///
/// ```swift
/// @Multiplexed
/// protocol TableDelegate: AnyObject {
///   @MultiplexedDefault(true)
///   func shouldHighlightRow(at index: Int) -> Bool
///   @MultiplexedDefault(Color.accent)
///   var tint: Color? { get }
/// }
/// ```
///
/// The value is used twice: the multiplexer returns it (and passes it to the combiner) when no observer
/// responds, and the generated default implementation returns it when the requirement is called on an observer
/// that does not implement it (`notImplemented(by: self, returning: true)`). The expression is evaluated at each such call,
/// where the requirement's parameters are visible: use literals and constants that do not share a name with a
/// parameter. Spell the type when it cannot be inferred alone (`CGPoint.zero`, not `.zero`).
///
/// On a requirement that returns `Void`, it is an error: "'@MultiplexedDefault' has no effect on
/// 'didChange()', which returns nothing; remove it" (fix-it: remove it). Outside a `@Multiplexed` protocol:
/// "'@MultiplexedDefault' only has an effect on a requirement of a '@Multiplexed' protocol; add '@Multiplexed' to
/// the protocol or remove '@MultiplexedDefault'".
///
/// - Parameter value: The value of the requirement when no observer answers.
@attached(peer)
public macro MultiplexedDefault<Value>(_ value: Value) =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedDefaultMacro")

/// Keeps a requirement of a `@Multiplexed` protocol required: `@Multiplexed` generates no default
/// implementation for it, so every observer must implement it.
///
/// ```swift
/// @Multiplexed
/// protocol TableDelegate: AnyObject {
///   @MultiplexedRequired
///   func tableDidReload()
///   @MultiplexedRequired @MultiplexedDefault(44)
///   func heightForRow(at index: Int) -> Double
/// }
/// ```
///
/// The multiplexer still needs an answer when it has no observer: a requirement that returns a value other than
/// an `Optional` needs ``MultiplexedDefault(_:)`` too.
@attached(peer)
public macro MultiplexedRequired() = #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedRequiredMacro")

/// Forwards a requirement of a `@Multiplexed` protocol to exactly one observer: the first in call order that
/// implements it (the primary when there is one), so that the handler it carries is called once.
///
/// `@Multiplexed` applies the same rule as `multiplex-generate`: a method that returns nothing, is not `async`
/// and takes a closure labelled or named `handler`, `completion`, `callback` or `reply`, or ending in `Handler`,
/// `Completion`, `Callback` or `Reply`, is decided once already. Write this attribute on one the rule misses:
///
/// ```swift
/// @Multiplexed
/// protocol DownloadDelegate: AnyObject {
///   @MultiplexedDecidedOnce
///   func download(_ download: Download, decide answer: @escaping (Decision) -> Void)
/// }
/// ```
///
/// The generated default implementation marks the call "not implemented", so an observer that does not
/// implement the requirement never takes the decision; when no observer implements it, nothing is called (the
/// handler is not called either). Observers registered with a delivery context and the event stream do not get
/// it. On a property, a subscript, or a method that returns a value or is `async`, it is an error.
@attached(peer)
public macro MultiplexedDecidedOnce() =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedDecidedOnceMacro")

/// Forwards a requirement of a `@Multiplexed` protocol to every observer, although it looks like a completion
/// handler (see ``MultiplexedDecidedOnce()``): for a closure that each observer may call, such as a progress
/// callback.
///
/// ```swift
/// @MultiplexedEveryObserver
/// func download(_ download: Download, progressHandler: @escaping (Double) -> Void)
/// ```
@attached(peer)
public macro MultiplexedEveryObserver() =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedEveryObserverMacro")

/// A built-in combiner of the runtime (`Combiner`), named for ``MultiplexedCombine(_:)``.
public enum MultiplexedCombiner: Sendable {
  /// The first responding observer's answer (the default).
  case first
  /// The last responding observer's answer.
  case last
  /// `true` if at least one responding observer answers `true` (a `Bool` requirement).
  case anyTrue
  /// `true` if every responding observer answers `true` (a `Bool` requirement).
  case allTrue
  /// The first answer that is not `nil` (an `Optional` requirement, or a handler that takes an `Optional`).
  case firstNonNil
  /// Joins the handlers of a requirement that hands over a completion handler without an answer: the sender's
  /// handler runs once, after every observer called its own.
  case join
  /// The union of the answers of a requirement's handler that takes an option set.
  case union

  /// The answer of a requirement's handler that comes first in the order given (an enum): for a fetch result,
  /// `.order(FetchResult.newData, .failed, .noData)`. An answer not listed ranks after every listed value: it is
  /// passed on when no observer answered a listed one. Ties go to the first observer in call order. The last
  /// value is the answer when no observer implements the requirement.
  ///
  /// - Parameters:
  ///   - first: The value that wins over all others, spelled with its type.
  ///   - rest: The values after it, in order.
  /// - Returns: A marker the macro reads; it is never evaluated.
  public static func order<Value: Equatable>(_ first: Value, _ rest: Value...) -> MultiplexedCombiner { .join }
}

/// Chooses how a `@Multiplexed` protocol's multiplexer combines the observers' answers to a requirement that
/// returns a value, instead of the first responding observer's answer; on a requirement that hands over a
/// completion handler, makes it *joined* instead of decided once.
///
/// ```swift
/// @Multiplexed
/// protocol StoreObserver: AnyObject {
///   /// Whether the observer wants events of `kind`: yes if any observer does.
///   @MultiplexedCombine(.anyTrue) @MultiplexedDefault(false)
///   func observes(eventsOfKind kind: EventKind) -> Bool
/// }
/// ```
///
/// Every responding observer is still called. The combiner applies when the multiplexer has no `combiner`, and
/// the generated combining protocol's default implementation of the requirement's method applies it too; a
/// `combiner` that implements the method decides instead. `anyTrue` and `allTrue` need a `Bool` result (spelled
/// `Bool`), `firstNonNil` an `Optional` one; otherwise, or on a requirement that returns nothing, it is an error.
///
/// A *joined* requirement (a method that hands over an escaping completion handler, see
/// ``MultiplexedDecidedOnce()``) reaches every observer that implements it, each with a handler of its own; the
/// sender's handler runs exactly once, after every one of them called its own, with their answers combined:
/// `join` for a handler without an answer, `anyTrue` or `allTrue` for a `Bool`, `firstNonNil` for an `Optional`,
/// `union` for an option set, ``MultiplexedCombiner/order(_:_:)`` for an enum. A second call of an observer's
/// handler, or a call from another thread, changes nothing; an observer that never calls its handler holds the
/// sender's back, as a single delegate that never calls it would. With no observer implementing it, the sender's
/// handler runs once with the answer for none: `false` (`anyTrue`), `true` (`allTrue`), empty (`union`), `nil`,
/// the order's last value.
///
/// ```swift
/// @MultiplexedCombine(.order(FetchResult.newData, .failed, .noData))
/// func didReceive(_ notification: Notification, fetchCompletionHandler: @escaping (FetchResult) -> Void)
/// ```
///
/// - Parameter combiner: The built-in combiner.
@attached(peer)
public macro MultiplexedCombine(_ combiner: MultiplexedCombiner) =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedCombineMacro")

/// Generates the default implementations of a combining protocol generated by `@Multiplexed`. Not for direct use.
///
/// An extension macro can only extend the declaration it is attached to, so `@Multiplexed` attaches this macro
/// to the `…Combining` protocol it generates. Each default implementation returns the first response's value, or
/// the default when no observer responds: the policy of a multiplexer without a combiner.
@attached(extension, names: arbitrary)
public macro _MultiplexedCombining() =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedCombiningMacro")
