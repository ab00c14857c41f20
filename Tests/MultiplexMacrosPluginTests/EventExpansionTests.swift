import Testing

/// Typed event streams: the `Event` enum, the tap and `events(bufferingPolicy:)` that `@Multiplexed` generates.
@Suite struct EventExpansionTests {
  /// One case per method whose arguments can be stored, labels kept, overloads named after their labels; one per
  /// setter. Arguments that cannot be stored leave their requirement out.
  @Test func eventCasesAndLeftOutShapes() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func didScroll(_ offset: Int)
        func didScroll(to offset: Int)
        @MultiplexedEveryObserver
        func schedule(_ handler: @escaping @Sendable (Int) -> Void)
        @MultiplexedEveryObserver
        func observe(_ handler: ((Int) -> Void)?)
        func title(for row: Int) -> String?
        var zoom: Double? { get set }
        var name: String? { get }
        func adjust(_ value: inout Int)
        func visit(_ body: () -> Void)
        func log(_ message: @autoclosure () -> String)
        func inspect(_ box: borrowing Box)
        func value<T>(as type: T.Type) -> T?
        func matches(_ value: some Equatable) -> Bool?
        @available(macOS 99, *)
        func future(_ value: Int)
        subscript(index: Int) -> String? { get set }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("Event", of: "class DelegateMultiplexer") == """
        enum Event {
          /// `didScroll(_:)` was called.
          case didScroll(Int)

          /// `didScroll(to:)` was called.
          case didScrollTo(to: Int)

          /// `schedule(_:)` was called.
          case schedule(@Sendable (Int) -> Void)

          /// `observe(_:)` was called.
          case observe(((Int) -> Void)?)

          /// `title(for:)` was called.
          case title(for: Int)

          /// `zoom` was set.
          case setZoom(Double?)
        }
        """
    )
    // The tap implements what it records; the rest keeps its default implementation.
    #expect(
      expansion.member("title", of: "class _EventTap") == """
        func title(for row: Int) -> String? {
          Multiplex._yieldEvent(.title(for: row), to: self.continuation)
          return Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(
      expansion.member("zoom", of: "class _EventTap") == """
        var zoom: Double? {
          get {
            Multiplex.notImplemented(by: self, returning: nil)
          }
          set {
            Multiplex._yieldEvent(.setZoom(newValue), to: self.continuation)
          }
        }
        """
    )
    for leftOut in ["name", "adjust", "visit", "log", "inspect", "value", "matches", "future", "subscript"] {
      #expect(expansion.member(leftOut, of: "class _EventTap") == "", "\(leftOut)")
    }
  }

  /// `events(bufferingPolicy:)` registers the tap strongly and unregisters it when the stream terminates.
  @Test func eventsRegistersTheTap() {
    let expansion = Expansion(
      """
      @Multiplexed
      public protocol Delegate: AnyObject {
        func didChange()
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(
      expansion.member("events", of: "class DelegateMultiplexer") == """
        public func events(bufferingPolicy: Swift.AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded) -> Swift.AsyncStream<Event> {
          self._multiplexer._events(bufferingPolicy: bufferingPolicy) { _EventTap($0) }
        }
        """
    )
    #expect(
      expansion.member("Event", of: "class DelegateMultiplexer") == """
        public enum Event {
          /// `didChange()` was called.
          case didChange
        }
        """
    )
  }

  /// A `Sendable` `@MainActor` protocol gets a main-actor tap; a nonisolated `Sendable` one gets no stream (its tap
  /// would have to be `Sendable`, which the arguments may not be).
  @Test func sendableProtocols() {
    let isolated = Expansion(
      """
      @Multiplexed
      @MainActor
      protocol Delegate: AnyObject, Sendable {
        func didChange(_ view: View)
      }
      """
    )
    #expect(isolated.diagnostics.isEmpty)
    #expect(isolated.source.contains("@MainActor\n  private final class _EventTap: Delegate {"))
    #expect(isolated.member("events", of: "class DelegateMultiplexer") != "")

    let nonisolated = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject, Sendable {
        func didChange(_ view: View)
      }
      """
    )
    #expect(nonisolated.diagnostics.isEmpty)
    #expect(nonisolated.member("events", of: "class DelegateMultiplexer") == "")
    #expect(nonisolated.member("Event", of: "class DelegateMultiplexer") == "")
  }

  /// No stream when the tap could not conform (a required requirement) or the generated names would clash (the
  /// last protocol keeps its own `events(since:)`).
  @Test func noEventStream() {
    let sources = [
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedRequired @MultiplexedDefault(44)
        func height(row: Int) -> Double
      }
      """,
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func handle(_ event: Event)
      }
      """,
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        typealias Event = Int
        func handle(_ event: Event)
      }
      """,
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func events(since date: Int)
      }
      """,
    ]
    for source in sources {
      let expansion = Expansion(source)
      #expect(expansion.diagnostics.isEmpty)
      #expect(expansion.member("Event", of: "class DelegateMultiplexer") == "", "\(source)")
      #expect(expansion.member("_EventTap", of: "class DelegateMultiplexer") == "", "\(source)")
    }
  }
}
