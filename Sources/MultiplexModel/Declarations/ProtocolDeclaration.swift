/// A protocol declaration in parts: its header and its members (see ``MemberDeclaration``), read by
/// ``init(parsing:)`` from Swift text without a syntax tree.
///
/// It reads the declarations a compiler prints (a symbol graph's fragments joined) and the ones people write in a
/// protocol's body; what it does not understand makes it fail rather than guess, naming the member.
package struct ProtocolDeclaration: Sendable {
  /// The attributes before `protocol`, with their text as written (`@objc`, `@MainActor`).
  package var attributes: [Attribute] = []
  /// Where each of ``attributes`` starts.
  package var attributeOffsets: [Int] = []
  /// The modifiers before `protocol` (`public`), and where each starts.
  package var modifiers: [String] = []
  package var modifierOffsets: [Int] = []
  /// The protocol's name, as written.
  package var name: String
  /// Where the declaration (its first attribute) starts, in the Unicode scalars of the text.
  package var offset = 0
  /// Where the name starts, in the Unicode scalars of the text.
  package var nameOffset = 0
  /// The primary associated types (`protocol P<Element>`), or `nil` for none, and where they start.
  package var primaryAssociatedTypes: [String]?
  package var primaryAssociatedTypesOffset = 0
  /// The inheritance clause, a composition (`A & B`) as one entry; empty for none.
  package var inherited: [SwiftType] = []
  /// The inherited types, a composition's elements one by one (`AnyObject & Sendable` is two).
  package var inheritedTypes: [InheritedType] = []
  /// The `where` clause, or `nil` for none.
  package var whereClause: [GenericRequirement]?
  /// Where the `where` clause starts.
  package var whereOffset = 0
  package var members: [MemberDeclaration] = []
  /// The text the declaration was parsed from, in Unicode scalars: the offsets index it.
  package var source: [Unicode.Scalar] = []

  package init(name: String) {
    self.name = name
  }

  /// A type the protocol inherits: its text as written, and where it starts.
  package struct InheritedType: Sendable {
    package var type: SwiftType
    package var text: String
    package var offset: Int
  }

  /// Why a protocol declaration could not be read: where, and the member's text when the problem is in one.
  package struct ParseError: Error, Equatable, Sendable {
    /// Where the part that does not parse starts, in the Unicode scalars of the text.
    package var offset: Int
    /// The member declaration that does not parse, as written on its first line; `nil` for the header.
    package var member: String?
    /// Whether the text holds no `protocol` declaration at all.
    package var isMissingProtocol = false
  }

  /// Reads one `protocol` declaration, the first of `text` (attributes and comments before it are fine).
  ///
  /// - Throws: ``ParseError`` when `text` holds no protocol declaration or a part of it does not parse.
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package init(parsing text: String) throws(ParseError) {
    guard let tokens = TypeToken.tokenize(text) else { throw ParseError(offset: 0, member: nil) }
    var parser = DeclarationParser(tokens: tokens, text: Array(text.unicodeScalars))
    self = try parser.parseProtocol()
    source = Array(text.unicodeScalars)
  }

  /// The 1-based line and column of `offset` (an index in the Unicode scalars of `text`), as compilers count
  /// them (the column in UTF-8 bytes).
  package static func location(of offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index == offset { break }
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += String(scalar).utf8.count
      }
    }
    return (line, column)
  }
}
