/// A `@Multiplexed` protocol that the protocol refines, as written: `Base`, `Outer.Base`, `OtherModule.Base`.
/// The multiplexer forwards its requirements through the code its own expansion generated (see
/// `Generator+Refinement`).
package struct ParentProtocol: Hashable, Sendable {
  /// `Outer.Base`.
  package let text: String
  /// `Base`.
  package let name: String
  /// `Outer.`, or nothing for an unqualified name.
  package let qualifier: String

  /// The parent `name` (`Base`) reached through `qualifier` (`Outer.`, or nothing).
  package init(name: String, qualifier: String) {
    self.text = qualifier + name
    self.name = name
    self.qualifier = qualifier
  }
}
