import MultiplexModel
import MultiplexSymbolGraphReader

// Where the front end hands the protocol to the generator core, which writes the multiplexer.

/// What the generator needs besides the protocol.
struct EmitOptions {
  var typeName: String
  var access: AccessLevel
  /// The comment lines that open the file, each starting with `//`, ending with a newline.
  var header: String
  /// `--default`: answers by requirement name.
  var defaultValues: [String: String] = [:]
  /// `--import`: modules imported besides those the symbol graph names.
  var imports: [String] = []
  /// `--decided-once`, `--every-observer`, `--combine`.
  var decidedOnce: Set<String> = []
  var everyObserver: Set<String> = []
  var combining: [String: CombiningPolicy] = [:]
}

/// Why the generator refused: one line per problem (a requirement that cannot be forwarded, named, with why).
struct EmitFailure: Error {
  var messages: [String]
}

/// Writes the file for `external` with the core's ``ExternalGenerator`` (the emitter `@Multiplexed` uses too).
func emit(_ external: ExternalProtocol, options: EmitOptions) -> Result<String, EmitFailure> {
  let generation = GenerationOptions(
    typeName: options.typeName,
    access: options.access,
    header: options.header,
    additionalImports: options.imports,
    defaultValues: options.defaultValues,
    decidedOnce: options.decidedOnce,
    everyObserver: options.everyObserver,
    combining: options.combining
  )
  return ExternalGenerator.generate(external, options: generation).mapError { failure in
    EmitFailure(messages: failure.diagnostics.map { "\(external.moduleName): \($0.message)" })
  }
}
