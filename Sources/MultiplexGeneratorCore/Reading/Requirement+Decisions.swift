import SwiftSyntax

/// Decisions: requirements whose completion handler must be called exactly once (protocols of another module).
extension Requirement {
  /// Whether `requirement`, of a protocol declared in another module, is a *decision*: a call that hands the
  /// delegate a completion handler the sender waits for, like Foundation's
  /// `urlSession(_:dataTask:didReceive:completionHandler:)`,
  /// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)` or
  /// `urlSession(_:task:needNewBodyStream:)`.
  ///
  /// Forwarded to every observer, such a call would call the handler once per observer (each default
  /// implementation calls it), and a sender may stop there (`URLSession` on Linux traps when the redirection
  /// handler is called twice). So the multiplexer forwards a decision to exactly one observer.
  ///
  /// The rule, exactly: a method (not a property or subscript) that returns `Void`, is not `async`, and whose
  /// **last** parameter
  /// - has a function type (possibly parenthesized, with any other attributes such as `@Sendable`) marked
  ///   `@escaping`, and
  /// - has an argument label or a parameter name that is `handler` or ends in `Handler` (`completionHandler`,
  ///   `decisionHandler`, `replyHandler`; `needNewBodyStream completionHandler:` counts by its parameter name).
  ///
  /// An `Optional` closure (`((Bool) -> Void)?`) does not count: the delegate may not be expected to call it.
  /// Throwing and generic methods count. The macro never marks decisions: a protocol of your own says what it
  /// means with its own default implementations and combiners.
  static func isDecisionRequirement(_ requirement: Requirement) -> Bool {
    guard case .method(let signature, _, _, _) = requirement.shape, case .void = requirement.result,
      !requirement.isAsync
    else { return false }
    guard let last = signature.signature.parameterClause.parameters.last,
      hasAttribute("escaping", last.type), isFunctionType(last.type)
    else { return false }
    let names = [last.firstName, last.secondName].compactMap { $0 }.map(Naming.bare)
    return names.contains { $0 == "handler" || $0.hasSuffix("Handler") }
  }

  /// Whether `type` is a function type under its attributes and specifiers and any parentheses.
  private static func isFunctionType(_ type: TypeSyntax) -> Bool {
    var base = type
    if let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
    while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      base = only.type
    }
    return base.is(FunctionTypeSyntax.self)
  }
}
