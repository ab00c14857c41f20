/// One member of a protocol declaration, in parts: what a reader without a syntax tree needs to make a
/// ``Requirement`` (``RequirementReader``, for both front ends).
///
/// Types are ``SwiftType`` values; attributes keep their text as written. Offsets are indexes in the Unicode
/// scalars of the text the declaration was parsed from, for diagnostics (``DeclarationParser/location(of:in:)``).
package struct MemberDeclaration: Sendable {
  /// What the member declares.
  package enum Kind: Equatable, Sendable {
    /// `func name…`; the name as written, backticks kept (an operator's is its punctuation).
    case function(name: String)
    /// `var name: Type { get }`, or `let` (which Swift rejects in a protocol).
    case property(name: String, isLet: Bool)
    case `subscript`
    case initializer
    case associatedType(name: String)
    case typeAlias(TypeAlias)
    /// Anything else (`#if`, a nested type), named by its first keyword.
    case other(String)
  }

  /// A parameter of a method or subscript.
  package struct Parameter: Sendable {
    /// The first name, backticks kept: the argument label of a method, `_` for none.
    package var firstName: String
    /// The second name, the parameter's internal name when it has two.
    package var secondName: String?
    /// Its type, specifiers and attributes included (`inout CGPoint`, `@escaping (Bool) -> Void`).
    package var type: SwiftType
    package var isVariadic = false
    /// Whether a default argument follows (`= 0`), which Swift rejects in a protocol.
    package var hasDefaultArgument = false
    /// The parameter's own attributes, as written (`@_implicitSelfCapture`), not its type's.
    package var attributes: [String] = []
    /// Where the parameter's type, its `...` and its default argument's `=` start.
    package var typeOffset = 0
    package var ellipsisOffset = 0
    package var defaultArgumentOffset = 0
    /// Where its names start, where it ends (after its type, `...` or default argument), where the comma after it
    /// is (`nil` for none) and where a `borrowing` specifier of its type is: what a signature as written is spelled
    /// from (``RequirementSignature``).
    package var firstNameOffset = 0
    package var secondNameOffset: Int?
    package var endOffset = 0
    package var commaOffset: Int?
    package var borrowingOffset: Int?
  }

  /// An accessor of a property or subscript: `get async throws`, `set`.
  package struct Accessor: Sendable {
    /// `get`, `set`, or another accessor keyword.
    package var keyword: String
    /// `mutating`, `nonmutating`…, and where each starts.
    package var modifiers: [String] = []
    package var modifierOffsets: [Int] = []
    /// The effects as written after the keyword (`async throws`), or `nil` for none.
    package var effects: Effects?
  }

  /// `async`, `throws`, `throws(E)`, `rethrows`.
  package struct Effects: Equatable, Sendable {
    package var isAsync = false
    /// `throws` or `rethrows`, or `nil`.
    package var throwsKeyword: String?
    /// `E` of `throws(E)`.
    package var thrownType: SwiftType?
    /// Where `throws` or `rethrows` starts.
    package var throwsOffset = 0

    package init(
      isAsync: Bool = false,
      throwsKeyword: String? = nil,
      thrownType: SwiftType? = nil,
      throwsOffset: Int = 0
    ) {
      self.throwsOffset = throwsOffset
      self.isAsync = isAsync
      self.throwsKeyword = throwsKeyword
      self.thrownType = thrownType
    }

    /// `async throws(E)`, as Swift spells the effects canonically.
    package var description: String {
      var words: [String] = []
      if isAsync { words.append("async") }
      if let throwsKeyword { words.append(throwsKeyword + (thrownType.map { "(" + $0.description + ")" } ?? "")) }
      return words.joined(separator: " ")
    }

    /// ``Requirement/Throwing`` of the effects: `throws` or `throws(E)`; `nil` when they do not throw.
    package var throwing: Requirement.Throwing? {
      guard throwsKeyword != nil else { return nil }
      return thrownType.map { .typed($0) } ?? .untyped
    }
  }

  package var kind: Kind
  /// The declaration's attributes, in order, with their text as written.
  package var attributes: [Attribute] = []
  /// Where each of ``attributes`` starts.
  package var attributeOffsets: [Int] = []
  /// The declaration's modifiers: `static`, `optional`, `nonisolated`, `mutating`…
  package var modifiers: [String] = []
  /// Where each of ``modifiers`` starts.
  package var modifierOffsets: [Int] = []
  /// The generic parameter clause, or `nil` for none.
  package var genericParameters: [GenericParameter]?
  package var parameters: [Parameter] = []
  /// A method's effects, or `nil` for none.
  package var effects: Effects?
  /// A method's or subscript's result type, or a property's type; `nil` for a method without `->`.
  package var result: SwiftType?
  /// The `where` clause, or `nil` for none.
  package var whereClause: [GenericRequirement]?
  /// The accessor block of a property or subscript, or `nil` for none.
  package var accessors: [Accessor]?
  /// The declaration as written, from its first attribute to its end, on one line.
  package var text: String = ""
  /// Where the declaration starts, where its name starts (a method's, a property's; a subscript's or initializer's
  /// keyword), and where its result type starts.
  package var offset = 0
  /// Where the declaration's text is, from its first attribute to its end.
  package var range = 0..<0
  package var nameOffset = 0
  package var resultOffset = 0
  /// Where the result type ends.
  package var resultEnd = 0
  /// The source ranges of a method's or subscript's signature, for spelling it as written (``RequirementSignature``):
  /// the generic parameter clause, the parameter clause, the end of the signature (after the effects and the result
  /// type), the `->` of a subscript, and the `where` clause.
  package var genericClauseRange: Range<Int>?
  package var parameterClauseRange: Range<Int>?
  package var signatureEnd = 0
  package var arrowOffset = 0
  package var whereRange: Range<Int>?

  package init(kind: Kind) {
    self.kind = kind
  }

  /// Whether the declaration has the modifier `word` (`static`, `optional`).
  package func hasModifier(_ word: String) -> Bool { modifiers.contains(word) }
}
