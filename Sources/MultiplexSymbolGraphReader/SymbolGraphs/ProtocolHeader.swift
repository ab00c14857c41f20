// What a protocol symbol's declaration fragments say about the protocol itself: its attributes, the types its
// inheritance clause names, and its `where` clause.

import MultiplexModel

/// The parts of `@MainActor protocol P: A, B where Self: C` that the reader needs.
struct ProtocolHeader {
  /// One entry of the inheritance clause.
  struct Inherited: Equatable {
    /// As written, e.g. `NSObjectProtocol`.
    var name: String
    /// The USR the fragments give for it, if any (`AnyObject` has none).
    var usr: String?
  }

  /// The attributes written before `protocol`, as text (`@MainActor`, `@objc`), in order.
  var attributes: [String]
  /// The inheritance clause, in order; a composition `A & B` counts as its parts.
  var inherited: [Inherited]
  /// The requirements of the `where` clause, as text (`Self: NSObject`).
  var whereRequirements: [String]
  /// The USR of each type identifier in the fragments, by spelling.
  var typeUSRs: [String: String]

  /// Reads the header from a protocol symbol's fragments; `nil` when they do not parse as a protocol.
  init?(fragments: [DeclarationFragment]) {
    let usrs = Dictionary(
      fragments.compactMap { fragment in
        fragment.preciseIdentifier.map { (fragment.spelling, $0) }
      },
      uniquingKeysWith: { first, _ in first }
    )
    typeUSRs = usrs
    guard let declaration = try? ProtocolDeclaration(parsing: DeclarationText.text(of: fragments) + " {}") else {
      return nil
    }
    attributes = declaration.attributes.map(\.text) + declaration.modifiers
    var inherited: [Inherited] = []
    for entry in declaration.inherited {
      let parts: [SwiftType]
      if case .composition(let elements) = entry { parts = elements } else { parts = [entry] }
      for part in parts {
        let name = part.description
        let lastComponent = name.split(separator: ".").last.map(String.init) ?? name
        inherited.append(Inherited(name: name, usr: usrs[lastComponent] ?? usrs[name]))
      }
    }
    self.inherited = inherited
    whereRequirements = (declaration.whereClause ?? []).map(\.description)
  }
}
