// The in-memory input of the generator for a protocol declared in another module: what the symbol-graph reader
// produces and what `ExternalGenerator.generate(_:options:)` consumes.

/// One class-bound protocol read from a module's symbol graph, as Swift source text.
package struct ExternalProtocol {
  /// ONE `protocol` declaration in Swift syntax; requirements of inherited protocols flattened in, in a
  /// deterministic order.
  package var source: String
  /// The module that declares the protocol, e.g. `"FoundationXML"`.
  package var moduleName: String
  /// Whether the protocol is an `@objc` protocol.
  package var isObjC: Bool
  /// One entry per member declaration of the protocol in `source`, in the same order.
  package var members: [ExternalMember]
}

/// What the symbol graph says about one requirement beyond its declaration.
package struct ExternalMember {
  /// A protocol extension implements the requirement (every conforming type has it).
  package var hasDefaultImplementation: Bool
  /// An `@objc optional` requirement.
  package var isOptional: Bool
}
