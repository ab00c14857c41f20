import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

extension Requirement {
  /// Reads the result type and the default value, and diagnoses a missing or useless default.
  ///
  /// An `Optional` result defaults to `nil`; any other needs `@MultiplexedDefault`.
  ///
  /// `isRefused` when the requirement is diagnosed already: then no default is asked for (one error per root
  /// cause; a default would not make it forwardable).
  static func readResult(
    type: TypeSyntax?,
    reading: Reading,
    name: String,
    markers: Attributes,
    declaration: some DeclSyntaxProtocol & WithAttributesSyntax,
    isRefused: Bool,
    diagnostics: inout [Diagnostic]
  ) -> (Result, ExprSyntax?)? {
    let defaultValue = markers.defaultMarker.flatMap(defaultExpression)
    guard let type, let declared = reading.member.result, !declared.isVoid else {
      if let marker = markers.defaultMarker {
        diagnostics.append(
          Diagnostic(
            .defaultOnVoid(name: name),
            on: marker,
            fixIt: .removal(of: marker, message: .remove("@\(Naming.defaultMarker)"))
          )
        )
        return nil
      }
      return (.void, nil)
    }
    // Opaque, `sending` and `Never` results (``Refusals/result(_:at:name:)``).
    if let refusal = Refusals.result(declared, at: reading.member.resultOffset, name: name) {
      diagnostics += reading.place([refusal])
      return nil
    }
    // `T!` is only allowed at the top of a signature: generic arguments and the combining method spell `T?`.
    let valueType = declared.implicitlyUnwrappedAsOptional
    let isOptional = valueType.isOptional
    if isRefused, defaultValue == nil, !isOptional {
      return nil
    }
    if defaultValue == nil, !isOptional {
      diagnostics.append(
        Diagnostic(
          .missingDefault(name: name, type: type.trimmedDescription, isRequired: markers.requiredMarker != nil),
          on: type,
          fixIt: FixIt(
            message: MultiplexedFixIt.insertDefault,
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(insertingDefaultMarker(declaration)))]
          )
        )
      )
      return nil
    }
    return (
      .value(type: declared, valueType: valueType, isOptional: isOptional),
      defaultValue ?? (isOptional ? ExprSyntax("nil") : nil)
    )
  }

  /// `declaration` with `@MultiplexedDefault(<#value#>)` written first.
  private static func insertingDefaultMarker<Declaration: DeclSyntaxProtocol & WithAttributesSyntax>(
    _ declaration: Declaration
  ) -> Declaration {
    let marker = AttributeSyntax(
      atSign: .atSignToken(leadingTrivia: declaration.leadingTrivia),
      attributeName: IdentifierTypeSyntax(name: .identifier(Naming.defaultMarker)),
      leftParen: .leftParenToken(),
      arguments: .argumentList([LabeledExprSyntax(expression: ExprSyntax("<#value#>"))]),
      rightParen: .rightParenToken(trailingTrivia: .space)
    )
    var copy = declaration.with(\.leadingTrivia, [])
    copy.attributes = AttributeListSyntax([.attribute(marker)] + Array(copy.attributes))
    return copy
  }

  /// The expression of `@MultiplexedDefault(expression)`.
  static func defaultExpression(_ attribute: AttributeSyntax) -> ExprSyntax? {
    guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first else { return nil }
    return first.expression.trimmed
  }

}
