import MultiplexModel

/// Refinement: the multiplexer of a `@Multiplexed` protocol that refines other `@Multiplexed` protocols forwards
/// their requirements too.
///
/// A macro sees only the protocol it is attached to, not the requirements of the protocols it refines. So each
/// `@Multiplexed` protocol `Base` also generates what the multiplexer of a refinement needs to forward `Base`'s
/// requirements, and the refinement's multiplexer adopts it by name:
///
/// - `protocol BaseMultiplexerForwarding: Base` (``forwardingProtocol()``), which refines the forwarding protocols
///   of `Base`'s own parents. It requires `var multiplexer: Multiplex.Multiplexer<_Observer>`, the runtime
///   multiplexer every generated class exposes, and `_asBase(_:)`, which gives an observer of the refinement as
///   an `any Base`.
/// - `extension Base where Self: BaseMultiplexerForwarding` (``refinementForwarders(extending:)``): one forwarding
///   member per requirement of `Base`, which calls each observer through `_asBase(_:)`, and a default `_asBase(_:)`,
///   a cast that always succeeds.
///
/// `protocol Child: Base` gets `final class ChildMultiplexer: Child, BaseMultiplexerForwarding`, which implements
/// `_asBase(_:)` for its direct parents without a cast (``parentConversions``): `Base`'s requirements (and, through
/// the forwarding protocols' refinements, those of `Base`'s parents, which it cannot name: they keep the cast) are
/// implemented by those extensions. Each requirement has one implementation, so it is forwarded once, whatever the
/// number of paths to it (a diamond); a requirement `Child` restates is forwarded by `ChildMultiplexer`'s own
/// member, which wins over the extension's, and combines through `ChildCombining`. The inherited requirements
/// combine by the default policy.
///
/// When a parent is not `@Multiplexed`, its forwarding protocol does not exist: "cannot find type
/// 'BaseMultiplexerForwarding' in scope". The macro cannot see the parent, so the class checks it with a call the
/// compiler resolves (``parentConversions``): `_requireMultiplexedBase((any Base).self)` prefers the non-generic
/// overload `Base`'s forwarders declare, and falls back to the class's own generic one, unavailable, whose message
/// says what is wrong and what to do: "'Base' is not @Multiplexed…". A `#sourceLocation` directive puts that error on
/// the line where the refinement names `Base`.
extension Generator {
  /// `protocol PMultiplexerForwarding: P`, for the multiplexers of the protocols that refine `P`.
  package func forwardingProtocol() -> String {
    let parents = model.parents.map { ", " + forwardingType(of: $0) }.joined()
    // Each forwarding protocol declares what its extension uses, even what a parent's declares too, so that a
    // parent that is not `@Multiplexed` leaves only errors that name it. A `Sendable` protocol's observers are
    // `Sendable`, which its forwarders need to post calls to observers with a delivery context (a `where` clause:
    // an associated type redeclared with a constraint is a warning).
    let sendableObservers = model.isSendable ? " where \(Naming.forwardingObserver): Sendable" : ""
    return """
      /// Forwards the requirements of `\(model.name)` for the multiplexer `@Multiplexed` generates for a protocol that
      /// refines it. Not for direct use.
      \(typeAttributes)\(typeAccess)protocol \(model.forwardingName): \(model.name)\(parents)\(sendableObservers) {
        /// The observer type of the refining protocol's multiplexer.
        associatedtype \(Naming.forwardingObserver)
        /// The refining protocol's runtime multiplexer, which holds the observers.
        var multiplexer: Multiplex.Multiplexer<\(Naming.forwardingObserver)> { get }
        /// `observer` as an observer of `\(model.name)`.
        \(nonisolatedModifier)static func \(Naming.forwardingCast(of: model.name))(_ observer: \(Naming.forwardingObserver)) -> \(model.observerType)
      }
      """
  }

  /// `extension P where Self: PMultiplexerForwarding`, which implements every requirement of `P` for the
  /// multiplexers of the protocols that refine `P`, and the default `_asP(_:)`.
  package func refinementForwarders(extending type: String) -> String? {
    guard model.external == nil else { return nil }
    var forwarder = self
    forwarder.isRefinementForwarder = true
    let cast = """
      /// `observer` as an observer of `\(model.name)`, by a cast that always succeeds: for the protocols that
      /// refine `\(model.name)` through another.
      \(memberAccess)\(nonisolatedModifier)static func \(Naming.forwardingCast(of: model.name))(_ observer: Self.\(Naming.forwardingObserver)) -> \(model.qualifiedObserverType) {
        observer as! \(model.qualifiedObserverType)
      }
      """
    let check = """
      /// `\(model.name)` is `@Multiplexed`: the overload that the multiplexer of a protocol that refines it calls
      /// instead of its unavailable fallback. Not for direct use.
      \(memberAccess)\(nonisolatedModifier)static func \(Naming.multiplexedCheck(of: model.name))(_ parent: (\(model.qualifiedObserverType)).Type) {}
      """
    let members = [cast, check] + model.requirements.map(forwarder.forwardingMember)
    return """
      \(attributes(model.availability))extension \(type) where Self: \(model.qualifier + model.forwardingName) {
        \(indented(members.joined(separator: "\n\n"), 2))
      }
      """
  }

  /// `, BaseMultiplexerForwarding` for each parent: the conformances that implement the parents' requirements
  /// in the multiplexer class; empty for a protocol without parents.
  var parentForwardingConformances: String {
    model.parents.map { ", " + forwardingType(of: $0) }.joined()
  }

  /// The multiplexer class's `_asBase(_:)` for each direct parent, a conversion without a cast, and the check that
  /// the parent is `@Multiplexed`: a call to `_requireMultiplexedBase(_:)`, which resolves to the parent's
  /// forwarders' overload when it exists, else to the class's generic fallback, unavailable with a message that
  /// names the parent and says what to do. The compiler reports it on the line where the protocol names the parent
  /// when the macro knows it (``parentSourceLocations``), else in the expansion.
  var parentConversions: [String] {
    model.parents.map { parent in
      let check = Naming.multiplexedCheck(of: parent.name)
      let message =
        "'\(parent.text)' is not @Multiplexed, so '\(model.name)' cannot refine it: add @Multiplexed to "
        + "'\(parent.text)', or declare its requirements in '\(model.name)' instead of refining it"
      var call = "private static let \(check)Checked: Void = \(check)((any \(parent.text)).self)"
      if let location = parentSourceLocations[parent.text] {
        call = "#sourceLocation(\(location))\n" + call + "\n#sourceLocation()"
      }
      return """
        /// `observer` as an observer of `\(parent.text)`, for the forwarders of its requirements.
        \(memberAccess)\(nonisolatedModifier)static func \(Naming.forwardingCast(of: parent.name))(_ observer: \(model.observerType)) -> any \(parent.text) {
          observer
        }

        /// Compiles only when `\(parent.text)` is `@Multiplexed`: its forwarders declare the overload of
        /// `\(check)(_:)` that this call prefers; otherwise it calls the fallback below, and the compiler reports
        /// the fallback's message.
        \(call)

        /// The fallback of the check above: unavailable, with the message the compiler reports when `\(parent.text)`
        /// is not `@Multiplexed`.
        @available(*, unavailable, message: "\(message)")
        private static func \(check)<Parent>(_ parent: Parent.Type) {}
        """
    }
  }

  /// `nonisolated ` for an isolated protocol (a conversion needs no isolation), else nothing.
  private var nonisolatedModifier: String {
    model.isolation == nil ? "" : "nonisolated "
  }

  /// `Outer.BaseMultiplexerForwarding` for `Outer.Base`.
  private func forwardingType(of parent: ParentProtocol) -> String {
    parent.qualifier + Naming.forwardingName(of: parent.name)
  }
}
