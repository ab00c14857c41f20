extension SwiftType {
  // MARK: Specifiers and attributes

  /// Whether the type carries the specifier `keyword` (`borrowing`, `consuming`, `sending`, `inout`) at its top:
  /// `sending T` has `sending`, `[sending T]` does not.
  package func hasSpecifier(_ keyword: String) -> Bool {
    guard case .attributed(let specifiers, _, _) = self else { return false }
    return specifiers.contains { Self.specifierKeyword($0) == keyword }
  }

  /// Whether the type carries the attribute `name` (`autoclosure`, `escaping`) at its top, matched without a
  /// module qualifier: `@Module.GlobalActor () -> Void` has `GlobalActor`.
  package func hasAttribute(_ name: String) -> Bool {
    guard case .attributed(_, let attributes, _) = self else { return false }
    return attributes.contains { $0.baseName == name }
  }

  /// The type without the specifier `keyword` at its top: `sending T` → `T`, `sending @Sendable () -> Void` →
  /// `@Sendable () -> Void`.
  package func removingSpecifier(_ keyword: String) -> SwiftType {
    guard case .attributed(let specifiers, let attributes, let base) = self else { return self }
    let kept = specifiers.filter { Self.specifierKeyword($0) != keyword }
    guard kept.count != specifiers.count else { return self }
    return kept.isEmpty && attributes.isEmpty ? base : .attributed(specifiers: kept, attributes: attributes, base: base)
  }

  /// The type with the specifier `old` at its top spelled `new`: `borrowing T` → `__shared T`.
  package func replacingSpecifier(_ old: String, with new: String) -> SwiftType {
    guard case .attributed(let specifiers, let attributes, let base) = self else { return self }
    let replaced = specifiers.map { $0 == old ? new : $0 }
    return .attributed(specifiers: replaced, attributes: attributes, base: base)
  }

  /// The type without the attribute `name` (matched as in ``hasAttribute(_:)``) at its top: `@escaping () -> Void`
  /// → `() -> Void`.
  package func removingAttribute(_ name: String) -> SwiftType {
    guard case .attributed(let specifiers, let attributes, let base) = self else { return self }
    let kept = attributes.filter { $0.baseName != name }
    guard kept.count != attributes.count else { return self }
    return kept.isEmpty && specifiers.isEmpty ? base : .attributed(specifiers: specifiers, attributes: kept, base: base)
  }

  /// `nonisolated` for `nonisolated(nonsending)`.
  private static func specifierKeyword(_ specifier: String) -> Substring {
    specifier.prefix { $0 != "(" }
  }

  // MARK: Kinds

  /// Whether the type is `Void`: `()`, `Void` or `Swift.Void`.
  package var isVoid: Bool {
    switch self {
    case .tuple(let elements): return elements.isEmpty
    default: return isNamed("Void")
    }
  }

  /// Whether the type is `Never` or `Swift.Never`.
  package var isNever: Bool { isNamed("Never") }

  /// Whether the type is `Bool` or `Swift.Bool`.
  package var isBool: Bool { isNamed("Bool") }

  /// Whether the type is `name` or `Swift.name`, without generic arguments.
  private func isNamed(_ name: String) -> Bool {
    switch self {
    case .named(name, let arguments): return arguments.isEmpty
    case .member(.named("Swift", let base), name, let arguments): return base.isEmpty && arguments.isEmpty
    default: return false
    }
  }

  /// Whether the type is an `Optional` at its top: `T?`, `T!`, `Optional<T>` or `Swift.Optional<T>`.
  package var isOptional: Bool {
    switch self {
    case .optional, .implicitlyUnwrappedOptional: return true
    case .named("Optional", let arguments): return !arguments.isEmpty
    case .member(.named("Swift", let base), "Optional", let arguments): return base.isEmpty && !arguments.isEmpty
    default: return false
    }
  }

  /// Whether the type is a closure: a function type under any attributes and specifiers, parentheses (a tuple of
  /// one element, labeled or not) and `Optional` (`T?`, `T!`, `Optional<T>`; not `Swift.Optional<T>`):
  /// `(@escaping (Bool) -> Void)?` is one.
  package var isClosure: Bool {
    var base = self
    while true {
      switch base {
      case .attributed(_, _, let inner): base = inner
      case .tuple(let elements) where elements.count == 1: base = elements[0].type
      case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped): base = wrapped
      case .named("Optional", let arguments) where !arguments.isEmpty: base = arguments[0]
      case .function: return true
      default: return false
      }
    }
  }

  /// Whether the type is a function type under one layer of attributes and specifiers, then any parentheses (a
  /// tuple of one element): `@Sendable (Int) -> Void` and `((Int) -> Void)` are, `((Int) -> Void)?` is not.
  ///
  /// Such a parameter type is a non-escaping closure unless it is marked `@escaping`.
  package var isFunctionUnderParentheses: Bool {
    var base = self
    if case .attributed(_, _, let inner) = base { base = inner }
    while case .tuple(let elements) = base, elements.count == 1 { base = elements[0].type }
    if case .function = base { return true }
    return false
  }

  /// Whether `some` appears anywhere in the type: `[some P]`, `(some P) -> Void`.
  package var containsOpaqueType: Bool {
    contains { if case .opaque = $0 { true } else { false } }
  }

  /// Whether `Self` appears anywhere in the type: `Self`, `[Self.Element]`, `(Self) -> Void`.
  package var mentionsSelf: Bool {
    contains { type in
      if case .named("Self", _) = type { return true }
      if case .attributed(_, let attributes, _) = type {
        return attributes.contains { SwiftType(parsing: $0.name).mentionsSelf }
      }
      return false
    }
  }

  /// Every name the type spells, in source order: names, member names (not `Type` and `Protocol` of a
  /// metatype), tuple labels and attribute names: `Outer`, `Inner`, `Int` and `escaping` in
  /// `@escaping (Outer.Inner) -> Int`.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package var identifiers: [String] {
    var names: [String] = []
    func visit(_ type: SwiftType) {
      switch type {
      case .named(let name, _):
        names.append(name)
        type.children.forEach(visit)
      case .unparsed(let text):
        // Text the parser did not understand still names what its identifiers name.
        names.append(contentsOf: (TypeToken.tokenize(text) ?? []).filter { $0.kind == .identifier }.map(\.text))
      case .member(let base, let name, let arguments):
        visit(base)
        names.append(name)
        arguments.forEach(visit)
      case .attributed(_, let attributes, let base):
        for attribute in attributes { names.append(contentsOf: attribute.name.split(separator: ".").map(String.init)) }
        visit(base)
      case .tuple(let elements):
        for element in elements {
          names.append(contentsOf: [element.firstName, element.secondName].compactMap { $0 })
          visit(element.type)
        }
      case .function(let function):
        for parameter in function.parameters {
          names.append(contentsOf: [parameter.firstName, parameter.secondName].compactMap { $0 })
          visit(parameter.type)
        }
        function.thrownType.map(visit)
        visit(function.result)
      default:
        type.children.forEach(visit)
      }
    }
    visit(self)
    return names
  }

  /// The type with a top-level `T!` spelled `T?`: `T!` is allowed only at the top of a signature, so generic
  /// arguments and the combining method spell `T?`.
  package var implicitlyUnwrappedAsOptional: SwiftType {
    guard case .implicitlyUnwrappedOptional(let wrapped) = self else { return self }
    return .optional(wrapped)
  }
}
