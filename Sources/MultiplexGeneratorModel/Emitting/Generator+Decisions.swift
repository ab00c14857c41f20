/// Decisions: requirements forwarded to exactly one observer, so that their completion handler is called once
/// (see ``Requirement/isDecision``).
extension Generator {
  /// The body that forwards a decision: to the first responding observer in call order only, or, with no such
  /// observer, to the protocol's default implementation (another module's protocol).
  ///
  /// One call of the runtime's `_decide`, which stops at the first response: observers after it are not
  /// called. Every observer of another module's protocol responds (its default implementations are the
  /// module's), except the event tap, which marks itself "not implemented" for decisions (see
  /// ``decisionTapMember(_:)``); for a `@Multiplexed` protocol, an observer responds when it implements the
  /// requirement (the generated default implementation marks itself "not implemented"). Observers registered
  /// with a delivery context are skipped, as for any call that does not go to every observer. The primary is the
  /// first registration, so it decides when there is one; observers of a `source` come before it. With no
  /// responding observer and no default implementation of the module, nothing is called.
  func decisionBody(_ requirement: Requirement) -> String {
    let closure = observerClosure(requirement, returnType: "Swift.Void")
    let comment = "// A decision: only the first observer in call order gets it, so the handler is called once."
    // One call into the runtime, which stops at the first response, and otherwise asks the protocol's default
    // implementation (the stub's, with the requirement's effects: a typed `throws` spelled).
    var arguments = ""
    if requirement.usesModuleDefault {
      let call = effectPrefix(requirement) + requirement.call(on: "self." + Naming.defaultsStorage)
      let effects = requirement.typedThrowsType.map { "() throws(\($0.description)) -> Swift.Void in " } ?? ""
      arguments = "(otherwise: { \(effects)\(call) })"
    }
    return "\(comment)\n\(effectPrefix(requirement))\(storage)._decide\(arguments) \(closure)"
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
