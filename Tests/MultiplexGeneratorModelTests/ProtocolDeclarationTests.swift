import MultiplexGeneratorModel
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
    ] {
      #expect(ExpressionCheck.isOneExpression(text), "\(text)")
    }
    for text in [
      "", "  ", "true) + (false", "(1", "1)", "[1)", "1, 2", "1; 2", "a b", "1\n2", "let x = 1", "return 1", "\"open",
      "f() g()",
    ] {
      #expect(!ExpressionCheck.isOneExpression(text), "\(text)")
    }
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
