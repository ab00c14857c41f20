/// Checks on the text a user gives the generator in place of Swift code: a default value (`--default`), a type name
/// (`--type-name`). Without a parser of Swift expressions, the checks catch what is not one expression or name, and
/// the compiler, which builds the generated file, judges the rest.
package enum ExpressionCheck {
  /// Whether `text` can be one Swift expression: not empty, brackets balanced and matched, string literals
  /// closed, and at its top level (outside brackets) no `,` or `;`, no declaration or statement keyword, and no two
  /// operands in a row (`a b`, or two lines of one operand each).
  ///
  /// ```swift
  /// ExpressionCheck.isOneExpression("UITableView.automaticDimension")  // true
  /// ExpressionCheck.isOneExpression("[1, 2].count + (3 * 4)")  // true
  /// ExpressionCheck.isOneExpression("true) + (false")  // false
  /// ExpressionCheck.isOneExpression("1; 2")  // false
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func isOneExpression(_ text: String) -> Bool {
    guard let tokens = TypeToken.tokenize(text), !tokens.isEmpty else { return false }
    var open: [String] = []
    var previousIsOperand = false
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .punctuation:
        switch token.text {
        case "(", "[", "{":
          // A call or subscript follows an operand; a closure may too (trailing closure).
          open.append(token.text)
          previousIsOperand = false
          continue
        case ")", "]", "}":
          let expected = ["(": ")", "[": "]", "{": "}"]
          guard let last = open.popLast(), expected[last] == token.text else { return false }
          previousIsOperand = open.isEmpty
          continue
        default:
          guard open.isEmpty else { continue }
          if token.text == "," || token.text == ";" { return false }
          // `.member` after an operand, or a postfix `?`/`!` (written right after it), keeps it an operand; a spaced
          // `?` is the ternary or `??`.
          previousIsOperand = [".", "?", "!"].contains(token.text) && !token.isSpaced && previousIsOperand
        }
      case .identifier, .number, .string:
        guard open.isEmpty else { continue }
        if token.kind == .identifier && statementKeywords.contains(token.text) { return false }
        if token.kind == .identifier && operatorWords.contains(token.text) {
          previousIsOperand = false
          continue
        }
        let follows = index > 0 && tokens[index - 1].text == "."
        if previousIsOperand && !follows { return false }
        previousIsOperand = true
      }
    }
    return open.isEmpty
  }

  /// Words that start a declaration or a statement, never an expression.
  private static let statementKeywords: Set<String> = [
    "let", "var", "func", "class", "struct", "enum", "protocol", "extension", "import", "return", "typealias",
    "associatedtype", "init", "deinit", "subscript", "operator", "precedencegroup", "defer", "guard", "while", "for",
    "repeat", "break", "continue", "fallthrough", "throw",
  ]

  /// Words that join or prefix operands: `x as Int`, `try f()`, `await g()`, `if c { 1 } else { 2 }`.
  private static let operatorWords: Set<String> = [
    "as", "is", "try", "await", "in", "if", "else", "switch", "case", "default", "consume", "copy", "some", "any",
    "each",
  ]

  /// Whether `name` can name the generated class: one plain identifier (or one in backticks) that is no keyword.
  ///
  /// ```swift
  /// ExpressionCheck.isTypeName("FeedMultiplexer")  // true
  /// ExpressionCheck.isTypeName("Feed Multiplexer")  // false
  /// ExpressionCheck.isTypeName("class")  // false
  /// ```
  package static func isTypeName(_ name: String) -> Bool {
    Naming.isPlainIdentifier(name) && !Naming.reservedWords.contains(name) && name != "_" && !name.hasPrefix("$")
  }
}
