import Foundation
import MultiplexGeneratorCore
import Testing

/// Decisions: requirements of another module's protocol that hand over a completion handler go to one observer
/// only (the first in call order), or to the protocol's default implementation, so the handler is called once.
@Suite struct DecisionTests {
  /// Which requirements are decisions, and what is emitted for them: the forwarding member (with and without a
  /// default implementation to fall back on, throwing), the event tap's non-responding member, the class's
  /// documentation. Requirements that look close but are no decisions are forwarded to every observer.
  static let download = ExternalProtocol(
    source: """
      protocol DownloadDelegate: AnyObject {
        func download(_ download: Download, didReceive response: Response, completionHandler: @escaping @Sendable (Disposition) -> Void)
        func download(_ download: Download, decidePolicyFor action: Action, decisionHandler: @escaping (Bool) -> Void) throws
        func download(_ download: Download, needNewBodyStream completionHandler: @escaping (Stream?) -> Void)
        func download(_ download: Download, didFinish location: String)
        func download(_ download: Download, progress handler: ((Double) -> Void)?)
        func download(_ download: Download, visit body: (Int) -> Void)
        func download(_ download: Download, completionHandler: @escaping () -> Void, label: String)
        func download(_ download: Download, willRetry completion: @escaping () -> Void)
        func download(_ download: Download, asyncHandler: @escaping () -> Void) async
      }
      """,
    moduleName: "DownloadKit",
    members: [
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
      ExternalMember(hasDefaultImplementation: true),
    ]
  )

  @Test func decisionsGoToOneObserver() throws {
    let output = try ExternalGenerator.generate(
      Self.download,
      options: GenerationOptions(typeName: "DownloadDelegateMultiplexer")
    ).get()
    assertMatchesGolden(output, named: "SwiftDownloadDelegateMultiplexer")
    // `completionHandler`, `decisionHandler` (throwing, no default: nothing to fall back on) and
    // `needNewBodyStream completionHandler` (by its parameter name) are decisions; an `Optional` closure, a
    // non-escaping one, a handler that is not the last parameter, a last closure named `completion` and an
    // `async` method are not.
    #expect(output.components(separatedBy: "// A decision:").count - 1 == 3)
    #expect(
      output.components(separatedBy: "Multiplex.Combiner<any DownloadDelegate, Swift.Void, Swift.Bool>").count - 1 == 3
    )
    #expect(
      output.contains("self._defaults.download(download, didReceive: response, completionHandler: completionHandler)")
    )
    #expect(output.contains("self._defaults.download(download, needNewBodyStream: completionHandler)"))
    #expect(!output.contains("self._defaults.download(download, decidePolicyFor:"))
    #expect(output.contains("_ = try self._multiplexer.combine("))
    // The event tap leaves decisions to the observers: not events, not responding.
    #expect(output.contains("Multiplex.notImplemented(by: self, returning: ())"))
    #expect(!output.contains("case download(_ download: Download, didReceive"))
    #expect(output.contains("is a decision, made once"))
  }

  /// The macro never makes decisions, and protocols without completion handlers keep their documentation.
  @Test func noDecisionsWithoutCompletionHandlers() throws {
    let output = try ExternalGenerator.generate(
      ExternalGeneratorTests.feed,
      options: GenerationOptions(typeName: "FeedDelegateMultiplexer")
    ).get()
    #expect(!output.contains("decision"))
  }
}
