/// An attribute the generated code copies from the protocol or a requirement: `@available(iOS 13, *)`,
/// `@MainActor`, `@preconcurrency`, `@discardableResult`.
///
/// Text, not syntax: the model and the emitter depend on nothing but the standard library (the readers make it).
package struct Attribute: Hashable, Sendable {
  /// The attribute's name, without `@`, arguments or module: `available`, `MainActor`.
  package let name: String
  /// The attribute as written, without surrounding whitespace: `@available(iOS 13, *)`.
  package let text: String

  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}

extension Attribute {
  /// Whether the attribute's text has the word `word` outside its string literals: `unavailable` in
  /// `@available(*, unavailable)`, not in `@available(iOS, deprecated: 13, message: "unavailable on tvOS")`.
  package func hasWord(_ word: String) -> Bool {
    TypeToken.tokenize(text)?.contains { $0.kind == .identifier && $0.text == word } ?? false
  }

  /// Whether the attribute makes a declaration unavailable on every platform: `@available(*, unavailable)`, not
  /// `@available(watchOS, unavailable)`, which says nothing about the platform being compiled for (on iOS, a
  /// requirement unavailable on watchOS is an ordinary one, and the forwarding member copies the attribute).
  package var isUnavailableOnEveryPlatform: Bool {
    guard name == "available", let tokens = TypeToken.tokenize(text),
      let open = tokens.firstIndex(where: { $0.text == "(" }), open + 1 < tokens.count,
      tokens[open + 1].text == "*"
    else { return false }
    return hasWord("unavailable")
  }
}
