/// An ordered, thread-safe list of observers that one delegate call fans out to.
///
/// A sender such as a scroll view has a single `delegate` slot. Put an object built on a `Multiplexer` in that
/// slot and every call reaches any number of observers, in order; calls that return a value have their answers
/// combined. `Observer` is usually the existential of a class-bound delegate protocol, `any ScrollViewDelegate`.
///
/// ```swift
/// let multiplexer = Multiplexer<any ScrollViewDelegate>()
/// multiplexer.add(parallaxHeader)
/// multiplexer.add(scrollIndicator)
///
/// multiplexer.notify { $0.scrollViewDidScroll(scrollView) }
/// let zoomed = multiplexer.combine(default: nil, requirement: .any) { $0.viewForZooming(in: scrollView) }
/// ```
///
/// To put it in a delegate slot, write a small class that conforms to the delegate protocol, keeps a
/// `Multiplexer`, and forwards each requirement in one line (or let `@Multiplexed` generate that class); see
/// <doc:GettingStarted>:
///
/// ```swift
/// final class ScrollViewDelegateMultiplexer: ScrollViewDelegate {
///   let observers = Multiplexer<any ScrollViewDelegate>()
///
///   func scrollViewDidScroll(_ scrollView: ScrollView) {
///     observers.notify { $0.scrollViewDidScroll(scrollView) }
///   }
///   func viewForZooming(in scrollView: ScrollView) -> View? {
///     observers.combine(default: nil) { $0.viewForZooming(in: scrollView) }
///   }
/// }
/// ```
///
/// ### Order
/// Observers are called in registration order. A registration may carry a `priority`: higher priorities are
/// called first, and equal priorities keep registration order. Order is also precedence: by default a combined
/// call returns the *first* responding observer's answer.
///
/// ### Duplicates
/// Adding an observer that is already registered (the same object) changes nothing: it is still called once per
/// event, keeps its place, priority and retention, and the returned token refers to the existing registration.
///
/// ### Lifetime
/// Observers are held weakly unless registered with ``Retention/strong``. A deallocated observer is never called
/// and never counted, and its slot is reclaimed without anyone calling ``remove(_:)``. The multiplexer may be
/// released from inside one of its own calls; the dispatch in progress finishes normally.
///
/// A weak registration holds a native Swift observer by an *unowned* reference rather than a `weak` one, which is
/// faster to call through: an observer that dies while registered is deinitialized as usual, but its memory (the
/// object's own bytes, not what it held) is returned only once its slot was reclaimed and no token (or
/// ``ObservationBlock``) of that registration is kept. The slot is reclaimed by the next dispatch that meets it,
/// whatever the registration's state (also removed, blocked, or with a delivery context that the dispatch does not
/// call), or earlier by a compaction: so a dead observer's memory stays allocated, once its tokens are gone, until
/// the next dispatch that reaches its slot (one that stops at the first answer, such as a first-responder call, may
/// not; a multiplexer nobody calls reclaims nothing). On Apple platforms an Objective-C observer (of an `NSObject`
/// subclass, such as a view controller, or an `NSProxy`) has no such count: its registration holds a `weak`
/// reference, which the Objective-C runtime clears when the observer deallocates, so nothing of it outlives its
/// deallocation. Which of the two is decided once per registration, from the class in the observer's `isa`.
///
/// ### Mutation during a dispatch
/// Each dispatch calls the observers registered when it started (a snapshot, taken in O(1)). An observer removed
/// during a dispatch, from any thread, is not called later in that dispatch; an observer added during a dispatch
/// is first called by the next dispatch (Boost.Signals2's rule, Chromium's `EXISTING_ONLY`).
///
/// ### Reentrancy
/// No lock is held while an observer runs, so an observer may add, remove, dispatch again on the same
/// multiplexer, or release it.
///
/// ### Threads
/// Every operation may be called from any thread at once. After ``remove(_:)`` (or a token's
/// ``ObservationToken/cancel()``) returns, no dispatch that starts afterwards, on any thread, calls that observer.
/// A call that a dispatch on another thread had already begun may still be running; ``removeAndWait(_:)`` also
/// waits for those. The multiplexer is `Sendable` when `Observer` is.
///
/// ### No observers
/// A `Void` call does nothing. A combined call returns the `default` you pass when no observer responds.
///
/// - Note: `Observer` must be a class type or a class-bound protocol existential. Values of other types cannot be
///   held weakly; adding one is a no-op that returns an inactive token, and debug builds say so once per type on
///   standard error (with a class-bound protocol, the compiler already rejects value types).
///
/// - Precondition: Every observer is a Swift object (or, with Objective-C interoperability, an Objective-C one).
///   A C++ *foreign reference type* (a type imported with `SWIFT_SHARED_REFERENCE` or `SWIFT_IMMORTAL_REFERENCE`)
///   is not: its objects have no Swift reference counts, which both ways of holding a weak registration use (a
///   `weak` reference, or an unowned one and the runtime's conditional retain). As `Observer` itself, such a type is
///   refused like any value that is not a class instance (`add` is a no-op); the compiler cannot refuse one that
///   reaches the multiplexer through a class-bound protocol it conforms to (`Multiplexer<any P>`), and nothing can
///   tell it from a Swift object at run time without reading its memory as one: do not register those.
public final class Multiplexer<Observer> {
  // MARK: The gate (read by dispatches without the lock)

  /// The word of ``_gate``; only accessed through it after `init` (it must stay the first stored property).
  @usableFromInline @exclusivity(unchecked) var _gateStorage: Int

  /// The registrations published to dispatches that enter the gate: `_entries` as it was when the gate last
  /// opened. It keeps that storage alive (dispatches inside do not retain it) and unchanged while a dispatch is
  /// inside; `nil` while the gate is closed and no dispatch is inside. Written under the lock, while no dispatch
  /// is inside.
  @usableFromInline @exclusivity(unchecked) var _published: _EntryStorage<Observer>?

  /// Where the elements of `_published` are, and how many (see ``_DispatchSnapshot``): read without the lock by
  /// the dispatches inside the gate, written with `_published`. Stale while the gate is closed.
  @usableFromInline @exclusivity(unchecked) var _publishedElements: (base: UnsafeRawPointer?, count: Int) = (nil, 0)

  /// Waiting removals in progress: while there is one, the gate stays closed (dispatches that start count in a
  /// generation, which the removal does not wait for), so that the dispatches inside can only drain.
  @exclusivity(unchecked) var _gateHolds = 0

  // MARK: State guarded by `_lock`
  //
  // Performance: `@exclusivity(unchecked)` because `_lock` already serializes every access. Swift otherwise
  // checks each access to a class's stored `var` at run time (`swift_beginAccess`: a thread-local lookup and
  // about 50 instructions), and every dispatch reads `_entries` and `_generation`.

  /// Registrations in call order; removed ones stay (weak ones marked removed, strong ones as tombstones) until
  /// the next compaction.
  @usableFromInline @exclusivity(unchecked) var _entries = _EntryStorage<Observer>()

  /// Registrations by observer identity, for O(1) duplicate checks and removal: their positions in `_entries`.
  @usableFromInline @exclusivity(unchecked) var _index = _RegistrationIndex()

  /// The call-order priorities of the registrations in `_entries`, position by position (a removed one keeps its
  /// own until compaction), run-length encoded (see ``_PriorityRuns``): the one each was registered with, or
  /// `Int.max` for the primary. `nil` while every one is 0, the usual case.
  @usableFromInline @exclusivity(unchecked) var _priorities: _PriorityRuns? = nil

  /// The claims of registrations beyond their first, by registration (entry) identity: one more per `add` of an
  /// observer already registered (each returned a token). Cancelling a token drops its claim, and the
  /// registration ends with the last one (`remove` ends it at once). Empty unless an observer was added twice.
  @usableFromInline @exclusivity(unchecked) var _extraClaims: [ObjectIdentifier: Int] = [:]

  /// Tombstones and known-dead entries in `_entries`.
  @usableFromInline @exclusivity(unchecked) var _garbage = 0

  /// The registration of ``primary``, if one was set (it may have been removed since).
  @usableFromInline @exclusivity(unchecked) var _primaryEntry: _Entry<Observer>?

  /// Strong registrations and registrations with a delivery context retired under the lock: `_mutate` releases
  /// them (and the observer references their storage handed over: see ``_EntryStorage``) and drops their queued
  /// calls after unlocking. The first one waits in `_releasedAfterUnlockFirst`, the
  /// others here, in retirement order. Performance: the usual mutation retires at most one, and an array would
  /// allocate a buffer for it every time (a strong add + remove: 2 mallocs instead of 1).
  @usableFromInline @exclusivity(unchecked) var _releasedAfterUnlock: [_Entry<Observer>] = []

  /// The first registration to release after unlocking (see `_releasedAfterUnlock`).
  @usableFromInline @exclusivity(unchecked) var _releasedAfterUnlockFirst: _Entry<Observer>?

  /// Mailboxes of removed registrations whose drain may still be running a call, by observer identity: a waiting
  /// removal waits for them (the observer may have been removed, or removed and added again, before it was
  /// called). A closed mailbox no longer holds its context or calls, so keeping it here keeps nothing of the
  /// user's alive. Pruned when it doubles.
  @exclusivity(unchecked) var _retiredMailboxes: [_RetiredMailbox<Observer>] = []

  /// The size of `_retiredMailboxes` that triggers the next pruning.
  @exclusivity(unchecked) var _retiredMailboxesPruneThreshold = 8

  /// The generation new synchronous dispatches count themselves in; replaced by each waiting removal.
  @usableFromInline @exclusivity(unchecked) var _generation = _Generation()

  /// Earlier generations that may still have dispatches running.
  @exclusivity(unchecked) var _olderGenerations: [_Generation] = []

  // MARK: Locking

  /// How tokens and blocks reach this multiplexer (see ``_OwnerLink``); it owns the lock.
  @usableFromInline let _link: _OwnerLink

  /// The lock (the link's: tokens take it too).
  @usableFromInline let _lock: _Lock

  /// The gate of dispatches that run without the lock; see ``_DispatchGate``.
  @inlinable @inline(__always)
  var _gate: _DispatchGate { _DispatchGate(.firstStoredProperty(of: self)) }

  /// Where the observers of every dispatch come from, besides the registrations; see ``init(source:)``.
  @usableFromInline let _source: (@Sendable () -> [Observer])?

  /// Creates an empty multiplexer.
  ///
  /// - Complexity: O(1).
  public init() {
    _gateStorage = _DispatchGate.initialValue
    _source = nil
    _link = _OwnerLink()
    _lock = _link.lock
    _link.attach(self)
    _AtomicWord._checkLayout(of: self, storedValue: _DispatchGate.initialValue)
  }

  /// Creates a multiplexer whose observers come from `source`, evaluated at every call.
  ///
  /// This is FSQ's enumerator flavor: the observers live in another structure (children of a view, items of a
  /// model) and the multiplexer asks for them each time it forwards a call, instead of keeping registrations.
  ///
  /// ```swift
  /// let forwarder = Multiplexer<any CellDelegate>(source: { [weak table] in table?.visibleCells ?? [] })
  /// forwarder.notify { $0.tableDidReload() }
  /// ```
  ///
  /// The source is `@Sendable` because dispatches may run on any thread; for observers that live on an actor,
  /// read them there (for example `MainActor.assumeIsolated { container.children }` when every dispatch happens
  /// on the main thread). It is called on the dispatching thread, without any lock held, once per dispatch and once per
  /// ``count``, ``isEmpty``, ``contains(_:)`` and ``observers``. Its observers are called first, in the order it
  /// returns them, followed by any observers registered with ``add(_:retention:priority:)``. The multiplexer
  /// does not retain them beyond the call; changing the source's structure during a call affects the next call
  /// only. ``remove(_:)`` does not affect them: remove an observer from the source instead.
  ///
  /// - Parameter source: Returns the observers to call, in order.
  /// - Complexity: O(1).
  public init(source: @escaping @Sendable () -> [Observer]) {
    _gateStorage = _DispatchGate.initialValue
    _source = source
    _link = _OwnerLink()
    _lock = _link.lock
    _link.attach(self)
    _AtomicWord._checkLayout(of: self, storedValue: _DispatchGate.initialValue)
  }

  deinit {
    // First: from now on tokens find no multiplexer (see `_OwnerLink`). The link destroys the lock when its last
    // holder releases it.
    _link.detach()
    _index.deallocate()
  }
}

extension Multiplexer: @unchecked Sendable where Observer: Sendable {}

/// A removed registration's mailbox, with the identity of its observer.
struct _RetiredMailbox<Observer> {
  let identifier: ObjectIdentifier?
  let mailbox: _Mailbox<Observer>
}
