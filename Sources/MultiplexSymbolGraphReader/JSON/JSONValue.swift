// A JSON document in memory, and its parser: enough for symbol graphs and `multiplexers.json` without Foundation
// (whose import, module maps and index records cost the generator's clean build more than all of this code).

/// A JSON value (RFC 8259), as ``parse(_:)`` reads it.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number, as written: the parser checks JSON's grammar, the reader converts (see ``JSONCursor/int()``).
  case number(String)
  case string(String)
  case array([JSONValue])
  /// An object's members; of a key given twice, the last value.
  case object([String: JSONValue])

  /// What the value is, for messages: `an object`, `a string`, `null`…
  package var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a Boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Parses one JSON document, UTF-8 encoded (a byte order mark is skipped), with nothing but whitespace after it.
  /// Arrays and objects nest at most ``maximumDepth`` deep.
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      var parser = JSONParser(buffer)
      return try parser.document()
    }
  }

  /// How deep arrays and objects may nest (as deep as Foundation's `JSONDecoder` allows).
  package static let maximumDepth = 512
}

/// Why a text is not JSON: what was wrong and where (1-based line and column, the column in bytes).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  package var message: String
  package var line: Int
  package var column: Int

  package var description: String {
    "\(message) at line \(line), column \(column)"
  }
}

/// The recursive-descent parser behind ``JSONValue/parse(_:)``.
private struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var depth = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func document() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    let value = try self.value()
    skipWhitespace()
    guard position == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  mutating func value() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected \(describe(bytes[position])), expected a value")
    }
  }

  mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    position += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error(position < bytes.count ? "expected a string key" : "unexpected end of input in an object")
      }
      let key = try string()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "expected ':' after an object key")
      members[key] = try value()
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input in an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "expected ',' or '}' in an object")
      depth -= 1
      return .object(members)
    }
  }

  mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try value())
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input in an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "expected ',' or ']' in an array")
      depth -= 1
      return .array(elements)
    }
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= JSONValue.maximumDepth else {
      throw error("arrays and objects nested more than \(JSONValue.maximumDepth) deep")
    }
  }

  /// A string, the opening quote at `position`; leaves `position` after the closing quote.
  mutating func string() throws(JSONSyntaxError) -> String {
    position += 1
    let start = position
    // The common case: no escape, ASCII or valid UTF-8 up to the closing quote.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = try utf8(from: start, to: position)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("unescaped control character \(describe(byte)) in a string") }
      position += 1
    }
    var text = try utf8(from: start, to: position)
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        text += try utf8(from: runStart, to: position)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") {
        text += try utf8(from: runStart, to: position)
        text.unicodeScalars.append(try escape())
        runStart = position
        continue
      }
      guard byte >= 0x20 else { throw error("unescaped control character \(describe(byte)) in a string") }
      position += 1
    }
    throw error("unexpected end of input in a string")
  }

  /// One escape sequence, the backslash at `position`.
  mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
    position += 1
    guard position < bytes.count else { throw error("unexpected end of input in a string") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hexQuad()
      if first >= 0xDC00 && first <= 0xDFFF {
        position -= 6
        throw error("unpaired low surrogate in a \\u escape")
      }
      if first >= 0xD800 && first <= 0xDBFF {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw error("high surrogate in a \\u escape not followed by a low surrogate")
        }
        position += 2
        let second = try hexQuad()
        guard second >= 0xDC00 && second <= 0xDFFF else {
          position -= 6
          throw error("high surrogate in a \\u escape not followed by a low surrogate")
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      return Unicode.Scalar(first)!
    default:
      position -= 1
      throw error("invalid escape sequence: \(describe(byte)) after a backslash in a string")
    }
  }

  /// The four hexadecimal digits of a `\u` escape.
  mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else { throw error("unexpected end of input in a \\u escape") }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected four hexadecimal digits in a \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// The bytes `start..<end` as a string, or an error at the first byte that is not valid UTF-8.
  func utf8(from start: Int, to end: Int) throws(JSONSyntaxError) -> String {
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length = Self.sequenceLength(bytes, at: index, end: end)
      guard length > 0 else { throw error("invalid UTF-8", at: index) }
      index += length
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7), or 0.
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= end else { return 0 }
    // Only the second byte has a narrower range.
    guard bytes[index + 1] >= low && bytes[index + 1] <= high else { return 0 }
    for offset in 2..<length where bytes[index + offset] < 0x80 || bytes[index + offset] > 0xBF { return 0 }
    return length
  }

  /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in a number") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count && isDigit(bytes[position]) { throw error("a number starts with 0") }
    } else {
      skipDigits()
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
      position += 1
      if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in an exponent") }
      skipDigits()
    }
    return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func skipDigits() {
    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
  }

  mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let count = word.utf8CodeUnitCount
    var matches = position + count <= bytes.count
    var offset = 0
    while matches && offset < count {
      matches = bytes[position + offset] == word.utf8Start[offset]
      offset += 1
    }
    guard matches else { throw error("unexpected \(describe(bytes[position])), expected a value") }
    position += count
    return value
  }

  mutating func expect(_ byte: UInt8, _ message: String) throws(JSONSyntaxError) {
    guard position < bytes.count, bytes[position] == byte else {
      throw error(position < bytes.count ? message : "unexpected end of input")
    }
    position += 1
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// A byte for a message: `'x'` for printable ASCII, `byte 0x1F` otherwise.
  func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + Self.hex(byte)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }

  /// An error at `index` (by default the current position), with its line and column.
  func error(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
    let offset = min(index ?? position, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxError(message: message, line: line, column: offset - lineStart + 1)
  }
}
