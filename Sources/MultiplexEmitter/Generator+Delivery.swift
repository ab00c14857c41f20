import MultiplexModel

/// Delivery contexts: registering observers that receive `Void` calls asynchronously, in a context.
extension Generator {
  /// Whether observers may be registered with a delivery context: the protocol refines `Sendable` (so its
  /// observers may be called on another thread) and has no global actor (an isolated multiplexer calls its
  /// observers on that actor).
  var supportsDeliveryContexts: Bool { model.isSendable && model.isolation == nil && !isObjC }

  /// The body that forwards a `Void` method through `Multiplexer._post(_:_:)`, so that observers registered with
  /// a delivery context receive it there when its arguments are `Sendable` (the compiler picks the overload);
  /// `nil` when the protocol does not support delivery contexts or the call cannot be queued: `async`, throwing
  /// or generic methods, a requirement with its own global actor, and parameters whose values cannot be stored
  /// (the same rule as for event cases: `inout`, non-escaping closures, `borrowing`, packs, …).
  func postingBody(_ requirement: Requirement) -> String? {
    guard supportsDeliveryContexts, case .method(_, _, let name, let arguments) = requirement.shape else {
      return nil
    }
    guard !requirement.isAsync, requirement.throwing == nil, requirement.genericParameters == nil else {
      return nil
    }
    let plainAttributes: Set<String> = ["available", "discardableResult"]
    guard requirement.forwardedAttributes.allSatisfy({ plainAttributes.contains($0.name) }) else {
      return nil
    }
    for argument in arguments where storedType(argument) == nil {
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
