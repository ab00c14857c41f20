import Testing

/// Delivery contexts: the registration and the posting forwarders `@Multiplexed` generates for a `Sendable`
/// protocol.
@Suite struct DeliveryExpansionTests {
  static let sendableFeed = """
    @Multiplexed
    public protocol Feed: AnyObject, Sendable {
      func didStart()
      func didReceive(_ value: Int)
      func didMove(from start: Int, to end: Int)
      func adjust(_ value: inout Int)
      func visit(_ body: () -> Void)
      func validate(_ value: Int) throws
      func didFinish() async
      func record<T>(_ value: T)
      @MainActor func didAppear(_ animated: Bool)
      func answer(_ question: Int) -> Int?
    }
    """

  /// `Void` methods whose arguments can be stored go through `_post`, packed as one value (the compiler picks the
  /// overload that queues for observers with a context when that value is `Sendable`).
  @Test func postableRequirementsArePosted() {
    let expansion = Expansion(Self.sendableFeed)
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("didStart", of: "class FeedMultiplexer") == """
        public func didStart() {
          self._multiplexer._post(()) { observer, _ in
            observer.didStart()
          }
        }
        """
    )
    #expect(
      expansion.member("didReceive", of: "class FeedMultiplexer") == """
        public func didReceive(_ value: Int) {
          self._multiplexer._post(value) { observer, value in
            observer.didReceive(value)
          }
        }
        """
    )
    #expect(
      expansion.member("didMove", of: "class FeedMultiplexer") == """
        public func didMove(from start: Int, to end: Int) {
          self._multiplexer._post((start, end)) { observer, arguments in
            observer.didMove(from: arguments.0, to: arguments.1)
          }
        }
        """
    )
  }

  /// Calls that cannot be queued keep the synchronous forwarding: `inout`, non-escaping closures, `throws`,
  /// `async`, generic methods, a requirement with its own global actor, and calls that return a value.
  @Test func otherRequirementsAreNotified() {
    let expansion = Expansion(Self.sendableFeed)
    for name in ["adjust", "visit", "validate", "didFinish", "record", "didAppear"] {
      let member = expansion.member(name, of: "class FeedMultiplexer")
      #expect(member.contains(".notify"), "\(name)")
      #expect(!member.contains("_post"), "\(name)")
    }
    #expect(expansion.member("answer", of: "class FeedMultiplexer").contains("._forward("))
  }

  /// The registration API, `add(_:retention:priority:deliveringOn:)` included, is not generated: it comes from
  /// `DelegateMultiplexing`'s extension in the runtime.
  @Test func registrationComesFromTheRuntime() {
    let expansion = Expansion(Self.sendableFeed)
    for name in ["add", "remove", "removeAndWait", "removeAll", "contains", "count", "isEmpty", "observers"] {
      #expect(expansion.member(name, of: "class FeedMultiplexer").isEmpty, "\(name)")
    }
  }

  /// A protocol that is not `Sendable`, or that is isolated to a global actor, gets neither: its observers are
  /// called where the multiplexer is.
  @Test(arguments: [
    "public protocol Feed: AnyObject {",
    "@MainActor public protocol Feed: AnyObject, Sendable {",
  ])
  func noContextsWithoutSendableOrWithIsolation(_ header: String) {
    let expansion = Expansion(
      """
      @Multiplexed
      \(header)
        func didReceive(_ value: Int)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(!expansion.source.contains("deliveringOn"))
    #expect(!expansion.source.contains("_post"))
    #expect(expansion.member("didReceive", of: "class FeedMultiplexer").contains(".notify"))
  }

  /// Generated names do not shadow the parameters.
  @Test func freshNames() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Feed: AnyObject, Sendable {
        func pair(_ observer: Int, _ arguments: Int)
      }
      """
    )
    #expect(
      expansion.member("pair", of: "class FeedMultiplexer") == """
        func pair(_ observer: Int, _ arguments: Int) {
          self._multiplexer._post((observer, arguments)) { observer1, arguments1 in
            observer1.pair(arguments1.0, arguments1.1)
          }
        }
        """
    )
  }
}
