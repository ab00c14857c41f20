/// A recursive-descent parser of a protocol declaration and its members over ``TypeToken``s, built on
/// ``TypeParser`` for the types (see ``ProtocolDeclaration/init(parsing:)``).
struct DeclarationParser {
  private var parser: TypeParser
  /// The text the tokens come from, for the declarations' and attributes' text as written.
  private let text: [Unicode.Scalar]

  init(tokens: [TypeToken], text: [Unicode.Scalar]) {
    parser = TypeParser(tokens)
    self.text = text
  }

  typealias Failure = TypeParser.Failure
  typealias ParseError = ProtocolDeclaration.ParseError

  /// The modifiers a declaration may carry before its keyword.
  static let modifiers: Set<String> = [
    "static", "class", "optional", "mutating", "nonmutating", "nonisolated", "weak", "unowned", "override", "public",
    "package", "internal", "fileprivate", "private", "open", "final", "required", "dynamic", "convenience",
    "__consuming", "consuming", "borrowing", "isolated", "distributed", "indirect", "lazy", "prefix", "postfix",
    "infix", "unsafe", "preconcurrency", "_const",
  ]

  // MARK: The protocol

  mutating func parseProtocol() throws(ParseError) -> ProtocolDeclaration {
    // Attributes and modifiers, then `protocol`.
    let header = parser.position
    var attributes: [(Attribute, Int)] = []
    var modifiers: [(String, Int)] = []
    do {
      while true {
        if parser.isPunctuation("@") {
          attributes.append(try parseAttribute())
        } else if let token = parser.peek(), token.kind == .identifier, Self.modifiers.contains(token.text) {
          modifiers.append((try parseModifier(), token.offset))
        } else {
          break
        }
      }
    } catch { throw ParseError(offset: offset(at: header), member: nil) }
    guard parser.isWord("protocol"), let nameToken = parser.peek(1), nameToken.kind == .identifier else {
      let isMissing = !parser.tokens.contains { $0.kind == .identifier && $0.text == "protocol" }
      throw ParseError(offset: offset(at: header), member: nil, isMissingProtocol: isMissing)
    }
    parser.position += 2
    var declaration = ProtocolDeclaration(name: nameToken.text)
    declaration.attributes = attributes.map(\.0)
    declaration.attributeOffsets = attributes.map(\.1)
    declaration.modifiers = modifiers.map(\.0)
    declaration.modifierOffsets = modifiers.map(\.1)
    declaration.nameOffset = nameToken.offset
    declaration.offset = offset(at: header)
    do {
      if parser.isPunctuation("<") {
        declaration.primaryAssociatedTypesOffset = parser.peek()?.offset ?? 0
        let clause = try balancedTokens()
        declaration.primaryAssociatedTypes = clause.dropFirst().dropLast().filter { $0.kind == .identifier }.map(\.text)
      }
      if parser.isPunctuation(":") {
        repeat {
          parser.position += 1
          let start = parser.position
          let type = try parser.parseType()
          declaration.inherited.append(type)
          declaration.inheritedTypes += inheritedTypes(type, from: start)
        } while parser.isPunctuation(",")
      }
      if parser.isWord("where") {
        declaration.whereOffset = parser.peek()?.offset ?? 0
        parser.position += 1
        declaration.whereClause = try parseRequirements()
      }
      try parser.expect("{")
    } catch { throw ParseError(offset: offset(at: header), member: nil) }
    while !parser.isPunctuation("}") {
      guard !parser.isAtEnd else { throw ParseError(offset: offset(at: parser.position), member: nil) }
      if parser.isPunctuation(";") {
        parser.position += 1
        continue
      }
      let start = parser.position
      do {
        declaration.members.append(try parseMember())
      } catch {
        throw ParseError(offset: offset(at: start), member: lineText(from: start))
      }
    }
    return declaration
  }

  /// The types `type` (parsed from the token at `start` to the current one) inherits, a composition's elements one by
  /// one, each with its text as written and where it starts.
  private func inheritedTypes(_ type: SwiftType, from start: Int) -> [ProtocolDeclaration.InheritedType] {
    var elements = [type]
    var bounds = [start]
    if case .composition(let types) = type {
      var level = 0
      for position in start..<parser.position {
        let token = parser.tokens[position]
        guard token.kind == .punctuation else { continue }
        if ["(", "[", "<"].contains(token.text) { level += 1 }
        if [")", "]", ">"].contains(token.text) { level -= 1 }
        if token.text == "&", level == 0 { bounds.append(position + 1) }
      }
      if bounds.count == types.count { elements = types } else { bounds = [start] }
    }
    return zip(elements, bounds.indices).map { element, index in
      let end = index + 1 < bounds.count ? bounds[index + 1] - 1 : parser.position
      let text = String(String.UnicodeScalarView(self.text[offset(at: bounds[index])..<endOffset(before: end)]))
      return ProtocolDeclaration.InheritedType(type: element, text: text, offset: offset(at: bounds[index]))
    }
  }

  // MARK: Members

  private mutating func parseMember() throws(Failure) -> MemberDeclaration {
    let start = parser.position
    var attributes: [(Attribute, Int)] = []
    var modifiers: [(String, Int)] = []
    while true {
      if parser.isPunctuation("@") {
        attributes.append(try parseAttribute())
      } else if let token = parser.peek(), token.kind == .identifier, Self.modifiers.contains(token.text),
        parser.peek(1)?.kind == .identifier || parser.isPunctuation("(", at: 1)
      {
        modifiers.append((try parseModifier(), token.offset))
      } else {
        break
      }
    }
    let keyword = try parser.take()
    var member: MemberDeclaration
    switch (keyword.kind, keyword.text) {
    case (.identifier, "func"):
      member = try parseFunction()
    case (.identifier, "var"), (.identifier, "let"):
      member = try parseProperty(isLet: keyword.text == "let", keywordOffset: keyword.offset)
    case (.identifier, "subscript"):
      member = try parseSubscript()
    case (.identifier, "init"):
      member = MemberDeclaration(kind: .initializer)
      if parser.isPunctuation("?") || parser.isPunctuation("!") { parser.position += 1 }
      if parser.isPunctuation("<") { _ = try balancedTokens() }
      member.parameters = try parseParameters()
      member.effects = try parseEffects()
      if parser.isWord("where") {
        parser.position += 1
        member.whereClause = try parseRequirements()
      }
    case (.identifier, "associatedtype"):
      member = MemberDeclaration(kind: .associatedType(name: try parser.takeIdentifier()))
      skipToNextLine()
    case (.identifier, "typealias"):
      let first = keyword.offset
      skipToNextLine()
      let text = String(String.UnicodeScalarView(text[first..<endOffset(before: parser.position)]))
      guard let alias = TypeAlias(parsing: text) else { throw Failure() }
      member = MemberDeclaration(kind: .typeAlias(alias))
    default:
      // `#if`, `#warning(…)`: the pound sign and its keyword.
      var word = keyword.text
      if word == "#", let next = parser.peek(), next.kind == .identifier, !next.isSpaced {
        word += next.text
        parser.position += 1
      }
      member = MemberDeclaration(kind: .other(word))
      skipToNextLine()
    }
    member.attributes = attributes.map(\.0)
    member.attributeOffsets = attributes.map(\.1)
    member.modifiers = modifiers.map(\.0)
    member.modifierOffsets = modifiers.map(\.1)
    member.offset = offset(at: start)
    switch member.kind {
    case .function, .property, .associatedType, .typeAlias:
      member.nameOffset = parser.tokens.first { $0.offset > keyword.offset }?.offset ?? keyword.offset
    default:
      member.nameOffset = keyword.offset
    }
    member.text = lineText(from: start, to: parser.position)
    member.range = member.offset..<endOffset(before: parser.position)
    // A member ends where the next one starts: on a new line, or after `;`.
    guard
      parser.isAtEnd || parser.peek()?.startsLine == true || parser.isPunctuation(";")
        || parser.isPunctuation("}")
    else { throw Failure() }
    return member
  }

  /// `func name<T>(parameters) async throws -> Result where T: P`, after `func`.
  private mutating func parseFunction() throws(Failure) -> MemberDeclaration {
    let nameToken = try parser.take()
    var name = nameToken.text
    if nameToken.kind == .punctuation {
      // An operator (`==`, `<<`, `..<`): the punctuation written together, up to the parameters.
      while let next = parser.peek(), next.kind == .punctuation, next.text != "(", !next.isSpaced {
        name += next.text
        parser.position += 1
      }
    } else if nameToken.kind != .identifier {
      throw Failure()
    }
    var member = MemberDeclaration(kind: .function(name: name))
    try parseGenericClause(into: &member)
    try parseParameterClause(into: &member)
    member.effects = try parseEffects()
    if parser.isPunctuation("->") {
      parser.position += 1
      member.resultOffset = parser.peek()?.offset ?? 0
      member.result = try parser.parseType()
      member.resultEnd = endOffset(before: parser.position)
    }
    member.signatureEnd = endOffset(before: parser.position)
    try parseWhereClause(into: &member)
    return member
  }

  /// `var name: Type { get set }`, after `var` or `let`.
  private mutating func parseProperty(isLet: Bool, keywordOffset: Int) throws(Failure) -> MemberDeclaration {
    guard parser.peek()?.kind == .identifier else {
      // `var (a, b): (Int, Int)`: no protocol requirement; read as something else.
      skipToNextLine()
      return MemberDeclaration(kind: .other(isLet ? "let" : "var"))
    }
    let name = try parser.takeIdentifier()
    var member = MemberDeclaration(kind: .property(name: name, isLet: isLet))
    guard parser.isPunctuation(":") else {
      // `var a, b: Int`, `var (a, b): (Int, Int)`: no protocol requirement; read as something else.
      member.kind = .other(isLet ? "let" : "var")
      skipToNextLine()
      return member
    }
    parser.position += 1
    member.resultOffset = parser.peek()?.offset ?? 0
    member.result = try parser.parseType()
    member.resultEnd = endOffset(before: parser.position)
    if parser.isPunctuation("{") { member.accessors = try parseAccessors() }
    if parser.isPunctuation(",") || parser.isPunctuation("=") {
      // `var a: Int { get }, b: Int { get }`, `var a: Int = 0`: no protocol requirement.
      skipToNextLine()
      member.kind = .other(isLet ? "let" : "var")
    }
    return member
  }

  /// `subscript<T>(parameters) -> Result where T: P { get }`, after `subscript`.
  private mutating func parseSubscript() throws(Failure) -> MemberDeclaration {
    var member = MemberDeclaration(kind: .subscript)
    try parseGenericClause(into: &member)
    try parseParameterClause(into: &member)
    member.arrowOffset = parser.peek()?.offset ?? 0
    try parser.expect("->")
    member.resultOffset = parser.peek()?.offset ?? 0
    member.result = try parser.parseType()
    member.resultEnd = endOffset(before: parser.position)
    member.signatureEnd = member.resultEnd
    try parseWhereClause(into: &member)
    if parser.isPunctuation("{") { member.accessors = try parseAccessors() }
    return member
  }

  /// A generic parameter clause, if one comes next, and its range.
  private mutating func parseGenericClause(into member: inout MemberDeclaration) throws(Failure) {
    guard parser.isPunctuation("<") else { return }
    let start = offset(at: parser.position)
    member.genericParameters = try parseGenericParameters()
    member.genericClauseRange = start..<endOffset(before: parser.position)
  }

  /// The parameter clause and its range.
  private mutating func parseParameterClause(into member: inout MemberDeclaration) throws(Failure) {
    let start = offset(at: parser.position)
    member.parameters = try parseParameters()
    member.parameterClauseRange = start..<endOffset(before: parser.position)
  }

  /// A `where` clause, if one comes next, and its range.
  private mutating func parseWhereClause(into member: inout MemberDeclaration) throws(Failure) {
    guard parser.isWord("where") else { return }
    let start = offset(at: parser.position)
    parser.position += 1
    member.whereClause = try parseRequirements()
    member.whereRange = start..<endOffset(before: parser.position)
  }

  /// `(_ a: Int, for b: inout String, values: Int...)`.
  private mutating func parseParameters() throws(Failure) -> [MemberDeclaration.Parameter] {
    try parser.expect("(")
    var parameters: [MemberDeclaration.Parameter] = []
    if parser.isPunctuation(")") {
      parser.position += 1
      return parameters
    }
    repeat {
      // Attributes of the parameter itself (`@_implicitSelfCapture`, `@_inheritActorContext(always)`), before its
      // names; those after the colon are its type's.
      var attributes: [String] = []
      while parser.isPunctuation("@") {
        let saved = parser.position
        let attribute = try parseAttribute().0
        guard parser.peek()?.kind == .identifier else {
          parser.position = saved
          break
        }
        attributes.append(attribute.text)
      }
      let firstNameOffset = parser.peek()?.offset ?? 0
      let first = try parser.takeIdentifier()
      var second: String? = nil
      var secondNameOffset: Int? = nil
      if parser.peek()?.kind == .identifier {
        secondNameOffset = parser.peek()?.offset
        second = try parser.takeIdentifier()
      }
      try parser.expect(":")
      let typeStart = parser.position
      var parameter = MemberDeclaration.Parameter(firstName: first, secondName: second, type: try parser.parseType())
      parameter.attributes = attributes
      parameter.typeOffset = offset(at: typeStart)
      parameter.firstNameOffset = firstNameOffset
      parameter.secondNameOffset = secondNameOffset
      // The type's specifiers come first (`borrowing`, `inout`, `nonisolated(nonsending)`, in any order), before
      // its attributes and the type itself.
      var index = typeStart
      while index < parser.position {
        let token = parser.tokens[index]
        guard token.kind == .identifier, TypeParser.specifiers.contains(token.text) else { break }
        if token.text == "borrowing" { parameter.borrowingOffset = token.offset }
        index += 1
        if index + 2 < parser.position, parser.tokens[index].text == "(", parser.tokens[index + 2].text == ")" {
          index += 3  // the specifier's argument: `(nonsending)`
        }
      }
      if parser.isPunctuation("...") {
        parameter.ellipsisOffset = parser.peek()?.offset ?? 0
        parser.position += 1
        parameter.isVariadic = true
      }
      if parser.isPunctuation("=") {
        parameter.defaultArgumentOffset = parser.peek()?.offset ?? 0
        parameter.hasDefaultArgument = true
        try skipExpression()
      }
      parameter.endOffset = endOffset(before: parser.position)
      if parser.isPunctuation(",") { parameter.commaOffset = parser.peek()?.offset }
      parameters.append(parameter)
      guard parser.isPunctuation(",") else { break }
      parser.position += 1
    } while !parser.isPunctuation(")")  // SE-0439: a trailing comma
    try parser.expect(")")
    return parameters
  }

  /// `async`, `throws`, `throws(E)`, `rethrows`, in this order and each once; `nil` for none.
  private mutating func parseEffects() throws(Failure) -> MemberDeclaration.Effects? {
    var effects = MemberDeclaration.Effects()
    var found = false
    while true {
      if parser.isWord("async") || parser.isWord("reasync") {
        guard !effects.isAsync && effects.throwsKeyword == nil else { throw Failure() }
        effects.isAsync = true
      } else if parser.isWord("throws") || parser.isWord("rethrows") {
        guard effects.throwsKeyword == nil else { throw Failure() }
        effects.throwsKeyword = parser.peek()?.text
        effects.throwsOffset = parser.peek()?.offset ?? 0
        if parser.peek()?.text == "throws", parser.isPunctuation("(", at: 1) {
          let saved = parser.position
          parser.position += 2
          if let type = try? parser.parseType(), parser.isPunctuation(")") {
            effects.thrownType = type
          } else {
            parser.position = saved
          }
        }
      } else {
        break
      }
      found = true
      parser.position += 1
    }
    return found ? effects : nil
  }

  /// `{ get set }`, `{ get async throws }`, `{ @MainActor mutating get }`.
  private mutating func parseAccessors() throws(Failure) -> [MemberDeclaration.Accessor] {
    try parser.expect("{")
    var accessors: [MemberDeclaration.Accessor] = []
    while !parser.isPunctuation("}") {
      while parser.isPunctuation("@") { _ = try parseAttribute() }
      var accessor = MemberDeclaration.Accessor(keyword: "")
      while let token = parser.peek(), token.kind == .identifier, Self.modifiers.contains(token.text),
        parser.peek(1)?.kind == .identifier
      {
        accessor.modifierOffsets.append(token.offset)
        accessor.modifiers.append(try parseModifier())
      }
      accessor.keyword = try parser.takeIdentifier()
      accessor.effects = try parseEffects()
      accessors.append(accessor)
      if parser.isPunctuation(";") { parser.position += 1 }
    }
    parser.position += 1
    return accessors
  }

  // MARK: Parts

  /// `@name` or `@name(arguments)`, with its text as written and where it starts.
  private mutating func parseAttribute() throws(Failure) -> (Attribute, Int) {
    let start = parser.position
    try parser.expect("@")
    var name = try parser.takeIdentifier()
    while parser.isPunctuation("."), parser.peek()?.isSpaced == false, parser.peek(1)?.kind == .identifier {
      parser.position += 1
      name = try parser.takeIdentifier()
    }
    if parser.isPunctuation("("), parser.peek()?.isSpaced == false { _ = try balancedTokens() }
    let text = String(String.UnicodeScalarView(self.text[offset(at: start)..<endOffset(before: parser.position)]))
    return (Attribute(name: Naming.bareName(name), text: text), offset(at: start))
  }

  /// A modifier, with its argument when it has one (`nonisolated(unsafe)`, `private(set)`).
  private mutating func parseModifier() throws(Failure) -> String {
    var modifier = try parser.takeIdentifier()
    if parser.isPunctuation("("), parser.peek()?.isSpaced == false {
      modifier += TypeParser.canonicalText(try balancedTokens())
    }
    return modifier
  }

  /// `<T: P, each U>`.
  private mutating func parseGenericParameters() throws(Failure) -> [GenericParameter] {
    GenericParameter.parseClause(TypeParser.spacedText(try balancedTokens()))
  }

  /// The requirements of a `where` clause, after `where`.
  private mutating func parseRequirements() throws(Failure) -> [GenericRequirement] {
    var requirements: [GenericRequirement] = []
    repeat {
      if parser.isPunctuation(",") { parser.position += 1 }
      requirements.append(try parser.parseRequirement())
    } while parser.isPunctuation(",")
    return requirements
  }

  /// The tokens from the bracket at the current position to its matching one, both included.
  private mutating func balancedTokens() throws(Failure) -> [TypeToken] {
    let start = parser.position
    var level = 0
    repeat {
      let token = try parser.take()
      guard token.kind == .punctuation else { continue }
      if ["(", "[", "<", "{"].contains(token.text) { level += 1 }
      if [")", "]", ">", "}"].contains(token.text) { level -= 1 }
    } while level > 0
    guard level == 0 else { throw Failure() }
    return Array(parser.tokens[start..<parser.position])
  }

  /// Skips a default argument's expression: up to a `,` or `)` outside brackets.
  private mutating func skipExpression() throws(Failure) {
    parser.position += 1
    var level = 0
    while let token = parser.peek() {
      if token.kind == .punctuation {
        if level == 0 && (token.text == "," || token.text == ")") { return }
        if ["(", "[", "{"].contains(token.text) { level += 1 }
        if [")", "]", "}"].contains(token.text) { level -= 1 }
      }
      parser.position += 1
    }
    throw Failure()
  }

  /// Skips to the first token on a later line outside brackets, or to the protocol's closing brace.
  private mutating func skipToNextLine() {
    var level = 0
    while let token = parser.peek() {
      if level == 0 && token.startsLine { return }
      if token.kind == .punctuation {
        if ["(", "[", "{"].contains(token.text) { level += 1 }
        if [")", "]", "}"].contains(token.text) {
          if level == 0 { return }
          level -= 1
        }
      }
      parser.position += 1
    }
  }

  // MARK: Text

  /// The offset of the token at `position`, or the end of the text.
  private func offset(at position: Int) -> Int {
    position < parser.tokens.count ? parser.tokens[position].offset : text.count
  }

  /// The offset right after the token before `position`.
  private func endOffset(before position: Int) -> Int {
    guard position > 0 else { return 0 }
    let token = parser.tokens[position - 1]
    return token.offset + token.text.unicodeScalars.count
  }

  /// The text of the tokens from `start` to `end` (or to the end of the line), on one line.
  private func lineText(from start: Int, to end: Int? = nil) -> String {
    var last = end ?? start + 1
    if end == nil {
      while last < parser.tokens.count && !parser.tokens[last].startsLine { last += 1 }
    }
    guard start < last else { return "" }
    let slice = String(String.UnicodeScalarView(text[offset(at: start)..<endOffset(before: last)]))
    return slice.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.joined(separator: " ")
  }
}
