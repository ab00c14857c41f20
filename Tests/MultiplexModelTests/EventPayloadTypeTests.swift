import MultiplexModel
import Testing

/// What an `Event` case stores for a parameter, and the names a type spells.
@Suite struct EventPayloadTypeTests {
  private func stored(_ text: String, isVariadic: Bool = false, aliases: Set<String> = []) -> String? {
    SwiftType(parsing: text).eventPayloadType(isVariadic: isVariadic, closureAliases: aliases)?.description
  }

  @Test func storable() {
    #expect(stored("Int") == "Int")
    #expect(stored("sending [String: Int]") == "[String: Int]")
    #expect(stored("@escaping (Int) -> Void") == "(Int) -> Void")
    #expect(stored("sending @escaping @Sendable (Int) -> Void") == "@Sendable (Int) -> Void")
    #expect(stored("((Int) -> Void)?") == "((Int) -> Void)?", "an optional closure escapes")
    #expect(stored("any P") == "any P")
    #expect(stored("@escaping Handler", aliases: ["Handler"]) == "Handler")
    #expect(stored("[Handler]", aliases: []) == "[Handler]")
  }

  @Test func notStorable() {
    for text in [
      "(Int) -> Void", "@Sendable () -> Void", "((Int) -> Void)", "@autoclosure () -> Bool", "inout Int",
      "borrowing T", "consuming T", "isolated A", "__shared T", "__owned T", "repeat each T", "some P", "[some P]",
    ] {
      #expect(stored(text) == nil, "\(text)")
    }
    #expect(stored("Int", isVariadic: true) == nil)
    #expect(stored("Handler", aliases: ["Handler"]) == nil)
    #expect(stored("Handler?", aliases: ["Handler"]) == nil, "as swift-syntax's token scan: anywhere in the type")
    #expect(stored("Delegate.Handler", aliases: ["Handler"]) == nil)
  }

  @Test func identifiers() {
    #expect(SwiftType(parsing: "@escaping (Outer.Inner) -> Int").identifiers == ["escaping", "Outer", "Inner", "Int"])
    #expect(SwiftType(parsing: "(a: T.Type, _ b: [K: V]?)").identifiers == ["a", "T", "_", "b", "K", "V"])
    #expect(SwiftType(parsing: "@Module.Actor () throws(E) -> R").identifiers == ["Module", "Actor", "E", "R"])
  }

  @Test func typeAliasDeclarations() {
    #expect(
      TypeAlias(parsing: "public typealias Handler<T: Sendable> = @Sendable (T) -> Void")
        == TypeAlias(
          name: "Handler",
          genericParameters: [GenericParameter("T", inheritedType: .named("Sendable"))],
          type: SwiftType(parsing: "@Sendable (T) -> Void")
        )
    )
    #expect(TypeAlias(parsing: "typealias Score = Int") == TypeAlias(name: "Score", type: .named("Int")))
    #expect(TypeAlias(parsing: "@available(*, deprecated) typealias Map<K, V> = [K: V]")?.genericParameters.count == 2)
    #expect(TypeAlias(parsing: "typealias Broken<T = Int") == nil)
    #expect(TypeAlias(parsing: "struct Score {}") == nil)
    #expect(TypeAlias(parsing: "typealias Score") == nil)
  }
}
