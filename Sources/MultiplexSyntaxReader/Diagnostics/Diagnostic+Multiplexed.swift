package import MultiplexModel
package import SwiftDiagnostics
package import SwiftSyntax

extension Diagnostic {
  /// An error of `@Multiplexed` on `node`, with an optional fix-it.
  package init(_ message: MultiplexedDiagnostic, on node: some SyntaxProtocol, fixIt: FixIt? = nil) {
    self.init(node: Syntax(node), message: message, fixIts: fixIt.map { [$0] } ?? [])
  }
}

extension AttributeSyntax {
  /// The same attribute inside `declaration`, which knows its neighbouring tokens (the attribute a macro receives
  /// may be a detached copy); `self` if it is not found.
  package func located(in declaration: some SyntaxProtocol) -> AttributeSyntax {
    let attributes = declaration.asProtocol((any WithAttributesSyntax).self)?.attributes ?? []
    for element in attributes {
      if case .attribute(let candidate) = element, candidate.trimmedDescription == trimmedDescription {
        return candidate
      }
    }
    return self
  }
}

extension FixIt {
  /// A fix-it that deletes `node` (an attribute or a modifier) and leaves the surrounding layout tidy.
  ///
  /// On its own line, the node's line goes away; at the start of a line, what follows moves to its place; after
  /// another attribute on the same line, the space before it goes too.
  package static func removal(of node: some SyntaxProtocol, message: MultiplexedFixIt) -> FixIt {
    let empty = Syntax(TokenSyntax(.identifier(""), presence: .missing))
    var changes: [FixIt.Change] = [.replace(oldNode: Syntax(node), newNode: empty)]
    let previous = node.previousToken(viewMode: .sourceAccurate)
    let next = node.nextToken(viewMode: .sourceAccurate)
    let startsLine =
      previous == nil || node.leadingTrivia.contains(where: \.isNewline)
      || previous!.trailingTrivia.contains(where: \.isNewline)
    let nextOnSameLine = next.map { !$0.leadingTrivia.contains(where: \.isNewline) } ?? false
    if startsLine, let next {
      changes.append(.replaceLeadingTrivia(token: next, newTrivia: node.leadingTrivia))
    } else if !nextOnSameLine, let previous {
      changes.append(.replaceTrailingTrivia(token: previous, newTrivia: []))
    }
    return FixIt(message: message, changes: changes)
  }
}
