import Foundation
import MultiplexGenerator
import Testing

/// `@Multiplexed` and `multiplex-generate` read a protocol into one model: a shape that cannot be forwarded gets
/// the same explanation from both, on the same line of the protocol (DESIGN.md §5: refusals get the same explanation
/// from the macro and the generator). Each front end names itself (`'@Multiplexed' …`, `requirement '…': multiplex-generate …`), and each
/// says how *it* is given a value to return when no observer answers.
@Suite struct FrontEndParityTests {
  /// Requirements no multiplexer can forward, one protocol each; the offending member is on line 2.
  static let unsupported: [String] = [
    "static func make() -> Int",
    "init(name: String)",
    "func copy() -> Self?",
    "func log(_ items: Int...)",
    "func each(_ body: () throws -> Void) rethrows",
    "func render() -> some Equatable",
    "func finish() -> Never",
    "optional func maybe()",
    "@objc func bridged()",
    "let limit: Int",
    "var size: Int",
    "mutating func touch()",
    "func pad(_ width: Int = 0)",
    "func take(_ value: consuming Int)",
    "func send(_ value: sending Int)",
    "func send() -> sending Int?",
    "var nothing: Void { get }",
    "subscript(index: Int) -> Void { get }",
    "func pick<T>(_ value: T) -> T? where T == Int",
    "func load<Swift>(_ value: Swift)",
    "var count: Int? { get }",
  ]

  @Test(arguments: unsupported)
  func sameExplanation(requirement: String) {
    let (macro, macroLines, generator) = diagnostics(for: requirement)
    #expect(!macro.isEmpty, "the macro accepted \(requirement)")
    #expect(macroLines.allSatisfy { $0 == 2 })
    #expect(generator.map(\.line) == macroLines)
    let macroReasons = macro.map { $0.replacingOccurrences(of: "'@Multiplexed' ", with: "") }
    let generatorReasons = generator.map {
      $0.message.replacingOccurrences(of: "requirement '\(requirement)': multiplex-generate ", with: "")
    }
    #expect(generatorReasons == macroReasons)
  }

  /// An associated type: one error on the same line from both, each with the advice its user can follow: the
  /// macro's user owns the protocol (use a concrete type); the generator's does not (wrap it in a protocol of
  /// their own).
  @Test func anAssociatedTypeIsRefusedByBothWithTheirOwnRemedy() {
    let (macro, macroLines, generator) = diagnostics(for: "associatedtype Item")
    #expect(macroLines == [2] && generator.map(\.line) == [2])
    #expect(macro.first?.contains("use a concrete type or a generic parameter on the requirement instead") == true)
    #expect(generator.first?.message.contains("cannot be multiplexed by multiplex-generate") == true)
    #expect(generator.first?.message.contains("declare a class-bound protocol of your own") == true)
  }

  @Test func aMissingDefaultValueIsRefusedByBothWithTheirOwnRemedy() {
    let (macro, macroLines, generator) = diagnostics(for: "func height() -> Double")
    #expect(macro.count == 1 && generator.count == 1)
    #expect(macroLines == [2] && generator.map(\.line) == [2])
    #expect(macro.first?.contains("'height()' returns 'Double'") == true)
    #expect(macro.first?.contains("@MultiplexedDefault(<value>)") == true)
    #expect(generator.first?.message.contains("it returns 'Double'") == true)
    #expect(generator.first?.message.contains("--default 'height()=<expression>'") == true)
  }

  /// The macro's messages and their lines, and the generator's diagnostics, for a protocol declaring
  /// `requirement` on line 2.
  private func diagnostics(
    for requirement: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (macro: [String], macroLines: [Int], generator: [GeneratorDiagnostic]) {
    let source = """
      public protocol Delegate: AnyObject {
        \(requirement)
      }
      """
    // The attribute on the protocol's line, so that the requirement is on line 2 for both front ends.
    let expansion = Expansion("@Multiplexed " + source)
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: [ExternalMember()]),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .failure(let failure) = generated else {
      Issue.record("multiplex-generate accepted \(requirement)", sourceLocation: sourceLocation)
      return (expansion.diagnostics, expansion.diagnosticLines, [])
    }
    return (expansion.diagnostics, expansion.diagnosticLines, failure.diagnostics)
  }
}
