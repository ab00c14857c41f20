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
  /// An expression from its text: its tokens are read by the type model's tokenizer (names keep their backticks,
  /// string literals are one token).
  package init(parsing text: String) {
    let trimmed = String(text.trimmingWhitespace())
    self.init(text: trimmed, tokens: TypeToken.tokenize(trimmed)?.map(\.text) ?? [trimmed])
  }
}
