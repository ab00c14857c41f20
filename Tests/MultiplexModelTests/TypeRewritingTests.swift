import MultiplexModel
import Testing

/// The names a type refers to and the rewrites the combining protocol applies: member paths, generic parameters,
/// type aliases.
@Suite struct TypeRewritingTests {
  private func type(_ text: String) -> SwiftType { SwiftType(parsing: text) }

  @Test func references() {
    let references = TypeReferences(type("[C.Element.Index: Int]"))
    #expect(references.allNames == ["C", "Int"])
    #expect(references.directNames == ["Int"])
    #expect(references.memberPaths == [TypeReferences.MemberPath(root: "C", member: "Index", text: "C.Element.Index")])

    let generic = TypeReferences(type("Dictionary<K.Key, [V]>.Values?"))
    #expect(generic.allNames == ["Dictionary", "K", "V"])
    #expect(generic.directNames == ["V"])
    #expect(generic.memberPaths.map(\.text) == ["Dictionary<K.Key, [V]>.Values", "K.Key"])

    let function = TypeReferences(type("@MainActor (T.Type, repeat each U) async throws(E) -> some P<Self>"))
    #expect(function.allNames == ["MainActor", "T", "U", "E", "P", "Self"])
    #expect(function.directNames == function.allNames)
    #expect(function.memberPaths.isEmpty)

    // A member of something other than a name has no root.
    #expect(TypeReferences(type("[Int].Element")).memberPaths.isEmpty)
  }

  @Test func memberPaths() {
    let substitutions = ["C.Element": "Element"]
    #expect(type("[C.Element]").substitutingMemberPaths(substitutions).description == "[Element]")
    #expect(type("C.Element.Index").substitutingMemberPaths(substitutions).description == "Element.Index")
    #expect(type("D.Element").substitutingMemberPaths(substitutions).description == "D.Element")
    #expect(type("(C.Element) -> C").substitutingMemberPaths(substitutions).description == "(Element) -> C")
  }

  @Test func genericParameters() {
    let substitutions: [String: SwiftType] = ["T": type("Int"), "U": type("((Int) -> Void)")]
    #expect(type("[T: U?]").substitutingGenericParameters(substitutions).description == "[Int: ((Int) -> Void)?]")
    #expect(type("T.Element").substitutingGenericParameters(substitutions).description == "Int.Element")
    #expect(type("T<Int>").substitutingGenericParameters(substitutions).description == "T<Int>")
    #expect(type("Outer.T").substitutingGenericParameters(substitutions).description == "Outer.T")
  }

  @Test func typeAliases() {
    let aliases: [String: TypeAlias] = [
      "Score": TypeAlias(name: "Score", type: type("Int")),
      "Handler": TypeAlias(name: "Handler", genericParameters: [GenericParameter("T")], type: type("(T) -> Void")),
      "Pair": TypeAlias(
        name: "Pair",
        genericParameters: [GenericParameter("A"), GenericParameter("B")],
        type: type("(A, B)")
      ),
      "Loop": TypeAlias(name: "Loop", genericParameters: [GenericParameter("T")], type: type("[Loop<T>]")),
    ]
    func qualified(_ text: String) -> String {
      type(text).qualifyingTypeAliases(aliases, protocolType: "Module.Delegate").description
    }
    #expect(qualified("Score") == "Module.Delegate.Score")
    #expect(qualified("[Score: Score?]") == "[Module.Delegate.Score: Module.Delegate.Score?]")
    #expect(qualified("Score.Magnitude") == "Module.Delegate.Score.Magnitude")
    #expect(qualified("Handler<Int>") == "((Int) -> Void)")
    #expect(qualified("Handler<Score>?") == "((Module.Delegate.Score) -> Void)?")
    // An argument that could bind differently is parenthesized where it is substituted: `(T)` becomes
    // `((() -> Void))`, as swift-syntax's rewriter writes it.
    #expect(qualified("Handler<() -> Void>") == "(((() -> Void)) -> Void)")
    #expect(qualified("Pair<Handler<Int>, Score>") == "(((Int) -> Void), Module.Delegate.Score)")
    // The wrong number of arguments: qualified as written.
    #expect(qualified("Pair<Int>") == "Module.Delegate.Pair<Int>")
    #expect(qualified("Score<Int>") == "Module.Delegate.Score<Int>")
    // An alias that refers to itself is spelled out 8 levels deep, then qualified.
    let loop = qualified("Loop<Int>")
    #expect(loop.ranges(of: "Module.Delegate.Loop<Int>").count == 1)
    #expect(loop == String(repeating: "[", count: 8) + "Module.Delegate.Loop<Int>" + String(repeating: "]", count: 8))
    #expect(qualified("Other") == "Other")
  }

  @Test func parenthesized() {
    for needsParentheses in ["(Int) -> Void", "A & B", "some P", "any P", "@Sendable () -> Void", "inout T"] {
      #expect(type(needsParentheses).parenthesized.description == "(\(needsParentheses))")
    }
    for plain in ["Int", "[Int]", "(Int, String)", "T?", "(() -> Void)"] {
      #expect(type(plain).parenthesized.description == plain)
    }
  }

  @Test func isFunctionTypeAlias() {
    #expect(TypeAlias(name: "H", type: type("(Int) -> Void")).isFunctionType)
    #expect(TypeAlias(name: "H", type: type("@Sendable (Int) -> Void")).isFunctionType)
    #expect(!TypeAlias(name: "H", type: type("((Int) -> Void)?")).isFunctionType)
  }
}
