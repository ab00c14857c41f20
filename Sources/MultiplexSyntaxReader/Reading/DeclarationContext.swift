import MultiplexModel
package import SwiftSyntax

/// Where a protocol is declared: what the generator needs to know about the code around it.
///
/// The macro builds it from `MacroExpansionContext.lexicalContext`; a front end without a macro context (the
/// `multiplex-generate` tool) uses the default, a protocol at file scope. Generated locals are named with
/// ``Naming/fresh(_:avoiding:)`` against the names in scope, so no `makeUniqueName` is needed.
package struct DeclarationContext {
  /// The names of the types that enclose the protocol, outermost first (`Outer`, `Outer.Inner` for an
  /// extension of a nested type); empty at file scope.
  package var enclosingTypeNames: [String]

  /// A protocol nested in `enclosingTypeNames`, outermost first.
  package init(enclosingTypeNames: [String] = []) {
    self.enclosingTypeNames = enclosingTypeNames
  }

  /// The context of a declaration whose lexical context (innermost first, as a macro receives it) is
  /// `lexicalContext`.
  package init(lexicalContext: [Syntax]) {
    var names: [String] = []
    for enclosing in lexicalContext {
      if let decl = enclosing.as(StructDeclSyntax.self) {
        names.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ClassDeclSyntax.self) {
        names.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(EnumDeclSyntax.self) {
        names.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ActorDeclSyntax.self) {
        names.insert(decl.name.text, at: 0)
      } else if let decl = enclosing.as(ExtensionDeclSyntax.self) {
        names.insert(decl.extendedType.trimmedDescription, at: 0)
      }
    }
    self.enclosingTypeNames = names
  }
}
