extension SwiftType {
  /// The type an `Event` case stores for a parameter of this type, or `nil` when its value cannot be stored: a
  /// closure that is not `@escaping` (a function type under one layer of attributes and any parentheses, or a
  /// name in `closureAliases`), an `@autoclosure`, an `inout`, `borrowing`, `consuming`, `isolated`, `__shared` or
  /// `__owned` parameter (its type may be noncopyable), a variadic one, a parameter pack, or an opaque `some`
  /// type. `sending` and `@escaping` are dropped: `sending @escaping (Int) -> Void` stores `(Int) -> Void`.
  ///
  /// - Parameters:
  ///   - isVariadic: Whether the parameter is variadic (`Int...`).
  ///   - closureAliases: The names of the protocol's type aliases for closure types (``TypeAlias/isFunctionType``),
  ///     matched against every name the type spells (``identifiers``).
  package func eventPayloadType(isVariadic: Bool = false, closureAliases: Set<String> = []) -> SwiftType? {
    if isVariadic { return nil }
    if case .packExpansion = self { return nil }
    for keyword in ["inout", "borrowing", "consuming", "isolated", "__shared", "__owned"] where hasSpecifier(keyword) {
      return nil
    }
    if hasAttribute("autoclosure") { return nil }
    let isEscaping = hasAttribute("escaping")
    let stored = removingSpecifier("sending").removingAttribute("escaping")
    if stored.isFunctionUnderParentheses && !isEscaping { return nil }
    if stored.containsOpaqueType { return nil }
    if !isEscaping && stored.identifiers.contains(where: closureAliases.contains) { return nil }
    return stored
  }
}

extension SwiftType {
  /// Whether a value of this type is `Sendable` as far as `sendableTypes` tells: every type it names is in
  /// `sendableTypes`, by its path as spelled (`URLSessionWebSocketTask.CloseCode`, `Int64`, `Error`), and it is
  /// built of what is `Sendable` when its parts are: optionals, arrays, dictionaries, tuples, generic arguments,
  /// `any P` and compositions (`any Error & Sendable`: one part that is `Sendable` is enough). Anything else is not
  /// known to be: a function type (even `@Sendable`: a closure is no event payload), a metatype, an opaque or
  /// unparsed type, a name that is not in the set.
  ///
  /// A `false` is "not known", never "known not to be": the generated code only declares `Sendable` what this
  /// answers `true` for, and the compiler checks that declaration.
  ///
  /// - Parameter sendableTypes: The paths of the named types known to conform to `Sendable` (the symbol graph
  ///   reader's ``ProtocolModel/ExternalOrigin/sendableTypes``).
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package func isSendable(given sendableTypes: Set<String>) -> Bool {
    switch self {
    case .named(let name, let arguments):
      return sendableTypes.contains(name) && arguments.allSatisfy { $0.isSendable(given: sendableTypes) }
    case .member(_, _, let arguments):
      guard let path = memberPath else { return false }
      return sendableTypes.contains(path) && arguments.allSatisfy { $0.isSendable(given: sendableTypes) }
    case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped), .array(let wrapped):
      return wrapped.isSendable(given: sendableTypes)
    case .dictionary(let key, let value):
      return key.isSendable(given: sendableTypes) && value.isSendable(given: sendableTypes)
    case .tuple(let elements):
      return elements.allSatisfy { !$0.isVariadic && $0.type.isSendable(given: sendableTypes) }
    case .existential(let base):
      return base.isSendable(given: sendableTypes)
    case .composition(let parts):
      return parts.contains { $0.isSendable(given: sendableTypes) }
    case .attributed(let specifiers, let attributes, let base):
      // `sending T` is a `T`; an attribute on a type that is not a function (`@MainActor`) is not known.
      guard specifiers.allSatisfy({ $0 == "sending" }), attributes.isEmpty else { return false }
      return base.isSendable(given: sendableTypes)
    case .function, .opaque, .metatype, .protocolMetatype, .packExpansion, .packElement, .suppressed, .unparsed:
      return false
    }
  }

  /// `Outer.Inner` for a member type whose bases have no generic arguments (`URLSessionWebSocketTask.CloseCode`);
  /// `nil` otherwise.
  private var memberPath: String? {
    switch self {
    case .named(let name, let arguments): return arguments.isEmpty ? name : nil
    case .member(let base, let name, _): return base.memberPath.map { $0 + "." + name }
    default: return nil
    }
  }
}
