extension SwiftType {
  /// The type with member types replaced by names: `C.Element` → `Element` for `["C.Element": "Element"]`.
  ///
  /// A member type whose ``description`` is a key is replaced whole; any other is searched inside, so that
  /// `C.Element.Index` becomes `Element.Index`.
  ///
  /// - Complexity: O(*n*²) in the worst case, where *n* is the size of the type (each member type is printed).
  package func substitutingMemberPaths(_ substitutions: [String: String]) -> SwiftType {
    guard !substitutions.isEmpty else { return self }
    return rewritten { type in
      guard case .member = type, let name = substitutions[type.description] else { return nil }
      return .named(name)
    }
  }

  /// The type with generic parameters replaced by types: `T` → `Int` for `["T": .named("Int")]`.
  ///
  /// Only a name without generic arguments is replaced, also as the root of a member type (`T.Element` →
  /// `Int.Element`); `Element` in it is no generic parameter.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package func substitutingGenericParameters(_ substitutions: [String: SwiftType]) -> SwiftType {
    guard !substitutions.isEmpty else { return self }
    return rewritten { type in
      guard case .named(let name, let arguments) = type, arguments.isEmpty else { return nil }
      return substitutions[name]
    }
  }

  /// The type with a protocol's type aliases named from outside the protocol: `Score` → `Delegate.Score` for
  /// `protocolType` `Delegate`.
  ///
  /// Swift does not let a generic type alias be named through a protocol: `Handler<Int>` (for
  /// `typealias Handler<T> = (T) -> Void`) is spelled out instead, in parentheses: `((Int) -> Void)`. An alias
  /// that refers to itself is spelled out 8 levels deep, then qualified.
  ///
  /// - Complexity: O(*n*) for aliases that are not generic, where *n* is the size of the type.
  package func qualifyingTypeAliases(_ aliases: [String: TypeAlias], protocolType: String) -> SwiftType {
    guard !aliases.isEmpty else { return self }
    return qualifyingTypeAliases(aliases, protocolType: SwiftType(parsing: protocolType), depth: 0)
  }

  private func qualifyingTypeAliases(_ aliases: [String: TypeAlias], protocolType: SwiftType, depth: Int) -> SwiftType {
    rewritten { type in
      guard case .named(let name, let arguments) = type, let alias = aliases[name] else { return nil }
      let qualifiedArguments = arguments.map {
        $0.qualifyingTypeAliases(aliases, protocolType: protocolType, depth: depth)
      }
      let parameters = alias.genericParameters
      guard !parameters.isEmpty, parameters.count == qualifiedArguments.count, depth < 8 else {
        return .member(base: protocolType, name: name, arguments: qualifiedArguments)
      }
      var substitutions: [String: SwiftType] = [:]
      for (parameter, argument) in zip(parameters, qualifiedArguments) {
        substitutions[parameter.name] = argument.parenthesized
      }
      let spelled = alias.type.substitutingGenericParameters(substitutions)
      return spelled.qualifyingTypeAliases(aliases, protocolType: protocolType, depth: depth + 1).parenthesized
    }
  }

  /// The type, in parentheses if it could bind differently where it is substituted: a function type, a
  /// composition, `some`/`any` or an attributed type (`(Int) -> Void` in `T?` must be `((Int) -> Void)?`).
  package var parenthesized: SwiftType {
    switch self {
    case .function, .composition, .opaque, .existential, .attributed: return .tuple([TupleTypeElement(self)])
    default: return self
    }
  }
}
