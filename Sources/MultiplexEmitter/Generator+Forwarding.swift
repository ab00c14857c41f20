import MultiplexModel

/// The members that forward the requirements to the observers.
extension Generator {
  /// The member that forwards `requirement` to the observers.
  ///
  /// A method's body notifies every observer (`Void`) or combines their answers; a decision goes to one observer
  /// (see ``decisionBody(_:)``); a joined requirement gives each observer a handler of its own (see
  /// ``joinBody(_:implementing:)``). A property's and a subscript's
  /// getter combine the answers like a method, and their setter notifies every observer: one path for both.
  func forwardingMember(_ requirement: Requirement) -> String {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    let attributeText = attributes(requirement.forwardedAttributes)
    switch requirement.shape {
    case .method(_, let signature, _, _):
      let body: String
      switch requirement.result {
      case .void where requirement.isJoined:
        body = joinBody(requirement, implementing: false)
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
      // A `mutating` setter (of a protocol that is not class-bound) is called on a variable holding the observer
      // (an object, so setting it sets the object's property).
      var assignment = "\(requirement.call(on: receiver(observer))) = newValue"
      if requirement.isMutatingSetter {
        let variable = Naming.fresh("mutableObserver", avoiding: requirement.reservedNames.union([observer]))
        assignment = "var \(variable) = \(receiver(observer))\n\(requirement.call(on: variable)) = newValue"
      }
      accessors += """

        set {
          \(storage).notify {\(isSubscript ? " \(observer) in" : "")
            \(indented(assignment, 4))
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

  /// The body that forwards a requirement returning a value: one call of the runtime's `_forward`, which calls the
  /// combiner's method if a combiner is set, and applies the default policy otherwise (see ``combiningPolicy(_:)``).
  func combiningBody(_ requirement: Requirement, type: SwiftType) -> String {
    let typeText = type.description
    let closure = observerClosure(requirement, returnType: typeText)
    // A refining protocol's multiplexer combines the inherited requirements by the default policy: its combining
    // protocol knows only its own requirements (a restated requirement is its own).
    guard !isRefinementForwarder else { return defaultPolicyBody(requirement, type: type) }
    // One call: the runtime picks the combiner's method or the policy (`async` or not, the protocol's own default
    // implementation asked lazily or a default value).
    return """
      \(effectPrefix(requirement))\(storage)._forward(\(forwardCallArguments(requirement))) {
        \(combiningCall(requirement))
      } _: \(closure)
      """
  }

  /// `default: nil, combiner: self.combiner` (after `.anyTrue, ` for another policy): the arguments of `_forward` and
  /// `_combineImplementing` before their closures.
  ///
  /// A default that asks the protocol's own default implementation (``Requirement/usesModuleDefault``) is passed as a
  /// closure, `moduleDefault: { … }`, which the runtime calls only when no observer answers (or once for a
  /// combiner's `default:`: before the observers, after them for an `async` requirement); `firstNonNilOr: { … }` for
  /// an `Optional` result combined as the first non-`nil` answer. `anyTrue` and `allTrue` take it as their default
  /// value, asked before the observers, and so does `_combineImplementing` (`lazyModuleDefault: false`).
  func forwardCallArguments(_ requirement: Requirement, lazyModuleDefault: Bool = true) -> String {
    let combinerRead = model.isolation == nil ? "self.\(Naming.combinerStorage).object" : "self.combiner"
    // The default policy, `first`, is the runtime's overload without one: the smaller loop of `combine(default:)`.
    let policy = combiningPolicy(requirement)
    if lazyModuleDefault, requirement.usesModuleDefault, !policy.needsBool {
      let moduleDefault = moduleDefaultClosure(requirement)
      if policy == .firstNonNil {
        return "firstNonNilOr: \(moduleDefault), combiner: \(combinerRead)"
      }
      let policyArgument = policy == .first ? "" : ".\(policy.rawValue), "
      return "\(policyArgument)moduleDefault: \(moduleDefault), combiner: \(combinerRead)"
    }
    let policyArgument = policy == .first ? "" : ".\(policy.rawValue), "
    return "\(policyArgument)default: \(defaultValueText(requirement)), combiner: \(combinerRead)"
  }

  /// `{ self._defaults.method(…) }`: the closure that asks the protocol's own default implementation, through the
  /// stub object, with the requirement's effects (a typed `throws` spelled, as for the observer closure).
  func moduleDefaultClosure(_ requirement: Requirement) -> String {
    let call = effectPrefix(requirement) + requirement.call(on: "self." + Naming.defaultsStorage)
    guard let thrownType = requirement.typedThrowsType, case .value(_, let valueType, _) = requirement.result else {
      return "{ \(call) }"
    }
    let effects = (requirement.isAsync ? "async " : "") + "throws(\(thrownType.description))"
    return "{ () \(effects) -> \(valueType.description) in \(call) }"
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

  /// The statement that returns the default policy's answer (see ``combiningPolicy(_:)``), or the default value
  /// when no observer responds: the body of a refining protocol's forwarder, which has no combiner (`@Multiplexed`
  /// only, so no default implementation of another module to ask).
  func defaultPolicyBody(_ requirement: Requirement, type: SwiftType) -> String {
    let typeText = type.description
    let policy = combiningPolicy(requirement)
    let closure = observerClosure(requirement, returnType: typeText)
    let combine: String
    if policy == .first {
      combine = "combine(default: \(defaultValueText(requirement)), requirement: #function)"
    } else {
      combine = """
        combine(
          using: Multiplex.Combiner<\(storedObserverType), \(typeText), \(typeText)>.\(policy.rawValue),
          default: \(defaultValueText(requirement)),
          requirement: #function
        )
        """
    }
    return "return \(effectPrefix(requirement))\(storage).\(combine) \(closure)"
  }
}
