/// The members that forward the requirements to the observers.
extension Generator {
  /// The member that forwards `requirement` to the observers.
  ///
  /// A method's body notifies every observer (`Void`) or combines their answers; a decision goes to one observer
  /// (see ``decisionBody(_:)``). A property's and a subscript's
  /// getter combine the answers like a method, and their setter notifies every observer: one path for both.
  func forwardingMember(_ requirement: Requirement) -> String {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    let attributeText = attributes(requirement.forwardedAttributes)
    switch requirement.shape {
    case .method(_, let signature, _, _):
      let body: String
      switch requirement.result {
      case .void where requirement.isDecision:
        body = decisionBody(requirement)
      case .void:
        body =
          postingBody(requirement)
          ?? "\(effectPrefix(requirement))\(storage).notify \(observerClosure(requirement, returnType: "Swift.Void"))"
      case .value(_, let valueType, _):
        body = combiningBody(requirement, type: valueType)
      }
      return """
        \(attributeText)\(modifiers)\(signature) {
          \(indented(body, 2))
        }
        """
    case .property(let name, let type, let isSettable, let getterEffects):
      return accessorMember(
        requirement,
        declaration: "var \(Naming.identifier(name, in: .declaration)): \(type.description)",
        isSettable: isSettable,
        getterEffects: getterEffects,
        heading: attributeText + modifiers
      )
    case .subscript(_, let signature, _, let isSettable, let getterEffects):
      return accessorMember(
        requirement,
        declaration: signature,
        isSettable: isSettable,
        getterEffects: getterEffects,
        heading: attributeText + modifiers
      )
    }
  }

  /// A forwarding property or subscript: `get` combines the answers, `set` notifies every observer.
  private func accessorMember(
    _ requirement: Requirement,
    declaration: String,
    isSettable: Bool,
    getterEffects: String?,
    heading: String
  ) -> String {
    let effects = getterEffects.map { " " + $0 } ?? ""
    // The result is a value (a `Void` property or subscript is diagnosed).
    guard case .value(_, let valueType, _) = requirement.result else { return "" }
    var accessors = """
      get\(effects) {
        \(indented(combiningBody(requirement, type: valueType), 2))
      }
      """
    if isSettable {
      // A subscript names its receiver: the formatter would write `$0 [index]`.
      let isSubscript: Bool
      if case .subscript = requirement.shape { isSubscript = true } else { isSubscript = false }
      let observer = isSubscript ? observerName(for: requirement) : "$0"
      accessors += """

        set {
          \(storage).notify {\(isSubscript ? " \(observer) in" : "")
            \(requirement.call(on: receiver(observer))) = newValue
          }
        }
        """
    }
    return """
      \(heading)\(declaration) {
        \(indented(accessors, 2))
      }
      """
  }

  /// `if let combiner = … { return …_combine(…) { closure } }`: the combining object's answer when one is
  /// set, with `closure` calling each observer. Shared by the Swift and `@objc` forwarding members.
  func combinerBranch(_ requirement: Requirement, closure: String) -> String {
    let prefix = effectPrefix(requirement)
    // A readable name that shadows nothing the body uses: the parameters and the default value's identifiers.
    let combiner = Naming.fresh("combiner", avoiding: requirement.reservedNames)
    let combinerRead = model.isolation == nil ? "self.\(Naming.combinerStorage).object" : "self.combiner"
    // `_combine` takes the combining step as a non-escaping closure: it may capture the combining delegate and the
    // multiplexer (a `Combiner` must be `Sendable`), and nothing is allocated for it.
    return """
      if let \(combiner) = \(combinerRead) {
        return \(prefix)\(storage)._combine(
          default: \(defaultValueText(requirement)),
          requirement: #function,
          combining: { responses, defaultValue in
            \(combiner).\(model.combiningBaseName)(
              self,
              \(requirement.combiningLabel): &responses,
              default: defaultValue
            )
          }
        ) \(indented(closure, 2))
      }
      """
  }

  /// The body that forwards a requirement returning a value: the combiner's method if a combiner is set, the
  /// default policy otherwise (see ``defaultPolicyBody(_:type:)``).
  func combiningBody(_ requirement: Requirement, type: SwiftType) -> String {
    let typeText = type.description
    let closure = observerClosure(requirement, returnType: typeText)
    // A refining protocol's multiplexer combines the inherited requirements by the default policy: its combining
    // protocol knows only its own requirements (a restated requirement is its own).
    guard !isRefinementForwarder else { return defaultPolicyBody(requirement, type: type) }
    let policy = combiningPolicy(requirement)
    if !requirement.isAsync, !requirement.usesModuleDefault || policy.needsBool {
      // One call: the runtime picks the combiner's method or the policy.
      return """
        \(effectPrefix(requirement))\(storage)._forward(\(forwardCallArguments(requirement))) {
          \(combiningCall(requirement))
        } _: \(closure)
        """
    }
    return """
      \(combinerBranch(requirement, closure: closure))
      \(defaultPolicyBody(requirement, type: type))
      """
  }

  /// `default: nil, combiner: self.combiner` (after `.anyTrue, ` for another policy): the arguments of `_forward` and
  /// `_combineImplementing` before their closures.
  func forwardCallArguments(_ requirement: Requirement) -> String {
    let combinerRead = model.isolation == nil ? "self.\(Naming.combinerStorage).object" : "self.combiner"
    // The default policy, `first`, is the runtime's overload without one: the smaller loop of `combine(default:)`.
    let policy = combiningPolicy(requirement)
    let policyArgument = policy == .first ? "" : ".\(policy.rawValue), "
    return "\(policyArgument)default: \(defaultValueText(requirement)), combiner: \(combinerRead)"
  }

  /// `$0.pMultiplexer(self, combineX: &$1, default: $2)`: the combining delegate's method, in the closure the
  /// runtime calls with the delegate, the responses and the default.
  func combiningCall(_ requirement: Requirement) -> String {
    "$0.\(model.combiningBaseName)(self, \(requirement.combiningLabel): &$1, default: $2)"
  }

  /// The policy that answers `requirement` when no combiner is set: the one chosen at generation time
  /// (``Requirement/combining``), else the first answer that is not `nil` for an `Optional` result of a Swift
  /// protocol of another module (whose observers all respond: its default implementations are the module's, which
  /// the multiplexer cannot tell from theirs), else the first responding observer's answer.
  func combiningPolicy(_ requirement: Requirement) -> CombiningPolicy {
    if let policy = requirement.combining { return policy }
    // An `@objc` protocol's observers do not all respond: the first responder's answer, `nil` included, wins.
    guard model.external?.isObjC == false, case .value(_, _, let isOptional) = requirement.result else {
      return .first
    }
    return isOptional ? .firstNonNil : .first
  }

  /// The statements that return the default policy's answer when no combiner is set (see
  /// ``combiningPolicy(_:)``), or the default value when no observer responds.
  ///
  /// A default that asks the protocol's own default implementation (``Requirement/usesModuleDefault``) is only
  /// evaluated when no observer answers, except under `anyTrue` and `allTrue`, which take it as their default.
  func defaultPolicyBody(_ requirement: Requirement, type: SwiftType) -> String {
    let prefix = effectPrefix(requirement)
    let typeText = type.description
    let policy = combiningPolicy(requirement)
    func call(default defaultText: String, valueType: String) -> String {
      guard policy != .first else { return "combine(default: \(defaultText), requirement: #function)" }
      return """
        combine(
          using: Multiplex.Combiner<\(storedObserverType), \(valueType), \(valueType)>.\(policy.rawValue),
          default: \(defaultText),
          requirement: #function
        )
        """
    }
    guard requirement.usesModuleDefault, !policy.needsBool else {
      let closure = observerClosure(requirement, returnType: typeText)
      let combine = call(default: defaultValueText(requirement), valueType: typeText)
      return "return \(prefix)\(storage).\(combine) \(closure)"
    }
    // The answer, or `nil` when no observer answers: an `Optional` result combined as the first non-`nil` answer
    // is its own answer, any other is wrapped in one.
    let answer = Naming.fresh("answer", avoiding: requirement.reservedNames)
    let answerType =
      policy == .firstNonNil ? typeText : type.parenthesized.description + "?"
    let closure = observerClosure(requirement, returnType: answerType)
    return """
      let \(answer): \(answerType) = \(prefix)\(storage).\(call(default: "nil", valueType: answerType)) \(closure)
      if let \(answer) {
        return \(answer)
      }
      return \(prefix)\(requirement.call(on: "self." + Naming.defaultsStorage))
      """
  }
}
