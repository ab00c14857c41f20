import MultiplexModel
import Testing

/// Random token soups: parsing never crashes, keeps what it does not understand whole, and what it understands
/// prints to text that reads back to the same value.
@Suite struct SwiftTypeFuzzTests {
  /// SplitMix64, seeded, so that a failure reproduces.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let vocabulary = [
    "Int", "T", "Self", "Any", "_", "`Type`", "Swift", ".", ".", "<", ">", "(", ")", "[", "]", ",", ":", "?", "!", "&",
    "->", "...", "@escaping", "@Sendable", "@convention(c)", "inout", "sending", "some", "any", "each", "repeat",
    "~", "async", "throws", "Type", "Protocol", " ", "\n", "/* c */", "3", "==", "where", "`",
  ]

  @Test func randomInputs() {
    var generator = Generator(state: 25)
    var parsed = 0
    for _ in 0..<5000 {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in Self.vocabulary.randomElement(using: &generator)! }.joined()
      let type = SwiftType(parsing: text)
      if case .unparsed(let kept) = type {
        #expect(kept == String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()), "\(text)")
      } else {
        parsed += 1
        #expect(SwiftType(parsing: type.description) == type, "\(text) printed \(type.description)")
      }
      _ = GenericParameter.parseClause(text)
      _ = GenericRequirement.parseClause(text)
      _ = TypeAlias(parsing: "typealias A = " + text)
    }
    #expect(parsed > 100, "the soups are not all garbage")
  }
}
