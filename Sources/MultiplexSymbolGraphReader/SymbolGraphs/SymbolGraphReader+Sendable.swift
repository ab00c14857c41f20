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

  /// Foundation's classes whose `Sendable` conformance is unavailable (`NS_SWIFT_NONSENDABLE`: the mutable ones,
  /// streams, coders…) though their graph gives them a `conformsTo` edge to `Sendable` (inherited from a `Sendable`
  /// superclass, such as `NSData`'s for `NSMutableData`) or their superclass declares it unavailable (`Stream`, with no
  /// edge): the edge does not say so. Measured on iPhoneOS26.2.sdk at iOS 13: each class of Foundation's graph with
  /// such an edge passed to `func isSendable<T: Sendable>(_: T.Type)`; these 24 of 104 failed. After them, the
  /// superclasses the compiler named in those errors that have no edge (`Stream`…): a subclass of any of them is
  /// not `Sendable` either, whatever edge a graph gives it.
  static let unavailableSendableUSRs: Set<String> = [
    "c:objc(cs)NSDirectoryEnumerator", "c:objc(cs)NSInputStream", "c:objc(cs)NSMessagePort",
    "c:objc(cs)NSComparisonPredicate", "c:objc(cs)NSCompoundPredicate", "c:objc(cs)NSCountedSet",
    "c:objc(cs)NSKeyedArchiver", "c:objc(cs)NSKeyedUnarchiver", "c:objc(cs)NSMachPort", "c:objc(cs)NSMutableArray",
    "c:objc(cs)NSMutableAttributedString", "c:objc(cs)NSMutableCharacterSet", "c:objc(cs)NSMutableData",
    "c:objc(cs)NSMutableDictionary", "c:objc(cs)NSMutableIndexSet", "c:objc(cs)NSMutableOrderedSet",
    "c:objc(cs)NSMutableSet", "c:objc(cs)NSMutableString", "c:objc(cs)NSMutableURLRequest",
    "c:objc(cs)NSPurgeableData", "c:objc(cs)NSSecureUnarchiveFromDataTransformer", "c:objc(cs)NSXPCCoder",
    "c:objc(cs)NSOutputStream", "c:objc(cs)NSUnitConverterLinear",
    // Their superclasses whose conformance is unavailable (no edge in the graph).
    "c:objc(cs)NSStream", "c:objc(cs)NSEnumerator", "c:objc(cs)NSCoder", "c:objc(cs)NSPort",
    "c:objc(cs)NSValueTransformer", "c:objc(cs)NSUnitConverter", "c:objc(cs)NSPredicate",
  ]

  /// Whether the class with USR `usr`, or a superclass of it, is one of ``unavailableSendableUSRs``.
  func inheritsUnavailableSendable(_ usr: String) -> Bool {
    var next: String? = usr
    var seen: Set<String> = []
    while let current = next, seen.insert(current).inserted {
      if Self.unavailableSendableUSRs.contains(current) { return true }
      next = index.relationships(Relationship.inheritsFrom, from: current).first?.target
    }
    return false
  }

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
    if inheritsUnavailableSendable(usr) { return false }
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
