import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax

extension Requirement {
  /// Reads a property requirement. Returns `nil` and appends to `diagnostics` if it cannot be forwarded.
  static func makeProperty(
    _ variable: VariableDeclSyntax,
    reading: Reading,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    // One binding with a name and a type: anything else is refused (``Refusals/member(_:)``).
    guard case .property(let declaredName, let isLet) = reading.member.kind, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type
    else { return nil }
    let name = Naming.bare(identifier.identifier)
    let markers = readAttributes(variable.attributes)
    let (isStatic, isNonisolated) = reading.checkAttributesAndModifiers(name: name, diagnostics: &diagnostics)
    if isStatic { return nil }
    let refusals = Refusals.property(of: reading.member, name: name, declaredName: declaredName, isLet: isLet)
    diagnostics += reading.place(refusals)
    diagnostics += reading.place(Refusals.accessors(of: reading.member, name: name))
    let (isSettable, getterEffects) = reading.accessors

    guard
      let (result, defaultValue) = readResult(
        type: type,
        reading: reading,
        name: name,
        markers: markers,
        declaration: variable,
        isRefused: diagnostics.count > before,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }
    if let collision = Refusals.nameCollision(
      of: reading.member,
      name: name,
      protocolName: reading.text.proto.name.text
    ) {
      diagnostics += reading.place([collision])
      return nil
    }

    return Requirement(
      shape: .property(
        name: name,
        type: SwiftType(type),
        isSettable: isSettable,
        getterEffects: getterEffects?.description
      ),
      displayName: name,
      result: result,
      isAsync: getterEffects?.isAsync == true,
      throwing: getterEffects?.throwing,
      defaultValue: defaultValue.map(Expression.init),
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded.map(Attribute.init),
      availability: markers.availability.map(Attribute.init),
      isNonisolated: isNonisolated,
      genericParameters: nil,
      genericWhereClause: nil,
      combiningLabel: reading.member.combiningLabel ?? ""
    )
  }
}

extension Requirement {
  /// A `let` property refused (`message`), on `let`, with the fix-it that declares it `var` with `{ get }`.
  static func letPropertyDiagnostic(_ message: MultiplexedDiagnostic, variable: VariableDeclSyntax) -> Diagnostic {
    Diagnostic(
      message,
      on: variable.bindingSpecifier,
      fixIt: .replace(
        message: MultiplexedFixIt.replace("let", with: "var"),
        oldNode: variable,
        newNode: readOnly(variable)
      )
    )
  }

  /// A property without accessors refused (`message`), on its name, with the fix-it that inserts `{ get }`.
  static func propertyWithoutAccessorsDiagnostic(
    _ message: MultiplexedDiagnostic,
    variable: VariableDeclSyntax
  ) -> Diagnostic {
    let name = variable.bindings.first?.pattern
    return Diagnostic(
      message,
      on: name.map(Syntax.init) ?? Syntax(variable),
      fixIt: .replace(message: MultiplexedFixIt.insertAccessors, oldNode: variable, newNode: readOnly(variable))
    )
  }

  /// `variable` spelled as Swift allows a property requirement: `var`, with its accessors or `{ get }`.
  private static func readOnly(_ variable: VariableDeclSyntax) -> VariableDeclSyntax {
    guard let binding = variable.bindings.first else { return variable }
    let readOnly = AccessorBlockSyntax(
      leadingTrivia: .space,
      leftBrace: .leftBraceToken(trailingTrivia: .space),
      accessors: .accessors([AccessorDeclSyntax(accessorSpecifier: .keyword(.get))]),
      rightBrace: .rightBraceToken(leadingTrivia: .space)
    )
    let fixedBinding = binding.with(\.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, []))
      .with(\.accessorBlock, binding.accessorBlock ?? readOnly)
    return variable.with(\.bindingSpecifier, variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))
      .with(\.bindings, [fixedBinding.with(\.trailingTrivia, binding.trailingTrivia)])
  }
}
