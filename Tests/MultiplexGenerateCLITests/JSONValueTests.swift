// The generator's own JSON parser (it reads symbol graphs and `multiplexers.json` without Foundation), held to
// RFC 8259 and to Foundation's `JSONSerialization`, and the Foundation-free string helpers it uses (the model's).

import Foundation
import MultiplexModel
import Testing

@testable import MultiplexSymbolGraphReader

@Suite struct JSONValueTests {
  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  /// The error parsing `bytes` throws, or `nil` when it parses.
  private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONValue.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func valuesOfEveryKind() throws {
    let value = try parse(#" { "a" : [1, -2.5e3, 0, 1E+2, true, false, null, "x", {}, []], "b": {"c": "d"} } "#)
    #expect(
      value
        == .object([
          "a": .array([
            .number("1"), .number("-2.5e3"), .number("0"), .number("1E+2"), .bool(true), .bool(false), .null,
            .string("x"), .object([:]), .array([]),
          ]),
          "b": .object(["c": .string("d")]),
        ])
    )
    #expect(try parse("\u{FEFF}3") == .number("3"))
    #expect(try parse(#"{"k": 1, "k": 2}"#) == .object(["k": .number("2")]))
  }

  @Test func escapesAndUnicode() throws {
    #expect(
      try parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u4E2D\ud83d\ude00""#)
        == .string("\"\\/\u{08}\u{0C}\n\r\tA\u{E9}\u{4E2D}\u{1F600}")
    )
    // UTF-8 as is: two-, three- and four-byte sequences, a combining mark, and escapes between them.
    #expect(try parse("\"é中😀e\u{301}\\n😀\"") == .string("é中😀e\u{301}\n😀"))
    #expect(try parse(#""\u0000""#) == .string("\u{0}"))
  }

  @Test func malformedDocumentsAreRefused() {
    let malformed: [String] = [
      "", " ", "{", "}", "[", "[1,]", "[,1]", "[1 2]", #"{"a" 1}"#, #"{"a":1,}"#, #"{a:1}"#, "{'a':1}", #"{"a":}"#,
      "01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "tru", "nul", "falsey", "[1] 2",
      #""abc"#, #""\x""#, #""\u12G4""#, #""\u12""#, #""\ud800""#, #""\ud800\u0041""#, #""\udc00""#, "\"\u{1}\"",
      "\"a\nb\"", "[\"\\",
    ]
    for text in malformed {
      #expect(syntaxError(Array(text.utf8)) != nil, "accepted: \(text.debugDescription)")
    }
    let invalidUTF8: [[UInt8]] = [
      [0x22, 0xFF, 0x22],  // never in UTF-8
      [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate
      [0x22, 0xE4, 0xB8, 0x22],  // truncated
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
      [0x22, 0x80, 0x22],  // a continuation byte alone
    ]
    for bytes in invalidUTF8 {
      #expect(syntaxError(bytes)?.message == "invalid UTF-8", "accepted: \(bytes)")
    }
  }

  @Test func errorsSayWhatAndWhere() {
    #expect(
      syntaxError(Array("{\n  \"a\": x\n}".utf8))?.description == "unexpected 'x', expected a value at line 2, column 8"
    )
    #expect(
      syntaxError(Array("[1,".utf8))?.description == "unexpected end of input, expected a value at line 1, column 4"
    )
    #expect(syntaxError(Array(#"{"a":1,}"#.utf8))?.message == "expected a string key")
    #expect(syntaxError(Array("\"\u{1}\"".utf8))?.message == "unescaped control character byte 0x01 in a string")
  }

  @Test func nestingIsLimited() throws {
    let deepest =
      String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
    #expect(syntaxError(Array(deepest.utf8)) == nil)
    let tooDeep = "[" + deepest + "]"
    #expect(syntaxError(Array(tooDeep.utf8))?.message == "arrays and objects nested more than 512 deep")
    let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
    #expect(syntaxError(Array(objects.utf8))?.message == "arrays and objects nested more than 512 deep")
  }

  /// Random documents written by `JSONSerialization` (strings of any scalar, control characters, quotes and
  /// backslashes included) read back as the values they were made from.
  @Test func readsWhatJSONSerializationWrites() throws {
    var generator = SplitMix(seed: 0x5EED)
    for _ in 0..<300 {
      let value = randomValue(depth: 0, &generator)
      let data = try JSONSerialization.data(withJSONObject: foundationObject(value), options: [.fragmentsAllowed])
      #expect(try JSONValue.parse(Array(data)) == value)
    }
  }

  @Test func cursorsNameWhatIsMissingOrWrong() throws {
    let document = JSONCursor(try parse(#"{"symbols": [{"kind": 3}], "name": null}"#))
    #expect(throws: JSONShapeError(message: "missing key 'relationships'", path: "")) {
      try document.required("relationships")
    }
    #expect(throws: JSONShapeError(message: "missing key 'name'", path: "")) { try document.required("name") }
    #expect(try document.optional("name") == nil)
    let kind = try document.required("symbols").array()[0].required("kind")
    #expect(kind.path == "symbols[0].kind")
    #expect(throws: JSONShapeError(message: "expected a string, found the number 3", path: "symbols[0].kind")) {
      try kind.string()
    }
    #expect(try kind.int() == 3)
    #expect(throws: JSONShapeError(message: "expected an integer, found the number 1.5", path: "")) {
      try JSONCursor(.number("1.5")).int()
    }
    #expect(
      JSONShapeError(message: "expected an object, found an array", path: "symbols[0].kind").description
        == "expected an object, found an array at symbols[0].kind"
    )
  }

  @Test func trimmingAndSearchingMatchFoundation() {
    let texts = [
      "", " ", "x", "  x  ", "\tx\t", "\u{A0}x\u{2003}", "\u{3000}x y\u{3000}", "\n x \n", " e\u{301} ", "\u{200B}x",
      " \u{1680}\u{202F}x\u{205F} ",
    ]
    for text in texts {
      #expect(text.trimmingSpacesAndTabs() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
    let usrs = [
      "c:objc(pl)WKNavigationDelegate(im)webView:decidePolicyForNavigationAction:decisionHandler:",
      "c:@M@DownloadKit@objc(pl)DownloadDelegate(cm)download:didReceive:", "(im)(im)a", "s:4Test5ChildP", "(im",
    ]
    for usr in usrs {
      for marker in ["(im)", "(cm)", "error: "] {
        #expect(usr.lastRangeOfText(marker) == usr.range(of: marker, options: .backwards))
        #expect(usr.rangeOfText(marker) == usr.range(of: marker))
      }
    }
  }

  @Test func paths() {
    #expect(Path.join("/a", "b") == "/a/b")
    #expect(Path.join("/a/", "b") == "/a/b")
    #expect(Path.join("/", "b") == "/b")
    #expect(Path.deletingLastComponent("/a/b/c") == "/a/b")
    #expect(Path.deletingLastComponent("/a/b/c/") == "/a/b")
    #expect(Path.deletingLastComponent("/a") == "/")
    #expect(Path.deletingLastComponent("/") == "/")
    #expect(Path.deletingLastComponent("X.swift") == ".")
    #expect(Path.deletingLastComponent("Sources/X.swift") == "Sources")
    #expect(Path.lastComponent("/a/b/c/") == "c")
  }

  // MARK: - Random documents

  private func randomValue(depth: Int, _ generator: inout SplitMix) -> JSONValue {
    switch generator.next(depth < 4 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(generator.next(2) == 0)
    case 2: return .number(String(Int(generator.next(2_000_001)) - 1_000_000))
    case 3, 4: return .string(randomString(&generator))
    case 5: return .array((0..<generator.next(5)).map { _ in randomValue(depth: depth + 1, &generator) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<generator.next(5) { members[randomString(&generator)] = randomValue(depth: depth + 1, &generator) }
      return .object(members)
    }
  }

  private func randomString(_ generator: inout SplitMix) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{E9}", "\u{301}", "\u{2028}",
      "\u{4E2D}", "\u{FEFF}", "\u{FFFF}", "\u{1F600}", "\u{10FFFF}",
    ]
    var text = String.UnicodeScalarView()
    for _ in 0..<generator.next(12) { text.append(pool[generator.next(pool.count)]) }
    return String(text)
  }

  private func foundationObject(_ value: JSONValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let flag): return flag
    case .number(let text): return Int(text)!
    case .string(let text): return text
    case .array(let elements): return elements.map(foundationObject)
    case .object(let members): return members.mapValues(foundationObject)
    }
  }
}

/// A small seeded random number generator (SplitMix64), so that a failure can be reproduced.
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    mixed ^= mixed >> 31
    return Int(mixed % UInt64(bound))
  }
}
