/// An attribute the generated code copies from the protocol or a requirement: `@available(iOS 13, *)`,
/// `@MainActor`, `@preconcurrency`, `@discardableResult`.
///
/// Text, not syntax: the model and the emitter depend on nothing but the standard library (the readers make it).
package struct Attribute: Hashable, Sendable {
  /// The attribute's name, without `@`, arguments or module: `available`, `MainActor`.
  package let name: String
  /// The attribute as written, without surrounding whitespace: `@available(iOS 13, *)`.
  package let text: String

  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}
