import MultiplexModel
import Testing

/// `containsText(_:)`, `rangeOfText(_:)` and `lastRangeOfText(_:)`: the model's and the generator's substring
/// search, which replaces the standard library's (macOS 13) at the package's floor. Checked against a naive search
/// over every pair of short strings from a small alphabet, grapheme clusters included.
@Suite("Text search")
struct TextSearchTests {
  @Test("Finds the first and the last occurrence, as a reference search does")
  func matchesAReferenceSearch() {
    let pieces = ["", "a", "b", "ab", "ba", "aab", "e\u{301}", "é", "🇫🇷", "\n", "error: "]
    for text in pieces.flatMap({ first in pieces.map { first + $0 } }) {
      for needle in pieces {
        let characters = Array(text)
        let wanted = Array(needle)
        let reference = (0...max(0, characters.count - wanted.count)).first { start in
          start + wanted.count <= characters.count && Array(characters[start..<start + wanted.count]) == wanted
        }
        let found = text.rangeOfText(needle)
        #expect(found.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == reference)
        #expect(found.map { String(text[$0]) == needle } ?? true)
        #expect(text.containsText(needle) == (reference != nil))
        let lastReference = (0...max(0, characters.count - wanted.count)).last { start in
          start + wanted.count <= characters.count && Array(characters[start..<start + wanted.count]) == wanted
        }
        let last = text.lastRangeOfText(needle)
        #expect(last.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == lastReference)
        #expect(last.map { String(text[$0]) == needle } ?? true)
      }
    }
  }

  @Test("Reads what follows a marker, as the tool's messages do")
  func textAfterAMarker() {
    let line = "<unknown>:0: error: missing required module 'CNIOLinux'"
    let range = line.rangeOfText("error: ")
    #expect(range.map { String(line[$0.upperBound...]) } == "missing required module 'CNIOLinux'")
    #expect("abc".rangeOfText("abcd") == nil)
    #expect("".containsText(""))
    #expect(!"".containsText("a"))
  }
}
