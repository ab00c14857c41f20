/// A generic parameter: `T`, `T: Equatable`, `each U`, `T: P & Q`.
package struct GenericParameter: Hashable, Sendable {
  /// `each` for a parameter pack (`let` for a value parameter, `let N: Int`), or `nil`.
  package var specifier: String?
  /// `T`, backticks kept.
  package var name: String
  /// The constraint after the colon (`Equatable` in `T: Equatable`), or `nil`.
  package var inheritedType: SwiftType?

  /// A generic parameter: `GenericParameter("T", inheritedType: .named("Equatable"))` is `T: Equatable`.
  package init(specifier: String? = nil, _ name: String, inheritedType: SwiftType? = nil) {
    self.specifier = specifier
    self.name = name
    self.inheritedType = inheritedType
  }

  /// Whether the parameter is a pack: `each T`.
  package var isPack: Bool { specifier == "each" }

  /// The parameters of a generic parameter clause: `<T: Equatable, each U>`, with or without the angle
  /// brackets. An item the parser does not understand is kept whole as the ``name`` of a parameter: no text is
  /// dropped. An empty clause (`""`, `<>`) has none.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func parseClause(_ text: String) -> [GenericParameter] {
    guard var tokens = TypeToken.tokenize(text) else { return [GenericParameter(String(text.trimmingWhitespace()))] }
    if tokens.first?.text == "<" && tokens.last?.text == ">" && tokens.count >= 2 {
      tokens = Array(tokens.dropFirst().dropLast())
    }
    return TypeParser.parseList(
      tokens,
      parse: { parser throws(TypeParser.Failure) in try parser.parseParameter() },
      fallback: { GenericParameter($0) }
    )
  }

  /// `<T: Equatable, each U>`, or nothing for no parameters.
  package static func clause(_ parameters: [GenericParameter]) -> String {
    parameters.isEmpty ? "" : "<" + parameters.map(\.description).joined(separator: ", ") + ">"
  }

  /// The names the parameter's constraint refers to (`P` and `Q` in `T: P & Q`; not `T`).
  package var references: TypeReferences {
    TypeReferences(inheritedType.map { [$0] } ?? [])
  }

  /// The parameter with its constraint rewritten by `transform` (see ``SwiftType/rewritten(_:)``).
  package func rewritingTypes(_ transform: (SwiftType) -> SwiftType) -> GenericParameter {
    var copy = self
    copy.inheritedType = inheritedType.map(transform)
    return copy
  }
}

extension GenericParameter: CustomStringConvertible {
  /// `each T`, `T: P & Q`.
  package var description: String {
    (specifier.map { $0 + " " } ?? "") + name + (inheritedType.map { ": " + $0.description } ?? "")
  }
}

extension TypeParser {
  /// `T`, `each T`, `T: P`.
  mutating func parseParameter() throws(Failure) -> GenericParameter {
    var specifier: String? = nil
    if isWord("each") || isWord("let"), peek(1)?.kind == .identifier {
      specifier = try takeIdentifier()
    }
    var parameter = GenericParameter(specifier: specifier, try takeIdentifier())
    if isPunctuation(":") {
      position += 1
      parameter.inheritedType = try parseType()
    }
    return parameter
  }
}
