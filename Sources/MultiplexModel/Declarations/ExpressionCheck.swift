/// Checks on the text a user gives the generator in place of Swift code: a default value (`--default`), a type name
/// (`--type-name`). Without a parser of Swift expressions, the checks catch what is not one expression or name, and
/// the compiler, which builds the generated file, judges the rest.
package enum ExpressionCheck {
  /// Whether `text` can be one Swift expression: not empty, brackets balanced and matched, string literals
  /// closed, and at its top level (outside brackets) no `,` or `;`, no declaration or statement keyword, no `:` but
  /// a ternary's, no two operands in a row (`a b`, or two lines of one operand each), and no operator at the end.
  ///
  /// ```swift
  /// ExpressionCheck.isOneExpression("UITableView.automaticDimension")  // true
  /// ExpressionCheck.isOneExpression(".init(width: 50, height: 50)")  // true
  /// ExpressionCheck.isOneExpression("true) + (false")  // false
  /// ExpressionCheck.isOneExpression("1 +")  // false
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func isOneExpression(_ text: String) -> Bool {
    guard let tokens = TypeToken.tokenize(text), !tokens.isEmpty else { return false }
    var open: [String] = []
    var previousIsOperand = false
    var pendingTernaries = 0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let previous = index > 0 ? tokens[index - 1] : nil
      index += 1
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
          if token.text == "," || token.text == ";" || token.text == "'" { return false }
          // A spaced `?` after an operand starts a ternary, unless another `?` follows it (`??`).
          let isCoalescing = index < tokens.count && tokens[index].text == "?" && !tokens[index].isSpaced
          if token.text == "?" && token.isSpaced && previousIsOperand && !isCoalescing { pendingTernaries += 1 }
          if token.text == ":" {
            guard pendingTernaries > 0 else { return false }
            pendingTernaries -= 1
          }
          // `.member` after an operand, or a postfix `?`/`!` (written right after it), keeps it an operand; a
          // spaced `?` is the ternary or `??`.
          previousIsOperand = [".", "?", "!"].contains(token.text) && !token.isSpaced && previousIsOperand
        }
      case .identifier, .number, .string:
        guard open.isEmpty else { continue }
        let isMember = previous?.text == "."
        if token.kind == .identifier && !isMember {
          if statementKeywords.contains(token.text) { return false }
          // A further trailing closure: `} label: {`.
          if previous?.text == "}", index + 1 < tokens.count, tokens[index].text == ":", tokens[index + 1].text == "{" {
            index += 1
            previousIsOperand = false
            continue
          }
          if token.text == "else" && previous?.text != "}" { return false }
          if operatorWords.contains(token.text) {
            previousIsOperand = false
            continue
          }
        }
        if previousIsOperand && !isMember { return false }
        previousIsOperand = true
      }
    }
    // Nothing open, and no operator left without its right-hand side (`1 +`, `x =`); a postfix `?`, `!` or `...`
    // may end it.
    guard open.isEmpty, pendingTernaries == 0, let last = tokens.last else { return false }
    return last.kind != .punctuation || [")", "]", "}", "?", "!", "..."].contains(last.text) && !last.isSpaced
      || [")", "]", "}"].contains(last.text)
  }

  /// Words that start a declaration or a statement, never an expression.
  private static let statementKeywords: Set<String> = [
    "let", "var", "func", "class", "struct", "enum", "protocol", "extension", "import", "return", "typealias",
    "associatedtype", "init", "deinit", "subscript", "operator", "precedencegroup", "defer", "guard", "while", "for",
    "repeat", "break", "continue", "fallthrough", "throw", "in", "case", "default",
  ]

  /// Words that join or prefix operands: `x as Int`, `try f()`, `await g()`, `if c { 1 } else { 2 }`.
  private static let operatorWords: Set<String> = [
    "as", "is", "try", "await", "if", "else", "switch", "consume", "copy", "some", "any", "each",
  ]

  /// Whether `name` can name the generated class: one plain identifier that is no keyword (the generated file
  /// spells it without backticks).
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
