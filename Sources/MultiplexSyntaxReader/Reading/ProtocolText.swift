import MultiplexModel
import SwiftDiagnostics
import SwiftSyntax

/// The protocol `@Multiplexed` is attached to, read by the model's parser (``ProtocolDeclaration``) from its text,
/// and the way back from the parser's offsets to the syntax: where the macro places the model's refusals
/// (``Refusals``), and the fix-it it offers with each.
struct ProtocolText {
  let proto: ProtocolDeclSyntax
  /// The declaration in parts, or `nil` when the parser cannot read it (``parseError``).
  let declaration: ProtocolDeclaration?
  let parseError: ProtocolDeclaration.ParseError?
  /// The UTF-8 offset of each Unicode scalar of the text (and of its end), from the start of `proto`.
  private let utf8Offsets: [Int]

  init(_ proto: ProtocolDeclSyntax) {
    self.proto = proto
    let text = proto.description
    var offsets: [Int] = []
    offsets.reserveCapacity(text.unicodeScalars.count + 1)
    var utf8 = 0
    for scalar in text.unicodeScalars {
      offsets.append(utf8)
      utf8 += UTF8.width(scalar)
    }
    offsets.append(utf8)
    utf8Offsets = offsets
    do {
      declaration = try ProtocolDeclaration(parsing: text)
      parseError = nil
    } catch {
      declaration = nil
      parseError = error
    }
  }

  /// Where the scalar at `offset` is in the source.
  func position(of offset: Int) -> AbsolutePosition {
    proto.position.advanced(by: utf8Offsets[min(max(offset, 0), utf8Offsets.count - 1)])
  }

  /// The member `decl` declares (a member of the protocol's body), as the parser read it.
  func member(declaredBy decl: DeclSyntax) -> MemberDeclaration? {
    let start = decl.positionAfterSkippingLeadingTrivia
    return declaration?.members.first { position(of: $0.offset) == start }
  }

  /// The refusals placed on the syntax of `decl` (the protocol, or one of its members).
  func diagnostics(for refusals: [Refusal], in decl: some SyntaxProtocol) -> [Diagnostic] {
    refusals.map { diagnostic(for: $0, in: decl) }
  }

  /// `refusal` as the macro reports it: on the node that starts at its offset in `decl`, with its fix-it.
  func diagnostic(for refusal: Refusal, in decl: some SyntaxProtocol) -> Diagnostic {
    let message = refusal.diagnostic
    guard let token = proto.token(at: position(of: refusal.offset)) else { return Diagnostic(message, on: decl) }
    switch message {
    case .objcProtocol, .objcRequirement:
      return removing(enclosing(AttributeSyntax.self, of: token), spelled: "@objc", message)
    case .duplicateMarker(let marker):
      return removing(enclosing(AttributeSyntax.self, of: token), spelled: "@" + marker, message)
    case .duplicateMultiplexed:
      return removing(enclosing(AttributeSyntax.self, of: token), spelled: "@" + Naming.multiplexed, message)
    case .privateNestedProtocol:
      guard let modifier = enclosing(DeclModifierSyntax.self, of: token) else { break }
      let replacement = modifier.with(\.name, modifier.name.with(\.tokenKind, .keyword(.fileprivate)))
      return Diagnostic(
        message,
        on: modifier,
        fixIt: .replace(
          message: MultiplexedFixIt.replace("private", with: "fileprivate"),
          oldNode: modifier,
          newNode: replacement
        )
      )
    case .defaultOnVoid:
      return removing(enclosing(AttributeSyntax.self, of: token), spelled: "@" + Naming.defaultMarker, message)
    case .unknownCombiner, .conflictingDecisionMarkers, .decidedOnceAndCombined, .decisionNotApplicable,
      .combineNotApplicable:
      return Diagnostic(message, on: enclosing(AttributeSyntax.self, of: token).map(Syntax.init) ?? Syntax(token))
    case .missingDefault:
      guard let type = outermostType(at: token) else { break }
      return RefusalFixIts.missingDefaultDiagnostic(message, type: type, decl: DeclSyntax(decl) ?? DeclSyntax(proto))
    case .otherGlobalActor(_, let actor, _):
      return removing(enclosing(AttributeSyntax.self, of: token), spelled: actor, message)
    case .unavailableRequirement:
      return Diagnostic(message, on: enclosing(AttributeSyntax.self, of: token).map(Syntax.init) ?? Syntax(token))
    case .optionalRequirement, .invalidModifier, .ownershipModifier, .nonisolatedInIsolatedProtocol:
      guard let modifier = enclosing(DeclModifierSyntax.self, of: token) else { return Diagnostic(message, on: token) }
      let spelling: String
      switch message {
      case .ownershipModifier: spelling = modifier.trimmedDescription
      case .nonisolatedInIsolatedProtocol: spelling = "nonisolated"
      default: spelling = modifier.name.text
      }
      return removing(modifier, spelled: spelling, message)
    case .staticMember:
      return Diagnostic(message, on: enclosing(DeclModifierSyntax.self, of: token).map(Syntax.init) ?? Syntax(token))
    case .rethrowsRequirement:
      if let clause = token.parent?.as(ThrowsClauseSyntax.self),
        clause.parent?.is(AccessorEffectSpecifiersSyntax.self) == true
      {
        return Diagnostic(message, on: clause)
      }
      return Diagnostic(
        message,
        on: token,
        fixIt: .replace(
          message: MultiplexedFixIt.replaceRethrows,
          oldNode: token,
          newNode: token.with(\.tokenKind, .keyword(.throws))
        )
      )
    case .variadicParameter:
      guard let parameter = enclosing(FunctionParameterSyntax.self, of: token), let ellipsis = parameter.ellipsis else {
        break
      }
      return RefusalFixIts.variadicDiagnostic(message, parameter: parameter, ellipsis: ellipsis)
    case .defaultArgument:
      guard let parameter = enclosing(FunctionParameterSyntax.self, of: token),
        let defaultArgument = parameter.defaultValue
      else { break }
      let fixed = parameter.with(\.defaultValue, nil).with(\.type, parameter.type.with(\.trailingTrivia, []))
      return Diagnostic(
        message,
        on: defaultArgument,
        fixIt: .replace(message: MultiplexedFixIt.removeDefaultArgument, oldNode: parameter, newNode: fixed)
      )
    case .consumingParameter, .sendingParameter:
      guard let parameter = enclosing(FunctionParameterSyntax.self, of: token) else { break }
      return RefusalFixIts.specifierDiagnostic(message, parameter: parameter)
    case .sendingResult:
      let type = outermostType(at: token) ?? TypeSyntax(IdentifierTypeSyntax(name: token))
      return Diagnostic(
        message,
        on: type,
        fixIt: .replace(
          message: MultiplexedFixIt.remove("sending"),
          oldNode: type,
          newNode: RefusalFixIts.removingSpecifier(.sending, from: type)
        )
      )
    case .letProperty:
      guard let variable = decl.as(VariableDeclSyntax.self) else { break }
      return RefusalFixIts.letPropertyDiagnostic(message, variable: variable)
    case .propertyWithoutAccessors:
      guard let variable = decl.as(VariableDeclSyntax.self) else { break }
      return RefusalFixIts.propertyWithoutAccessorsDiagnostic(message, variable: variable)
    case .nonGenericParameter(_, let parameter, _):
      let sameType = decl.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> SameTypeRequirementSyntax? in
        guard token.text == parameter, let sameType = self.enclosing(SameTypeRequirementSyntax.self, of: token) else {
          return nil
        }
        return sameType
      }.first
      if let sameType { return Diagnostic(message, on: sameType) }
    case .genericParameterHidesModule(_, let parameter):
      let name = decl.tokens(viewMode: .sourceAccurate).first { token in
        token.text == parameter && token.parent?.is(GenericParameterSyntax.self) == true
      }
      if let name { return Diagnostic(message, on: name) }
    case .associatedType:
      return Diagnostic(message, on: decl)
    case .notClassBound:
      return RefusalFixIts.notClassBoundDiagnostic(message, proto: proto)
    case .unsupportedInheritance:
      // The inherited type, or the element of a composition, that starts here.
      var node = Syntax(token)
      while let parent = node.parent, !parent.is(InheritedTypeSyntax.self),
        !parent.is(CompositionTypeElementSyntax.self)
      {
        node = parent
      }
      return Diagnostic(message, on: node)
    case .unsupportedMember:
      if token.positionAfterSkippingLeadingTrivia == decl.positionAfterSkippingLeadingTrivia {
        return Diagnostic(message, on: decl)
      }
    case .protocolWhereClause:
      return Diagnostic(
        message,
        on: enclosing(GenericWhereClauseSyntax.self, of: token).map(Syntax.init) ?? Syntax(token)
      )
    case .primaryAssociatedTypes:
      return Diagnostic(
        message,
        on: enclosing(PrimaryAssociatedTypeClauseSyntax.self, of: token).map(Syntax.init) ?? Syntax(token)
      )
    default:
      break
    }
    if let type = outermostType(at: token) { return Diagnostic(message, on: type) }
    return Diagnostic(message, on: token)
  }

  /// `message` on `node`, with a fix-it that removes it (`Remove '@objc'`).
  private func removing(
    _ node: (some SyntaxProtocol)?,
    spelled spelling: String,
    _ message: MultiplexedDiagnostic
  ) -> Diagnostic {
    guard let node else { return Diagnostic(message, on: proto.name) }
    return Diagnostic(message, on: node, fixIt: .removal(of: node, message: .remove(spelling)))
  }

  /// The nearest node of type `type` around `token`.
  private func enclosing<Node: SyntaxProtocol>(_ type: Node.Type, of token: TokenSyntax) -> Node? {
    var node: Syntax? = Syntax(token)
    while let current = node {
      if let match = current.as(Node.self) { return match }
      node = current.parent
    }
    return nil
  }

  /// The largest type that starts with `token`: the result type `some P`, `sending T`, `[Int]?`.
  private func outermostType(at token: TokenSyntax) -> TypeSyntax? {
    let start = token.positionAfterSkippingLeadingTrivia
    var found: TypeSyntax? = nil
    var node = token.parent
    while let current = node, current.positionAfterSkippingLeadingTrivia == start {
      if let type = current.as(TypeSyntax.self) { found = type }
      node = current.parent
    }
    return found
  }
}
