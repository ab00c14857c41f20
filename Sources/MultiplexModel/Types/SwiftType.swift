/// A Swift type as a protocol requirement spells it, without swift-syntax: `[String: Int]`, `(Int) -> Void`,
/// `@escaping @Sendable (Data) async throws -> sending Result`, `some Collection<Int>`, `repeat each T`.
///
/// Make one from text with ``init(parsing:)``; ``description`` prints it back the way swift-format writes it. Text
/// the parser does not understand is kept verbatim in ``unparsed(_:)``: nothing is dropped.
///
/// Parentheses are explicit: `(Int)` is a ``tuple(_:)`` of one unlabeled element, as in swift-syntax, so a type
/// prints with exactly the parentheses it was read with. ``parenthesized`` adds them where a substituted type
/// could bind differently.
///
/// Identifiers keep their backticks (`` `Type` ``), as swift-syntax's token text does.
///
/// ```swift
/// let type = SwiftType(parsing: "Swift.Optional<[Key : Value]>")
/// type.description  // "Swift.Optional<[Key: Value]>"
/// type.isOptional  // true
/// ```
package indirect enum SwiftType: Hashable, Sendable {
  /// A name with optional generic arguments: `Int`, `T`, `Self`, `Any`, `Array<Int>`. An empty `arguments`
  /// means no argument clause.
  case named(String, arguments: [SwiftType] = [])
  /// A member type: `Outer.Inner<Int>` is `.member(base: .named("Outer"), name: "Inner", arguments: [Int])`.
  case member(base: SwiftType, name: String, arguments: [SwiftType] = [])
  /// `Wrapped?`.
  case optional(SwiftType)
  /// `Wrapped!`.
  case implicitlyUnwrappedOptional(SwiftType)
  /// `[Element]`.
  case array(SwiftType)
  /// `[Key: Value]`.
  case dictionary(key: SwiftType, value: SwiftType)
  /// `()`, `(Int)` (parentheses: one unlabeled element), `(a: Int, String)`.
  case tuple([TupleTypeElement])
  /// `(Int, _ x: String) async throws(E) -> R`.
  case function(FunctionType)
  /// A type with specifiers and attributes: `inout T`, `sending T`, `@escaping @Sendable () -> Void`,
  /// `@convention(c) (Int32) -> Int32`. Specifiers print first, then attributes.
  case attributed(specifiers: [String], attributes: [TypeAttribute], base: SwiftType)
  /// `some P`.
  case opaque(SwiftType)
  /// `any P`.
  case existential(SwiftType)
  /// `A & B & C`.
  case composition([SwiftType])
  /// `T.Type`.
  case metatype(SwiftType)
  /// `P.Protocol`.
  case protocolMetatype(SwiftType)
  /// `repeat each T`: the pattern (`each T`, or a type that mentions one) repeated.
  case packExpansion(SwiftType)
  /// `each T`.
  case packElement(SwiftType)
  /// `~Copyable`.
  case suppressed(SwiftType)
  /// Text the parser did not understand, kept as written (trimmed).
  case unparsed(String)
}
