// Suggestions for a protocol name that was not found.

enum NearMatches {
  /// The candidates close to `name`, best first, at most `limit`: those that equal it or share a prefix with it
  /// ignoring case, and those within an edit distance of a quarter of its length (at least 2); ranked by edit
  /// distance (ignoring case), then by name.
  static func of(_ name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let lowered = name.lowercased()
    let maximumDistance = max(2, name.count / 4)
    var scored: [(distance: Int, name: String)] = []
    for candidate in Set(candidates) {
      let other = candidate.lowercased()
      let distance = editDistance(lowered, other)
      let sharesPrefix = other.hasPrefix(lowered) || (other.count >= 3 && lowered.hasPrefix(other))
      if distance <= maximumDistance || sharesPrefix {
        scored.append((distance, candidate))
      }
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
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
