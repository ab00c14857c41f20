import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// Generates the multiplexer of a protocol declared in another module: the in-memory entry point of
/// `multiplex-generate` (no file I/O).
///
/// The protocol is read into the same ``ProtocolModel`` and emitted by the same ``Generator`` as `@Multiplexed`'s,
/// with these differences: no default implementations are emitted (the protocol's own extension supplies them);
/// every observer responds, so a call returning an `Optional` combines as the first non-`nil` answer and any other
/// as the first answer; with no observer, a call returns `nil`, or what the protocol's default implementation
/// answers (asked on a private stub); a call that hands over a completion handler is a decision, forwarded to
/// the first observer only, or to the protocol's default implementation, so that the handler is called once (see
/// ``Requirement/isDecision`` for the rule); and the combining protocol's default implementations are written out.
///
/// Only Swift protocols are supported; `@objc` ones are refused (the seam for them is ``ExternalProtocol/isObjC``
/// and ``ExternalMember/isOptional``).
package enum ExternalGenerator {
  /// One Swift source file holding the multiplexer of `input`, its combining protocol and the combining
  /// protocol's default implementations; or the diagnostics that explain why nothing was generated.
  ///
  /// The output is deterministic: the same input and options give the same bytes.
  package static func generate(
    _ input: ExternalProtocol,
    options: GenerationOptions
  ) -> Result<String, GenerationFailure> {
    let tree = Parser.parse(source: input.source)
    let converter = SourceLocationConverter(fileName: input.moduleName, tree: tree)
    func failure(_ message: String, at node: some SyntaxProtocol) -> Result<String, GenerationFailure> {
      let location = node.startLocation(converter: converter)
      let diagnostic = GeneratorDiagnostic(
        message: message,
        file: input.moduleName,
        line: location.line,
        column: location.column
      )
      return .failure(GenerationFailure(diagnostics: [diagnostic]))
    }

    guard let proto = tree.statements.lazy.compactMap({ $0.item.as(ProtocolDeclSyntax.self) }).first else {
      return failure(MultiplexedDiagnostic.externalNoProtocol.message, at: tree)
    }
    if tree.hasError {
      return failure("the protocol declaration does not parse; give it in Swift syntax", at: proto)
    }
    if input.isObjC {
      return failure(MultiplexedDiagnostic.externalObjCUnsupported(protocolName: proto.name.text).message, at: proto)
    }
    if !isIdentifier(options.typeName) {
      return failure("'\(options.typeName)' is not a valid type name for the generated class", at: proto)
    }

    let inherited = (proto.inheritanceClause?.inheritedTypes ?? []).flatMap { inherited in
      inherited.type.as(CompositionTypeSyntax.self)?.elements.map(\.type.trimmedDescription)
        ?? [inherited.type.trimmedDescription]
    }
    let refinesNSObjectProtocol = inherited.contains { $0.hasSuffix("NSObjectProtocol") }
    var diagnostics: [Diagnostic] = []
    let model = ProtocolModel.read(
      proto,
      enclosingNames: [],
      external: ProtocolModel.ExternalReading(
        origin: ProtocolModel.ExternalOrigin(
          moduleName: input.moduleName,
          refinesNSObjectProtocol: refinesNSObjectProtocol
        ),
        typeName: options.typeName,
        access: options.access == .internal ? nil : options.access.rawValue,
        members: input.members
      ),
      diagnostics: &diagnostics
    )
    guard let model, diagnostics.isEmpty else {
      let converted = diagnostics.map { diagnostic in
        let location = diagnostic.location(converter: converter)
        return GeneratorDiagnostic(
          message: diagnostic.message,
          file: input.moduleName,
          line: location.line,
          column: location.column
        )
      }
      return .failure(GenerationFailure(diagnostics: converted))
    }

    let generator = Generator(model: model)
    var imports = Set(["Multiplex", input.moduleName] + options.additionalImports)
    if refinesNSObjectProtocol { imports.insert("Foundation") }
    var sections: [String] = []
    let header = options.header.trimmingTrailingNewlines
    if !header.isEmpty { sections.append(header) }
    sections.append(imports.sorted().map { "import " + $0 }.joined(separator: "\n"))
    sections.append(generator.multiplexerClass().description)
    sections.append(generator.combiningProtocol().description)
    if let defaults = generator.combiningDefaults() { sections.append(defaults.description) }
    return .success(sections.joined(separator: "\n\n") + "\n")
  }

  /// Whether `name` is a plain identifier, usable as a type name.
  private static func isIdentifier(_ name: String) -> Bool {
    let tree = Parser.parse(source: "struct \(name) {}")
    guard !tree.hasError, tree.statements.count == 1,
      let decl = tree.statements.first?.item.as(StructDeclSyntax.self)
    else { return false }
    return decl.name.text == name && decl.name.tokenKind == .identifier(name)
  }
}

extension String {
  /// The string without the line breaks it ends with.
  fileprivate var trimmingTrailingNewlines: String {
    var result = self
    while result.last?.isNewline == true { result.removeLast() }
    return result
  }
}
