/// An attribute of a type: `@escaping`, `@Sendable`, `@MainActor`, `@convention(c)`, `@isolated(any)`.
package struct TypeAttribute: Hashable, Sendable {
  /// The attribute's name as written, without `@`: `escaping`, `MainActor`, `Module.GlobalActor`.
  package var name: String
  /// The text between the attribute's parentheses, with canonical spacing (`c` in `@convention(c)`), or `nil`
  /// when it has none.
  package var arguments: String?

  /// An attribute: `TypeAttribute("convention", arguments: "c")` is `@convention(c)`.
  package init(_ name: String, arguments: String? = nil) {
    self.name = name
    self.arguments = arguments
  }

  /// The name without a module qualifier, the way the attribute is matched: `GlobalActor` for
  /// `@Module.GlobalActor`.
  package var baseName: String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
  }
}

extension TypeAttribute: CustomStringConvertible {
  /// `@convention(c)`.
  package var description: String {
    "@" + name + (arguments.map { "(" + $0 + ")" } ?? "")
  }
}
