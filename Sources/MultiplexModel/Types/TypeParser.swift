/// A recursive-descent parser of types and generic clauses over ``TypeToken``s.
struct TypeParser {
  /// The parser met something it does not understand.
  struct Failure: Error {}

  /// The words that specify a type: `inout T`, `sending T`, `nonisolated(nonsending) () async -> Void`.
  static let specifiers: Set<String> = [
    "inout", "borrowing", "consuming", "__shared", "__owned", "sending", "isolated", "_const", "nonisolated",
  ]

  /// Swift's layout constraints (`T: _Trivial`); `AnyObject` is a conformance, as in Swift's grammar.
  static let layoutConstraints: Set<String> = [
    "_Trivial", "_TrivialAtMost", "_TrivialStride", "_UnknownLayout", "_RefCountedObject", "_NativeRefCountedObject",
    "_Class", "_NativeClass", "_BridgeObject",
  ]

  /// How deep types may nest before the parser gives up, so that no input overflows the stack.
  private static let maximumDepth = 128

  var tokens: [TypeToken]
  var position = 0
  private var depth = 0

  init(_ tokens: [TypeToken]) {
    self.tokens = tokens
  }

  var isAtEnd: Bool { position >= tokens.count }

  func peek(_ offset: Int = 0) -> TypeToken? {
    position + offset < tokens.count ? tokens[position + offset] : nil
  }

  func isPunctuation(_ text: String, at offset: Int = 0) -> Bool {
    guard let token = peek(offset) else { return false }
    return token.kind == .punctuation && token.text == text
  }

  func isWord(_ text: String, at offset: Int = 0) -> Bool {
    guard let token = peek(offset) else { return false }
    return token.kind == .identifier && token.text == text
  }

  mutating func take() throws(Failure) -> TypeToken {
    guard let token = peek() else { throw Failure() }
    position += 1
    return token
  }

  mutating func expect(_ text: String) throws(Failure) {
    guard isPunctuation(text) else { throw Failure() }
    position += 1
  }

  mutating func takeIdentifier() throws(Failure) -> String {
    guard let token = peek(), token.kind == .identifier else { throw Failure() }
    position += 1
    return token.text
  }

  /// Whether the token at `offset` can start a type: a name, `(`, `[`, `@` or `~`.
  func startsType(at offset: Int) -> Bool {
    guard let token = peek(offset) else { return false }
    switch token.kind {
    case .identifier: return true
    case .number, .string: return false
    case .punctuation: return ["(", "[", "@", "~"].contains(token.text)
    }
  }

  // MARK: Types

  /// A whole type, with its specifiers and attributes.
  mutating func parseType() throws(Failure) -> SwiftType {
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maximumDepth else { throw Failure() }
    var specifiers: [String] = []
    var attributes: [TypeAttribute] = []
    while let token = peek() {
      if token.kind == .punctuation && token.text == "@" {
        attributes.append(try parseAttribute())
      } else if token.kind == .identifier && Self.specifiers.contains(token.text) {
        if token.text == "nonisolated", isPunctuation("(", at: 1), peek(1)?.isSpaced == false {
          position += 1
          specifiers.append("nonisolated(" + (try parseBalancedArguments()) + ")")
        } else if startsType(at: 1) {
          position += 1
          specifiers.append(token.text)
        } else {
          break
        }
      } else {
        break
      }
    }
    let base = try parseUnprefixed()
    return specifiers.isEmpty && attributes.isEmpty
      ? base : .attributed(specifiers: specifiers, attributes: attributes, base: base)
  }

  /// The type attributes that take no arguments, as swift-syntax lists them: parentheses right after one
  /// (`@escaping(Bool) -> Void`, a common spelling) start the type it applies to.
  static let attributesWithoutArguments: Set<String> = [
    "escaping", "Sendable", "autoclosure", "preconcurrency", "unchecked", "retroactive", "noescape", "async",
    "_local", "_noMetadata", "noDerivative",
  ]

  /// `@name` or `@name(arguments)`, the parentheses right after the name (unless the attribute takes none).
  private mutating func parseAttribute() throws(Failure) -> TypeAttribute {
    try expect("@")
    guard peek()?.isSpaced == false else { throw Failure() }
    var name = try takeIdentifier()
    while isPunctuation("."), peek()?.isSpaced == false, peek(1)?.kind == .identifier {
      position += 1
      name += "." + (try takeIdentifier())
    }
    guard isPunctuation("("), peek()?.isSpaced == false, !Self.attributesWithoutArguments.contains(name) else {
      return TypeAttribute(name)
    }
    return TypeAttribute(name, arguments: try parseBalancedArguments())
  }

  /// The tokens between `(` and its matching `)`, with canonical spacing.
  private mutating func parseBalancedArguments() throws(Failure) -> String {
    try expect("(")
    var level = 0
    var parts: [TypeToken] = []
    while true {
      let token = try take()
      if token.kind == .punctuation {
        if ["(", "[", "<", "{"].contains(token.text) { level += 1 }
        if [")", "]", ">", "}"].contains(token.text) {
          if level == 0 {
            guard token.text == ")" else { throw Failure() }
            break
          }
          level -= 1
        }
      }
      parts.append(token)
    }
    return Self.canonicalText(parts)
  }

  /// Tokens with canonical spacing: a space after `,` and `:`, between words, and around `->`, `==`, `&`.
  static func canonicalText(_ tokens: [TypeToken]) -> String {
    var text = ""
    var previous: TypeToken? = nil
    for token in tokens {
      if let previous {
        let words = previous.kind != .punctuation && token.kind != .punctuation
        let after = previous.kind == .punctuation && [",", ":", "->", "==", "&"].contains(previous.text)
        let before = token.kind == .punctuation && ["->", "==", "&"].contains(token.text)
        if words || after || before { text += " " }
      }
      text += token.text
      previous = token
    }
    return text
  }

  /// A type without specifiers or attributes: `some P`, `any P & Q`, `repeat each T`, `each T`, or a
  /// composition.
  private mutating func parseUnprefixed() throws(Failure) -> SwiftType {
    if let token = peek(), token.kind == .identifier, startsType(at: 1) {
      switch token.text {
      case "some":
        position += 1
        return .opaque(try parseComposition())
      case "any":
        position += 1
        return .existential(try parseComposition())
      case "repeat":
        position += 1
        return .packExpansion(try parseUnprefixed())
      case "each":
        position += 1
        return .packElement(try parsePostfix())
      default: break
      }
    }
    return try parseComposition()
  }

  /// `A & B`, or one element: a function type, `~Copyable` or a postfix type.
  private mutating func parseComposition() throws(Failure) -> SwiftType {
    var elements = [try parseCompositionElement()]
    while isPunctuation("&") {
      position += 1
      elements.append(try parseCompositionElement())
    }
    return elements.count == 1 ? elements[0] : .composition(elements)
  }

  private mutating func parseCompositionElement() throws(Failure) -> SwiftType {
    if isPunctuation("~") {
      position += 1
      return .suppressed(try parsePostfix())
    }
    return try parsePostfix()
  }

  /// A primary type with its postfixes (`?`, `!`, `.Type`, `.Protocol`, `.Member<Arguments>`), or a function
  /// type.
  private mutating func parsePostfix() throws(Failure) -> SwiftType {
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maximumDepth else { throw Failure() }
    var type: SwiftType
    if isPunctuation("(") {
      let elements = try parseTupleElements()
      if isWord("async") || isWord("throws") || isPunctuation("->") {
        return .function(try parseFunction(elements))
      }
      type = .tuple(elements)
    } else if isPunctuation("[") {
      position += 1
      let element = try parseType()
      if isPunctuation(":") {
        position += 1
        let value = try parseType()
        try expect("]")
        type = .dictionary(key: element, value: value)
      } else {
        try expect("]")
        type = .array(element)
      }
    } else {
      let name = try takeIdentifier()
      guard !["some", "any", "repeat", "each", "async", "throws", "rethrows"].contains(name) else { throw Failure() }
      type = .named(name, arguments: try parseGenericArgumentsIfPresent())
    }
    while let token = peek(), token.kind == .punctuation {
      switch token.text {
      case "?":
        position += 1
        type = .optional(type)
      case "!":
        position += 1
        type = .implicitlyUnwrappedOptional(type)
      case ".":
        position += 1
        let name = try takeIdentifier()
        if name == "Type" {
          type = .metatype(type)
        } else if name == "Protocol" {
          type = .protocolMetatype(type)
        } else {
          type = .member(base: type, name: name, arguments: try parseGenericArgumentsIfPresent())
        }
      default:
        return type
      }
    }
    return type
  }

  /// `<A, B>` (integer arguments are kept verbatim), or none.
  private mutating func parseGenericArgumentsIfPresent() throws(Failure) -> [SwiftType] {
    guard isPunctuation("<") else { return [] }
    position += 1
    var arguments: [SwiftType] = []
    repeat {
      if peek()?.kind == .number {
        arguments.append(.unparsed(try take().text))
      } else if isPunctuation("-"), peek(1)?.kind == .number {
        position += 2
        arguments.append(.unparsed("-" + tokens[position - 1].text))
      } else {
        arguments.append(try parseType())
      }
    } while try takeComma()
    try expect(">")
    return arguments
  }

  /// Takes a `,` and says whether there was one.
  private mutating func takeComma() throws(Failure) -> Bool {
    guard isPunctuation(",") else { return false }
    position += 1
    return true
  }

  /// `(a: Int, _ b: String, Int...)`.
  private mutating func parseTupleElements() throws(Failure) -> [TupleTypeElement] {
    try expect("(")
    var elements: [TupleTypeElement] = []
    if isPunctuation(")") {
      position += 1
      return elements
    }
    repeat {
      var element = TupleTypeElement(.unparsed(""))
      if peek()?.kind == .identifier, isPunctuation(":", at: 1) {
        element.firstName = try takeIdentifier()
        position += 1
      } else if peek()?.kind == .identifier, peek(1)?.kind == .identifier, isPunctuation(":", at: 2) {
        element.firstName = try takeIdentifier()
        element.secondName = try takeIdentifier()
        position += 1
      }
      element.type = try parseType()
      if isPunctuation("...") {
        position += 1
        element.isVariadic = true
      }
      elements.append(element)
    } while try takeComma()
    try expect(")")
    return elements
  }

  /// The rest of a function type after its parameters: `async throws(E) -> R`.
  private mutating func parseFunction(_ parameters: [TupleTypeElement]) throws(Failure) -> FunctionType {
    var function = FunctionType(parameters, result: .unparsed(""))
    if isWord("async") {
      position += 1
      function.isAsync = true
    }
    if isWord("throws") {
      position += 1
      function.isThrowing = true
      if isPunctuation("(") {
        position += 1
        function.thrownType = try parseType()
        try expect(")")
      }
    }
    try expect("->")
    function.result = try parseType()
    return function
  }

  // MARK: Generic clauses

  /// Parses the comma-separated items of `tokens` one by one with `parse`; an item it does not understand becomes
  /// `fallback` of the item's text.
  static func parseList<Item>(
    _ tokens: [TypeToken],
    parse: (inout TypeParser) throws(Failure) -> Item,
    fallback: (String) -> Item
  ) -> [Item] {
    var items: [Item] = []
    var start = 0
    var level = 0
    for index in 0...tokens.count {
      if index < tokens.count {
        let token = tokens[index]
        guard token.kind == .punctuation else { continue }
        if ["(", "[", "<", "{"].contains(token.text) { level += 1 }
        if [")", "]", ">", "}"].contains(token.text) { level -= 1 }
        guard token.text == ",", level == 0 else { continue }
      }
      let slice = Array(tokens[start..<index])
      start = index + 1
      // Nothing at all, or after a trailing comma (SE-0439: `<T, U,>`).
      if slice.isEmpty && index == tokens.count { break }
      var parser = TypeParser(slice)
      if let item = try? parse(&parser), parser.isAtEnd {
        items.append(item)
      } else {
        items.append(fallback(spacedText(slice)))
      }
    }
    return items
  }

  /// Tokens joined with a space where the source had whitespace.
  static func spacedText(_ tokens: [TypeToken]) -> String {
    var text = ""
    for (index, token) in tokens.enumerated() {
      if index > 0 && token.isSpaced { text += " " }
      text += token.text
    }
    return text
  }
}
