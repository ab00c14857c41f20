import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax

extension Requirement {
  /// Reads a subscript requirement. Returns `nil` and appends to `diagnostics` if it cannot be forwarded.
  static func makeSubscript(
    _ declaration: SubscriptDeclSyntax,
    reading: Reading,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    let declaredParameters = declaration.parameterClause.parameters
    let displayName = reading.member.displayName ?? "subscript"

    let markers = readAttributes(declaration.attributes)
    let (isStatic, isNonisolated) = reading.checkAttributesAndModifiers(name: displayName, diagnostics: &diagnostics)
    if isStatic { return nil }
    diagnostics += reading.place(Refusals.genericSignature(of: reading.member, name: displayName))
    diagnostics += reading.place(Refusals.subscriptResult(of: reading.member))
    diagnostics += reading.place(Refusals.accessors(of: reading.member, name: displayName))
    let (isSettable, getterEffects) = reading.accessors

    let (parameters, arguments) = readParameters(
      declaredParameters,
      reading: reading,
      owner: .subscript,
      reserved: markers.reservedNames,
      requirement: displayName,
      diagnostics: &diagnostics
    )

    guard
      let (result, defaultValue) = readResult(
        type: declaration.returnClause.type,
        reading: reading,
        name: displayName,
        markers: markers,
        declaration: declaration,
        isRefused: diagnostics.count > before,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }

    func stripped(_ parameters: [FunctionParameterSyntax]) -> SubscriptDeclSyntax {
      var clause = declaration.parameterClause
      clause.parameters = parameterList(parameters)
      return SubscriptDeclSyntax(
        genericParameterClause: declaration.genericParameterClause?.trimmed,
        parameterClause: clause.trimmed,
        returnClause: declaration.returnClause.trimmed.with(\.leadingTrivia, .space),
        genericWhereClause: declaration.genericWhereClause?.trimmed.with(\.leadingTrivia, .space)
      )
    }
    let forwarding = stripped(forwardingParameters(parameters))

    return Requirement(
      shape: .subscript(
        signature: stripped(parameters).description,
        forwardingSignature: forwarding.description,
        arguments: arguments,
        isSettable: isSettable,
        getterEffects: getterEffects?.description
      ),
      displayName: displayName,
      result: result,
      isAsync: getterEffects?.isAsync == true,
      throwing: getterEffects?.throwing,
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
}
