extension SwiftType {
  /// The types directly inside this one, in source order: generic arguments, a member's base, a wrapped type,
  /// tuple elements, a function's parameters, thrown type and result…
  ///
  /// - Complexity: O(*k*), where *k* is the number of children.
  package var children: [SwiftType] {
    switch self {
    case .named(_, let arguments): return arguments
    case .member(let base, _, let arguments): return [base] + arguments
    case .optional(let type), .implicitlyUnwrappedOptional(let type), .array(let type), .opaque(let type),
      .existential(let type), .metatype(let type), .protocolMetatype(let type), .packExpansion(let type),
      .packElement(let type), .suppressed(let type):
      return [type]
    case .dictionary(let key, let value): return [key, value]
    case .tuple(let elements): return elements.map(\.type)
    case .function(let function):
      return function.parameters.map(\.type) + (function.thrownType.map { [$0] } ?? []) + [function.result]
    case .attributed(_, _, let base): return [base]
    case .composition(let elements): return elements
    case .unparsed: return []
    }
  }

  /// Whether this type or any type inside it satisfies `predicate`.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package func contains(where predicate: (SwiftType) -> Bool) -> Bool {
    predicate(self) || children.contains { $0.contains(where: predicate) }
  }

  /// The type rewritten from the top down: where `transform` returns a type, it replaces the node (and is not
  /// visited further); where it returns `nil`, the node's children are rewritten.
  ///
  /// ```swift
  /// SwiftType(parsing: "[T: T?]").rewritten { $0 == .named("T") ? .named("Int") : nil }  // [Int: Int?]
  /// ```
  ///
  /// - Complexity: O(*n*) calls of `transform`, where *n* is the size of the type.
  package func rewritten(_ transform: (SwiftType) -> SwiftType?) -> SwiftType {
    if let replacement = transform(self) { return replacement }
    func inner(_ type: SwiftType) -> SwiftType { type.rewritten(transform) }
    func element(_ element: TupleTypeElement) -> TupleTypeElement {
      var copy = element
      copy.type = inner(element.type)
      return copy
    }
    switch self {
    case .named(let name, let arguments): return .named(name, arguments: arguments.map(inner))
    case .member(let base, let name, let arguments):
      return .member(base: inner(base), name: name, arguments: arguments.map(inner))
    case .optional(let type): return .optional(inner(type))
    case .implicitlyUnwrappedOptional(let type): return .implicitlyUnwrappedOptional(inner(type))
    case .array(let type): return .array(inner(type))
    case .dictionary(let key, let value): return .dictionary(key: inner(key), value: inner(value))
    case .tuple(let elements): return .tuple(elements.map(element))
    case .function(var function):
      function.parameters = function.parameters.map(element)
      function.thrownType = function.thrownType.map(inner)
      function.result = inner(function.result)
      return .function(function)
    case .attributed(let specifiers, let attributes, let base):
      return .attributed(specifiers: specifiers, attributes: attributes, base: inner(base))
    case .opaque(let type): return .opaque(inner(type))
    case .existential(let type): return .existential(inner(type))
    case .composition(let elements): return .composition(elements.map(inner))
    case .metatype(let type): return .metatype(inner(type))
    case .protocolMetatype(let type): return .protocolMetatype(inner(type))
    case .packExpansion(let type): return .packExpansion(inner(type))
    case .packElement(let type): return .packElement(inner(type))
    case .suppressed(let type): return .suppressed(inner(type))
    case .unparsed: return self
    }
  }
}
