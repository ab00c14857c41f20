// Which types a requirement names are `Sendable`: for the `Sendable` event stream of a nonisolated `Sendable`
// `@objc` protocol (`URLSessionTaskDelegate`), whose `Event` may carry only `Sendable` values.

extension SymbolGraphReader {
  /// The USR of the standard library's `Sendable`.
  static let sendableUSR = "s:s8SendableP"

  /// The standard library's types that are `Sendable`, by USR: a graph of another module names them, but does not
  /// say what they conform to (the `Swift` module's graph is not read). Integers, floating-point numbers, `Bool`,
  /// `String`, `Character`, `Error` (which refines `Sendable`) and `Sendable` itself; `Optional`, `Array`, `Set` and
  /// `Dictionary`, which are `Sendable` when their elements are (``SwiftType/isSendable(given:)`` checks those).
  static let standardLibrarySendableUSRs: Set<String> = [
    "s:Si", "s:s4Int8V", "s:s5Int16V", "s:s5Int32V", "s:s5Int64V",
    "s:Su", "s:s5UInt8V", "s:s6UInt16V", "s:s6UInt32V", "s:s6UInt64V",
    "s:Sd", "s:Sf", "s:Sb", "s:SS", "s:SJ",
    "s:s5ErrorP", sendableUSR,
    "s:Sq", "s:Sa", "s:Sh", "s:SD",
  ]

  /// Records in `sendability`, for each type `fragments` name, by its path (`URLSessionWebSocketTask.CloseCode`;
  /// the spelling for a type no loaded graph declares), whether it is known to be `Sendable`
  /// (``isKnownSendable(_:)``). A path that names two types is `Sendable` only if both are.
  func recordSendability(of fragments: [DeclarationFragment], in sendability: inout [String: Bool]) {
    for fragment in fragments where fragment.kind == "typeIdentifier" {
      guard let usr = fragment.preciseIdentifier else {
        sendability[fragment.spelling] = false
        continue
      }
      let path = index.symbol(usr)?.pathComponents.joined(separator: ".") ?? fragment.spelling
      sendability[path] = (sendability[path] ?? true) && isKnownSendable(usr)
    }
  }

  /// Whether the type with USR `usr` is known to be `Sendable`: one of the standard library's
  /// (``standardLibrarySendableUSRs``), or a type of a loaded graph with a `conformsTo` edge to `Sendable`, itself
  /// or through its superclasses (`inheritsFrom`) and the protocols it conforms to (a protocol that refines
  /// `Sendable`). A type of a module whose graphs are not loaded is not known to be.
  ///
  /// The edge is taken as the graph gives it: a conditional conformance (`where Element: Sendable`) counts, since
  /// ``SwiftType/isSendable(given:)`` asks the generic arguments too; a wrong answer makes the generated
  /// `Event: Sendable` fail to compile, never compile unchecked.
  ///
  /// - Complexity: O(*e*) for the *e* `conformsTo` and `inheritsFrom` edges reachable from `usr`.
  func isKnownSendable(_ usr: String) -> Bool {
    var pending = [usr]
    var seen: Set<String> = [usr]
    while let next = pending.popLast() {
      if Self.standardLibrarySendableUSRs.contains(next) { return true }
      let edges =
        index.relationships(Relationship.conformsTo, from: next)
        + index.relationships(Relationship.inheritsFrom, from: next)
      for edge in edges where seen.insert(edge.target).inserted {
        pending.append(edge.target)
      }
    }
    return false
  }
}
