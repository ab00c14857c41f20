/// The type names a type, a generic parameter's constraint or a generic requirement refers to.
///
/// ```swift
/// let references = TypeReferences(SwiftType(parsing: "[C.Element.Index: Int]"))
/// references.allNames  // ["C", "Int"]
/// references.directNames  // ["Int"]
/// references.memberPaths  // [MemberPath(root: "C", member: "Index", text: "C.Element.Index")]
/// ```
///
/// As in swift-syntax's tree, where an attribute's name is a type, the names of attributes count
/// (`MainActor` in `@MainActor () -> Void`); the names of a generic parameter clause do not (`T` in `<T: P>`).
package struct TypeReferences: Hashable, Sendable {
  /// A member type rooted in a plain name, as long as it goes: `C.Element.Index`.
  package struct MemberPath: Hashable, Sendable {
    /// `C`.
    package var root: String
    /// `Index`.
    package var member: String
    /// `C.Element.Index`, as ``SwiftType/description`` prints it.
    package var text: String

    /// A member path.
    package init(root: String, member: String, text: String) {
      self.root = root
      self.member = member
      self.text = text
    }
  }

  /// Every name a type is spelled from (`C` and `Int` in `[C.Element: Int]`, not `Element`).
  package private(set) var allNames: Set<String> = []
  /// The names used as types themselves, not as the base of a member type (`Int`, not `C`, in
  /// `[C.Element: Int]`): those a call can infer.
  package private(set) var directNames: Set<String> = []
  /// The longest member types rooted in a name, in source order.
  package private(set) var memberPaths: [MemberPath] = []

  /// The references of `types`, in order.
  ///
  /// - Complexity: O(*n*), where *n* is the total size of the types.
  package init(_ types: [SwiftType]) {
    for type in types { visit(type, isMemberBase: false) }
  }

  /// The references of `type`.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the type.
  package init(_ type: SwiftType) {
    self.init([type])
  }

  private mutating func visit(_ type: SwiftType, isMemberBase: Bool) {
    switch type {
    case .named(let name, let arguments):
      allNames.insert(name)
      if !isMemberBase { directNames.insert(name) }
      for argument in arguments { visit(argument, isMemberBase: false) }
    case .member(let base, let name, let arguments):
      if !isMemberBase {
        var root = base
        while case .member(let inner, _, _) = root { root = inner }
        if case .named(let rootName, _) = root {
          memberPaths.append(MemberPath(root: rootName, member: name, text: type.description))
        }
      }
      visit(base, isMemberBase: true)
      for argument in arguments { visit(argument, isMemberBase: false) }
    case .attributed(_, let attributes, let base):
      for attribute in attributes { visit(SwiftType(parsing: attribute.name), isMemberBase: false) }
      visit(base, isMemberBase: false)
    case .unparsed:
      // Text the parser did not understand: its identifiers are names it may refer to (never inferable).
      allNames.formUnion(type.identifiers)
    default:
      for child in type.children { visit(child, isMemberBase: false) }
    }
  }
}
