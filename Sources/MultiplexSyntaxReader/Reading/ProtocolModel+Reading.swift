package import MultiplexModel
package import SwiftDiagnostics
package import SwiftSyntax

extension ProtocolModel {
  /// Reads the declaration `@Multiplexed` is attached to. Returns `nil` and appends to `diagnostics` if it is no
  /// protocol or something cannot be forwarded.
  ///
  /// - Parameters:
  ///   - attribute: The `@Multiplexed` attribute, where a declaration that is no protocol is diagnosed.
  ///   - context: Where the declaration is nested.
  package static func make(
    from declaration: some SyntaxProtocol,
    attribute: AttributeSyntax,
    context: DeclarationContext,
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
    return read(proto, enclosingNames: context.enclosingTypeNames, diagnostics: &diagnostics)
  }

  /// Reads `proto` through the model, as `multiplex-generate` reads a protocol of another module: its text parsed
  /// (``ProtocolDeclaration``), each requirement made by ``RequirementReader`` with the markers as the user's
  /// choices; the model's refusals (``Refusals``) are placed on the syntax, with fix-its. What only the macro API
  /// shows (the code around the protocol, a second `@Multiplexed`) is read here.
  static func read(
    _ proto: ProtocolDeclSyntax,
    enclosingNames: [String],
    diagnostics: inout [Diagnostic]
  ) -> ProtocolModel? {
    // A protocol that does not parse already has the parser's errors: more from the macro would be noise, and
    // code generated from missing pieces would not compile.
    if proto.hasError { return nil }
    let before = diagnostics.count
    let name = proto.name.text
    let text = ProtocolText(proto)
    guard let declaration = text.declaration else {
      // Nothing swift-syntax parses cleanly should get here (`ProtocolDeclarationCrossCheckTests`).
      let offset = text.parseError.map { text.position(of: $0.offset) } ?? proto.positionAfterSkippingLeadingTrivia
      let member = proto.memberBlock.members.first { $0.range.contains(offset) }
      diagnostics.append(
        Diagnostic(
          .unsupportedMember(kind: "this declaration"),
          on: member.map { Syntax($0.decl) } ?? Syntax(proto.name)
        )
      )
      return nil
    }

    // Associated types: one error per root cause. Each associated type is an error, and what follows from them (a
    // `where` clause, primary associated types, requirements that name them, as `Self.Item` too) is not.
    let hasAssociatedTypes = !declaration.associatedTypeNames.isEmpty

    // The protocol's attributes and access level.
    diagnostics += text.diagnostics(for: Refusals.duplicateMultiplexed(of: declaration), in: proto)
    diagnostics += text.diagnostics(for: Refusals.protocolAttributes(of: declaration, rules: .macro), in: proto)
    let isNested = !enclosingNames.isEmpty
    diagnostics += text.diagnostics(for: Refusals.privateNested(declaration, isNested: isNested), in: proto)
    let typeAccess = declaration.access
    let memberAccess = (typeAccess == "public" || typeAccess == "package") ? typeAccess : nil

    // The generated code spells `Multiplex.…` and `Swift.…`: a type of that name around it would hide the module.
    let hidden = Refusals.hiddenModules(typeNames: enclosingNames + [name], at: declaration.nameOffset)
    diagnostics += text.diagnostics(for: hidden, in: proto)

    // Inheritance: class-bound, nothing whose requirements we cannot see.
    diagnostics += text.diagnostics(for: Refusals.inheritance(of: declaration, rules: .macro), in: proto)
    if !hasAssociatedTypes {
      diagnostics += text.diagnostics(for: Refusals.protocolClauses(of: declaration), in: proto)
    }

    // Requirements: read by the model's reader, as the generator reads them, with the markers as the user's
    // choices; its refusals placed on each member's syntax.
    var reader = RequirementReader(
      declaration,
      rules: .macro,
      spelling: .asWritten,
      isolation: declaration.isolation
    )
    var requirements: [Requirement] = []
    for decl in proto.memberBlock.members.map(\.decl) {
      var memberDiagnostics: [Diagnostic] = []
      let member = text.member(declaredBy: decl)
      if let member {
        let choices = RequirementChoices(markersOf: member)
        if let requirement = reader.read(member, choices: choices) { requirements.append(requirement) }
        memberDiagnostics = text.diagnostics(for: reader.refusals, in: decl)
        if let missing = reader.missingDefault {
          let diagnostic = MultiplexedDiagnostic.missingDefault(
            name: missing.name,
            type: missing.type,
            isRequired: choices.isRequired
          )
          memberDiagnostics.append(text.diagnostic(for: Refusal(diagnostic, at: missing.offset), in: decl))
        }
      } else if !decl.is(MissingDeclSyntax.self) {
        // The parser and swift-syntax disagree on where a member starts (`ProtocolDeclarationCrossCheckTests` holds
        // them together): an error rather than a requirement left out of the multiplexer.
        memberDiagnostics.append(Diagnostic(.unsupportedMember(kind: "this declaration"), on: decl))
      }
      if member.map(declaration.dependsOnAssociatedType) != true { diagnostics += memberDiagnostics }
    }

    Requirement.assignUniqueCombiningLabels(&requirements)

    guard diagnostics.count == before else { return nil }
    return ProtocolModel(
      origin: .macro,
      name: name,
      qualifier: enclosingNames.map { $0 + "." }.joined(),
      typeAccess: typeAccess,
      memberAccess: memberAccess,
      availability: declaration.availability,
      isolation: declaration.isolation,
      isSendable: declaration.isSendable,
      parents: declaration.parents,
      requirements: requirements,
      typeAliases: declaration.typeAliases,
      multiplexerName: name + "Multiplexer"
    )
  }

  /// The `@Multiplexed` attributes of `proto`, in source order. More than one is an error.
  package static func multiplexedAttributes(of proto: ProtocolDeclSyntax) -> [AttributeSyntax] {
    proto.attributes.compactMap { element in
      guard case .attribute(let attribute) = element, Naming.attributeName(attribute) == Naming.multiplexed else {
        return nil
      }
      return attribute
    }
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
