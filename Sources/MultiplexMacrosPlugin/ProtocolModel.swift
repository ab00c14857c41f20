import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Multiplexed` reads from a protocol: its name, access level, isolation and availability, and each
/// requirement in a form ready to forward. Building it checks every shape; what cannot be forwarded becomes a
/// diagnostic, and a model with diagnostics generates nothing (so the macro never emits invalid code).
struct ProtocolModel {
  /// The protocol's name, as written.
  let name: String
  /// The names of the types that enclose the protocol, outermost first, each followed by a dot (`Outer.`); empty
  /// at file scope. Generated extensions live at file scope and need it.
  let qualifier: String
  /// The access modifier of the generated types (`public`, `package`, `fileprivate`, `private`), or `nil`.
  let typeAccess: String?
  /// The access modifier of generated members (`public`, `package`), or `nil` for the default.
  let memberAccess: String?
  /// `@available` attributes of the protocol, copied to every generated declaration.
  let availability: [AttributeSyntax]
  /// The protocol's global actor attribute (`@MainActor`), copied to the generated types.
  let isolation: AttributeSyntax?
  /// Whether the protocol refines `Sendable`; the combining protocol then does too.
  let isSendable: Bool
  /// The requirements, in declaration order.
  let requirements: [Requirement]

  /// `ScrollViewDelegateMultiplexer`.
  var multiplexerName: String { name + "Multiplexer" }
  /// `ScrollViewDelegateCombining`.
  var combiningName: String { name + "Combining" }
  /// `any ScrollViewDelegate`.
  var observerType: String { "any \(name)" }
  /// `any Outer.ScrollViewDelegate`, valid at file scope too.
  var qualifiedObserverType: String { "any \(qualifier)\(name)" }
  /// `Outer.ScrollViewDelegateMultiplexer`, valid at file scope too.
  var qualifiedMultiplexerName: String { qualifier + multiplexerName }
  /// `scrollViewDelegateMultiplexer`, the base name of every combining method.
  var combiningBaseName: String { Naming.lowerCamelCase(name) + "Multiplexer" }
}

/// One forwardable requirement.
struct Requirement {
  enum Shape {
    /// A method; `signature` is the requirement with its attributes, modifiers and trivia removed and every
    /// parameter named (unnamed parameters get a unique internal name).
    case method(signature: FunctionDeclSyntax, name: String, arguments: [Argument])
    /// A property. Effects only exist on read-only properties.
    case property(name: String, type: TypeSyntax, isSettable: Bool, getterEffects: AccessorEffectSpecifiersSyntax?)
  }

  /// How a parameter is passed on to each observer.
  struct Argument {
    /// The argument label, or `nil` for none.
    let label: String?
    /// The parameter's internal name.
    let name: String
    /// `inout` parameters are passed as `&name`.
    let isInout: Bool
    /// `@autoclosure` parameters are passed as `name()`, which wraps the call in a new autoclosure.
    let isAutoclosure: Bool
  }

  /// What a call returns.
  enum Result {
    case void
    /// A value; `isOptional` when the type is spelled as an `Optional`, so `nil` is its natural default.
    case value(type: TypeSyntax, isOptional: Bool)
  }

  let shape: Shape
  /// `viewForZooming(in:)` or `preferredHeight`, for messages.
  let displayName: String
  let result: Result
  let isAsync: Bool
  /// `throws`, or `throws(E)`; `nil` for a non-throwing requirement.
  let throwsClause: ThrowsClauseSyntax?
  /// The value the multiplexer returns when no observer answers (also what the default implementation returns).
  let defaultValue: ExprSyntax?
  /// Whether observers must implement the requirement (no default implementation is generated).
  let isRequired: Bool
  /// Attributes copied to the forwarding member: `@available`, a global actor, `@discardableResult`.
  let forwardedAttributes: [AttributeSyntax]
  /// `@available` attributes, copied to the default implementation and the combining method.
  let availability: [AttributeSyntax]
  /// Whether the requirement is `nonisolated`.
  let isNonisolated: Bool
  /// Generic parameters of the requirement (names), for the combining method.
  let genericParameters: GenericParameterClauseSyntax?
  let genericWhereClause: GenericWhereClauseSyntax?
  /// The argument label of the requirement's combining method, unique in the protocol: `combineViewForZoomingIn`.
  var combiningLabel: String

  var returnsValue: Bool {
    if case .value = result { return true }
    return false
  }

  var isThrowing: Bool { throwsClause != nil }

  /// Names a generated local must not take: they are visible where it is declared. The parameters, and every
  /// token of the default value (evaluated in the forwarding member).
  var reservedNames: Set<String> {
    var names: Set<String> = []
    if case .method(_, _, let arguments) = shape {
      for argument in arguments { names.insert(argument.name) }
    }
    if let defaultValue {
      for token in defaultValue.tokens(viewMode: .sourceAccurate) { names.insert(token.text) }
    }
    return names
  }
  var typedThrowsType: TypeSyntax? { throwsClause?.type }
}

extension ProtocolModel {
  /// Reads `declaration`. Returns `nil` and appends to `diagnostics` if something cannot be forwarded.
  static func make(
    from declaration: some SyntaxProtocol,
    attribute: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> ProtocolModel? {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      let attribute = attribute.located(in: declaration)
      diagnostics.append(
        Diagnostic(
          .notAProtocol(kind: describeKind(of: declaration)),
          on: attribute,
          fixIt: .removal(of: attribute, message: .remove("@\(Naming.multiplexed)"))
        )
      )
      return nil
    }
    let before = diagnostics.count
    let name = proto.name.text

    // Attributes of the protocol.
    var availability: [AttributeSyntax] = []
    var isolation: AttributeSyntax? = nil
    for element in proto.attributes {
      guard case .attribute(let attribute) = element else { continue }
      let attributeName = Naming.attributeName(attribute)
      if attributeName == "available" {
        availability.append(attribute.trimmed)
      } else if attributeName == "objc" {
        diagnostics.append(
          Diagnostic(
            .objcProtocol,
            on: attribute,
            fixIt: .removal(of: attribute, message: .remove("@objc"))
          )
        )
      } else if isGlobalActor(attribute) {
        isolation = attribute.trimmed
      }
    }

    // Access level.
    var typeAccess: String? = nil
    for modifier in proto.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.package), .keyword(.fileprivate), .keyword(.private):
        typeAccess = modifier.name.text
      default:
        break
      }
    }
    let memberAccess = (typeAccess == "public" || typeAccess == "package") ? typeAccess : nil

    // Inheritance: class-bound, nothing whose requirements we cannot see.
    var isClassBound = false
    var isSendable = false
    for inherited in proto.inheritanceClause?.inheritedTypes ?? [] {
      let typeName = inherited.type.trimmedDescription
      switch typeName {
      case "AnyObject", "Swift.AnyObject", "class":
        isClassBound = true
      case "Sendable", "Swift.Sendable":
        isSendable = true
      default:
        diagnostics.append(Diagnostic(.unsupportedInheritance(typeName: typeName), on: inherited.type))
      }
    }
    if !isClassBound {
      diagnostics.append(notClassBoundDiagnostic(proto))
    }
    if let whereClause = proto.genericWhereClause {
      diagnostics.append(Diagnostic(.protocolWhereClause, on: whereClause))
    }
    if let primary = proto.primaryAssociatedTypeClause {
      diagnostics.append(Diagnostic(.primaryAssociatedTypes, on: primary))
    }

    // Requirements.
    var requirements: [Requirement] = []
    for member in proto.memberBlock.members {
      if let requirement = Requirement.make(
        from: member.decl,
        protocolName: name,
        isolation: isolation,
        in: context,
        diagnostics: &diagnostics
      ) {
        requirements.append(requirement)
      }
    }

    // Combining labels must be unique: overloads get a numeric suffix.
    var usedLabels: [String: Int] = [:]
    for index in requirements.indices where requirements[index].returnsValue {
      let label = requirements[index].combiningLabel
      let uses = (usedLabels[label] ?? 0) + 1
      usedLabels[label] = uses
      if uses > 1 { requirements[index].combiningLabel = label + String(uses) }
    }

    guard diagnostics.count == before else { return nil }
    var qualifier = ""
    for enclosing in context.lexicalContext {
      let enclosingName: String
      if let decl = enclosing.as(StructDeclSyntax.self) {
        enclosingName = decl.name.text
      } else if let decl = enclosing.as(ClassDeclSyntax.self) {
        enclosingName = decl.name.text
      } else if let decl = enclosing.as(EnumDeclSyntax.self) {
        enclosingName = decl.name.text
      } else if let decl = enclosing.as(ActorDeclSyntax.self) {
        enclosingName = decl.name.text
      } else if let decl = enclosing.as(ExtensionDeclSyntax.self) {
        enclosingName = decl.extendedType.trimmedDescription
      } else {
        continue
      }
      qualifier = enclosingName + "." + qualifier
    }
    return ProtocolModel(
      name: name,
      qualifier: qualifier,
      typeAccess: typeAccess,
      memberAccess: memberAccess,
      availability: availability,
      isolation: isolation,
      isSendable: isSendable,
      requirements: requirements
    )
  }

  /// `@MainActor`, or a custom attribute without arguments whose name ends in `Actor` (the convention for global
  /// actors; the macro cannot look the type up).
  static func isGlobalActor(_ attribute: AttributeSyntax) -> Bool {
    let name = Naming.attributeName(attribute)
    return name == "MainActor" || (name.hasSuffix("Actor") && name != "Actor" && attribute.arguments == nil)
  }

  /// "not class-bound", with a fix-it that adds `AnyObject` to the inheritance clause.
  static func notClassBoundDiagnostic(_ proto: ProtocolDeclSyntax) -> Diagnostic {
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
    return Diagnostic(.notClassBound(protocolName: proto.name.text), on: proto.name, fixIt: fixIt)
  }

  static func describeKind(of declaration: some SyntaxProtocol) -> String {
    switch declaration.kind {
    case .classDecl: return "a class"
    case .structDecl: return "a struct"
    case .enumDecl: return "an enum"
    case .actorDecl: return "an actor"
    case .extensionDecl: return "an extension"
    case .functionDecl: return "a function"
    case .variableDecl: return "a variable"
    case .typeAliasDecl: return "a type alias"
    default: return "this declaration"
    }
  }
}

extension AttributeSyntax {
  /// The same attribute inside `declaration`, which knows its neighbouring tokens (the attribute a macro receives
  /// may be a detached copy); `self` if it is not found.
  func located(in declaration: some SyntaxProtocol) -> AttributeSyntax {
    let attributes = declaration.asProtocol((any WithAttributesSyntax).self)?.attributes ?? []
    for element in attributes {
      if case .attribute(let candidate) = element, candidate.trimmedDescription == trimmedDescription {
        return candidate
      }
    }
    return self
  }
}

extension FixIt {
  /// A fix-it that deletes `node` (an attribute or a modifier) and leaves the surrounding layout tidy.
  ///
  /// On its own line, the node's line goes away; at the start of a line, what follows moves to its place; after
  /// another attribute on the same line, the space before it goes too.
  static func removal(of node: some SyntaxProtocol, message: MultiplexedFixIt) -> FixIt {
    let empty = Syntax(TokenSyntax(.identifier(""), presence: .missing))
    var changes: [FixIt.Change] = [.replace(oldNode: Syntax(node), newNode: empty)]
    let previous = node.previousToken(viewMode: .sourceAccurate)
    let next = node.nextToken(viewMode: .sourceAccurate)
    let startsLine =
      previous == nil || node.leadingTrivia.contains(where: \.isNewline)
      || previous!.trailingTrivia.contains(where: \.isNewline)
    let nextOnSameLine = next.map { !$0.leadingTrivia.contains(where: \.isNewline) } ?? false
    if startsLine, let next {
      changes.append(.replaceLeadingTrivia(token: next, newTrivia: node.leadingTrivia))
    } else if !nextOnSameLine, let previous {
      changes.append(.replaceTrailingTrivia(token: previous, newTrivia: []))
    }
    return FixIt(message: message, changes: changes)
  }
}

extension Requirement {
  /// Reads one member of the protocol. Returns `nil` for members that are not requirements (type aliases) and
  /// for unsupported shapes, which append a diagnostic.
  static func make(
    from decl: DeclSyntax,
    protocolName: String,
    isolation: AttributeSyntax?,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    if let function = decl.as(FunctionDeclSyntax.self) {
      return makeMethod(
        function,
        protocolName: protocolName,
        isolation: isolation,
        in: context,
        diagnostics: &diagnostics
      )
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      return makeProperty(variable, isolation: isolation, diagnostics: &diagnostics)
    }
    if let associatedType = decl.as(AssociatedTypeDeclSyntax.self) {
      diagnostics.append(Diagnostic(.associatedType(name: associatedType.name.text), on: associatedType))
    } else if let initializer = decl.as(InitializerDeclSyntax.self) {
      diagnostics.append(Diagnostic(.initializer, on: initializer.initKeyword))
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      diagnostics.append(Diagnostic(.subscriptRequirement, on: subscriptDecl.subscriptKeyword))
    } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
      diagnostics.append(
        Diagnostic(.conditionalCompilation, on: ifConfig.clauses.first?.poundKeyword ?? ifConfig.poundEndif)
      )
    } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(MacroExpansionDeclSyntax.self) {
      // Not requirements: a type alias is usable as is, `#warning` and friends expand in place.
    } else if !decl.is(MissingDeclSyntax.self) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: decl))
    }
    return nil
  }

  /// The markers, forwarded attributes and availability of a requirement. Diagnoses duplicate markers.
  private struct Attributes {
    var defaultMarker: AttributeSyntax? = nil
    var requiredMarker: AttributeSyntax? = nil
    var forwarded: [AttributeSyntax] = []
    var availability: [AttributeSyntax] = []
  }

  private static func readAttributes(_ list: AttributeListSyntax, diagnostics: inout [Diagnostic]) -> Attributes {
    var result = Attributes()
    for element in list {
      guard case .attribute(let attribute) = element else { continue }
      switch Naming.attributeName(attribute) {
      case Naming.defaultMarker:
        if result.defaultMarker != nil {
          diagnostics.append(duplicateMarker(attribute, marker: Naming.defaultMarker))
        } else {
          result.defaultMarker = attribute
        }
      case Naming.requiredMarker:
        if result.requiredMarker != nil {
          diagnostics.append(duplicateMarker(attribute, marker: Naming.requiredMarker))
        } else {
          result.requiredMarker = attribute
        }
      case "available":
        result.availability.append(attribute.trimmed)
        result.forwarded.append(attribute.trimmed)
      case "discardableResult":
        result.forwarded.append(attribute.trimmed)
      default:
        if ProtocolModel.isGlobalActor(attribute) { result.forwarded.append(attribute.trimmed) }
      }
    }
    return result
  }

  private static func duplicateMarker(_ attribute: AttributeSyntax, marker: String) -> Diagnostic {
    Diagnostic(
      .duplicateMarker(marker: marker),
      on: attribute,
      fixIt: .removal(of: attribute, message: .remove("@\(marker)"))
    )
  }

  /// Checks the modifiers shared by methods and properties. Returns whether the requirement is `nonisolated`.
  private static func checkModifiers(
    _ modifiers: DeclModifierListSyntax,
    name: String,
    isolation: AttributeSyntax?,
    diagnostics: inout [Diagnostic]
  ) -> Bool {
    var isNonisolated = false
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class):
        diagnostics.append(Diagnostic(.staticMember, on: modifier))
      case .keyword(.optional):
        diagnostics.append(
          Diagnostic(
            .optionalRequirement(name: name),
            on: modifier,
            fixIt: .removal(of: modifier, message: .remove("optional"))
          )
        )
      case .keyword(.nonisolated):
        isNonisolated = true
        if let isolation {
          let isolationName = "@" + isolation.attributeName.trimmedDescription
          diagnostics.append(
            Diagnostic(
              .nonisolatedInIsolatedProtocol(name: name, isolation: isolationName),
              on: modifier,
              fixIt: .removal(of: modifier, message: .remove("nonisolated"))
            )
          )
        }
      default:
        break
      }
    }
    return isNonisolated
  }

  /// Whether `node` mentions `Self`.
  private static func mentionsSelf(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
  }

  /// Whether `node` uses a parameter pack (`each`, `repeat`).
  private static func mentionsPack(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains {
      $0.tokenKind == .keyword(.each) || $0.tokenKind == .keyword(.repeat)
    }
  }

  /// Reads the result type and the default value, and diagnoses a missing or useless default.
  private static func readResult(
    type: TypeSyntax?,
    name: String,
    markers: Attributes,
    declaration: some DeclSyntaxProtocol & WithAttributesSyntax,
    diagnostics: inout [Diagnostic]
  ) -> (Result, ExprSyntax?)? {
    let defaultValue = markers.defaultMarker.flatMap(defaultExpression)
    guard let type, !isVoid(type) else {
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
    let resultType = type.trimmed
    let isOptional = isOptionalType(resultType)
    if defaultValue == nil, !isOptional {
      diagnostics.append(
        Diagnostic(
          .missingDefault(name: name, type: resultType.description, isRequired: markers.requiredMarker != nil),
          on: type,
          fixIt: FixIt(
            message: MultiplexedFixIt.insertDefault,
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(insertingDefaultMarker(declaration)))]
          )
        )
      )
      return nil
    }
    return (.value(type: resultType, isOptional: isOptional), defaultValue ?? (isOptional ? ExprSyntax("nil") : nil))
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
  private static func defaultExpression(_ attribute: AttributeSyntax) -> ExprSyntax? {
    guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first else { return nil }
    return first.expression.trimmed
  }

  static func isVoid(_ type: TypeSyntax) -> Bool {
    let text = type.trimmedDescription
    return text == "Void" || text == "Swift.Void" || text == "()"
  }

  static func isOptionalType(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
        && member.genericArgumentClause != nil
    }
    return false
  }

  // MARK: Methods

  private static func makeMethod(
    _ function: FunctionDeclSyntax,
    protocolName: String,
    isolation: AttributeSyntax?,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) -> Requirement? {
    let before = diagnostics.count
    let baseName = function.name.text
    var displayName = baseName + "("
    for parameter in function.signature.parameterClause.parameters {
      displayName += Naming.bare(parameter.firstName) + ":"
    }
    displayName += ")"

    let markers = readAttributes(function.attributes, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(
      function.modifiers,
      name: displayName,
      isolation: isolation,
      diagnostics: &diagnostics
    )

    if function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
      // Already diagnosed; the rest of the checks would only add noise.
      return nil
    }
    if mentionsSelf(function.signature) || function.genericWhereClause.map(mentionsSelf) == true
      || function.genericParameterClause.map(mentionsSelf) == true
    {
      diagnostics.append(Diagnostic(.selfRequirement(name: displayName), on: function.name))
    }
    if mentionsPack(function.signature) || function.genericParameterClause.map(mentionsPack) == true {
      diagnostics.append(Diagnostic(.parameterPack(name: displayName), on: function.name))
    }

    let effects = function.signature.effectSpecifiers
    let throwsClause = effects?.throwsClause
    if let throwsClause, throwsClause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
      diagnostics.append(
        Diagnostic(
          .rethrowsRequirement(name: displayName),
          on: throwsClause.throwsSpecifier,
          fixIt: .replace(
            message: MultiplexedFixIt.replaceRethrows,
            oldNode: throwsClause.throwsSpecifier,
            newNode: throwsClause.throwsSpecifier.with(\.tokenKind, .keyword(.throws))
          )
        )
      )
    }

    // Parameters: name the unnamed ones, record how each is passed on. Generated names avoid the other
    // parameters and the identifiers of the default value, which is evaluated where the parameters are visible.
    var takenNames: Set<String> = []
    for parameter in function.signature.parameterClause.parameters {
      takenNames.insert((parameter.secondName ?? parameter.firstName).text)
    }
    if let expression = markers.defaultMarker.flatMap(defaultExpression) {
      for token in expression.tokens(viewMode: .sourceAccurate) { takenNames.insert(token.text) }
    }
    var arguments: [Argument] = []
    var parameters: [FunctionParameterSyntax] = []
    for parameter in function.signature.parameterClause.parameters {
      var parameter = parameter
      if let ellipsis = parameter.ellipsis {
        let internalName = (parameter.secondName ?? parameter.firstName).text
        let elementType = parameter.type.trimmed
        let arrayType = ArrayTypeSyntax(element: elementType)
        diagnostics.append(
          Diagnostic(
            .variadicParameter(name: internalName),
            on: ellipsis,
            fixIt: FixIt(
              message: MultiplexedFixIt.replaceWithArray(elementType.description),
              changes: [
                .replace(oldNode: Syntax(parameter.type), newNode: Syntax(arrayType)),
                .replace(oldNode: Syntax(ellipsis), newNode: Syntax(TokenSyntax.ellipsisToken(presence: .missing))),
              ]
            )
          )
        )
      }
      let internalToken = parameter.secondName ?? parameter.firstName
      if internalToken.tokenKind == .wildcard {
        let unique = Naming.fresh("argument", avoiding: takenNames)
        takenNames.insert(unique)
        parameter = parameter.with(\.secondName, .identifier(unique))
        if parameter.firstName.trailingTrivia.isEmpty {
          parameter = parameter.with(\.firstName, parameter.firstName.with(\.trailingTrivia, .space))
        }
      }
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      let name = (parameter.secondName ?? parameter.firstName).text
      let typeTokens = parameter.type.tokens(viewMode: .sourceAccurate)
      let isInout = typeTokens.contains { $0.tokenKind == .keyword(.inout) }
      let isAutoclosure = typeTokens.contains { $0.text == "autoclosure" }
      arguments.append(Argument(label: label, name: name, isInout: isInout, isAutoclosure: isAutoclosure))
      parameters.append(parameter)
    }

    guard
      let (result, defaultValue) = readResult(
        type: function.signature.returnClause?.type,
        name: displayName,
        markers: markers,
        declaration: function,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }

    // Collisions with the multiplexer's own members: a property's name, or a method that takes an observer.
    let firstType = function.signature.parameterClause.parameters.first?.type.trimmedDescription
    if arguments.isEmpty && Naming.ownPropertyNames.contains(baseName)
      || Naming.ownMethodNames.contains(displayName)
        && (firstType == protocolName || firstType == "any \(protocolName)")
    {
      diagnostics.append(Diagnostic(.nameCollision(name: displayName), on: function.name))
      return nil
    }

    var signature = function.signature
    signature.parameterClause.parameters = FunctionParameterListSyntax(
      parameters.enumerated().map { index, parameter in
        parameter.with(\.trailingComma, index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
      }
    )
    let stripped = FunctionDeclSyntax(
      funcKeyword: .keyword(.func, trailingTrivia: .space),
      name: function.name.trimmed,
      genericParameterClause: function.genericParameterClause?.trimmed,
      signature: signature.trimmed,
      genericWhereClause: function.genericWhereClause?.trimmed
    )

    var label = "combine" + Naming.upperCamelCase(Naming.bare(function.name))
    for parameter in parameters where parameter.firstName.tokenKind != .wildcard {
      label += Naming.upperCamelCase(Naming.bare(parameter.firstName))
    }

    return Requirement(
      shape: .method(signature: stripped, name: baseName, arguments: arguments),
      displayName: displayName,
      result: result,
      isAsync: effects?.asyncSpecifier != nil,
      throwsClause: throwsClause?.trimmed,
      defaultValue: defaultValue,
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded,
      availability: markers.availability,
      isNonisolated: isNonisolated,
      genericParameters: function.genericParameterClause?.trimmed,
      genericWhereClause: function.genericWhereClause?.trimmed,
      combiningLabel: label
    )
  }

  // MARK: Properties

  private static func makeProperty(
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
    let name = identifier.identifier.text
    let markers = readAttributes(variable.attributes, diagnostics: &diagnostics)
    let isNonisolated = checkModifiers(variable.modifiers, name: name, isolation: isolation, diagnostics: &diagnostics)
    if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) { return nil }
    if mentionsSelf(type) {
      diagnostics.append(Diagnostic(.selfRequirement(name: name), on: type))
    }
    if isVoid(type) {
      diagnostics.append(Diagnostic(.unsupportedMember(kind: "a property of type 'Void'"), on: type))
    }

    var isSettable = false
    var getterEffects: AccessorEffectSpecifiersSyntax? = nil
    if case .accessors(let accessors) = binding.accessorBlock?.accessors {
      for accessor in accessors {
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

    guard
      let (result, defaultValue) = readResult(
        type: type,
        name: name,
        markers: markers,
        declaration: variable,
        diagnostics: &diagnostics
      )
    else { return nil }
    guard diagnostics.count == before else { return nil }
    if Naming.ownPropertyNames.contains(name) {
      diagnostics.append(Diagnostic(.nameCollision(name: name), on: identifier))
      return nil
    }

    return Requirement(
      shape: .property(name: name, type: type.trimmed, isSettable: isSettable, getterEffects: getterEffects),
      displayName: name,
      result: result,
      isAsync: getterEffects?.asyncSpecifier != nil,
      throwsClause: getterEffects?.throwsClause?.trimmed,
      defaultValue: defaultValue,
      isRequired: markers.requiredMarker != nil,
      forwardedAttributes: markers.forwarded,
      availability: markers.availability,
      isNonisolated: isNonisolated,
      genericParameters: nil,
      genericWhereClause: nil,
      combiningLabel: "combine" + Naming.upperCamelCase(Naming.bare(identifier.identifier))
    )
  }
}
