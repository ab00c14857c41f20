import Foundation
import MultiplexModel
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import Testing

@testable import MultiplexSyntaxReader

/// `MultiplexModel`'s `SwiftType` against swift-syntax, on every type the repository spells (issue 25,
/// item 1): the parameter, result, property and nested types of the golden inputs and outputs, the fixtures, the
/// macro's test sources and the checked-in generated files, plus tricky hand-written ones.
///
/// For each, (a) the canonical printing parses with swift-syntax to the same tokens as the original, and (b) every
/// query the macro's syntax reader still makes with swift-syntax gives what `SwiftType`'s gives. The rewrites
/// (`TypeReferences`, member-path, generic and type-alias substitution) and `eventPayloadType` were compared with
/// the swift-syntax code they replaced on the same corpus before that code was removed; the golden files and the
/// macro's expansion tests check them since.
@Suite struct SwiftTypeCrossCheckTests {
  /// Types the repository does not spell, or not in all these shapes.
  static let handWritten = [
    "Outer.Inner<Int>.Element", "Swift.Optional<T>", "Optional<(Bool) -> Void>", "T!", "[K: V]?", "()", "(Int)",
    "(a: Int, String)", "(Int, _ x: String) async throws(E) -> sending R",
    "@escaping @Sendable @MainActor (Int) -> Void", "@escaping(Bool) -> Void", "@Sendable() -> Void",
    "@autoclosure() -> Bool", "@escaping @Sendable(Int) -> Void",
    "@convention(c) (Int32) -> Int32", "@convention(block) () -> Void", "@isolated(any) () async -> Void",
    "inout [Int]", "borrowing T", "consuming T", "__shared T", "__owned T", "sending T", "isolated MyActor",
    "sending @escaping () -> Void", "some P", "any P", "some Collection<Int>", "any P & Q", "A & B & C",
    "T.Type", "P.Protocol", "(any P).Type", "any P.Type", "repeat each T", "repeat Array<each T>",
    "(repeat each T) -> Void", "~Copyable", "P & ~Copyable", "`Type`", "Foo.`Type`", "Self", "Self.Element",
    "[Self]", "(Self) -> Void", "Void", "Swift.Void", "Never", "Swift.Never", "Bool", "Swift.Bool", "(())",
    "((Int) -> Void)?", "((Int) -> Void)!", "(@escaping (Int) -> Void)", "@escaping ((Int) -> Void)",
    "(handler: () -> Void)", "@autoclosure () -> Bool", "@autoclosure @escaping () -> Bool", "(Int...) -> Void",
    "[C.Element.Index: Int]", "Dictionary<K.Key, [V]>.Values?", "C.Element?", "[C.Element]", "Handler<Int>",
    "Handler<() -> Void>?", "Pair<Handler<Int>, Score>", "Loop<Int>", "Score.Magnitude", "[Score: Score?]",
    "(Int) async -> (String) -> Void", "() throws -> Int", "@Sendable (sending T) -> Void", "T??",
    "[String: [Int]]?", "Result<Int, any Error>", "some P & Q", "Any", "AnyObject", "any AnyObject",
    "Handler", "@escaping Handler", "Handler?", "[SendableHandler]", "Probe.Handler", "@escaping SendableHandler",
    "(Score) -> Void", "Score", "@escaping (Handler) -> Void", "@escaping sending () -> Void",
    "nonisolated(nonsending) () async -> Void", "Vector<3, Int>", "[Int].Element", "Int?.Type", "(some P)?",
    "(a: Int, b: String)?", "Array<Int>.Index", "any Error.Type", "Self.Type", "[(Int, String)]",
  ]

  /// The folders whose Swift sources (and the Swift inside their string literals) make the corpus.
  static let folders = [
    "Tests/MultiplexGeneratorTests", "Tests/MultiplexMacrosPluginTests", "Tests/MultiplexGeneratorFixtures",
    "Tests/GeneratedMultiplexerTests", "Examples/ExampleMultiplexers", "Sources/AppleDelegates",
    "Tests/MultiplexGenerateCLITests", "Tests/MultiplexMacrosTests", "Tests/ShapeRegressions", "Tests/PluginSample",
    "Examples/multiplex-demo",
  ]

  /// The type spellings, generic parameter clauses and `where` clauses found.
  struct Corpus {
    var types: Set<String> = []
    var parameterClauses: Set<String> = []
    var whereClauses: Set<String> = []
  }

  /// The text of every Swift source and golden file in `folders` (paths from the repository's root), but for the
  /// files named in `excluding`.
  static func sources(in folders: [String], excluding excluded: Set<String> = []) -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var sources: [String] = []
    for folder in folders {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder),
        includingPropertiesForKeys: nil,
        // Not `.build`: a sample package's build folder holds its dependencies' sources.
        options: [.skipsHiddenFiles]
      )
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" || url.pathExtension == "golden",
          !excluded.contains(url.lastPathComponent),
          let source = try? String(contentsOf: url, encoding: .utf8)
        else { continue }
        sources.append(source)
      }
    }
    return sources
  }

  static let corpus: Corpus = {
    let collector = Collector()
    for source in sources(in: folders, excluding: ["SwiftTypeCrossCheckTests.swift"]) { collector.collect(source) }
    collector.corpus.types.formUnion(handWritten)
    collector.corpus.parameterClauses.formUnion([
      "<T1, T2, T3,>", "<T: Equatable, each U>", "<C: Collection, Element>", "<T: P & Q, U: Sequence<Int>>",
      "<each T: Sendable>",
      "<`Type`>", "<T: Foo.Bar<Int>>", "<T: ~Copyable>",
    ])
    collector.corpus.whereClauses.formUnion([
      "where T: P, T.Element == Int, U: AnyObject", "where C.Element == [K: V]", "where T: _Trivial",
      "where T: _TrivialAtMost(64)", "where Self: AnyObject", "where repeat each T: Sendable",
      "where T == (Int) -> Void", "where T: ~Copyable",
    ])
    return collector.corpus
  }()

  /// Collects every type (nested ones too), generic parameter clause and `where` clause, also from multi-line
  /// string literals without interpolation (the tests' protocol sources).
  final class Collector: SyntaxAnyVisitor {
    var corpus = Corpus()

    init() { super.init(viewMode: .sourceAccurate) }

    func collect(_ source: String) { walk(Parser.parse(source: source)) }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      guard !node.hasError else { return .visitChildren }
      if node.is(TypeSyntax.self), !node.is(MissingTypeSyntax.self) {
        let text = node.trimmedDescription
        if !text.contains("<#") { corpus.types.insert(text) }
      } else if node.is(GenericParameterClauseSyntax.self) {
        corpus.parameterClauses.insert(node.trimmedDescription)
      } else if node.is(GenericWhereClauseSyntax.self) {
        corpus.whereClauses.insert(node.trimmedDescription)
      } else if let literal = node.as(StringLiteralExprSyntax.self),
        literal.openingQuote.tokenKind == .multilineStringQuote
      {
        var content = ""
        for segment in literal.segments {
          guard case .stringSegment(let text) = segment else { return .visitChildren }
          content += text.content.text
        }
        collect(content)
      }
      return .visitChildren
    }
  }

  /// The token texts of `text` parsed by swift-syntax as a type, or `nil` when it does not parse cleanly.
  static func typeTokens(_ text: String) -> [String]? {
    var parser = Parser(text)
    let type = TypeSyntax.parse(from: &parser)
    guard !type.hasError else { return nil }
    let tokens = type.tokens(viewMode: .sourceAccurate).map(\.text).filter { !$0.isEmpty }
    // The parser stops at the end of one type: anything after it is left in the source.
    guard type.trimmedDescription.filter({ !$0.isWhitespace }) == text.filter({ !$0.isWhitespace }) else { return nil }
    return tokens
  }

  static func syntax(_ text: String) -> TypeSyntax {
    var parser = Parser(text)
    return TypeSyntax.parse(from: &parser)
  }

  /// The types swift-syntax parses cleanly.
  static let cleanTypes = corpus.types.sorted().filter { typeTokens($0) != nil }

  @Test func corpusIsLarge() {
    print(
      "SwiftType cross-check corpus: \(Self.corpus.types.count) types (\(Self.cleanTypes.count) parse cleanly), \(Self.corpus.parameterClauses.count) generic parameter clauses, \(Self.corpus.whereClauses.count) where clauses"
    )
    #expect(Self.cleanTypes.count > 500)
    #expect(Self.corpus.parameterClauses.count > 5)
    #expect(Self.corpus.whereClauses.count > 5)
  }

  /// (a) The canonical printing reads back, in swift-syntax, to the tokens of the original, and in `SwiftType` to
  /// an equal value.
  @Test func printingMatchesSwiftSyntax() {
    var unchanged = 0
    for text in Self.cleanTypes {
      let type = SwiftType(parsing: text)
      // Integer generic arguments (`Vector<3, Int>`) are the only text kept as `unparsed`.
      let unparsed = type.contains { if case .unparsed(let text) = $0 { !text.allSatisfy(\.isNumber) } else { false } }
      #expect(!unparsed, "\(text)")
      #expect(Self.typeTokens(type.description) == Self.typeTokens(text), "\(text) printed \(type.description)")
      #expect(SwiftType(parsing: type.description) == type, "round trip of \(text)")
      if type.description == text {
        unchanged += 1
      } else {
        print("SwiftType cross-check: \(text) printed \(type.description)")
      }
    }
    print("SwiftType cross-check: \(unchanged) of \(Self.cleanTypes.count) spellings already canonical")
  }

  /// (b) The model's queries against swift-syntax's reading: specifiers and attributes, `Void`, `Optional`, the
  /// `Never`, `Self`, `some` and `T!` checks the macro's reader made before the refusals moved into the model
  /// (`Refusals`), and the `Bool` check of `validPolicies`.
  @Test func queriesMatch() {
    let specifiers: [(Keyword, String)] = [
      (.inout, "inout"), (.borrowing, "borrowing"), (.consuming, "consuming"), (.__shared, "__shared"),
      (.__owned, "__owned"), (.sending, "sending"), (.isolated, "isolated"),
    ]
    for text in Self.cleanTypes {
      let syntax = Self.syntax(text)
      let type = SwiftType(parsing: text)
      for (keyword, spelling) in specifiers {
        #expect(Self.hasSpecifier(keyword, syntax) == type.hasSpecifier(spelling), "\(spelling) in \(text)")
      }
      for attribute in ["escaping", "autoclosure", "Sendable", "MainActor", "convention", "isolated"] {
        #expect(Self.hasAttribute(attribute, syntax) == type.hasAttribute(attribute), "@\(attribute) in \(text)")
      }
      #expect(
        Self.typeTokens(RefusalFixIts.removingSpecifier(.sending, from: syntax).trimmedDescription)
          == Self.typeTokens(type.removingSpecifier("sending").description),
        "removing sending from \(text)"
      )
      #expect(Self.isVoid(syntax) == type.isVoid, "isVoid \(text)")
      #expect(["Never", "Swift.Never"].contains(syntax.trimmedDescription) == type.isNever, "isNever \(text)")
      #expect(Self.isOptionalType(syntax) == type.isOptional, "isOptional \(text)")
      #expect(["Bool", "Swift.Bool"].contains(syntax.trimmedDescription) == type.isBool, "isBool \(text)")
      let mentionsSelf = syntax.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
      #expect(mentionsSelf == type.mentionsSelf, "mentionsSelf \(text)")
      let hasSome = syntax.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.some) }
      #expect(hasSome == type.containsOpaqueType, "some in \(text)")
      var valueType = syntax.trimmed
      if let unwrapped = valueType.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        valueType = TypeSyntax(OptionalTypeSyntax(wrappedType: unwrapped.wrappedType))
      }
      #expect(
        Self.typeTokens(valueType.trimmedDescription)
          == Self.typeTokens(type.implicitlyUnwrappedAsOptional.description),
        "T! → T? for \(text)"
      )
    }
  }

  /// (b) `identifiers` against swift-syntax's identifier tokens (`Self`, `Any` and `_` too), for types whose
  /// attributes take no arguments (`c` in `@convention(c)` is no name).
  @Test func identifiersMatch() {
    // Text the parser keeps unparsed names every identifier in it, contextual keywords too (a superset, for the
    // emitter's reserved-name checks): only fully parsed types are compared.
    for text in Self.cleanTypes
    where !text.contains("@convention") && !text.contains("@isolated(") && SwiftType(parsing: text).isFullyParsed {
      let tokens = Self.syntax(text).tokens(viewMode: .sourceAccurate).filter { token in
        switch token.tokenKind {
        case .identifier, .keyword(.Self), .keyword(.Any), .wildcard: return true
        default: return false
        }
      }
      #expect(tokens.map(\.text) == SwiftType(parsing: text).identifiers, "\(text)")
    }
  }

  /// The model `@Multiplexed` reads from a protocol with `member`, or `nil` when it refuses it.
  static func macroModel(_ member: String) -> ProtocolModel? {
    let file = Parser.parse(source: "@Multiplexed protocol Probe: AnyObject {\n  \(member)\n}")
    guard let proto = file.statements.first?.item.as(ProtocolDeclSyntax.self),
      let attribute = ProtocolModel.multiplexedAttributes(of: proto).first
    else { return nil }
    var diagnostics: [Diagnostic] = []
    return ProtocolModel.make(
      from: proto,
      attribute: attribute,
      context: DeclarationContext(),
      diagnostics: &diagnostics
    )
  }

  /// Generic parameter clauses and `where` clauses: printed back to swift-syntax's tokens, with the same names.
  @Test func genericClausesMatch() throws {
    for text in Self.corpus.parameterClauses.sorted() {
      let parameters = GenericParameter.parseClause(text)
      let printed = GenericParameter.clause(parameters)
      let original = try #require(Self.clauseSyntax("func f\(text)()")?.genericParameterClause)
      let reprinted = Self.clauseSyntax("func f\(printed)()")?.genericParameterClause
      #expect(reprinted.map(Self.tokens) == Self.tokens(original), "\(text) printed \(printed)")
      #expect(parameters.map(\.name) == original.parameters.map(\.name.text), "\(text)")
    }
    for text in Self.corpus.whereClauses.sorted() {
      let requirements = GenericRequirement.parseClause(text)
      #expect(!requirements.contains { if case .unparsed = $0 { true } else { false } }, "\(text)")
      let printed = GenericRequirement.clause(requirements)
      let original = try #require(Self.clauseSyntax("func f() \(text)")?.genericWhereClause)
      let reprinted = Self.clauseSyntax("func f()\(printed)")?.genericWhereClause
      #expect(reprinted.map(Self.tokens) == Self.tokens(original), "\(text) printed \(printed)")
    }
  }

  static func clauseSyntax(_ source: String) -> FunctionDeclSyntax? {
    let file = Parser.parse(source: source)
    guard !file.hasError else { return nil }
    return file.statements.first?.item.as(FunctionDeclSyntax.self)
  }

  /// The tokens of `node`, without a trailing comma (SE-0439), which the model does not keep.
  static func tokens(_ node: some SyntaxProtocol) -> [String] {
    let tokens = node.tokens(viewMode: .sourceAccurate).map(\.text).filter { !$0.isEmpty }
    return tokens.indices.compactMap { index in
      let isTrailingComma = tokens[index] == "," && (index + 1 == tokens.count || tokens[index + 1] == ">")
      return isTrailingComma ? nil : tokens[index]
    }
  }
}

extension SwiftTypeCrossCheckTests {
  /// Whether `type` (a parameter's, as swift-syntax reads it) carries the specifier `keyword` (`borrowing`,
  /// `consuming`, `sending`, `inout`).
  fileprivate static func hasSpecifier(_ keyword: Keyword, _ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return attributed.specifiers.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(keyword) }
  }

  /// Whether `type` (a parameter's, as swift-syntax reads it) carries the attribute `name` (`autoclosure`,
  /// `escaping`).
  fileprivate static func hasAttribute(_ name: String, _ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return attributed.attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return Naming.attributeName(attribute) == name
    }
  }

  /// Whether `type` is `Void`, as swift-syntax reads it.
  fileprivate static func isVoid(_ type: TypeSyntax) -> Bool {
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.isEmpty { return true }
    let text = type.trimmedDescription
    return text == "Void" || text == "Swift.Void"
  }

  /// Whether `type` is an `Optional`, as swift-syntax reads it.
  fileprivate static func isOptionalType(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
        && member.genericArgumentClause != nil
    }
    return false
  }
}
