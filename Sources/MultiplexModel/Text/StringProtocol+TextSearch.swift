// Text search and trimming for the model, the generator and `multiplex-generate`, which import no Foundation: the
// standard library's `contains(_:)` and `firstRange(of:)` for a string argument need macOS 13 (iOS 16), above the
// package's floor.

extension StringProtocol {
  /// Whether `other` occurs in the text, compared character by character.
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

  /// The range of the last occurrence of `other` in the text (see ``containsText(_:)``).
  ///
  /// - Complexity: O(*n* × *m*).
  package func lastRangeOfText(_ other: some StringProtocol) -> Range<Index>? {
    var index = endIndex
    while true {
      if self[index...].starts(with: other) { return index..<self.index(index, offsetBy: other.count) }
      guard index > startIndex else { return nil }
      index = self.index(before: index)
    }
  }

  /// The text without the tabs, space separators (Unicode's `Zs`: the space, the no-break space…) and zero-width
  /// spaces at either end; line breaks stay. The same scalars as Foundation's `trimmingCharacters(in:
  /// .whitespaces)` (whose set still has U+200B, a space separator before Unicode 4.0.1).
  package func trimmingSpacesAndTabs() -> String {
    let scalars = String(self).unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end && Self.isSpaceOrTab(scalars[start]) { start = scalars.index(after: start) }
    while end > start && Self.isSpaceOrTab(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
    return String(scalars[start..<end])
  }

  private static func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
  }

  /// The text without leading and trailing whitespace and newlines.
  func trimmingWhitespace() -> SubSequence {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
