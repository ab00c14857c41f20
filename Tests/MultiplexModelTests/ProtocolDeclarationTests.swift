import MultiplexModel
import Testing

/// The generator's parser of protocol declarations and its checks of what users type, without swift-syntax (the
/// generator's tests compare the parser with swift-syntax on every protocol of the repository).
@Suite struct ProtocolDeclarationTests {
  @Test func readsTheShapesSymbolGraphsPrint() throws {
    let text = """
      @objc public protocol TableDelegate: NSObjectProtocol, Sendable {
        @available(iOS, deprecated: 13.0, message: "Use \\"rows\\", not this")
        @objc optional func table(_ table: Table, heightForRowAt indexPath: IndexPath) -> CGFloat
        var title: String? { get async throws(LoadError) }
        subscript(row row: Int) -> String { get set }
      }
      """
    let declaration = try ProtocolDeclaration(parsing: text)
    #expect(declaration.name == "TableDelegate")
    #expect(declaration.attributes.map(\.text) == ["@objc"])
    #expect(declaration.modifiers == ["public"])
    #expect(declaration.inherited.map(\.description) == ["NSObjectProtocol", "Sendable"])
    #expect(declaration.members.count == 3)
    let method = declaration.members[0]
    #expect(method.kind == .function(name: "table"))
    #expect(method.attributes.map(\.name) == ["available", "objc"])
    #expect(
      method.attributes.first?.text == "@available(iOS, deprecated: 13.0, message: \"Use \\\"rows\\\", not this\")"
    )
    #expect(method.modifiers == ["optional"])
    #expect(method.parameters.map(\.firstName) == ["_", "heightForRowAt"])
    #expect(method.parameters.map(\.secondName) == ["table", "indexPath"])
    #expect(method.result?.description == "CGFloat")
    #expect(ProtocolDeclaration.location(of: method.resultOffset, in: text) == (line: 3, column: 85))
    let property = declaration.members[1]
    #expect(property.kind == .property(name: "title", isLet: false))
    #expect(property.accessors?.first?.effects?.description == "async throws(LoadError)")
    let subscriptMember = declaration.members[2]
    #expect(subscriptMember.kind == .subscript)
    #expect(subscriptMember.accessors?.map(\.keyword) == ["get", "set"])
  }

  @Test func failuresNameTheMember() {
    do {
      _ = try ProtocolDeclaration(parsing: "struct S {}")
      Issue.record("a struct parsed as a protocol")
    } catch {
      #expect(error.isMissingProtocol)
    }
    do {
      _ = try ProtocolDeclaration(parsing: "protocol P {\n  func f(_ x: Int\n  func g()\n}")
      Issue.record("an unclosed parameter list parsed")
    } catch {
      #expect(error.member == "func f(_ x: Int")
      #expect(ProtocolDeclaration.location(of: error.offset, in: "protocol P {\n  func f(_ x: Int\n").line == 2)
    }
    // Two declarations on one line without `;`.
    #expect(throws: ProtocolDeclaration.ParseError.self) {
      try ProtocolDeclaration(parsing: "protocol P { func f() func g() }")
    }
    #expect(throws: ProtocolDeclaration.ParseError.self) { try ProtocolDeclaration(parsing: "protocol P {") }
    #expect(throws: ProtocolDeclaration.ParseError.self) {
      try ProtocolDeclaration(parsing: "protocol P { var x: \"s\" }")
    }
  }

  @Test func oneExpression() {
    for text in [
      "nil", "0", "-1", ".zero", "UITableView.automaticDimension", "[1, 2].count + (3 * 4)", "\"a, b\"", "f(x) { $0 }",
      "x as? Int ?? 0", "try? load()", "CGSize(width: 1, height: 2)", "a.b?.c!", "{ 1 }()", "flag ? 1 : 2",
      // Found by review: members named by keywords, interpolations, other literals, several trailing closures.
      ".init()", ".init(width: 50, height: 50)", "CGSize.init()", "Self.init()", ".init", "x.return", ".for",
      "UIReturnKeyType.continue", "\"\\(name ?? \"none\")\"", "\"\"\"\nmulti\nline\n\"\"\"", "#\"a\"b\"#",
      "f { 1 } g: { 2 }", "\\.count", "#selector(f)", "f<Int>()", "-1", "x as! Int", "1...",
    ] {
      #expect(ExpressionCheck.isOneExpression(text), "\(text)")
    }
    for text in [
      "", "  ", "true) + (false", "(1", "1)", "[1)", "1, 2", "1; 2", "a b", "1\n2", "let x = 1", "return 1", "\"open",
      "f() g()", "1 +", "x =", "x: 1", "1 else 2", "a in b", "'a'", "flag ? 1", "\"\\(open\"",
    ] {
      #expect(!ExpressionCheck.isOneExpression(text), "\(text)")
    }
  }

  /// Found by review: an `@available` message is text, not arguments; operators, parameter attributes, trailing
  /// commas and comments spanning lines parse; effects out of order do not.
  @Test func reviewedShapes() throws {
    let declaration = try ProtocolDeclaration(
      parsing: """
        protocol P: AnyObject {
          static func << (lhs: Self, rhs: Self) -> Self
          func run(@_implicitSelfCapture _ body: @escaping () -> Void, @_inheritActorContext(always) then: @escaping () -> Void)
          func pad(width: Int,)
          func a() /* one
          two */ func b()
          var x: Int { get }, y: Int { get }
        }
        """
    )
    #expect(
      declaration.members.map(\.kind) == [
        .function(name: "<<"), .function(name: "run"), .function(name: "pad"), .function(name: "a"),
        .function(name: "b"), .other("var"),
      ]
    )
    #expect(
      declaration.members[1].parameters.map(\.attributes) == [
        ["@_implicitSelfCapture"], ["@_inheritActorContext(always)"],
      ]
    )
    #expect(
      declaration.members[1].parameters.map { $0.type.description } == ["@escaping () -> Void", "@escaping () -> Void"]
    )
    for effects in ["async async", "throws async", "throws throws", "rethrows throws"] {
      #expect(throws: ProtocolDeclaration.ParseError.self) {
        try ProtocolDeclaration(parsing: "protocol P { func f() \(effects) }")
      }
    }
    let deprecated = Attribute(
      name: "available",
      text: "@available(iOS, deprecated: 13, message: \"unavailable on tvOS\")"
    )
    #expect(!deprecated.hasWord("unavailable"))
    #expect(Attribute(name: "available", text: "@available(*, unavailable)").hasWord("unavailable"))
  }

  /// Found by review: comments around a default value are not part of it (one after it would comment out the rest
  /// of the generated line), and names interpolated in a string are among its tokens (generated locals avoid them).
  @Test func expressions() {
    #expect(Expression(parsing: "  1 // one").text == "1")
    #expect(Expression(parsing: "/* zero */ 0").text == "0")
    #expect(Expression(parsing: "\"\\(combiner ?? \"none\")\"").tokens.contains("combiner"))
  }

  @Test func typeNames() {
    for name in ["FeedMultiplexer", "_Private", "Ünicode", "Type"] {
      #expect(ExpressionCheck.isTypeName(name), "\(name)")
    }
    for name in ["", "Feed Multiplexer", "class", "Self", "Any", "_", "1Feed", "Feed.Multiplexer", "`Feed`", "$x"] {
      #expect(!ExpressionCheck.isTypeName(name), "\(name)")
    }
  }
}
