import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax

extension Requirement {
  /// Reads a method requirement. Returns `nil` and appends to `diagnostics` if it cannot be forwarded.
  static func makeMethod(
    _ function: FunctionDeclSyntax,
    reading: Reading,
    protocolName: String,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    let baseName = Naming.bare(function.name)
    let displayName = reading.member.displayName ?? function.name.text

    let markers = readAttributes(function.attributes)
    let (isStatic, isNonisolated) = reading.checkAttributesAndModifiers(name: displayName, diagnostics: &diagnostics)
    if isStatic { return nil }
    diagnostics += reading.place(Refusals.genericSignature(of: reading.member, name: displayName))
    diagnostics += reading.place(Refusals.effects(of: reading.member, name: displayName))

    let (parameters, arguments) = readParameters(
      function.signature.parameterClause.parameters,
      reading: reading,
      owner: .method,
      reserved: markers.reservedNames,
      requirement: displayName,
      diagnostics: &diagnostics
    )

    guard
      let (result, defaultValue) = readResult(
        type: function.signature.returnClause?.type,
        reading: reading,
        name: displayName,
        markers: markers,
        declaration: function,
        isRefused: diagnostics.count > before,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }

    if let collision = Refusals.nameCollision(of: reading.member, name: displayName, protocolName: protocolName) {
      diagnostics += reading.place([collision])
      return nil
    }

    let stripped = strippedSignature(function, parameters: parameters)
    let forwarding = strippedSignature(function, parameters: forwardingParameters(parameters))

    return Requirement(
      shape: .method(
        signature: stripped.description,
        forwardingSignature: forwarding.description,
        name: baseName,
        arguments: arguments
      ),
      displayName: displayName,
      result: result,
      isAsync: reading.member.effects?.isAsync == true,
      throwing: reading.member.effects?.throwing,
      defaultValue: defaultValue.map(Expression.init),
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded.map(Attribute.init),
      availability: markers.availability.map(Attribute.init),
      isNonisolated: isNonisolated,
      genericParameters: reading.member.genericParameters,
      genericWhereClause: reading.member.whereClause,
      combiningLabel: reading.member.combiningLabel ?? ""
    )
  }

  /// The requirement as the generated members declare it: `func`, the name, generics, the signature with
  /// `parameters`, and no attributes, modifiers or trivia.
  private static func strippedSignature(
    _ function: FunctionDeclSyntax,
    parameters: [FunctionParameterSyntax]
  ) -> FunctionDeclSyntax {
    var signature = function.signature
    signature.parameterClause.parameters = parameterList(parameters)
    return FunctionDeclSyntax(
      funcKeyword: .keyword(.func, trailingTrivia: .space),
      name: function.name.trimmed,
      genericParameterClause: function.genericParameterClause?.trimmed,
      signature: signature.trimmed,
      // The trimmed signature ends without trivia: after a name (`-> Int`, `throws`) `where` needs its space.
      genericWhereClause: function.genericWhereClause?.trimmed.with(\.leadingTrivia, .space)
    )
  }
}
