import MultiplexGeneratorCore
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
}
