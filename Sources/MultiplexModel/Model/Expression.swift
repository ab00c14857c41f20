/// An expression the generated code evaluates, such as a requirement's default value: `nil`, `.zero`,
/// `self._defaults.preferredHeight`.
///
/// Text, not syntax: the model and the emitter depend on nothing but the standard library (the readers make it).
package struct Expression: Hashable, Sendable {
  /// The expression as written, without surrounding whitespace.
  package let text: String
  /// Its tokens as written (identifiers keep their backticks), in order: what a generated name must not hide where
  /// the expression is evaluated.
  package let tokens: [String]

  package init(text: String, tokens: [String]) {
    self.text = text
    self.tokens = tokens
  }
}

extension Expression {
  /// An expression from its text: its tokens are read by the type model's tokenizer (names keep their backticks).
  /// Comments around it are dropped; the names interpolated in a string literal (`"\(name)"`) count among its
  /// tokens.
  package init(parsing text: String) {
    let scalars = Array(text.unicodeScalars)
    guard let tokens = TypeToken.tokenize(text), let first = tokens.first, let last = tokens.last else {
      let trimmed = String(text.trimmingWhitespace())
      self.init(text: trimmed, tokens: [trimmed])
      return
    }
    let end = last.offset + last.text.unicodeScalars.count
    var texts: [String] = []
    for token in tokens {
      texts.append(token.text)
      if token.kind == .string { texts += Self.interpolatedTokens(of: token.text) }
    }
    self.init(text: String(String.UnicodeScalarView(scalars[first.offset..<end])), tokens: texts)
  }

  /// The tokens of the interpolations of a string literal: `name` and `"none"` in `"\(name ?? "none")"`.
  private static func interpolatedTokens(of literal: String) -> [String] {
    let scalars = Array(literal.unicodeScalars)
    var tokens: [String] = []
    var index = 0
    while index + 1 < scalars.count {
      guard scalars[index] == "\\" else {
        index += 1
        continue
      }
      var open = index + 1
      while open < scalars.count && scalars[open] == "#" { open += 1 }
      guard open < scalars.count, scalars[open] == "(" else {
        index += 2
        continue
      }
      var depth = 0
      var close = open
      while close < scalars.count {
        if scalars[close] == "(" { depth += 1 }
        if scalars[close] == ")" {
          depth -= 1
          if depth == 0 { break }
        }
        close += 1
      }
      let inner = String(String.UnicodeScalarView(scalars[(open + 1)..<min(close, scalars.count)]))
      tokens += Expression(parsing: inner).tokens
      index = close + 1
    }
    return tokens
  }
}
