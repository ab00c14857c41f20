// Trimming spaces and tabs as Foundation's `trimmingCharacters(in: .whitespaces)` does, without Foundation.

extension StringProtocol {
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

  /// The range of the last occurrence of `marker` (compared scalar by scalar), or `nil`.
  package func lastRange(of marker: String) -> Range<Index>? {
    let scalars = unicodeScalars
    let wanted = marker.unicodeScalars
    guard !wanted.isEmpty else { return nil }
    var index = scalars.endIndex
    while index > scalars.startIndex {
      index = scalars.index(before: index)
      if scalars[index...].starts(with: wanted) { return index..<scalars.index(index, offsetBy: wanted.count) }
    }
    return nil
  }

  /// The range of the first occurrence of `marker` (compared scalar by scalar), or `nil`.
  package func firstRange(of marker: String) -> Range<Index>? {
    let scalars = unicodeScalars
    let wanted = marker.unicodeScalars
    guard !wanted.isEmpty else { return nil }
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if scalars[index...].starts(with: wanted) { return index..<scalars.index(index, offsetBy: wanted.count) }
      index = scalars.index(after: index)
    }
    return nil
  }
}
