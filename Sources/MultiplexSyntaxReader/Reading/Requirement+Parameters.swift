import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax

/// Reading parameters and generic signatures: one path for methods and subscripts.
extension Requirement {
  /// What declares the parameters being read (the model's: their labels and the names they must not take differ).
  typealias ParameterOwner = MemberDeclaration.ParameterOwner

  /// The parameters of a method or subscript as the generated members declare them, and how each is passed on.
  ///
  /// Unnamed parameters get a name (so they can be passed on), and so do those whose name would hide the
  /// `Multiplex` module, `self` or the setter's `newValue`. Generated names avoid the other parameters and `reserved`: the
  /// identifiers of the default value, which is evaluated where the parameters are visible.
  static func readParameters(
    _ list: FunctionParameterListSyntax,
    reading: Reading,
    owner: ParameterOwner,
    reserved: Set<String>,
    requirement displayName: String,
    diagnostics: inout [Diagnostic]
  ) -> (parameters: [FunctionParameterSyntax], arguments: [Argument]) {
    // The names and arguments are the model's (`MemberDeclaration.namedParameters`), as for the generator; the
    // parameters' syntax keeps the user's spelling.
    let named = MemberDeclaration.namedParameters(reading.member.parameters, owner: owner, reserved: reserved)
    guard named.count == list.count else {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: reading.decl))
      return ([], [])
    }
    var arguments: [Argument] = []
    var parameters: [FunctionParameterSyntax] = []
    for (index, parameter) in list.enumerated() {
      var parameter = parameter
      let internalToken = parameter.secondName ?? parameter.firstName
      let refusals = Refusals.parameter(
        reading.member.parameters[index],
        name: Naming.bare(internalToken),
        requirement: displayName,
        rules: .macro
      )
      diagnostics += reading.place(refusals)
      if named[index].isRenamed {
        let unique = named[index].name
        switch owner {
        case .method:
          parameter = parameter.with(\.secondName, .identifier(unique))
          if parameter.firstName.trailingTrivia.isEmpty {
            parameter = parameter.with(\.firstName, parameter.firstName.with(\.trailingTrivia, .space))
          }
        case .subscript:
          // Without a label, the new name needs `_` in front of it to keep the subscript unlabeled.
          let first =
            argumentLabel(of: parameter, owner: owner) == nil
            ? TokenSyntax.wildcardToken(leadingTrivia: parameter.firstName.leadingTrivia)
            : parameter.firstName
          parameter = parameter.with(\.firstName, first.with(\.trailingTrivia, .space))
            .with(\.secondName, .identifier(unique))
        }
      } else if owner == .method, let secondName = parameter.secondName,
        Naming.bare(secondName) == Naming.bare(parameter.firstName)
      {
        // `value value: Int` and `for `for`: Int` draw a warning ("extraneous duplicate parameter name"); one
        // name is enough. The internal one is kept: it may need its backticks.
        parameter = parameter.with(\.firstName, secondName.with(\.leadingTrivia, parameter.firstName.leadingTrivia))
          .with(\.secondName, nil)
      }
      let argument = named[index].argument
      // The label as the parameter now spells it (`for `for`` is spelled `` `for` ``).
      arguments.append(
        Argument(
          label: argumentLabel(of: parameter, owner: owner),
          name: argument.name,
          isInout: argument.isInout,
          isAutoclosure: argument.isAutoclosure,
          isPack: argument.isPack,
          type: argument.type,
          isVariadic: argument.isVariadic
        )
      )
      parameters.append(parameter)
    }
    return (parameters, arguments)
  }

  /// The argument label of `parameter`, or `nil` for none.
  static func argumentLabel(of parameter: FunctionParameterSyntax, owner: ParameterOwner) -> String? {
    switch owner {
    case .method:
      return parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
    case .subscript:
      guard parameter.secondName != nil, parameter.firstName.tokenKind != .wildcard else { return nil }
      return parameter.firstName.text
    }
  }

  /// `parameters` as a list, separated by `, `.
  static func parameterList(_ parameters: [FunctionParameterSyntax]) -> FunctionParameterListSyntax {
    FunctionParameterListSyntax(
      parameters.enumerated().map { index, parameter in
        parameter.with(\.trailingComma, index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
      }
    )
  }

  /// `parameters` as the multiplexer's member declares them: a `borrowing` parameter is declared `__shared`, the
  /// same convention (the member still witnesses the requirement) without the no-implicit-copy rule, which
  /// forbids the forwarding closure to capture a copyable `borrowing` parameter. The closure borrows it, so a
  /// noncopyable value is not copied either.
  static func forwardingParameters(_ parameters: [FunctionParameterSyntax]) -> [FunctionParameterSyntax] {
    parameters.map { $0.with(\.type, replacingSpecifier(.borrowing, with: .__shared, in: $0.type)) }
  }

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
}
