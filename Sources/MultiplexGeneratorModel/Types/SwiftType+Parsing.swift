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

extension StringProtocol {
  /// Whether `other` occurs in the text. The standard library's `contains(_:)` and `firstRange(of:)` for a string
  /// argument need macOS 13 (iOS 16), above the package's floor, and the generator's modules import no Foundation;
  /// the model and the generator use these instead.
  ///
  /// - Complexity: O(*n* × *m*), for the short texts the generator handles.
  package func containsText(_ other: some StringProtocol) -> Bool {
    rangeOfText(other) != nil
  }

  /// The range of the first occurrence of `other` in the text (see ``containsText(_:)``).
  ///
  /// - Complexity: O(*n* × *m*).
  package func rangeOfText(_ other: some StringProtocol) -> Range<Index>? {
    var index = startIndex
    while true {
      var position = index
      var matched = true
      for character in other {
        guard position < endIndex, self[position] == character else {
          matched = false
          break
        }
        position = self.index(after: position)
      }
      if matched { return index..<position }
      guard index < endIndex else { return nil }
      index = self.index(after: index)
    }
  }

  /// The text without leading and trailing whitespace and newlines.
  func trimmingWhitespace() -> SubSequence {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
