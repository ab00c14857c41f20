/// Decisions: requirements forwarded to exactly one observer, so that their completion handler is called once
/// (see ``Requirement/isDecision``).
extension Generator {
  /// The body that forwards a decision: to the first responding observer in call order only, or, with no such
  /// observer, to the protocol's default implementation (another module's protocol).
  ///
  /// The first observer is found by a combiner that stops at the first response: observers after it are not
  /// called. Every observer of another module's protocol responds (its default implementations are the
  /// module's), except the event tap, which marks itself "not implemented" for decisions (see
  /// ``decisionTapMember(_:)``); for a `@Multiplexed` protocol, an observer responds when it implements the
  /// requirement (the generated default implementation marks itself "not implemented"). Observers registered
  /// with a delivery context are skipped, as for any call that does not go to every observer. The primary is the
  /// first registration, so it decides when there is one; observers of a `source` come before it. With no
  /// responding observer and no default implementation of the module, nothing is called.
  func decisionBody(_ requirement: Requirement) -> String {
    let prefix = effectPrefix(requirement)
    let closure = observerClosure(requirement, returnType: "Swift.Void")
    let combine = """
      \(storage).combine(
        using: Multiplex.Combiner<\(storedObserverType), Swift.Void, Swift.Bool> { responses, _ in
          responses.next() != nil
        },
        default: (),
        requirement: #function
      ) \(closure)
      """
    let comment = "// A decision: only the first observer in call order gets it, so the handler is called once."
    guard requirement.usesModuleDefault else {
      return "\(comment)\n_ = \(prefix)\(combine)"
    }
    let decided = Naming.fresh("decided", avoiding: requirement.reservedNames)
    return """
      \(comment)
      let \(decided) = \(prefix)\(combine)
      if !\(decided) {
        \(prefix)\(requirement.call(on: "self." + Naming.defaultsStorage))
      }
      """
  }

  /// The event tap's implementation of a decision: it does not respond, so it never takes the decision from
  /// the observers (a decision is not an event).
  func decisionTapMember(_ requirement: Requirement) -> String {
    guard case .method(let signature, _, _, _) = requirement.shape else { return "" }
    let modifiers = requirement.isNonisolated ? "nonisolated " : ""
    return """
      \(attributes(requirement.forwardedAttributes))\(modifiers)\(signature) {
        Multiplex.notImplemented(by: self, returning: ())
      }
      """
  }
}
