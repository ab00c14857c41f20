import MultiplexModel
import SwiftSyntax

// The model's values made from the syntax the readers see: the model itself holds no syntax.

extension Attribute {
  /// The model's copy of `attribute`: its name as ``Naming/attributeName(_:)`` reads it, and its trimmed text.
  init(_ attribute: AttributeSyntax) {
    self.init(name: Naming.attributeName(attribute), text: attribute.trimmedDescription)
  }
}

extension ParentProtocol {
  /// The parent `type` names, an identifier or member type without generic arguments (see
  /// `ProtocolModel.isRefinableName(_:)`).
  init(_ type: TypeSyntax) {
    // Tokens without trivia: `Outer /* c */ .Base` is `Outer.Base`.
    func spelled(_ node: some SyntaxProtocol) -> String { node.tokens(viewMode: .sourceAccurate).map(\.text).joined() }
    if let member = type.as(MemberTypeSyntax.self) {
      self.init(name: member.name.text, qualifier: spelled(member.baseType) + ".")
    } else {
      self.init(name: spelled(type), qualifier: "")
    }
  }
}
