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

  /// The parent named `text`, a name without generic arguments, possibly qualified (`Outer.Base`).
  package init(text: String) {
    self.text = text
    if let dot = text.lastIndex(of: ".") {
      name = String(text[text.index(after: dot)...])
      qualifier = String(text[...dot])
    } else {
      name = text
      qualifier = ""
    }
  }
}
