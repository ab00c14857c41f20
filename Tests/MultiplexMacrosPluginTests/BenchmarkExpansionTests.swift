import Foundation
import Testing

/// The benchmark package compiles `@Multiplexed`'s expansions of its protocols, checked in, instead of the macro:
/// its release build then needs no swift-syntax (several minutes of CI). These tests keep the checked-in files
/// equal to what the macro expands today, so the benchmark still measures the code the macro writes.
///
/// With `MULTIPLEX_REGENERATE_GOLDEN` set, the files are written instead (review the diff before committing).
@Suite struct BenchmarkExpansionTests {
  /// The benchmark package's folder.
  static let benchmarks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Benchmarks")

  @Test(arguments: ["Listener", "QueuedListener"])
  func checkedInExpansionIsTheMacros(_ name: String) throws {
    let input = Self.benchmarks.appendingPathComponent("MacroInputs/\(name).swift")
    let output = Self.benchmarks.appendingPathComponent("Sources/MultiplexWorkloads/Expanded/\(name)+Multiplexed.swift")
    let expected = Self.expandedFile(of: try String(contentsOf: input, encoding: .utf8), name: name)

    if ProcessInfo.processInfo.environment["MULTIPLEX_REGENERATE_GOLDEN"] != nil {
      try expected.write(to: output, atomically: true, encoding: .utf8)
      return
    }
    let isCurrent = (try? String(contentsOf: output, encoding: .utf8)) == expected
    #expect(
      isCurrent,
      "Benchmarks/Sources/MultiplexWorkloads/Expanded/\(name)+Multiplexed.swift is not the macro's expansion of Benchmarks/MacroInputs/\(name).swift: regenerate with MULTIPLEX_REGENERATE_GOLDEN=1 swift test --filter BenchmarkExpansionTests"
    )
  }

  @Test func expansionLeavesNoMacroBehind() throws {
    let input = Self.benchmarks.appendingPathComponent("MacroInputs/Listener.swift")
    let text = Self.expandedFile(of: try String(contentsOf: input, encoding: .utf8), name: "Listener")
    // No attribute of the macros is left to expand (the doc comments may name them).
    let attributes = text.split(separator: "\n").filter {
      let line = $0.drop { $0 == " " }
      return line.hasPrefix("@Multiplexed") || line.hasPrefix("@_Multiplexed")
    }
    #expect(attributes.isEmpty)
    #expect(text.contains("final class ListenerMultiplexer"))
    #expect(text.contains("protocol ListenerCombining"))
  }

  /// The file checked in for `source`: a header, the import the expansion needs, and the expansion of `source`
  /// without its leading `//` comment (which describes the input file).
  static func expandedFile(of source: String, name: String) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { $0.hasPrefix("// ") || $0 == "//" || $0.isEmpty }.joined(separator: "\n")
    let expansion = Expansion(body)
    precondition(expansion.diagnostics.isEmpty, "the benchmark's \(name) does not expand: \(expansion.diagnostics)")
    return """
      // Expanded by @Multiplexed from Benchmarks/MacroInputs/\(name).swift. Do not edit: regenerate with
      // `MULTIPLEX_REGENERATE_GOLDEN=1 swift test --filter BenchmarkExpansionTests` (a test fails when it is stale).

      public import Multiplex

      \(expansion.source.trimmingCharacters(in: .newlines))

      """
  }
}
