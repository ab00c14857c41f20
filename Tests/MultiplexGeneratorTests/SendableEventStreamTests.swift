import MultiplexSymbolGraphReader
import Testing

/// The event stream of a nonisolated `Sendable` `@objc` protocol (Foundation's URL session delegates): a `Sendable`
/// `Event` whose cases carry only what the symbol graphs say is `Sendable`, yielded without `_yieldEvent`'s escape, so
/// the compiler checks the crossing. `Scripts/typecheck-objc-golden.sh` type-checks the golden file in the Swift 6
/// language mode against `Scripts/objc-standins/DownloadKit.swift`, and shows that a non-`Sendable` case is
/// rejected.
@Suite struct SendableEventStreamTests {
  private func generated(_ input: ExternalProtocol, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    switch ExternalGenerator.generate(input, options: GenerationOptions(typeName: "TransferDelegateMultiplexer")) {
    case .success(let text): return text
    case .failure(let failure):
      Issue.record("generation failed: \(failure.diagnostics)", sourceLocation: sourceLocation)
      return ""
    }
  }

  /// `Event` is `Sendable`, with a case for each `Void` requirement whose arguments are all `Sendable`; the one
  /// with a `Download` argument has none, and the documentation says so and why.
  @Test func sendableEventWithSendablePayloadsOnly() {
    let output = generated(ObjCInputs.transfer)
    assertMatchesGolden(output, named: "TransferDelegateMultiplexer")
    #expect(output.contains("  enum Event: Swift.Sendable {\n"))
    #expect(output.contains("    case didWriteBytes(Transfer, didWriteBytes: Int64, totalBytes: Int64)\n"))
    #expect(output.contains("    case didReceive(Transfer, didReceive: Transfer.Code, message: String?)\n"))
    #expect(output.contains("    case didFinishAt(Transfer, didFinishAt: String)\n"))
    #expect(!output.contains("case didUpdate"))
    #expect(
      output.contains(
        "argument's type is not known to be `Sendable` (the symbol graph says no conformance): "
          + "`transfer(_:didUpdate:)` (`Download`)."
      )
    )
  }

  /// The tap yields with the continuation itself (the compiler checks that the event is `Sendable`), never through
  /// `_yieldEvent`, whose `nonisolated(unsafe)` would hide the crossing; it implements the required decision
  /// without responding, so an observer takes it; a `Sendable` multiplexer refreshes its answers where a stream
  /// ends.
  @Test func theTapYieldsCheckedAndPassesTheDecisionOn() {
    let output = generated(ObjCInputs.transfer)
    #expect(!output.contains("_yieldEvent"))
    #expect(
      output.contains("self.continuation.yield(.didWriteBytes(transfer, didWriteBytes: bytes, totalBytes: totalBytes))")
    )
    #expect(
      output.contains(
        "func transfer(_ transfer: Transfer, decideDestinationFor name: String, completionHandler: @escaping @Sendable "
          + "(String?) -> Void) {\n      Multiplex.notImplemented(by: self, returning: ())\n    }"
      )
    )
    #expect(output.contains("streamingDidEnd: { [weak self] in\n        self?.refreshRespondsToSelector()\n      }"))
    #expect(!output.contains("Swift.Task {"))
  }

  /// Without the graphs' word on which types are `Sendable` (a protocol given as text), no stream: the generator
  /// does not guess.
  @Test func noStreamWhenSendabilityIsUnknown() {
    var input = ObjCInputs.transfer
    input.sendableTypes = nil
    let output = generated(input)
    #expect(output.contains("final class TransferDelegateMultiplexer: Foundation.NSObject, TransferDelegate"))
    #expect(!output.contains("enum Event"))
    #expect(!output.contains("func events("))
  }

  /// A requirement whose `Sendable`-looking argument is not in the set has no case either: the set decides, not the
  /// spelling.
  @Test func aTypeNotKnownToBeSendableLeavesItsRequirementOut() {
    var input = ObjCInputs.transfer
    input.sendableTypes = ["Transfer", "Int64", "String"]
    let output = generated(input)
    #expect(output.contains("  enum Event: Swift.Sendable {\n"))
    #expect(!output.contains("case didReceive("))
    #expect(output.contains("`transfer(_:didReceive:message:)` (`Transfer.Code`)"))
    #expect(output.contains("case didWriteBytes("))
  }
}
