import MultiplexModel

/// The stub that answers with a protocol's own default implementations (`multiplex-generate` only).
extension Generator {
  /// `private final class _Defaults: P`, nested in the multiplexer, when some requirement's default value asks the
  /// protocol's default implementation (see ``Requirement/usesModuleDefault``); `nil` otherwise.
  ///
  /// The stub implements only the requirements the protocol's extension does not (they return `Void` or an
  /// `Optional`, or have a `--default` answer: any other is refused), doing nothing and answering `nil` or that
  /// answer; for the rest, the protocol's default
  /// implementations answer, as they would for an observer that leaves them out. It is isolated like the protocol
  /// and subclasses `NSObject` like the multiplexer.
  func defaultsStub() -> String? {
    guard model.needsDefaultsStub else { return nil }
    var members: [String] = []
    for requirement in model.requirements where !requirement.usesModuleDefault {
      let modifiers = requirement.isNonisolated ? "nonisolated " : ""
      // The user's `--default` answer, or `nil` (the requirement returns `Void` or an `Optional`; others are refused).
      let answer = requirement.defaultValue?.text ?? "nil"
      members.append(
        implementation(requirement, heading: attributes(requirement.availability) + modifiers, answer: answer)
      )
    }
    let superclass = model.external?.refinesNSObjectProtocol == true ? "Foundation.NSObject, " : ""
    let body = members.isEmpty ? "" : "\n  " + indented(members.joined(separator: "\n\n"), 2) + "\n"
    return """
      /// Answers like an object that implements nothing of `\(model.name)`: the protocol's default implementations,
      /// `nil` or nothing. The value returned when no observer answers.
      \(typeAttributes)private final class \(Naming.defaultsStubName): \(superclass)\(protocolConformance) {\(body)}
      """
  }
}
