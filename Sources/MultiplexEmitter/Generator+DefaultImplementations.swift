import MultiplexModel

/// The default implementations that make a `@Multiplexed` protocol's requirements optional.
extension Generator {
  /// `extension P { … }` with a default implementation of every requirement that is not required; `nil` when
  /// there is none (or the protocol is another module's, whose own extension implements its defaults).
  package func defaultImplementations(extending type: String) -> String? {
    guard model.external == nil else { return nil }
    var members: [String] = []
    for requirement in model.requirements where !requirement.isRequired {
      members.append(defaultImplementation(requirement))
    }
    guard !members.isEmpty else { return nil }
    let availability = model.availability.map { $0.text + "\n" }.joined()
    return """
      \(availability)extension \(type) {
        \(indented(members.joined(separator: "\n\n"), 2))
      }
      """
  }

  /// One default implementation: it does nothing and answers with ``notImplemented(_:)``. A decided-once
  /// requirement's marks the call "not implemented" too, so that the multiplexer hands the decision to the first
  /// observer that implements it.
  private func defaultImplementation(_ requirement: Requirement) -> String {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    // A joined requirement's too: it must not hold the sender's handler back.
    if requirement.isDecision || requirement.isJoined, case .method(let signature, _, _, _) = requirement.shape {
      return """
        \(attributes(requirement.availability))\(modifiers)\(signature) {
          Multiplex.notImplemented(by: self, returning: ())
        }
        """
    }
    return implementation(
      requirement,
      heading: attributes(requirement.availability) + modifiers,
      answer: notImplemented(requirement)
    )
  }

  /// An implementation of `requirement` that does nothing but answer `answer` (an expression of the result type,
  /// unused for a `Void` method) and ignore what it is set to: a default implementation, a stub's.
  ///
  /// - Parameter heading: The attributes and modifiers in front of the declaration.
  func implementation(_ requirement: Requirement, heading: String, answer: String) -> String {
    switch requirement.shape {
    case .method(let signature, _, _, _):
      if case .void = requirement.result {
        return "\(heading)\(signature) {\n}"
      }
      return """
        \(heading)\(signature) {
          \(answer)
        }
        """
    case .property(let name, let type, let isSettable, let getterEffects):
      return accessorImplementation(
        declaration: "var \(Naming.identifier(name, in: .declaration)): \(type.description)",
        isSettable: isSettable,
        getterEffects: getterEffects,
        heading: heading,
        answer: answer
      )
    case .subscript(let signature, _, _, let isSettable, let getterEffects):
      return accessorImplementation(
        declaration: signature,
        isSettable: isSettable,
        getterEffects: getterEffects,
        heading: heading,
        answer: answer
      )
    }
  }

  /// A property or subscript whose getter answers `answer` and whose setter does nothing.
  private func accessorImplementation(
    declaration: String,
    isSettable: Bool,
    getterEffects: String?,
    heading: String,
    answer: String
  ) -> String {
    let effects = getterEffects.map { " " + $0 } ?? ""
    let setter = isSettable ? "\n  set {\n  }" : ""
    return """
      \(heading)\(declaration) {
        get\(effects) {
          \(answer)
        }\(setter)
      }
      """
  }
}
