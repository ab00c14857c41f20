import MultiplexGeneratorModel
import SwiftDiagnostics
import SwiftSyntax

extension Requirement {
  /// Reads a property requirement. Returns `nil` and appends to `diagnostics` if it cannot be forwarded.
  static func makeProperty(
    _ variable: VariableDeclSyntax,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    // A protocol allows one binding per `var` with an accessor block; anything else is already a compiler error.
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type
    else {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this property declaration"), on: variable))
      return nil
    }
    let name = Naming.bare(identifier.identifier)
    let markers = readAttributes(variable.attributes, name: name, diagnostics: &diagnostics)
    checkGlobalActors(variable.attributes, isolation: isolation, name: name, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(variable.modifiers, name: name, isolation: isolation, diagnostics: &diagnostics)
    if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) { return nil }
    if mentionsSelf(type) {
      diagnostics.append(Diagnostic(.selfRequirement(name: name), on: type))
    }
    if isVoid(type) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "a property of type 'Void'"), on: type))
    }

    // `let`, or `var` without accessors: Swift rejects both in a protocol. Offer the read-only spelling.
    let accessorBlock = binding.accessorBlock
    if variable.bindingSpecifier.tokenKind == .keyword(.let) || accessorBlock == nil {
      let readOnly = AccessorBlockSyntax(
        leadingTrivia: .space,
        leftBrace: .leftBraceToken(trailingTrivia: .space),
        accessors: .accessors([AccessorDeclSyntax(accessorSpecifier: .keyword(.get))]),
        rightBrace: .rightBraceToken(leadingTrivia: .space)
      )
      let fixedBinding = binding.with(\.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, []))
        .with(\.accessorBlock, accessorBlock ?? readOnly)
      let fixed = variable.with(\.bindingSpecifier, variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))
        .with(\.bindings, [fixedBinding.with(\.trailingTrivia, binding.trailingTrivia)])
      if variable.bindingSpecifier.tokenKind == .keyword(.let) {
        var replacement = fixed.with(\.attributes, []).with(\.modifiers, []).trimmed
        replacement.bindingSpecifier.leadingTrivia = []
        diagnostics.append(
          Diagnostic(
            .letProperty(name: name, replacement: replacement.description),
            on: variable.bindingSpecifier,
            fixIt: .replace(
              message: MultiplexedFixIt.replace("let", with: "var"),
              oldNode: variable,
              newNode: fixed
            )
          )
        )
      } else {
        diagnostics.append(
          Diagnostic(
            .propertyWithoutAccessors(name: name),
            on: identifier,
            fixIt: .replace(message: MultiplexedFixIt.insertAccessors, oldNode: variable, newNode: fixed)
          )
        )
      }
    }

    let (isSettable, getterEffects) = readAccessors(accessorBlock, name: name, diagnostics: &diagnostics)

    guard
      let (result, defaultValue) = readResult(
        type: type,
        name: name,
        markers: markers,
        declaration: variable,
        isRefused: diagnostics.count > before,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }
    if Naming.ownPropertyNames.contains(name) {
      diagnostics.append(Diagnostic(.nameCollision(name: name), on: identifier))
      return nil
    }

    return Requirement(
      shape: .property(
        name: name,
        type: SwiftType(type),
        isSettable: isSettable,
        getterEffects: getterEffects?.trimmedDescription
      ),
      displayName: name,
      result: result,
      isAsync: getterEffects?.asyncSpecifier != nil,
      throwing: getterEffects?.throwsClause.map(Throwing.init),
      defaultValue: defaultValue.map(Expression.init),
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded.map(Attribute.init),
      availability: markers.availability.map(Attribute.init),
      isNonisolated: isNonisolated,
      genericParameters: nil,
      genericWhereClause: nil,
      combiningLabel: "combine" + Naming.upperCamelCase(Naming.bare(identifier.identifier))
    )
  }
}

extension Requirement {
  /// Whether the accessors include `set`, and the effects of `get`. Diagnoses `mutating`, `nonmutating` and
  /// `rethrows`.
  static func readAccessors(
    _ block: AccessorBlockSyntax?,
    name: String,
    diagnostics: inout [Diagnostic]
  ) -> (isSettable: Bool, getterEffects: AccessorEffectSpecifiersSyntax?) {
    var isSettable = false
    var getterEffects: AccessorEffectSpecifiersSyntax? = nil
    if case .accessors(let accessors) = block?.accessors {
      for accessor in accessors {
        if let modifier = accessor.modifier,
          modifier.name.tokenKind == .keyword(.mutating) || modifier.name.tokenKind == .keyword(.nonmutating)
        {
          diagnostics.append(invalidModifier(modifier, name: name))
        }
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.set): isSettable = true
        case .keyword(.get): getterEffects = accessor.effectSpecifiers?.trimmed
        default: break
        }
      }
    }
    if let throwsClause = getterEffects?.throwsClause, throwsClause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
      diagnostics.append(Diagnostic(.rethrowsRequirement(name: name), on: throwsClause))
    }
    return (isSettable, getterEffects)
  }

}
