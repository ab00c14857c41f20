/// A requirement of a `where` clause: `T: Equatable`, `T.Element == Int`, `T: _Trivial`.
package enum GenericRequirement: Hashable, Sendable {
  /// `T: P`, also `T: AnyObject` (a conformance in Swift's grammar).
  case conformance(SwiftType, SwiftType)
  /// `T.Element == Int`.
  case sameType(SwiftType, SwiftType)
  /// A layout constraint: `T: _Trivial`, `T: _TrivialAtMost(64)` (the constraint as written).
  case layout(SwiftType, String)
  /// A requirement the parser did not understand, kept as written.
  case unparsed(String)

  /// The requirements of a `where` clause: `where T: P, T.Element == Int`, with or without `where`. An item the
  /// parser does not understand is kept as ``unparsed(_:)``. An empty clause has none.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func parseClause(_ text: String) -> [GenericRequirement] {
    guard var tokens = TypeToken.tokenize(text) else { return [.unparsed(String(text.trimmingWhitespace()))] }
    if tokens.first?.kind == .identifier && tokens.first?.text == "where" { tokens.removeFirst() }
    return TypeParser.parseList(
      tokens,
      parse: { parser throws(TypeParser.Failure) in try parser.parseRequirement() },
      fallback: { .unparsed($0) }
    )
  }

  /// One requirement: `T.Element == Int`; ``unparsed(_:)`` for anything else.
  package init(parsing text: String) {
    let requirements = Self.parseClause(text)
    self = requirements.count == 1 ? requirements[0] : .unparsed(String(text.trimmingWhitespace()))
  }

  /// ` where T: P, T.Element == Int` (with its leading space), or nothing for no requirements.
  package static func clause(_ requirements: [GenericRequirement]) -> String {
    requirements.isEmpty ? "" : " where " + requirements.map(\.description).joined(separator: ", ")
  }

  /// The types the requirement relates, in order.
  package var types: [SwiftType] {
    switch self {
    case .conformance(let left, let right), .sameType(let left, let right): return [left, right]
    case .layout(let type, _): return [type]
    case .unparsed(let text): return [.unparsed(text)]
    }
  }

  /// The names the requirement refers to: `T` and `Int` in `T.Element == Int`.
  package var references: TypeReferences { TypeReferences(types) }

  /// The requirement with its types rewritten by `transform`: `T.Element == Int` →
  /// `Element == Int` for a ``SwiftType/substitutingMemberPaths(_:)``.
  package func rewritingTypes(_ transform: (SwiftType) -> SwiftType) -> GenericRequirement {
    switch self {
    case .conformance(let left, let right): return .conformance(transform(left), transform(right))
    case .sameType(let left, let right): return .sameType(transform(left), transform(right))
    case .layout(let type, let constraint): return .layout(transform(type), constraint)
    case .unparsed: return self
    }
  }
}

extension GenericRequirement: CustomStringConvertible {
  /// `T: P`, `T.Element == Int`, `T: _Trivial`.
  package var description: String {
    switch self {
    case .conformance(let left, let right): return left.description + ": " + right.description
    case .sameType(let left, let right): return left.description + " == " + right.description
    case .layout(let type, let constraint): return type.description + ": " + constraint
    case .unparsed(let text): return text
    }
  }
}

extension TypeParser {
  /// `T: P`, `T == U`, `T: _Trivial`.
  mutating func parseRequirement() throws(Failure) -> GenericRequirement {
    let left = try parseType()
    if isPunctuation("==") {
      position += 1
      return .sameType(left, try parseType())
    }
    try expect(":")
    if let token = peek(), token.kind == .identifier, Self.layoutConstraints.contains(token.text) {
      let start = position
      position += 1
      if isPunctuation("("), peek()?.isSpaced == false {
        while !isAtEnd && !isPunctuation(")") { position += 1 }
        try expect(")")
      }
      return .layout(left, Self.canonicalText(Array(tokens[start..<position])))
    }
    return .conformance(left, try parseType())
  }
}
