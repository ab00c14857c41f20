import SwiftParser
import SwiftSyntax

/// What ``ExternalGenerator`` does to its input before reading it: `@objc` spellings, `optional` requirements,
/// and the user's default values.
extension ExternalGenerator {
  /// The input, ready to read, or the problems found, each with the node it is about.
  struct Prepared {
    /// The source with every `@objc` attribute and `optional` modifier blanked out (replaced by spaces, so that
    /// lines and columns stay those of the input).
    var source: String
    /// The member descriptions, with `isOptional` set for `optional` members and the default values given.
    var members: [ExternalMember]
    var problems: [(message: String, node: Syntax)] = []
  }

  /// Prepares `proto`, parsed from `input.source`.
  ///
  /// For an `@objc` protocol, the spellings the symbol graph may give (`@objc`, `@objc(name)`, `optional`) are
  /// blanked out, so that the protocol reads like a Swift one: a member with the `optional` modifier is
  /// optional, as is one its description marks so. Default implementations do not count for an `@objc`
  /// protocol (Objective-C senders never see a Swift extension's). An optional property or subscript is a
  /// problem: only optional methods are supported.
  ///
  /// For any protocol, `defaultValues` names requirements returning a value: a name that is none of them, or a
  /// text that is not one expression, is a problem.
  static func prepare(
    _ input: ExternalProtocol,
    proto: ProtocolDeclSyntax,
    defaultValues: [String: String]
  ) -> Prepared {
    let declarations = proto.memberBlock.members.map(\.decl)
    var prepared = Prepared(source: input.source, members: input.members)
    guard prepared.members.count == declarations.count else { return prepared }  // diagnosed by the reader

    if input.isObjC {
      var blanked: [Range<Int>] = []
      func blank(_ node: some SyntaxProtocol) {
        blanked.append(
          node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        )
      }
      objcAttributes(proto.attributes).forEach(blank)
      for (index, decl) in declarations.enumerated() {
        prepared.members[index].hasDefaultImplementation = false
        if let attributes = decl.asProtocol((any WithAttributesSyntax).self)?.attributes {
          objcAttributes(attributes).forEach(blank)
        }
        let optionalModifiers = (decl.asProtocol((any WithModifiersSyntax).self)?.modifiers ?? [])
          .filter { $0.name.tokenKind == .keyword(.optional) }
        optionalModifiers.forEach(blank)
        if !optionalModifiers.isEmpty { prepared.members[index].isOptional = true }
        if prepared.members[index].isOptional, !decl.is(FunctionDeclSyntax.self) {
          let name = decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription ?? "subscript"
          prepared.problems.append(
            (MultiplexedDiagnostic.externalObjCOptionalMember(name: name).message, Syntax(decl))
          )
        }
      }
      var bytes = Array(input.source.utf8)
      for range in blanked {
        for offset in range where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
          bytes[offset] = UInt8(ascii: " ")
        }
      }
      prepared.source = String(decoding: bytes, as: UTF8.self)
    }

    for (name, text) in defaultValues.sorted(by: { $0.key < $1.key }) {
      // Every requirement of that name: overloads share it (UIKit's two `textView(_:shouldInteractWith:in:)`,
      // for a URL and for a text attachment), and one value answers for all of them.
      let indices = declarations.indices.filter { index in
        let decl = declarations[index]
        guard let function = decl.as(FunctionDeclSyntax.self) else {
          return decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription == name
        }
        guard Requirement.displayName(of: function) == name else { return false }
        return function.signature.returnClause.map { !Requirement.isVoid($0.type) } ?? false
      }
      guard let index = indices.first else {
        prepared.problems.append((MultiplexedDiagnostic.externalUnknownDefault(name: name).message, Syntax(proto.name)))
        continue
      }
      guard isExpression(text) else {
        prepared.problems.append(
          (
            MultiplexedDiagnostic.externalDefaultNotExpression(name: name, text: text).message,
            Syntax(declarations[index])
          )
        )
        continue
      }
      for index in indices { prepared.members[index].defaultValue = text }
    }
    return prepared
  }

  /// The `@objc` and `@objc(name)` attributes of `list`, as nodes of its tree (their positions are the source's).
  private static func objcAttributes(_ list: AttributeListSyntax) -> [AttributeSyntax] {
    list.compactMap { element in
      guard case .attribute(let attribute) = element, Naming.attributeName(attribute) == "objc" else { return nil }
      return attribute
    }
  }

  /// Whether `text` is exactly one Swift expression.
  private static func isExpression(_ text: String) -> Bool {
    let tree = Parser.parse(source: "_ = (\n\(text)\n)")
    guard !tree.hasError, tree.statements.count == 1 else { return false }
    guard let sequence = tree.statements.first?.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      let tuple = sequence.elements.last?.as(TupleExprSyntax.self)
    else { return false }
    return tuple.elements.count == 1 && tuple.elements.first?.label == nil
  }
}
