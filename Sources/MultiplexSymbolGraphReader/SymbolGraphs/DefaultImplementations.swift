import MultiplexModel

// Which requirements a protocol extension implements for every conforming type.

extension SymbolGraphReader {
  /// A declaration's fragments without attributes, `override` and whitespace: two requirements with the same
  /// signature are one requirement (a refinement's restatement, declared `override`, has its parent's), and a
  /// default implementation with the requirement's signature implements it.
  static func signature(_ fragments: [DeclarationFragment]) -> String {
    String(
      DeclarationText.removingOverride(fragments).filter { $0.kind != "attribute" }.map(\.spelling).joined()
        .filter { !$0.isWhitespace }
    )
  }

  /// Whether a protocol extension of one of the visited protocols implements `requirement` for every
  /// conforming type: an unconstrained extension (or one constrained only to the visited protocols), whose
  /// member has the requirement's signature. The graph links a default to every requirement with the same
  /// name, so a default whose signature matches another overload of the name does not count.
  func hasDefaultImplementation(_ requirement: Requirement, walk: Walk) -> Bool {
    // A default of any restatement of the requirement implements it.
    let defaults = requirement.usrs.flatMap { index.relationships(Relationship.defaultImplementationOf, to: $0) }
    let ownSignature = Self.signature(requirement.symbol.declarationFragments ?? [])
    let overloadSignatures = Set(
      walk.requirements
        .filter { $0.usr != requirement.usr && $0.symbol.names.title == requirement.symbol.names.title }
        .map { Self.signature($0.symbol.declarationFragments ?? []) }
    )
    let visitedNames = Set(walk.visited.compactMap { index.symbol($0)?.names.title })
    return defaults.contains { relationship in
      guard let implementation = index.symbol(relationship.source) else { return true }
      let constraints = implementation.swiftExtension?.constraints ?? []
      let unconstrained = constraints.allSatisfy { constraint in
        constraint.kind == "conformance" && constraint.lhs == "Self"
          && (constraint.rhsPrecise.map(walk.visited.contains) ?? visitedNames.contains(constraint.rhs))
      }
      guard unconstrained else { return false }
      let signature = Self.signature(implementation.declarationFragments ?? [])
      return signature == ownSignature || !overloadSignatures.contains(signature)
    }
  }
}
