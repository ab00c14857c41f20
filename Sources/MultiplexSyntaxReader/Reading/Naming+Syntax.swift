import MultiplexModel
package import SwiftSyntax

// The names the readers take from syntax.
extension Naming {
  /// The attribute's name as written, without arguments: `@Multiplex.MultiplexedDefault(1)` → `MultiplexedDefault`.
  package static func attributeName(_ attribute: AttributeSyntax) -> String {
    let name = attribute.attributeName.trimmedDescription
    if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
    return name
  }
}
