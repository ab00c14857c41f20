import Foundation
import MultiplexGeneratorModel
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
/// For an `@objc` protocol (``ExternalProtocol/isObjC``), the file is wrapped in `#if canImport(ObjectiveC)` (and
/// `&& canImport(<Module>)` for a module other than `Foundation`, such as `UIKit`, which macOS lacks), and
/// the class subclasses `NSObject`, forwards each optional requirement only to the observers that implement it,
/// and answers `responds(to:)` for them (see `Generator+ObjC`). Default values the user gives
/// (``GenerationOptions/defaultValues``) answer when no observer does.
///
/// For a protocol of a module that exists only on some platforms (``platformConditionalModules``:
/// swift-corelibs-foundation's `FoundationXML` and `FoundationNetworking`, which exist only off Apple platforms),
/// everything after the header is wrapped in `#if canImport(<Module>)`, so a file generated on Linux compiles to
/// nothing on Apple platforms, where the same protocols are `@objc` protocols of `Foundation` (generate them from
/// that platform's symbol graphs).
package enum ExternalGenerator {
  /// The modules whose generated file is wrapped in `#if canImport(<Module>)`: swift-corelibs-foundation's
  /// `FoundationXML` and `FoundationNetworking`, which exist only off Apple platforms. On Apple platforms
  /// `XMLParserDelegate` and the `URLSession` delegates are `@objc` protocols of `Foundation`.
  package static let platformConditionalModules: Set<String> = ["FoundationXML", "FoundationNetworking"]

  /// One Swift source file holding the multiplexer of `input`, its combining protocol and the combining
  /// protocol's default implementations; or the diagnostics that explain why nothing was generated.
  ///
  /// The output is deterministic: the same input and options give the same bytes.
  package static func generate(
    _ input: ExternalProtocol,
    options: GenerationOptions
  ) -> Result<String, GenerationFailure> {
    let original = Parser.parse(source: input.source)
    let converter = SourceLocationConverter(fileName: input.moduleName, tree: original)
    func diagnostic(_ message: String, at node: some SyntaxProtocol) -> GeneratorDiagnostic {
      // Positions in the prepared source are those of the input: only spellings were blanked out.
      let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
      return GeneratorDiagnostic(message: message, file: input.moduleName, line: location.line, column: location.column)
    }
    func failure(_ message: String, at node: some SyntaxProtocol) -> Result<String, GenerationFailure> {
      .failure(GenerationFailure(diagnostics: [diagnostic(message, at: node)]))
    }

    guard let original = original.statements.lazy.compactMap({ $0.item.as(ProtocolDeclSyntax.self) }).first else {
      return failure(MultiplexedDiagnostic.externalNoProtocol.message, at: Parser.parse(source: input.source))
    }
    let prepared = prepare(input, proto: original, options: options)
    if !prepared.problems.isEmpty {
      return .failure(GenerationFailure(diagnostics: prepared.problems.map { diagnostic($0.message, at: $0.node) }))
    }
    let tree = Parser.parse(source: prepared.source)
    guard let proto = tree.statements.lazy.compactMap({ $0.item.as(ProtocolDeclSyntax.self) }).first else {
      return failure(MultiplexedDiagnostic.externalNoProtocol.message, at: original)
    }
    if tree.hasError {
      return failure("the protocol declaration does not parse; give it in Swift syntax", at: proto)
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
          refinesNSObjectProtocol: refinesNSObjectProtocol,
          isObjC: input.isObjC
        ),
        typeName: options.typeName,
        access: options.access == .internal ? nil : options.access.rawValue,
        members: prepared.members
      ),
      diagnostics: &diagnostics
    )
    guard let model, diagnostics.isEmpty else {
      let converted = diagnostics.map { diagnostic in
        let location = diagnostic.location(converter: converter)
        return GeneratorDiagnostic(
          message: externalMessage(diagnostic),
          file: input.moduleName,
          line: location.line,
          column: location.column
        )
      }
      return .failure(GenerationFailure(diagnostics: converted))
    }

    let generator = Generator(model: model)
    var imports = Set(["Multiplex", input.moduleName] + input.importedModules + options.additionalImports)
    if refinesNSObjectProtocol || input.isObjC { imports.insert("Foundation") }
    var sections: [String] = []
    let header = options.header.trimmingTrailingNewlines
    if !header.isEmpty { sections.append(header) }
    // An `@objc` protocol's multiplexer needs the Objective-C runtime (`NSObject`, `#selector`, `responds(to:)`);
    // a protocol of `FoundationXML` or `FoundationNetworking` needs that module, which Apple platforms lack.
    var conditions: [String] = []
    if input.isObjC { conditions.append("canImport(ObjectiveC)") }
    // A framework of some Apple platforms only (UIKit, AppKit, WebKit): a package that ships multiplexers for
    // several compiles each where its framework exists.
    if input.isObjC && !["Foundation", "ObjectiveC"].contains(input.moduleName) {
      conditions.append("canImport(\(input.moduleName))")
    }
    if platformConditionalModules.contains(input.moduleName) { conditions.append("canImport(\(input.moduleName))") }
    if !conditions.isEmpty { sections.append("#if " + conditions.joined(separator: " && ")) }
    sections.append(importLines(imports, protocolModule: input.moduleName))
    sections.append(generator.multiplexerClass())
    if let combining = generator.combiningProtocolIfNeeded() { sections.append(combining) }
    if let defaults = generator.combiningDefaults() { sections.append(defaults) }
    if !conditions.isEmpty { sections.append("#endif") }
    return .success(sections.joined(separator: "\n\n") + "\n")
  }

  /// The import declarations of `modules`, sorted. A module of ``platformConditionalModules`` other than the
  /// protocol's own (whose file is wrapped already) is imported under `#if canImport(<Module>)`, with `Foundation`,
  /// which declares the same types (`URLSessionTask`, `XMLParser`) on Apple platforms.
  static func importLines(_ modules: Set<String>, protocolModule: String) -> String {
    var modules = modules
    let conditional = modules.filter { platformConditionalModules.contains($0) && $0 != protocolModule }
    if !conditional.isEmpty { modules.insert("Foundation") }
    return modules.sorted().map { module in
      conditional.contains(module) ? "#if canImport(\(module))\nimport \(module)\n#endif" : "import " + module
    }.joined(separator: "\n")
  }

  /// A diagnostic of the shared reader, worded for a protocol the user did not declare: a message written for the
  /// macro names the requirement (the first line of its declaration) and the generator instead of the macro.
  private static func externalMessage(_ diagnostic: Diagnostic) -> String {
    // The generator's own messages name the requirement already.
    guard diagnostic.message.contains("'@Multiplexed'") else { return diagnostic.message }
    let message = diagnostic.message.replacingOccurrences(of: "'@Multiplexed'", with: "multiplex-generate")
    var node: Syntax? = diagnostic.node
    while let current = node, !current.is(MemberBlockItemSyntax.self) { node = current.parent }
    guard let member = node?.as(MemberBlockItemSyntax.self) else { return message }
    // The declaration's first line that is not an attribute of its own (`@available(…)`).
    let lines = member.decl.trimmedDescription.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let firstLine = lines.first { !$0.hasPrefix("@") } ?? lines.first ?? ""
    return "requirement '\(firstLine)': \(message)"
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
