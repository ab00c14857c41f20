/// A type alias a protocol declares: `typealias Handler<T> = (T) -> Void`.
package struct TypeAlias: Hashable, Sendable {
  /// `Handler`.
  package var name: String
  /// `T`; empty for an alias that is not generic.
  package var genericParameters: [GenericParameter]
  /// `(T) -> Void`.
  package var type: SwiftType

  /// A type alias: `TypeAlias(name: "Score", type: .named("Int"))` is `typealias Score = Int`.
  package init(name: String, genericParameters: [GenericParameter] = [], type: SwiftType) {
    self.name = name
    self.genericParameters = genericParameters
    self.type = type
  }

  /// Reads a type alias declaration: `public typealias Handler<T: Sendable> = (T) -> Void`, attributes and
  /// modifiers before `typealias` skipped; `nil` when `declaration` is no type alias. A `where` clause after the
  /// type is not read (the type then keeps it as ``SwiftType/unparsed(_:)`` text).
  ///
  /// - Complexity: O(*n*), where *n* is the length of `declaration`.
  package init?(parsing declaration: String) {
    guard let tokens = TypeToken.tokenize(declaration),
      let keyword = tokens.firstIndex(where: { $0.kind == .identifier && $0.text == "typealias" }),
      keyword + 1 < tokens.count, tokens[keyword + 1].kind == .identifier
    else { return nil }
    var index = keyword + 2
    var parameters: [GenericParameter] = []
    if index < tokens.count, tokens[index].kind == .punctuation, tokens[index].text == "<" {
      var level = 0
      let start = index
      repeat {
        if tokens[index].text == "<" { level += 1 }
        if tokens[index].text == ">" { level -= 1 }
        index += 1
      } while level > 0 && index < tokens.count
      guard level == 0 else { return nil }
      parameters = GenericParameter.parseClause(TypeParser.spacedText(Array(tokens[start..<index])))
    }
    guard index < tokens.count, tokens[index].kind == .punctuation, tokens[index].text == "=" else { return nil }
    self.init(
      name: tokens[keyword + 1].text,
      genericParameters: parameters,
      type: SwiftType(parsing: TypeParser.spacedText(Array(tokens[(index + 1)...])))
    )
  }

  /// Whether the alias names a closure type: a function type, bare or under attributes (`@Sendable (Int) ->
  /// Void`). A parameter of such a type is a non-escaping closure unless it is marked `@escaping`.
  package var isFunctionType: Bool {
    switch type {
    case .function: return true
    case .attributed(_, _, .function): return true
    default: return false
    }
  }
}
