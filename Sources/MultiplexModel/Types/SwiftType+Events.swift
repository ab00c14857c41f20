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
