#if canImport(Dispatch)
public import Dispatch
#endif

/// Where an observer receives its calls: a dispatch queue, the main actor, an actor, or a scheduler you write.
///
/// Register an observer with a context when it must be called somewhere other than the thread that dispatches,
/// the way `GCDMulticastDelegate` delivered each call on the delegate's own queue and Chromium's thread-safe
/// observer list notifies each observer on its own sequence:
///
/// ```swift
/// let downloads = Multiplexer<any DownloadDelegate>()
/// downloads.add(progressView, deliveringOn: .mainActor)
/// downloads.add(cache, deliveringOn: .queue(cacheQueue))
///
/// // On the network thread:
/// downloads.post { [received] in $0.download(didReceive: received) }
/// ```
///
/// Such an observer receives the `Void` calls made with ``Multiplexer/post(_:)`` (and the generated forwarders
/// of a `Sendable` `@Multiplexed` protocol whose arguments are `Sendable`) *asynchronously*, on its context, one
/// at a time and in the order they were posted. Calls that cannot wait (those that return a value, `inout`
/// calls, and calls made with ``Multiplexer/notify(_:)-9b4uc``, whose closure cannot leave the caller's thread)
/// skip it, as if it did not implement the requirement. See <doc:ThreadsActorsAndStreams>.
///
/// The order holds whatever the context does with the jobs it is given: each registration has its own queue
/// of calls (a mailbox) and hands the context one job at a time, which runs the calls in order. So a concurrent
/// `DispatchQueue`, or a context that runs jobs in any order, still delivers one call at a time, in order.
public struct DeliveryContext: Sendable {
  /// What the context is made of, in one object: a registration keeps the context as one reference (shared by
  /// every registration made with the same value) until its first call is posted (see ``_DeliveryEntry``).
  let _scheduler: _DeliveryScheduler

  /// Runs a job in the context, later.
  var _schedule: @Sendable (_ job: @escaping @Sendable () -> Void) -> Void { _scheduler.schedule }

  /// The actor of an ``actor(_:)`` context, so that a registration of that very actor can hold it weakly.
  var _actor: (any Actor)? { _scheduler.actor }

  /// What the context is, for `debugDescription`: `queue "label"`, `main actor`, `actor Cache`, `custom scheduler`.
  var _name: String { _scheduler.name }

  /// The context `scheduler` describes.
  init(_ scheduler: _DeliveryScheduler) {
    _scheduler = scheduler
  }

  /// Creates a context that runs each job with `schedule`.
  ///
  /// `schedule` must arrange for the job to run exactly once, eventually, without running it synchronously
  /// inside `schedule` (the dispatch that posts the call would otherwise run the observer on its own thread).
  /// It may be called from any thread. Use it for a run loop, an event loop, or a test scheduler that runs jobs
  /// when the test says so:
  ///
  /// ```swift
  /// let loop = EventLoop()
  /// multiplexer.add(connectionObserver, deliveringOn: DeliveryContext { job in loop.execute(job) })
  /// ```
  ///
  /// - Parameter schedule: Runs `job` later, in the context.
  public init(schedule: @escaping @Sendable (_ job: @escaping @Sendable () -> Void) -> Void) {
    self.init(actor: nil, name: "custom scheduler", schedule: schedule)
  }

  init(
    actor: (any Actor)?,
    name: String,
    schedule: @escaping @Sendable (_ job: @escaping @Sendable () -> Void) -> Void
  ) {
    _scheduler = _DeliveryScheduler(actor: actor, name: name, schedule: schedule)
  }

  /// The main actor: calls run isolated to `MainActor` (on Apple platforms, the main thread; on Linux, wherever
  /// the main actor's executor runs its jobs).
  ///
  /// Each batch of calls runs in a task on the main actor, so they are delivered only while the main actor runs
  /// jobs (an app's run loop, `dispatchMain()`, or an `async` main function). An observer whose methods are
  /// `nonisolated` (as a `Sendable` protocol requires) can use `MainActor.assumeIsolated` inside them.
  public static var mainActor: DeliveryContext { _mainActor }

  /// The one ``mainActor`` context, so that registrations on it share it.
  private static let _mainActor = DeliveryContext(actor: nil, name: "main actor") { job in
    Task { @MainActor in job() }
  }

  /// An actor: calls run isolated to `actor`, on its executor (its serial executor, if it has a custom one).
  ///
  /// An observer whose methods are `nonisolated` can use `actor.assumeIsolated` inside them.
  ///
  /// The context holds the actor, so the actor lives as long as the registration, even when nothing else refers
  /// to it (`.actor(WorkerActor())` is fine). One exception: an actor registered on its own context, which is
  /// held as the registration says (weakly by default), so that the context does not keep it alive.
  ///
  /// - Parameter actor: The actor to run the calls on.
  public static func actor(_ actor: some Actor) -> DeliveryContext {
    DeliveryContext(actor: actor, name: "actor \(type(of: actor))") { job in
      Task { await _run(job, isolatedTo: actor) }
    }
  }

  /// The context a registration of `object` keeps: this one, except that an ``actor(_:)`` context registering
  /// its own actor refers to it weakly. Once that actor is gone, so is the observer, and its queued calls are
  /// dropped; the job that finds it gone runs in a plain task.
  @usableFromInline
  func _forRegistration(of object: AnyObject) -> DeliveryContext {
    guard let actor = _actor, actor === object else { return self }
    return DeliveryContext(actor: nil, name: _name) { [weak actor] job in
      guard let actor else {
        Task { job() }
        return
      }
      Task { await _run(job, isolatedTo: actor) }
    }
  }

  #if canImport(Dispatch)
  /// A dispatch queue: calls run as `queue.async` blocks.
  ///
  /// A serial queue runs them one after the other; on a concurrent queue they are still delivered one at a
  /// time, in order, for each observer (see the type's discussion).
  ///
  /// - Parameter queue: The queue to run the calls on. The context holds it strongly.
  public static func queue(_ queue: DispatchQueue) -> DeliveryContext {
    DeliveryContext(actor: nil, name: "queue \"\(queue.label)\"") { job in
      queue.async(execute: job)
    }
  }
  #endif
}

/// Runs `job` isolated to `actor`.
private func _run(_ job: @Sendable () -> Void, isolatedTo actor: isolated any Actor) {
  job()
}
