import SwiftSyntax

/// Delivery contexts: registering observers that receive `Void` calls asynchronously, in a context.
extension Generator {
  /// Whether observers may be registered with a delivery context: the protocol refines `Sendable` (so its
  /// observers may be called on another thread) and has no global actor (an isolated multiplexer calls its
  /// observers on that actor).
  var supportsDeliveryContexts: Bool { model.isSendable && model.isolation == nil && !isObjC }

  /// `add(_:retention:priority:deliveringOn:)`, a blank line and the indentation of the next member, for a
  /// protocol that supports delivery contexts; empty otherwise.
  func deliveringRegistration() -> String {
    guard supportsDeliveryContexts else { return "" }
    let member = """
      /// Registers an observer that receives the calls that return nothing asynchronously, in `context`, in
      /// order.
      ///
      /// The forwarded calls whose arguments are `Sendable` are queued for it; calls that return a value, and
      /// those whose arguments are not `Sendable`, skip it. See `Multiplexer.add(_:retention:priority:deliveringOn:)`.
      @discardableResult
      \(memberAccess)func add(
        _ observer: \(model.observerType),
        retention: Multiplex.Retention = .weak,
        priority: Swift.Int = 0,
        deliveringOn context: Multiplex.DeliveryContext
      ) -> Multiplex.ObservationToken {
        \(storage).add(observer, retention: retention, priority: priority, deliveringOn: context)
      }
      """
    return indented(member, 2) + "\n\n  "
  }

  /// The body that forwards a `Void` method through `Multiplexer._post(_:_:)`, so that observers registered with
  /// a delivery context receive it there when its arguments are `Sendable` (the compiler picks the overload);
  /// `nil` when the protocol does not support delivery contexts or the call cannot be queued: `async`, throwing
  /// or generic methods, a requirement with its own global actor, and parameters whose values cannot be stored
  /// (the same rule as for event cases: `inout`, non-escaping closures, `borrowing`, packs, …).
  func postingBody(_ requirement: Requirement) -> String? {
    guard supportsDeliveryContexts, case .method(let signature, _, let name, let arguments) = requirement.shape else {
      return nil
    }
    guard !requirement.isAsync, requirement.throwsClause == nil, requirement.genericParameters == nil else {
      return nil
    }
    let plainAttributes: Set<String> = ["available", "discardableResult"]
    guard requirement.forwardedAttributes.allSatisfy({ plainAttributes.contains(Naming.attributeName($0)) }) else {
      return nil
    }
    for parameter in signature.signature.parameterClause.parameters where storedType(parameter) == nil {
      return nil
    }
    let observer = observerName(for: requirement)
    let packed: String
    let closureArguments: String
    let passed: [String]
    switch arguments.count {
    case 0:
      packed = "()"
      closureArguments = "_"
      passed = []
    case 1:
      packed = Naming.identifier(arguments[0].name, in: .expression)
      closureArguments = Naming.identifier(arguments[0].name, in: .declaration)
      passed = [Naming.identifier(arguments[0].name, in: .expression)]
    default:
      let tuple = Naming.fresh("arguments", avoiding: requirement.reservedNames.union([observer]))
      packed = "(" + arguments.map { Naming.identifier($0.name, in: .expression) }.joined(separator: ", ") + ")"
      closureArguments = tuple
      passed = arguments.indices.map { "\(tuple).\($0)" }
    }
    let call = zip(arguments, passed).map { argument, value in argument.labelPrefix + value }
    return """
      \(storage)._post(\(packed)) { \(observer), \(closureArguments) in
        \(receiver(observer)).\(Naming.identifier(name, in: .member))(\(call.joined(separator: ", ")))
      }
      """
  }
}
