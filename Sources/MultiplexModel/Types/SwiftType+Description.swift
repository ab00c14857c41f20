extension SwiftType: CustomStringConvertible {
  /// The type as swift-format writes it: `[String: Int]`, `(Int) -> Void`, `A & B`, `@escaping (Int) -> Void`,
  /// `inout T`, `repeat each T`. ``init(parsing:)`` reads it back to an equal value.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package var description: String {
    switch self {
    case .named(let name, let arguments):
      return name + Self.argumentClause(arguments)
    case .member(let base, let name, let arguments):
      return base.description + "." + name + Self.argumentClause(arguments)
    case .optional(let wrapped):
      return wrapped.description + "?"
    case .implicitlyUnwrappedOptional(let wrapped):
      return wrapped.description + "!"
    case .array(let element):
      return "[" + element.description + "]"
    case .dictionary(let key, let value):
      return "[" + key.description + ": " + value.description + "]"
    case .tuple(let elements):
      return "(" + elements.map(\.description).joined(separator: ", ") + ")"
    case .function(let function):
      return function.description
    case .attributed(let specifiers, let attributes, let base):
      return (specifiers + attributes.map(\.description) + [base.description]).joined(separator: " ")
    case .opaque(let constraint):
      return "some " + constraint.description
    case .existential(let constraint):
      return "any " + constraint.description
    case .composition(let elements):
      return elements.map(\.description).joined(separator: " & ")
    case .metatype(let base):
      return base.description + ".Type"
    case .protocolMetatype(let base):
      return base.description + ".Protocol"
    case .packExpansion(let pattern):
      return "repeat " + pattern.description
    case .packElement(let pack):
      return "each " + pack.description
    case .suppressed(let type):
      return "~" + type.description
    case .unparsed(let text):
      return text
    }
  }

  /// `<A, B>`, or nothing.
  private static func argumentClause(_ arguments: [SwiftType]) -> String {
    arguments.isEmpty ? "" : "<" + arguments.map(\.description).joined(separator: ", ") + ">"
  }
}
