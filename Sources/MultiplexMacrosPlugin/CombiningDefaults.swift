import MultiplexEmitter
import MultiplexModel
import MultiplexSyntaxReader
import SwiftSyntax
import SwiftSyntaxBuilder

/// The default implementations of a combining protocol `@Multiplexed` generated, made from that protocol's
/// syntax for `@_MultiplexedCombining` (which cannot see the model): the policy used when no combiner is set.
///
/// Every requirement of a combining protocol has the same shape, `(_ multiplexer:, <label> responses: inout
/// Responses, default defaultValue:)`, so its default implementation is its signature and one call to a built-in
/// combiner (``CombiningPolicy/implementationBody``). `multiplex-generate` writes the same implementations from
/// the model (`Generator.combiningDefaults()`).
enum CombiningDefaults {
  /// The policy a method of a combining protocol carries, as `@MultiplexedCombine(.anyTrue)` (written by
  /// `@Multiplexed` for a requirement with a chosen policy), or `first`.
  static func markedPolicy(of method: FunctionDeclSyntax) -> CombiningPolicy {
    for element in method.attributes {
      if case .attribute(let attribute) = element, Naming.attributeName(attribute) == Naming.combineMarker,
        let policy = CombiningPolicy(markerText: attribute.trimmedDescription)
      {
        return policy
      }
    }
    return .first
  }

  /// `extension <type> { … }` implementing every method of `proto` with the body `policy` gives it; `nil` when
  /// the protocol has no method. The access level and availability of `proto` carry over.
  static func extensionDecl(
    of proto: ProtocolDeclSyntax,
    extending type: some TypeSyntaxProtocol,
    policy: (FunctionDeclSyntax) -> String = { markedPolicy(of: $0).implementationBody }
  ) -> ExtensionDeclSyntax? {
    var access: DeclModifierSyntax? = nil
    for modifier in proto.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.package): access = modifier.trimmed
      default: break
      }
    }
    var availability = ""
    for element in proto.attributes {
      if case .attribute(let attribute) = element, Naming.attributeName(attribute) == "available" {
        availability += attribute.trimmedDescription + "\n"
      }
    }
    var members: [String] = []
    for member in proto.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
      // The policy marker is the protocol's, not the implementation's.
      var attributes = AttributeListSyntax([])
      for element in function.attributes {
        if case .attribute(let attribute) = element, Naming.attributeName(attribute) == Naming.combineMarker {
          continue
        }
        attributes.append(element)
      }
      var signature = function.with(\.attributes, attributes).with(\.leadingTrivia, []).with(\.modifiers, [])
      if let access {
        // The modifier goes where `func` was (after the attributes, on its line); `func` follows on the same line.
        let modifier = access.with(\.leadingTrivia, signature.funcKeyword.leadingTrivia).with(\.trailingTrivia, .space)
        signature.modifiers = [modifier]
        signature.funcKeyword.leadingTrivia = []
      }
      signature = signature.trimmed
      // Lines after the first keep the protocol's indentation: remove it (the closing parenthesis has the least).
      var lines = signature.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let indentation = lines.dropFirst().filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
      for index in lines.indices.dropFirst() { lines[index] = String(lines[index].dropFirst(indentation)) }
      members.append(lines.joined(separator: "\n") + " {\n  \(policy(function))\n}")
    }
    guard !members.isEmpty else { return nil }
    let body = members.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().map { $0 == 0 || $1.isEmpty ? String($1) : "  " + $1 }.joined(separator: "\n")
    let decl: DeclSyntax = """
      \(raw: availability)extension \(type.trimmed) {
        \(raw: body)
      }
      """
    return decl.as(ExtensionDeclSyntax.self)
  }
}
