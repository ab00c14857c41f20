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

  /// Whether an event payload is `Sendable`, given the named types known to be: built of them through optionals,
  /// arrays, dictionaries, tuples, generic arguments, existentials and compositions; nothing else is known.
  @Test func sendablePayloads() {
    let known: Set<String> = [
      "Int64", "String", "Error", "Sendable", "URLSession", "URLSessionWebSocketTask.CloseCode",
    ]
    for text in [
      "Int64", "String?", "[String]", "[String: Int64]", "(any Error)?", "any Error", "URLSession!",
      "URLSessionWebSocketTask.CloseCode", "(Int64, String)", "sending String",
      "any NSObjectProtocol & Sendable",
    ] {
      let type = SwiftType(parsing: text)
      #expect(type.isSendable(given: known), "\(text)")
      // Every named type decides: without one of them, not known.
      let names = Set(type.identifiers).intersection(known)
      for name in names where !(text.contains("&") && name != "Sendable") {
        #expect(!type.isSendable(given: known.subtracting([name])), "\(text) without \(name)")
      }
    }
    for text in [
      "Download", "[Download]", "[String: Download]", "(Int64, Download)", "Int", "@Sendable () -> Void",
      "URLSession.Type", "some Error", "URLSessionWebSocketTask.Other", "Other.CloseCode", "@MainActor String",
      "any NSObjectProtocol",
    ] {
      #expect(!SwiftType(parsing: text).isSendable(given: known), "\(text)")
    }
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
