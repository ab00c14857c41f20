package import MultiplexGeneratorModel
import SwiftDiagnostics
package import SwiftSyntax

/// Decided-once requirements (a completion, decision or reply handler the sender waits for) and the policies the
/// user chooses per requirement: `--decided-once`, `--every-observer` and `--combine` for `multiplex-generate`,
/// `@MultiplexedDecidedOnce`, `@MultiplexedEveryObserver` and `@MultiplexedCombine` for `@Multiplexed`.
extension Requirement {
  /// The words that make a closure parameter a handler: its argument label or parameter name is one of them, or
  /// ends in one of them capitalized (`completionHandler`, `withCompletionHandler`, `decisionHandler`,
  /// `replyHandler`, `onCompletion`, `resultCallback`).
  static let handlerWords = ["handler", "completion", "callback", "reply"]

  /// Whether `requirement` is *decided once* by default: a call that hands the delegate a handler the sender
  /// waits for, like Foundation's `urlSession(_:dataTask:didReceive:completionHandler:)`, WebKit's
  /// `webView(_:decidePolicyFor:decisionHandler:)` or Alamofire's `retry(_:for:dueTo:completion:)`.
  ///
  /// Forwarded to every observer, such a call would call the handler once per observer (each default
  /// implementation calls it), and a sender may stop there (`URLSession` on Linux traps when the redirection
  /// handler is called twice; WebKit raises an exception). So the multiplexer forwards it to exactly one observer.
  ///
  /// The rule, exactly, the same for `@Multiplexed` and `multiplex-generate`: a method (not a property or
  /// subscript) that returns `Void`, is not `async`, and has a parameter, in any position, such that
  /// - its type is a closure: a function type, possibly with attributes (`@escaping`, `@Sendable`), in
  ///   parentheses, or `Optional` (`((Bool) -> Void)?`, `T!`, `Optional<…>`); escaping or not, and
  /// - its argument label or its parameter name is `handler`, `completion`, `callback` or `reply`, or ends in
  ///   `Handler`, `Completion`, `Callback` or `Reply` (``handlerWords``).
  ///
  /// An `Optional` closure counts: when the sender passes one, it still expects one call. A non-escaping closure
  /// counts too (a synchronous reply). Throwing and generic methods count. The user's choice overrides the rule
  /// either way (see ``applyChoices(to:declaration:external:diagnostics:)``).
  static func isDecisionRequirement(_ requirement: Requirement) -> Bool {
    guard case .method(_, _, _, let arguments) = requirement.shape, case .void = requirement.result,
      !requirement.isAsync
    else { return false }
    // The label and the internal name (a generated one, for an unnamed parameter, is no handler word).
    return arguments.contains { argument in
      argument.type.isClosure
        && [argument.label, argument.name].compactMap { $0 }.map(Naming.bareName).contains(where: isHandlerName)
    }
  }

  /// Whether `name` is one of ``handlerWords`` or ends in one of them, capitalized.
  static func isHandlerName(_ name: String) -> Bool {
    handlerWords.contains { word in name == word || name.hasSuffix(word.prefix(1).uppercased() + word.dropFirst()) }
  }

  /// Applies what the user chose for `requirement`, read from `declaration` (the macro's markers) or `external`
  /// (the generator's flags): decided once or every observer, overriding ``isDecisionRequirement(_:)``, and the
  /// combining policy. A choice that cannot apply is diagnosed on the marker (macro) or the declaration.
  static func applyChoices(
    to requirement: inout Requirement,
    declaration: DeclSyntax,
    external: ExternalMember?,
    diagnostics: inout [Diagnostic]
  ) {
    requirement.isDecision = isDecisionRequirement(requirement)
    var decision: (isDecidedOnce: Bool, node: Syntax, spelling: String)? = nil
    var combining: (policy: CombiningPolicy, node: Syntax, spelling: String)? = nil
    if let external {
      if let isDecidedOnce = external.isDecidedOnce {
        decision = (isDecidedOnce, Syntax(declaration), isDecidedOnce ? "--decided-once" : "--every-observer")
      }
      if let policy = external.combining { combining = (policy, Syntax(declaration), "--combine") }
    } else {
      var markers: [(Bool, AttributeSyntax)] = []
      for element in declaration.asProtocol((any WithAttributesSyntax).self)?.attributes ?? [] {
        guard case .attribute(let attribute) = element else { continue }
        switch Naming.attributeName(attribute) {
        case Naming.decidedOnceMarker: markers.append((true, attribute))
        case Naming.everyObserverMarker: markers.append((false, attribute))
        case Naming.combineMarker:
          guard combining == nil else { continue }  // diagnosed by `readAttributes`
          guard let policy = combinerArgument(attribute) else {
            let given = attribute.arguments?.trimmedDescription ?? ""
            diagnostics.append(Diagnostic(.unknownCombiner(given: given), on: attribute))
            continue
          }
          combining = (policy, Syntax(attribute), "'@\(Naming.combineMarker)(.\(policy.rawValue))'")
        default: break
        }
      }
      if markers.contains(where: { $0.0 }) && markers.contains(where: { !$0.0 }), let last = markers.last {
        diagnostics.append(Diagnostic(.conflictingDecisionMarkers(name: requirement.displayName), on: last.1))
      } else if let first = markers.first {
        let marker = first.0 ? Naming.decidedOnceMarker : Naming.everyObserverMarker
        decision = (first.0, Syntax(first.1), "'@\(marker)'")
      }
    }
    if let decision {
      if decision.isDecidedOnce, let reason = decisionObstacle(requirement) {
        diagnostics.append(
          Diagnostic(
            .decisionNotApplicable(spelling: decision.spelling, name: requirement.displayName, reason: reason),
            on: decision.node
          )
        )
      } else {
        requirement.isDecision = decision.isDecidedOnce
      }
    }
    if let combining {
      let valid = validPolicies(requirement)
      guard valid.contains(combining.policy) else {
        diagnostics.append(
          Diagnostic(
            .combineNotApplicable(
              spelling: combining.spelling,
              name: requirement.displayName,
              result: resultDescription(requirement),
              valid: valid.map(\.rawValue)
            ),
            on: combining.node
          )
        )
        return
      }
      requirement.combining = combining.policy
    }
  }

  /// Why `requirement` cannot be decided once, or `nil` when it can.
  private static func decisionObstacle(_ requirement: Requirement) -> String? {
    switch requirement.shape {
    case .property: return "a property"
    case .subscript: return "a subscript"
    case .method:
      if requirement.returnsValue { return "a method that returns a value (its answers are combined)" }
      if requirement.isAsync { return "an 'async' method (its caller awaits it instead of passing a handler)" }
      return nil
    }
  }

  /// The policies that can combine the answers of `requirement`: none for `Void`; `first` and `last` for any
  /// value, `anyTrue` and `allTrue` for a `Bool` (spelled `Bool` or `Swift.Bool`), `firstNonNil` for an
  /// `Optional`.
  private static func validPolicies(_ requirement: Requirement) -> [CombiningPolicy] {
    guard case .value(_, let valueType, let isOptional) = requirement.result else { return [] }
    let isBool = valueType.isBool
    return CombiningPolicy.allCases.filter { policy in
      switch policy {
      case .first, .last: return true
      case .anyTrue, .allTrue: return isBool
      case .firstNonNil: return isOptional
      }
    }
  }

  /// `returns 'Int'` or `returns nothing`, for messages.
  private static func resultDescription(_ requirement: Requirement) -> String {
    guard case .value(let type, _, _) = requirement.result else { return "returns nothing" }
    return "returns '\(type.description)'"
  }

  /// The policy `@MultiplexedCombine(.anyTrue)` names (also `MultiplexedCombiner.anyTrue`), or `nil`.
  package static func combinerArgument(_ attribute: AttributeSyntax) -> CombiningPolicy? {
    guard case .argumentList(let arguments) = attribute.arguments, arguments.count == 1,
      let member = arguments.first?.expression.as(MemberAccessExprSyntax.self)
    else { return nil }
    return CombiningPolicy(rawValue: member.declName.baseName.text)
  }
}
