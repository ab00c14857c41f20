package import MultiplexModel
import SwiftDiagnostics
package import SwiftSyntax

/// The policies the user chooses per requirement with `@MultiplexedDecidedOnce`, `@MultiplexedEveryObserver` and
/// `@MultiplexedCombine` (`multiplex-generate`'s flags are read by its own reader; the rules are the model's).
extension Requirement {
  /// Applies what the user chose for `requirement`, read from the markers of `declaration`: decided once or every
  /// observer, overriding ``isDecisionRequirement(_:)``, and the combining policy. A choice that cannot apply is
  /// diagnosed on its marker.
  static func applyChoices(
    to requirement: inout Requirement,
    declaration: DeclSyntax,
    diagnostics: inout [Diagnostic]
  ) {
    requirement.isDecision = isDecisionRequirement(requirement)
    var decision: (isDecidedOnce: Bool, node: Syntax, spelling: String)? = nil
    var combining: (policy: CombiningPolicy, node: Syntax, spelling: String)? = nil
    var markers: [(Bool, AttributeSyntax)] = []
    for element in declaration.asProtocol((any WithAttributesSyntax).self)?.attributes ?? [] {
      guard case .attribute(let attribute) = element else { continue }
      switch Naming.attributeName(attribute) {
      case Naming.decidedOnceMarker: markers.append((true, attribute))
      case Naming.everyObserverMarker: markers.append((false, attribute))
      case Naming.combineMarker:
        guard combining == nil else { continue }  // a second one is refused (`Refusals`)
        guard let policy = combinerArgument(attribute) else {
          let given = attribute.arguments?.trimmedDescription ?? ""
          diagnostics.append(Diagnostic(.unknownCombiner(given: given), on: attribute))
          continue
        }
        combining = (policy, Syntax(attribute), "'@\(Naming.combineMarker)(.\(policy.name))'")
      default: break
      }
    }
    if markers.contains(where: { $0.0 }) && markers.contains(where: { !$0.0 }), let last = markers.last {
      diagnostics.append(Diagnostic(.conflictingDecisionMarkers(name: requirement.displayName), on: last.1))
    } else if let first = markers.first {
      let marker = first.0 ? Naming.decidedOnceMarker : Naming.everyObserverMarker
      decision = (first.0, Syntax(first.1), "'@\(marker)'")
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
      guard accepts(combining.policy, for: requirement) else {
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

  /// The policy `@MultiplexedCombine(.anyTrue)` names (also `MultiplexedCombiner.anyTrue`), or `nil`; an order
  /// names its values as members: `.order(FetchResult.newData, .failed, .noData)`.
  package static func combinerArgument(_ attribute: AttributeSyntax) -> CombiningPolicy? {
    guard case .argumentList(let arguments) = attribute.arguments, arguments.count == 1,
      let expression = arguments.first?.expression
    else { return nil }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let policy = CombiningPolicy(rawValue: member.declName.baseName.text)
      return policy == .order([]) ? nil : policy
    }
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "order",
      call.trailingClosure == nil
    else { return nil }
    var values: [String] = []
    for argument in call.arguments {
      guard argument.label == nil, let member = argument.expression.as(MemberAccessExprSyntax.self) else {
        return nil
      }
      values.append(member.declName.baseName.text)
    }
    return CombiningPolicy(rawValue: "order(" + values.joined(separator: ", ") + ")")
  }
}
