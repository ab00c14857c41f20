/// A token of a type's text, for ``TypeParser``.
struct TypeToken: Equatable {
  enum Kind: Equatable {
    /// A name or keyword, backticks kept: `Int`, `` `Type` ``, `inout`, `_`.
    case identifier
    /// An integer literal: `64` in `_TrivialAtMost(64)`.
    case number
    /// A string literal, quotes and escapes kept: `"intptr_t (*)(size_t)"` in `@convention(c, cType: "…")`, a
    /// message in `@available(*, deprecated, message: "…")`.
    case string
    /// Punctuation: `<`, `>`, `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `.`, `?`, `!`, `&`, `@`, `~`, `=`, `==`,
    /// `->`, `...`, or any other character.
    case punctuation
  }

  var kind: Kind
  var text: String
  /// Whether whitespace, a newline or a comment comes right before the token: `@escaping (Int) -> Void` is no
  /// attribute argument.
  var isSpaced: Bool
  /// Where the token starts in the text: its index in the text's Unicode scalars.
  var offset: Int = 0
  /// Whether a line break (or the start of the text) comes before the token: where a declaration may end.
  var startsLine = false

  /// Splits `text` into tokens, skipping whitespace and comments; `nil` for an unterminated backtick, string
  /// literal or block comment.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  static func tokenize(_ text: String) -> [TypeToken]? {
    let scalars = Array(text.unicodeScalars)
    var tokens: [TypeToken] = []
    var index = 0
    var spaced = false
    var newLine = true
    let isIdentifierStart = Naming.isIdentifierStart
    let isIdentifierPart = Naming.isIdentifierPart
    while index < scalars.count {
      let scalar = scalars[index]
      let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
      if scalar.properties.isWhitespace {
        if scalar == "\n" || scalar == "\r" { newLine = true }
        spaced = true
        index += 1
        continue
      }
      if scalar == "/" && next == "/" {
        while index < scalars.count && scalars[index] != "\n" { index += 1 }
        spaced = true
        newLine = true
        continue
      }
      if scalar == "/" && next == "*" {
        var depth = 0
        repeat {
          if index + 1 < scalars.count && scalars[index] == "/" && scalars[index + 1] == "*" {
            depth += 1
            index += 2
          } else if index + 1 < scalars.count && scalars[index] == "*" && scalars[index + 1] == "/" {
            depth -= 1
            index += 2
          } else if index < scalars.count {
            if scalars[index] == "\n" { newLine = true }
            index += 1
          } else {
            return nil
          }
        } while depth > 0
        spaced = true
        continue
      }
      let start = index
      let kind: Kind
      if scalar == "`" {
        index += 1
        while index < scalars.count && scalars[index] != "`" && scalars[index] != "\n" { index += 1 }
        guard index < scalars.count, scalars[index] == "`", index > start + 1 else { return nil }
        index += 1
        kind = .identifier
      } else if isIdentifierStart(scalar) {
        while index < scalars.count && isIdentifierPart(scalars[index]) { index += 1 }
        kind = .identifier
      } else if scalar == "\"" || (scalar == "#" && Self.startsRawString(scalars, at: index)) {
        guard let end = Self.endOfStringLiteral(scalars, from: index) else { return nil }
        index = end
        kind = .string
      } else if ("0"..."9").contains(scalar) {
        while index < scalars.count && (isIdentifierPart(scalars[index])) { index += 1 }
        kind = .number
      } else {
        let rest = String(String.UnicodeScalarView(scalars[index..<min(index + 3, scalars.count)]))
        if rest.hasPrefix("...") {
          index += 3
        } else if rest.hasPrefix("->") || rest.hasPrefix("==") {
          index += 2
        } else {
          index += 1
        }
        kind = .punctuation
      }
      tokens.append(
        TypeToken(
          kind: kind,
          text: String(String.UnicodeScalarView(scalars[start..<index])),
          isSpaced: spaced,
          offset: start,
          startsLine: newLine
        )
      )
      spaced = false
      newLine = false
    }
    return tokens
  }

  /// Whether a raw string literal starts at `index`: one or more `#`, then `"`.
  private static func startsRawString(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    var index = index
    while index < scalars.count && scalars[index] == "#" { index += 1 }
    return index < scalars.count && scalars[index] == "\""
  }

  /// The index after the string literal that starts at `start`: `"…"` (one line), `"""…"""` (several), either
  /// raw (`#"…"#`), with escapes and interpolations (`\(name ?? "none")`, which may hold string literals
  /// themselves); `nil` when it does not end.
  static func endOfStringLiteral(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    var hashes = 0
    while index < scalars.count && scalars[index] == "#" {
      hashes += 1
      index += 1
    }
    guard index < scalars.count, scalars[index] == "\"" else { return nil }
    let isMultiline = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
    index += isMultiline ? 3 : 1
    let quote = isMultiline ? 3 : 1
    /// Whether the closing delimiter (the quotes, then as many `#` as opened) starts at `index`.
    func closes(at index: Int) -> Bool {
      guard index + quote + hashes <= scalars.count else { return false }
      return (0..<quote).allSatisfy { scalars[index + $0] == "\"" }
        && (0..<hashes).allSatisfy { scalars[index + quote + $0] == "#" }
    }
    while index < scalars.count {
      if closes(at: index) { return index + quote + hashes }
      let scalar = scalars[index]
      if scalar == "\n" && !isMultiline { return nil }
      // An escape: `\` then as many `#` as opened (`\#(` in a raw string).
      if scalar == "\\", index + hashes < scalars.count, (0..<hashes).allSatisfy({ scalars[index + 1 + $0] == "#" }) {
        index += 1 + hashes
        guard index < scalars.count else { return nil }
        if scalars[index] == "(" {
          // An interpolation: to its closing parenthesis, across nested literals.
          var depth = 0
          while index < scalars.count {
            let inner = scalars[index]
            if inner == "\"" || (inner == "#" && startsRawString(scalars, at: index)) {
              guard let end = endOfStringLiteral(scalars, from: index) else { return nil }
              index = end
              continue
            }
            if inner == "(" { depth += 1 }
            if inner == ")" {
              depth -= 1
              if depth == 0 { break }
            }
            index += 1
          }
          guard index < scalars.count else { return nil }
        }
        index += 1
        continue
      }
      index += 1
    }
    return nil
  }
}
