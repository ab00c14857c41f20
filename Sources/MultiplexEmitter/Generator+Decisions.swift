import MultiplexModel

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

/// Joined requirements: every observer gets a handler of its own, and the sender's runs once with the answers
/// combined (see ``Requirement/isJoined``).
extension Generator {
  /// The body that forwards a joined requirement: one call of the runtime's `_join` (`_joinImplementing` for an
  /// optional requirement of an `@objc` protocol), with the sender's handler wrapped by the policy's
  /// `_JoinedHandler`; each observer is called with the handler the runtime gives it in place of the sender's.
  ///
  /// With no responding observer, the sender's handler runs once with the policy's answer for none, or, for a
  /// protocol of another module that implements the requirement in an extension, that implementation is called
  /// with the sender's handler (as a decision's is).
  func joinBody(_ requirement: Requirement, implementing: Bool) -> String {
    guard case .method(_, _, let name, let arguments) = requirement.shape, let policy = requirement.combining,
      let handler = Requirement.joinableHandler(requirement)
    else { return "" }
    let reserved = requirement.reservedNames
    let observer = Naming.fresh("observer", avoiding: reserved)
    let answer = Naming.fresh("answer", avoiding: reserved.union([observer]))
    let handlerName = Naming.identifier(arguments[handler.index].name, in: .expression)
    // `_JoinedHandler.union(completionHandler)`, `_JoinedHandler.order([.newData, .noData], completionHandler)`.
    let values: String
    if case .order(let order) = policy {
      values =
        "[" + order.map { "." + Naming.identifier(Naming.bareName($0), in: .member) }.joined(separator: ", ") + "], "
    } else {
      values = ""
    }
    let joined = "Multiplex._JoinedHandler.\(policy.name)(\(values)\(handlerName))"
    // The observer's call: the sender's handler replaced by the observer's own.
    let ownHandler = handler.answerType == nil ? "{ \(answer)(()) }" : answer
    let argumentList = arguments.enumerated().map { index, argument in
      index == handler.index ? argument.labelPrefix + ownHandler : Requirement.argumentList([argument])
    }.joined(separator: ", ")
    let optionalMark = implementing ? "?" : ""
    let call =
      "\(effectPrefix(requirement))\(receiver(observer)).\(Naming.identifier(name, in: .member))"
      + "\(optionalMark)(\(argumentList))"
    let effects = requirement.typedThrowsType.map { " throws(\($0.description))" } ?? ""
    let parameters = effects.isEmpty ? "\(observer), \(answer)" : "(\(observer), \(answer))\(effects)"
    var otherwise = ""
    if requirement.usesModuleDefault && !implementing {
      let defaultCall = effectPrefix(requirement) + requirement.call(on: "self." + Naming.defaultsStorage)
      let defaultEffects = requirement.typedThrowsType.map { "() throws(\($0.description)) -> Swift.Void in " } ?? ""
      otherwise = ", otherwise: { \(defaultEffects)\(defaultCall) }"
    }
    let entry = implementing ? "self._joinImplementing" : "\(storage)._join"
    return """
      // Joined: each observer gets its own handler; `\(Naming.bareName(handlerName))` runs once, with the answers combined.
      \(effectPrefix(requirement))\(entry)(\(joined)\(otherwise)) { \(parameters) in
        \(call)
      }
      """
  }
}
