import MultiplexEmitter
import MultiplexModel
import MultiplexSyntaxReader
import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Multiplexed`: generates `PMultiplexer`, `PCombining` and `PMultiplexerForwarding` (peer role), and the
/// default implementations that make requirements optional and the forwarders of a refinement's multiplexer
/// (extension role).
///
/// A thin front end: both roles read the protocol into a `ProtocolModel` (`MultiplexSyntaxReader`) and emit it with
/// a `Generator` (`MultiplexModel`, which `multiplex-generate` shares). The peer role reports the diagnostics; the
/// extension role stays silent so that each problem is reported once. Either role generates nothing when the
/// model has a diagnostic.
public enum MultiplexedMacro {
  /// The generated text as the emitter writes it, as `multiplex-generate` writes it too: formatting it again would
  /// spread one-line members over several lines.
  public static var formatMode: FormatMode { .disabled }
}

extension MultiplexedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    var diagnostics: [Diagnostic] = []
    let model = ProtocolModel.make(
      from: declaration,
      attribute: node,
      context: DeclarationContext(lexicalContext: context.lexicalContext),
      diagnostics: &diagnostics
    )
    // With the macro written twice, it expands twice: only the first attribute's expansion reports.
    if let proto = declaration.as(ProtocolDeclSyntax.self),
      let first = ProtocolModel.multiplexedAttributes(of: proto).first,
      !isSameLocation(node, first, in: context)
    {
      return []
    }
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
    guard let model else { return [] }
    var generator = Generator(model: model)
    generator.parentSourceLocations = parentSourceLocations(of: declaration, in: context)
    // The generator writes text; the macro hands it to the compiler as declarations.
    return [generator.multiplexerClass(), generator.combiningProtocolIfNeeded(), generator.forwardingProtocol()]
      .compactMap { $0.map { DeclSyntax(stringLiteral: $0) } }
  }
}

extension MultiplexedMacro {
  /// Where the protocol names each parent, by the parent's text (`Outer.Base`), as the arguments of a
  /// `#sourceLocation` directive (`file: "/path/App.swift", line: 12`): the class's check that a parent is
  /// `@Multiplexed` is then reported on that line, not only in the expansion.
  static func parentSourceLocations(
    of declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [String: String] {
    guard let inherited = declaration.as(ProtocolDeclSyntax.self)?.inheritanceClause?.inheritedTypes else {
      return [:]
    }
    var locations: [String: String] = [:]
    for inheritedType in inherited {
      // `A & B` names two parents.
      let types = inheritedType.type.as(CompositionTypeSyntax.self)?.elements.map(\.type) ?? [inheritedType.type]
      for type in types {
        let text = type.trimmedDescription.filter { !$0.isWhitespace }
        guard locations[text] == nil,
          let location = context.location(of: type, at: .afterLeadingTrivia, filePathMode: .filePath)
        else { continue }
        locations[text] = "file: \(location.file.trimmedDescription), line: \(location.line.trimmedDescription)"
      }
    }
    return locations
  }

  /// Whether `node` and `other` start at the same place in the source (the nodes a macro receives are detached
  /// copies, so identity cannot tell). `true` when the locations are unknown.
  static func isSameLocation(
    _ node: some SyntaxProtocol,
    _ other: some SyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> Bool {
    guard let location = context.location(of: node), let otherLocation = context.location(of: other) else {
      return true
    }
    return location.file.description == otherLocation.file.description
      && location.line.description == otherLocation.line.description
      && location.column.description == otherLocation.column.description
  }
}

extension MultiplexedMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    var diagnostics: [Diagnostic] = []
    guard
      let model = ProtocolModel.make(
        from: declaration,
        attribute: node,
        context: DeclarationContext(lexicalContext: context.lexicalContext),
        diagnostics: &diagnostics
      )
    else {
      return []
    }
    let generator = Generator(model: model)
    let type = type.trimmedDescription
    return [generator.defaultImplementations(extending: type), generator.refinementForwarders(extending: type)]
      .compactMap { text in text.flatMap { DeclSyntax(stringLiteral: $0).as(ExtensionDeclSyntax.self) } }
  }
}
