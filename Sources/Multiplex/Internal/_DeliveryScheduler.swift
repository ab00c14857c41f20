/// What a ``DeliveryContext`` is made of, in one object, so that a registration keeps its context as one
/// reference, and registrations made with the same context value share it.
@usableFromInline
final class _DeliveryScheduler: Sendable {
  /// Runs a job in the context, later.
  let schedule: @Sendable (_ job: @escaping @Sendable () -> Void) -> Void

  /// The actor of an ``DeliveryContext/actor(_:)`` context, so that a registration of that very actor can hold it
  /// weakly.
  let actor: (any Actor)?

  /// What the context is, for `debugDescription`: `queue "label"`, `main actor`, `actor Cache`, `custom scheduler`.
  let name: String

  init(
    actor: (any Actor)?,
    name: String,
    schedule: @escaping @Sendable (_ job: @escaping @Sendable () -> Void) -> Void
  ) {
    self.schedule = schedule
    self.actor = actor
    self.name = name
  }
}
