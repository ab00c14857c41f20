import Foundation
import MultiplexGeneratorCore
import Testing

/// `@Multiplexed` and `multiplex-generate` read a protocol into one model: a shape that cannot be forwarded gets
/// the same explanation from both, on the same line (DESIGN.md §5: "Unsupported shapes get the same clear
/// error"). Each front end names itself (`'@Multiplexed' …`, `requirement '…': multiplex-generate …`), and each
/// says how *it* is given a value to return when no observer answers.
@Suite struct FrontEndParityTests {
  /// Requirements no multiplexer can forward, one protocol each; the offending member is on line 2.
  static let unsupported: [String] = [
    "associatedtype Item",
    "static func make() -> Int",
    "init(name: String)",
    "func copy() -> Self?",
    "func log(_ items: Int...)",
    "func each(_ body: () throws -> Void) rethrows",
    "func render() -> some Equatable",
    "func finish() -> Never",
  ]

  @Test(arguments: unsupported)
  func sameExplanation(requirement: String) {
    let (macro, generator) = diagnostics(for: requirement)
    #expect(!macro.isEmpty, "the macro accepted \(requirement)")
    #expect(generator.map(\.line) == macro.map { _ in 2 })
    let macroReasons = macro.map { $0.replacingOccurrences(of: "'@Multiplexed' ", with: "") }
    let generatorReasons = generator.map {
      $0.message.replacingOccurrences(of: "requirement '\(requirement)': multiplex-generate ", with: "")
    }
    #expect(generatorReasons == macroReasons)
  }

  @Test func aMissingDefaultValueIsRefusedByBothWithTheirOwnRemedy() {
    let (macro, generator) = diagnostics(for: "func height() -> Double")
    #expect(macro.count == 1 && generator.count == 1)
    #expect(generator.map(\.line) == [2])
    #expect(macro.first?.contains("'height()' returns 'Double'") == true)
    #expect(macro.first?.contains("@MultiplexedDefault(<value>)") == true)
    #expect(generator.first?.message.contains("it returns 'Double'") == true)
    #expect(generator.first?.message.contains("--default 'height()=<expression>'") == true)
  }

  /// The macro's messages, and the generator's diagnostics, for a protocol declaring `requirement` on line 2.
  private func diagnostics(
    for requirement: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (macro: [String], generator: [GeneratorDiagnostic]) {
    let source = """
      public protocol Delegate: AnyObject {
        \(requirement)
      }
      """
    let macro = Expansion("@Multiplexed\n" + source).diagnostics
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: [ExternalMember()]),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .failure(let failure) = generated else {
      Issue.record("multiplex-generate accepted \(requirement)", sourceLocation: sourceLocation)
      return (macro, [])
    }
    return (macro, failure.diagnostics)
  }
}
