import MultiplexModel

/// The event stream of a nonisolated `Sendable` `@objc` protocol (Foundation's `URLSessionTaskDelegate`): its sender
/// calls on a queue of its own, and the events are read wherever the consuming task runs, so they cross isolation
/// boundaries. The compiler checks that crossing: `Event` is declared `Sendable` (a checked conformance: every case's
/// values must be `Sendable`), the tap is `Sendable` as the protocol requires (a final `NSObject` subclass whose
/// stored properties, the continuation and the kinds, are immutable and `Sendable`), and it yields with
/// `AsyncStream.Continuation.yield(_:)` itself, not `_yieldEvent`, whose `nonisolated(unsafe)` would hide the
/// crossing.
///
/// A requirement has a case only when every argument's type is `Sendable` as far as the symbol graphs tell
/// (``SwiftType/isSendable(given:)`` with ``ProtocolModel/ExternalOrigin/sendableTypes``); the others are listed in
/// `Event`'s documentation. Without that knowledge (a protocol given as text), the protocol gets no stream.
extension Generator {
  /// Whether the `@objc` protocol's event stream is `Sendable`: the protocol is `Sendable` and not isolated.
  var hasSendableEvents: Bool { model.isSendable && model.isolation == nil }

  /// The argument types of `requirement` that are not known to be `Sendable`, as stored in an event, in order;
  /// empty when every argument is (see ``SwiftType/isSendable(given:)``). Every type is not known when the model
  /// says nothing about `Sendable` types.
  func nonSendableArgumentTypes(_ requirement: Requirement) -> [String] {
    let sendableTypes = model.external?.sendableTypes ?? []
    let closureAliases = Set(model.typeAliases.values.filter(\.isFunctionType).map(\.name))
    return requirement.arguments.compactMap { argument in
      let stored = argument.type.eventPayloadType(isVariadic: argument.isVariadic, closureAliases: closureAliases)
      guard let stored else { return argument.type.description }
      return stored.isSendable(given: sendableTypes) ? nil : stored.description
    }
  }

  /// The documentation paragraph of a `Sendable` `Event`: why it is `Sendable`, and which `Void` requirements
  /// have no case because an argument is not known to be `Sendable` (`left`, with those types).
  func sendableEventNote(leftOut left: [(requirement: Requirement, types: [String])]) -> String {
    var note =
      "\n///\n/// `Sendable`, so the stream can be read anywhere: the protocol is not isolated, so its sender calls on a"
      + "\n/// queue of its own, and the compiler checks that every case carries only `Sendable` values."
    guard !left.isEmpty else { return note }
    let list = left.map { entry in
      "`\(entry.requirement.displayName)` (`\(entry.types.joined(separator: "`, `"))`)"
    }
    note +=
      " No case, as an\n/// argument's type is not known to be `Sendable` (the symbol graph says no conformance): "
      + list.joined(separator: ", ") + "."
    return note
  }
}
