import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The fix-its the macro offers with the model's refusals (``ProtocolText/diagnostic(for:in:)`` places them): each
/// rewrites the user's syntax into what can be forwarded.
enum RefusalFixIts {
  /// A variadic parameter refused (`message`), with the fix-it that declares an array instead.
  static func variadicDiagnostic(
    _ message: MultiplexedDiagnostic,
    parameter: FunctionParameterSyntax,
    ellipsis: TokenSyntax
  ) -> Diagnostic {
    let elementType = parameter.type.trimmed
    let arrayType = ArrayTypeSyntax(element: elementType)
    return Diagnostic(
      message,
      on: ellipsis,
      fixIt: FixIt(
        message: MultiplexedFixIt.replaceWithArray(elementType.description),
        changes: [
          .replace(oldNode: Syntax(parameter.type), newNode: Syntax(arrayType)),
          .replace(oldNode: Syntax(ellipsis), newNode: Syntax(TokenSyntax.ellipsisToken(presence: .missing))),
        ]
      )
    )
  }

  /// A `consuming` or `sending` parameter refused (`message`), on its specifier, with the fix-it that replaces
  /// (`borrowing`) or removes it.
  static func specifierDiagnostic(_ message: MultiplexedDiagnostic, parameter: FunctionParameterSyntax) -> Diagnostic {
    let keyword: Keyword = if case .consumingParameter = message { .consuming } else { .sending }
    guard let attributed = parameter.type.as(AttributedTypeSyntax.self),
      let token = attributed.specifiers.tokens(viewMode: .sourceAccurate).first(where: {
        $0.tokenKind == .keyword(keyword)
      })
    else { return Diagnostic(message, on: parameter.type) }
    if keyword == .consuming {
      // Each observer would consume the value: a copyable one could be copied, but the macro cannot tell
      // whether the type is copyable, and a noncopyable one cannot be given to more than one observer.
      return Diagnostic(
        message,
        on: token,
        fixIt: .replace(
          message: MultiplexedFixIt.replace("consuming", with: "borrowing"),
          oldNode: token,
          newNode: token.with(\.tokenKind, .keyword(.borrowing))
        )
      )
    }
    let fixed = removingSpecifier(.sending, from: parameter.type)
    return Diagnostic(
      message,
      on: token,
      fixIt: .replace(message: MultiplexedFixIt.remove("sending"), oldNode: parameter.type, newNode: fixed)
    )
  }

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

  /// `declaration` with `@MultiplexedDefault(<#value#>)` written first.
  static func insertingDefaultMarker<Declaration: DeclSyntaxProtocol & WithAttributesSyntax>(
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

  /// A requirement that returns a value nothing answers for (`message`), on its result `type`, with the fix-it that
  /// writes `@MultiplexedDefault(<#value#>)` on `decl`.
  static func missingDefaultDiagnostic(
    _ message: MultiplexedDiagnostic,
    type: TypeSyntax,
    decl: DeclSyntax
  ) -> Diagnostic {
    let fixed: DeclSyntax? =
      if let function = decl.as(FunctionDeclSyntax.self) {
        DeclSyntax(insertingDefaultMarker(function))
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        DeclSyntax(insertingDefaultMarker(variable))
      } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        DeclSyntax(insertingDefaultMarker(subscriptDecl))
      } else {
        nil
      }
    guard let fixed else { return Diagnostic(message, on: type) }
    return Diagnostic(
      message,
      on: type,
      fixIt: FixIt(
        message: MultiplexedFixIt.insertDefault,
        changes: [.replace(oldNode: Syntax(decl), newNode: Syntax(fixed))]
      )
    )
  }

  /// `type` without the specifier `keyword`: `sending T` → `T`.
  static func removingSpecifier(_ keyword: Keyword, from type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return type }
    let kept = attributed.specifiers.filter { specifier in
      !specifier.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(keyword) }
    }
    guard kept.count != attributed.specifiers.count else { return type }
    if kept.isEmpty && attributed.attributes.isEmpty {
      return attributed.baseType.with(\.leadingTrivia, attributed.leadingTrivia)
    }
    return TypeSyntax(attributed.with(\.specifiers, TypeSpecifierListSyntax(Array(kept))))
  }

  /// A protocol that is not class-bound (`message`), on its name, with the fix-it that adds `AnyObject` to the
  /// inheritance clause.
  static func notClassBoundDiagnostic(_ message: MultiplexedDiagnostic, proto: ProtocolDeclSyntax) -> Diagnostic {
    let fixIt: FixIt
    if let clause = proto.inheritanceClause {
      var types = Array(clause.inheritedTypes)
      let anyObject = InheritedTypeSyntax(
        type: TypeSyntax(IdentifierTypeSyntax(name: .identifier("AnyObject"))),
        trailingComma: .commaToken(trailingTrivia: .space)
      )
      types.insert(anyObject, at: 0)
      let newClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
      fixIt = .replace(message: MultiplexedFixIt.addAnyObject, oldNode: clause, newNode: newClause)
    } else {
      let newClause = InheritanceClauseSyntax(
        colon: .colonToken(trailingTrivia: .space),
        inheritedTypes: [InheritedTypeSyntax(type: TypeSyntax(IdentifierTypeSyntax(name: .identifier("AnyObject"))))]
      )
      let newName = proto.name.with(\.trailingTrivia, [])
      let replacement =
        proto
        .with(\.name, newName)
        .with(\.inheritanceClause, newClause.with(\.trailingTrivia, proto.name.trailingTrivia))
      fixIt = .replace(message: MultiplexedFixIt.addAnyObject, oldNode: proto, newNode: replacement)
    }
    return Diagnostic(message, on: proto.name, fixIt: fixIt)
  }
}
