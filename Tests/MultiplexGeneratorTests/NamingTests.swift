import MultiplexModel
import MultiplexSymbolGraphReader
import MultiplexSyntaxReader
import SwiftParser
import SwiftSyntax
import Testing

/// `Naming.identifier(_:in:)`, the one rule for backticks in generated code (issue 23, item 2). Each spelling was
/// checked against the compiler: without backticks where it accepts the name without a warning, with them
/// elsewhere.
@Suite struct NamingTests {
  /// `name` in each position: argument label, parameter label, declaration, expression, member.
  private func spellings(_ name: String) -> [String] {
    [.argumentLabel, .parameterLabel, .declaration, .expression, .member].map { Naming.identifier(name, in: $0) }
  }

  @Test func plainNamesStayPlain() {
    for name in ["value", "_x", "async", "copy", "consume", "each", "some", "any", "borrowing", "discard"] {
      #expect(spellings(name) == Array(repeating: name, count: 5), "\(name)")
      #expect(spellings("`\(name)`") == Array(repeating: name, count: 5), "backticks are dropped: \(name)")
    }
  }

  @Test func reservedWords() {
    for name in ["for", "in", "do", "throws", "where", "is", "as", "try", "default", "subscript", "repeat"] {
      #expect(spellings(name) == [name, name, "`\(name)`", "`\(name)`", name], "\(name)")
    }
    #expect(spellings("inout") == ["`inout`", "`inout`", "`inout`", "`inout`", "inout"])
    #expect(spellings("let") == ["let", "`let`", "`let`", "`let`", "let"])
    #expect(spellings("var") == ["var", "`var`", "`var`", "`var`", "var"])
  }

  @Test func namesThatMeanSomethingElse() {
    // After a dot, `x.self` and `x.init` are not members; `self` as a reference is the instance. A member
    // declared `Type` "would conflict with the 'foo.Type' expression", but an instance's `x.Type` is the member.
    #expect(spellings("self") == ["self", "self", "`self`", "`self`", "`self`"])
    #expect(spellings("init") == ["init", "init", "`init`", "`init`", "`init`"])
    #expect(spellings("Type") == ["Type", "Type", "`Type`", "Type", "Type"])
    #expect(spellings("Protocol")[2] == "`Protocol`")
    // `Self` and `Any` name types; `await` starts an expression.
    #expect(spellings("Self")[3] == "`Self`")
    #expect(spellings("Any")[3] == "`Any`")
    #expect(spellings("await")[3] == "`await`")
  }

  /// A raw identifier (SE-0451) is spelled in backticks in every position.
  @Test func rawIdentifiersKeepTheirBackticks() {
    for name in ["new value", "1st", "a-b"] {
      #expect(spellings(name) == Array(repeating: "`\(name)`", count: 5), "\(name)")
      #expect(spellings("`\(name)`") == Array(repeating: "`\(name)`", count: 5), "\(name)")
    }
  }

  /// Every keyword swift-syntax knows, in the three positions where backticks depend on the keyword: the
  /// syntax-free tables of `Naming` (which the generator uses without swift-syntax) give swift-syntax's answers. A
  /// swift-syntax release that reserves another word fails here.
  @Test func keywordTablesMatchSwiftSyntax() {
    var checked = 0
    for rawValue in UInt8.min...UInt8.max {
      guard let keyword = Keyword(rawValue: rawValue) else { continue }
      let text = TokenSyntax.keyword(keyword).text
      let isDeclarable = text.isValidSwiftIdentifier(for: .variableName) && !["Type", "Protocol"].contains(text)
      #expect((Naming.identifier(text, in: .declaration) == text) == isDeclarable, "declaration: \(text)")
      let isMember = text.isValidSwiftIdentifier(for: .memberAccess)
      #expect((Naming.identifier(text, in: .member) == text) == isMember, "member: \(text)")
      #expect(
        (Naming.identifier(text, in: .expression) == text) == Self.isPlainReference(text),
        "expression: \(text)"
      )
      checked += 1
    }
    #expect(checked > 150)
  }

  /// Whether `name`, written alone as an expression, is a reference to a declaration of that name.
  static func isPlainReference(_ name: String) -> Bool {
    let file = Parser.parse(source: "_ = \(name)")
    guard !file.hasError, file.statements.count == 1,
      let sequence = file.statements.first?.item.as(SequenceExprSyntax.self),
      let reference = sequence.elements.last?.as(DeclReferenceExprSyntax.self),
      reference.argumentNames == nil
    else { return false }
    return reference.baseName.tokenKind == .identifier(name)
  }
}
