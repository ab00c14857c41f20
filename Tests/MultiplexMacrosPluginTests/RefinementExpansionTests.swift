import Testing

/// Refinement: every `@Multiplexed` protocol generates a forwarding protocol and the forwarders of its
/// requirements for the multiplexers of the protocols that refine it; a refinement's multiplexer adopts its
/// parents' forwarding protocols by name.
@Suite struct RefinementExpansionTests {
  /// A protocol without parents: the forwarding protocol requires the runtime multiplexer, and the
  /// forwarders call each observer as `any Base`, which `_asBase(_:)` casts to by default.
  @Test func aRootProtocolGeneratesItsForwarders() {
    let expansion = Expansion(
      """
      @Multiplexed
      public protocol Base: AnyObject {
        func didChange(_ value: Int)
        @MultiplexedDefault(4)
        var limit: Int { get }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(expansion.source.contains("public final class BaseMultiplexer: Base, Multiplex.DelegateMultiplexing,"))
    #expect(
      expansion.source.contains(
        """
        /// Forwards the requirements of `Base` for the multiplexer `@Multiplexed` generates for a protocol that
        /// refines it. Not for direct use.
        public protocol BaseMultiplexerForwarding: Base {
          /// The observer type of the refining protocol's multiplexer.
          associatedtype _Observer
          /// The refining protocol's runtime multiplexer, which holds the observers.
          var multiplexer: Multiplex.Multiplexer<_Observer> { get }
          /// `observer` as an observer of `Base`.
          static func _asBase(_ observer: _Observer) -> any Base
        }
        """
      )
    )
    let forwarders = "extension Base where Self: BaseMultiplexerForwarding"
    #expect(
      expansion.member("_asBase", of: forwarders) == """
        public static func _asBase(_ observer: Self._Observer) -> any Base {
          observer as! any Base
        }
        """
    )
    #expect(
      expansion.member("didChange", of: forwarders) == """
        public func didChange(_ value: Int) {
          self.multiplexer.notify {
            Self._asBase($0).didChange(value)
          }
        }
        """
    )
    // The default policy: the refinement's combining protocol does not know the inherited requirements.
    #expect(
      expansion.member("limit", of: forwarders) == """
        public var limit: Int {
          get {
            return self.multiplexer.combine(default: 4, requirement: #function) {
              Self._asBase($0).limit
            }
          }
        }
        """
    )
  }

  /// A refinement's class adopts its parents' forwarding protocols; its own forwarding protocol refines theirs.
  /// A qualified parent names its forwarding protocol in the same place.
  @Test func aRefinementAdoptsItsParentsForwarding() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Child: Base, Outer.Other, Sendable {
        func didClose()
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.source.contains(
        "final class ChildMultiplexer: Child, BaseMultiplexerForwarding, Outer.OtherMultiplexerForwarding, "
          + "Multiplex.DelegateMultiplexingWithDelivery,"
      )
    )
    // Its direct parents' conversions need no cast.
    #expect(
      expansion.member("_asOther", of: "class ChildMultiplexer") == """
        static func _asOther(_ observer: any Child) -> any Outer.Other {
          observer
        }
        """
    )
    #expect(
      expansion.source.contains(
        """
        protocol ChildMultiplexerForwarding: Child, BaseMultiplexerForwarding, Outer.OtherMultiplexerForwarding where _Observer: Sendable {
          /// The observer type of the refining protocol's multiplexer.
          associatedtype _Observer
          /// The refining protocol's runtime multiplexer, which holds the observers.
          var multiplexer: Multiplex.Multiplexer<_Observer> { get }
          /// `observer` as an observer of `Child`.
          static func _asChild(_ observer: _Observer) -> any Child
        }
        """
      )
    )
    // `Sendable`: the forwarders post, so that observers with a delivery context get the calls.
    #expect(
      expansion.member("didClose", of: "extension Child where Self: ChildMultiplexerForwarding") == """
        func didClose() {
          self.multiplexer._post(()) { observer, _ in
            Self._asChild(observer).didClose()
          }
        }
        """
    )
    // A refinement's tap could not implement the requirements it inherits: no event stream.
    #expect(!expansion.source.contains("func events("))
  }

  /// A nested protocol's forwarders extend it at file scope, through its qualified name.
  @Test func aNestedProtocolsForwardersAreQualified() {
    let expansion = Expansion(
      """
      enum Outer {
        @Multiplexed
        @MainActor
        protocol Listener: AnyObject {
          func didChange()
        }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.source.contains("@MainActor\n  protocol ListenerMultiplexerForwarding: Listener {"))
    #expect(
      expansion.member("didChange", of: "extension Outer.Listener where Self: Outer.ListenerMultiplexerForwarding")
        == """
        func didChange() {
          self.multiplexer.notify {
            Self._asListener($0).didChange()
          }
        }
        """
    )
  }

  /// A protocol that cannot be `@Multiplexed` (a generic argument, a standard protocol) is refused on its line.
  @Test(arguments: ["Equatable", "Swift.Hashable", "Delegate<Int>", "Base & Other"])
  func anInheritedProtocolThatCannotBeMultiplexed(_ inherited: String) {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Child: AnyObject,
        \(inherited) {
        func didClose()
      }
      """
    )
    let refused = inherited == "Base & Other" ? [] : [inherited]
    #expect(
      expansion.diagnostics
        == refused.map {
          "'@Multiplexed' cannot see the requirements '\($0)' adds, so the multiplexer could not forward them; "
            + "inherit only 'AnyObject', 'Sendable' and '@Multiplexed' protocols, and declare the requirements in "
            + "this protocol"
        }
    )
    #expect(expansion.diagnosticLines == refused.map { _ in 3 })
    if refused.isEmpty {
      // A composition of `@Multiplexed` protocols is two parents.
      #expect(
        expansion.source.contains("ChildMultiplexer: Child, BaseMultiplexerForwarding, OtherMultiplexerForwarding,")
      )
    }
  }
}
