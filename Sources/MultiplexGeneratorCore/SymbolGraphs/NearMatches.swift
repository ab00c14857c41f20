// Suggestions for a protocol name that was not found.

enum NearMatches {
  /// The candidates close to `name`, best first, at most `limit`: equal ignoring case, then sharing a prefix
  /// ignoring case (either way), then within an edit distance of a third of the name (at least 2); ties sorted
  /// by name.
  static func of(_ name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let lowered = name.lowercased()
    let maximumDistance = max(2, name.count / 3)
    var scored: [(score: Int, name: String)] = []
    for candidate in Set(candidates) {
      let other = candidate.lowercased()
      if other == lowered {
        scored.append((0, candidate))
      } else if other.hasPrefix(lowered) || (other.count >= 3 && lowered.hasPrefix(other)) {
        scored.append((1, candidate))
      } else {
        let distance = editDistance(lowered, other)
        if distance <= maximumDistance { scored.append((1 + distance, candidate)) }
      }
    }
    return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
  }

  /// The Levenshtein distance between `a` and `b`, in characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
