extension SwiftType {
  /// Parses `text`, a type as Swift spells it: whitespace, newlines and comments anywhere, backticked names.
  ///
  /// Text that is not one whole type (an empty string, unbalanced brackets, a stray token) becomes
  /// ``unparsed(_:)`` of the trimmed text: parsing never fails and never drops text.
  ///
  /// ```swift
  /// SwiftType(parsing: "[String : Int]")  // .dictionary(key: .named("String"), value: .named("Int"))
  /// SwiftType(parsing: "[Int")  // .unparsed("[Int")
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package init(parsing text: String) {
    let trimmed = String(text.trimmingWhitespace())
    guard let tokens = TypeToken.tokenize(text), !tokens.isEmpty else {
      self = .unparsed(trimmed)
      return
    }
    var parser = TypeParser(tokens)
    guard let type = try? parser.parseType(), parser.isAtEnd else {
      self = .unparsed(trimmed)
      return
    }
    self = type
  }

  /// Whether the parser understood the whole text: no ``unparsed(_:)`` anywhere (integer generic arguments,
  /// `Vector<3, Int>`, are kept as ``unparsed(_:)`` too).
  package var isFullyParsed: Bool {
    !contains { if case .unparsed = $0 { true } else { false } }
  }
}
