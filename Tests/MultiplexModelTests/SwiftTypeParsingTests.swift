import MultiplexModel
import Testing

/// `SwiftType(parsing:)` and `description`: every shape a protocol requirement spells, printed as swift-format
/// writes it, and read back to an equal value.
@Suite struct SwiftTypeParsingTests {
  /// Source spellings and their canonical printing.
  static let spellings: [(source: String, canonical: String)] = [
    ("Int", "Int"),
    ("Array<Int>", "Array<Int>"),
    ("Dictionary<String,[Int]>", "Dictionary<String, [Int]>"),
    ("Outer.Inner<Int>.Element", "Outer.Inner<Int>.Element"),
    ("Swift.Optional<T>", "Swift.Optional<T>"),
    ("T?", "T?"),
    ("T!", "T!"),
    ("T??", "T??"),
    ("[T]", "[T]"),
    ("[ K : V ]", "[K: V]"),
    ("[String: [Int]]?", "[String: [Int]]?"),
    ("()", "()"),
    ("(Int)", "(Int)"),
    ("(a: Int, String)", "(a: Int, String)"),
    ("(Int)->Void", "(Int) -> Void"),
    ("() -> ()", "() -> ()"),
    ("(Int, _ x: String) async throws(E) -> sending R", "(Int, _ x: String) async throws(E) -> sending R"),
    ("(Int) throws -> Int", "(Int) throws -> Int"),
    ("(Int) async -> (String) -> Void", "(Int) async -> (String) -> Void"),
    ("(Int...) -> Void", "(Int...) -> Void"),
    ("@escaping @Sendable @MainActor (Int) -> Void", "@escaping @Sendable @MainActor (Int) -> Void"),
    ("@convention(c) (Int32) -> Int32", "@convention(c) (Int32) -> Int32"),
    ("@isolated(any) () async -> Void", "@isolated(any) () async -> Void"),
    ("@Module.GlobalActor () -> Void", "@Module.GlobalActor () -> Void"),
    ("((Bool) -> Void)?", "((Bool) -> Void)?"),
    ("inout T", "inout T"),
    ("borrowing T", "borrowing T"),
    ("consuming T", "consuming T"),
    ("__shared T", "__shared T"),
    ("__owned T", "__owned T"),
    ("sending T", "sending T"),
    ("isolated MyActor", "isolated MyActor"),
    ("sending @escaping () -> Void", "sending @escaping () -> Void"),
    ("nonisolated(nonsending) () async -> Void", "nonisolated(nonsending) () async -> Void"),
    ("some P", "some P"),
    ("any P", "any P"),
    ("some Collection<Int>", "some Collection<Int>"),
    ("any P & Q", "any P & Q"),
    ("A&B", "A & B"),
    ("T.Type", "T.Type"),
    ("P.Protocol", "P.Protocol"),
    ("(any P).Type", "(any P).Type"),
    ("Self.Element", "Self.Element"),
    ("repeat each T", "repeat each T"),
    ("repeat Array<each T>", "repeat Array<each T>"),
    ("each T", "each T"),
    ("~Copyable", "~Copyable"),
    ("P & ~Copyable", "P & ~Copyable"),
    ("`Type`", "`Type`"),
    ("Foo.`Type`", "Foo.`Type`"),
    ("Vector<3, Int>", "Vector<3, Int>"),
    ("[\n  String: // key\n  Int /* value */\n]", "[String: Int]"),
    ("  Int  ", "Int"),
  ]

  @Test(arguments: spellings)
  func printsCanonically(_ spelling: (source: String, canonical: String)) {
    let type = SwiftType(parsing: spelling.source)
    #expect(type.description == spelling.canonical)
    #expect(SwiftType(parsing: type.description) == type, "round trip")
  }

  @Test func shapes() {
    #expect(
      SwiftType(parsing: "Outer.Inner<Int>.Element")
        == .member(
          base: .member(base: .named("Outer"), name: "Inner", arguments: [.named("Int")]),
          name: "Element"
        )
    )
    #expect(SwiftType(parsing: "(Int)") == .tuple([TupleTypeElement(.named("Int"))]))
    #expect(
      SwiftType(parsing: "(a: Int, _ b: String...)")
        == .tuple([
          TupleTypeElement(firstName: "a", .named("Int")),
          TupleTypeElement(firstName: "_", secondName: "b", .named("String"), isVariadic: true),
        ])
    )
    #expect(
      SwiftType(parsing: "@escaping (Int) async throws(MyError) -> sending R")
        == .attributed(
          specifiers: [],
          attributes: [TypeAttribute("escaping")],
          base: .function(
            FunctionType(
              [TupleTypeElement(.named("Int"))],
              isAsync: true,
              thrownType: .named("MyError"),
              result: .attributed(specifiers: ["sending"], attributes: [], base: .named("R"))
            )
          )
        )
    )
    #expect(
      SwiftType(parsing: "@convention(c) () -> Void")
        == .attributed(
          specifiers: [],
          attributes: [TypeAttribute("convention", arguments: "c")],
          base: .function(FunctionType([], result: .named("Void")))
        )
    )
    #expect(SwiftType(parsing: "some P & Q") == .opaque(.composition([.named("P"), .named("Q")])))
    #expect(SwiftType(parsing: "(any P).Type") == .metatype(.tuple([TupleTypeElement(.existential(.named("P")))])))
    #expect(SwiftType(parsing: "any P.Type") == .existential(.metatype(.named("P"))))
    #expect(SwiftType(parsing: "repeat each T") == .packExpansion(.packElement(.named("T"))))
    #expect(SwiftType(parsing: "T.Protocol") == .protocolMetatype(.named("T")))
    #expect(SwiftType(parsing: "~Copyable") == .suppressed(.named("Copyable")))
    #expect(SwiftType(parsing: "[K: V]") == .dictionary(key: .named("K"), value: .named("V")))
    #expect(SwiftType(parsing: "T!") == .implicitlyUnwrappedOptional(.named("T")))
    // A label named like a specifier is a label.
    #expect(SwiftType(parsing: "(inout: Int)") == .tuple([TupleTypeElement(firstName: "inout", .named("Int"))]))
    // A type named like a specifier is a type.
    #expect(SwiftType(parsing: "[sending]") == .array(.named("sending")))
  }

  /// An attribute's parentheses must follow its name: `@escaping (Int) -> Void` is a function type.
  @Test func attributeArgumentsAreAttached() {
    guard case .attributed(_, let attributes, .function) = SwiftType(parsing: "@MainActor (Int) -> Void") else {
      Issue.record("not an attributed function type")
      return
    }
    #expect(attributes == [TypeAttribute("MainActor")])
  }

  @Test func printsModelsBuiltInCode() {
    let function = SwiftType.function(
      FunctionType(
        [TupleTypeElement(firstName: "_", secondName: "x", .named("Int"))],
        isThrowing: true,
        result: .named("Void")
      )
    )
    #expect(function.description == "(_ x: Int) throws -> Void")
    #expect(function.parenthesized.description == "((_ x: Int) throws -> Void)")
    #expect(SwiftType.optional(function.parenthesized).description == "((_ x: Int) throws -> Void)?")
  }

  /// Text the parser does not understand is kept whole, trimmed: it never crashes and never drops text.
  @Test(arguments: [
    "", "   ", "[Int", "Int]", "(Int", "Array<Int", "Array<Int>>", "Int Int", "Int,", "&", "A &", "->", "() ->",
    "@", "@ escaping () -> Void", "`unterminated", "/* open comment", "some", "(a: )", "[:]", "?", "T.", "T..Type",
    "[Int: String: Bool]", "() throws(E -> Void", "rethrows", "Int // trailing comment",
  ])
  func malformedInputIsKept(_ text: String) {
    let type = SwiftType(parsing: text)
    if text == "Int // trailing comment" {
      #expect(type == .named("Int"))
      return
    }
    let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    #expect(type == .unparsed(trimmed))
    #expect(type.description == trimmed)
    #expect(!type.isFullyParsed)
  }

  @Test func deepNestingStops() {
    let deep = String(repeating: "[", count: 5000) + "Int" + String(repeating: "]", count: 5000)
    #expect(SwiftType(parsing: deep) == .unparsed(deep))
    let fine = String(repeating: "[", count: 50) + "Int" + String(repeating: "]", count: 50)
    #expect(SwiftType(parsing: fine).description == fine)
  }
}
