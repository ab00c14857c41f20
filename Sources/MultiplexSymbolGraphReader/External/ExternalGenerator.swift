import MultiplexEmitter
import MultiplexModel

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
/// `&& canImport(<Module>)` for a module other than `Foundation`, such as `UIKit`, which macOS lacks, and
/// `&& os(<Platform>)` for the platform whose SDK the graph came from, ``ExternalProtocol/platform``), and
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
    func diagnostic(_ message: String, at offset: Int) -> GeneratorDiagnostic {
      let location = ProtocolDeclaration.location(of: offset, in: input.source)
      return GeneratorDiagnostic(message: message, file: input.moduleName, line: location.line, column: location.column)
    }
    func failure(_ problems: [ExternalReader.Problem]) -> Result<String, GenerationFailure> {
      .failure(GenerationFailure(diagnostics: problems.map { diagnostic($0.message, at: $0.offset) }))
    }

    let declaration: ProtocolDeclaration
    do {
      declaration = try ProtocolDeclaration(parsing: input.source)
    } catch {
      let message =
        error.isMissingProtocol
        ? MultiplexedDiagnostic.externalNoProtocol.message
        : "the protocol declaration does not parse; give it in Swift syntax"
          + (error.member.map { " (the member '\($0)')" } ?? "")
      return failure([ExternalReader.Problem(message: message, offset: error.offset)])
    }
    let prepared = prepare(input, declaration: declaration, options: options)
    if !prepared.problems.isEmpty { return failure(prepared.problems) }
    if !ExpressionCheck.isTypeName(options.typeName) {
      let message = "'\(options.typeName)' is not a valid type name for the generated class"
      return failure([ExternalReader.Problem(message: message, offset: declaration.offset)])
    }

    let refinesNSObjectProtocol = declaration.inheritedTypes.contains {
      $0.type.description.hasSuffix("NSObjectProtocol")
    }
    var origin = ProtocolModel.ExternalOrigin(
      moduleName: input.moduleName,
      refinesNSObjectProtocol: refinesNSObjectProtocol,
      isObjC: input.isObjC,
      hasInheritedIsolation: input.hasInheritedIsolation
    )
    origin.sendableTypes = input.sendableTypes
    origin.eventsAvailability = input.eventsAvailability
    origin.isClassBound =
      input.isClassBound ?? Refusals.isClassBound(declaration, rules: .generator(isObjC: input.isObjC))
    var reader = ExternalReader(
      declaration,
      origin: origin,
      typeName: options.typeName,
      access: options.access == .internal ? nil : options.access.rawValue,
      members: prepared.members
    )
    reader.qualifier = input.qualifier
    guard let model = reader.read() else { return failure(reader.problems) }

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
    if (input.isObjC || input.platform != nil) && !["Foundation", "ObjectiveC"].contains(input.moduleName) {
      conditions.append("canImport(\(input.moduleName))")
    }
    if platformConditionalModules.contains(input.moduleName) { conditions.append("canImport(\(input.moduleName))") }
    // The Apple platform whose SDK the graph came from (for an `@objc` protocol or a Swift one, such as PhotosUI's
    // `PHPickerViewControllerDelegate`): the only one whose availability and types the file was written for. Mac
    // Catalyst runs iOS code against a different SDK (the macOS one's `System/iOSSupport`), so an iOS file leaves it
    // out, and a file generated from a Catalyst graph (platform `macCatalyst`) compiles only there. A library built
    // from source exists where it is built: `canImport(<Module>)` says where.
    switch input.isBuiltFromSource ? nil : input.platform {
    case "iOS"?: conditions += ["os(iOS)", "!targetEnvironment(macCatalyst)"]
    case "macCatalyst"?: conditions += ["os(iOS)", "targetEnvironment(macCatalyst)"]
    case let platform?: conditions.append("os(\(platform))")
    case nil: break
    }
    if !conditions.isEmpty { sections.append("#if " + conditions.joined(separator: " && ")) }
    sections.append(importLines(imports, protocolModule: input.moduleName))
    if !input.omittedRequirements.isEmpty {
      sections.append(
        (["// Requirements the multiplexer leaves out:"] + input.omittedRequirements.map { "// - " + $0 })
          .joined(separator: "\n")
      )
    }
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
}

extension String {
  /// The string without the line breaks it ends with.
  fileprivate var trimmingTrailingNewlines: String {
    var result = self
    while result.last?.isNewline == true { result.removeLast() }
    return result
  }
}
