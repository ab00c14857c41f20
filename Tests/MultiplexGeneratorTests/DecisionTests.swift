import Foundation
import MultiplexModel
import MultiplexSymbolGraphReader
import MultiplexSyntaxReader
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
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
    // The event tap reads no default here: it allocates no stub of its own (only the multiplexer does).
    #expect(output.components(separatedBy: "= _Defaults()").count - 1 == 1)
    // `completionHandler`, `decisionHandler` (throwing, no default: nothing to fall back on),
    // `needNewBodyStream completionHandler` (by its parameter name), an `Optional` `handler`, a
    // `completionHandler` that is not the last parameter and a `completion` are decisions; a closure named
    // `body`, a method without a closure and an `async` method are not.
    #expect(output.components(separatedBy: "// A decision:").count - 1 == 6)
    // Each is one call into the runtime, which asks the protocol's default implementation when nobody responds.
    #expect(output.components(separatedBy: "self._multiplexer._decide").count - 1 == 6)
    #expect(
      output.contains(
        "self._multiplexer._decide(otherwise: { self._defaults.download(download, didReceive: response, "
          + "completionHandler: completionHandler) }) {"
      )
    )
    #expect(
      output.contains("_decide(otherwise: { self._defaults.download(download, needNewBodyStream: completionHandler) })")
    )
    #expect(!output.contains("self._defaults.download(download, decidePolicyFor:"))
    #expect(output.contains("try self._multiplexer._decide {"))
    // The event tap leaves decisions to the observers: not events, not responding.
    #expect(output.contains("Multiplex.notImplemented(by: self, returning: ())"))
    #expect(!output.contains("case download(_ download: Download, didReceive"))
    #expect(output.contains("is a decision, made once"))
  }

  /// The rule, requirement by requirement, the same for the macro and the generator: a method returning `Void`,
  /// not `async`, with a closure parameter (any position; escaping or not; `Optional` or not) whose label or
  /// name is `handler`, `completion`, `callback`, `reply` or ends in one of them capitalized.
  @Test func theNamingRule() throws {
    let cases: [(declaration: String, isDecision: Bool)] = [
      ("func f(_ x: Int, completionHandler: @escaping (Bool) -> Void)", true),
      ("func f(_ x: Int, decisionHandler: @escaping @MainActor @Sendable (Int) -> Void)", true),
      ("func f(_ x: Int, replyHandler: @escaping (Int) -> Void)", true),
      ("func f(_ x: Int, reply: @escaping (Int) -> Void)", true),
      ("func f(_ x: Int, callback: @escaping () -> Void)", true),
      ("func f(_ x: Int, handler: @escaping () -> Void)", true),
      ("func retryResult(for request: Int, dueTo error: any Error, completion: @escaping (Int) -> Void)", true),
      ("func f(_ x: Int, onCompletion: @escaping () -> Void)", true),
      ("func f(_ x: Int, resultCallback: @escaping () -> Void)", true),
      ("func f(_ x: Int, sendReply: @escaping () -> Void)", true),
      ("func f(_ x: Int, withCompletionHandler completionHandler: @escaping () -> Void)", true),
      ("func f(_ x: Int, _ completion: @escaping () -> Void)", true),
      ("func f(_ x: Int, completion: (() -> Void)?)", true),
      ("func f(_ x: Int, completion: Optional<() -> Void>)", true),
      ("func f(_ x: Int, completion: ((Int) -> Void)!)", true),
      ("func f(_ x: Int, reply: (Int) -> Void)", true),
      ("func f(completion: @escaping () -> Void, queue: Int)", true),
      ("func f<T>(_ x: T, completion: @escaping (T) -> Void) throws", true),
      // No space after an attribute that takes no arguments: the parentheses are the closure's.
      ("func f(_ x: Int, completion: @escaping(Bool) -> Void)", true),
      ("func f(_ x: Int, completion: @Sendable(Bool) -> Void)", true),
      ("func f(_ x: Int, completion: Int)", false),
      ("func f(_ x: Int, body: @escaping () -> Void)", false),
      ("func f(_ x: Int, completionQueue: @escaping () -> Void)", false),
      ("func f(_ x: Int, completion: @escaping () -> Void) async", false),
      ("func f(_ x: Int, completion: @escaping () -> Void) -> Bool?", false),
      ("var completionHandler: (() -> Void)? { get set }", false),
    ]
    for (declaration, isDecision) in cases {
      let model = try #require(try Self.macroModel("@Multiplexed protocol P: AnyObject {\n  \(declaration)\n}"))
      #expect(model.requirements.map(\.isDecision) == [isDecision], "\(declaration)")
    }
  }

  /// `@MultiplexedDecidedOnce` and `@MultiplexedEveryObserver` override the rule either way; `--decided-once`
  /// and `--every-observer` likewise, by name, for every overload of that name.
  @Test func explicitChoicesOverrideTheRule() throws {
    let model = try #require(
      try Self.macroModel(
        """
        @Multiplexed protocol P: AnyObject {
          @MultiplexedDecidedOnce func decide(_ answer: @escaping (Int) -> Void)
          @MultiplexedEveryObserver func progress(handler: @escaping (Double) -> Void)
          func other(handler: @escaping (Double) -> Void)
        }
        """
      )
    )
    #expect(model.requirements.map(\.isDecision) == [true, false, true])

    let input = ExternalProtocol(
      source: """
        protocol P: AnyObject {
          func decide(_ answer: @escaping (Int) -> Void)
          func decide(_ answer: @escaping (String) -> Void)
          func progress(handler: @escaping (Double) -> Void)
        }
        """,
      moduleName: "M",
      members: [ExternalMember(), ExternalMember(), ExternalMember()]
    )
    let plain = try ExternalGenerator.generate(input, options: GenerationOptions(typeName: "PMultiplexer")).get()
    #expect(plain.components(separatedBy: "// A decision:").count - 1 == 1)
    let chosen = try ExternalGenerator.generate(
      input,
      options: GenerationOptions(
        typeName: "PMultiplexer",
        decidedOnce: ["decide(_:)"],
        everyObserver: ["progress(handler:)"]
      )
    ).get()
    #expect(chosen.components(separatedBy: "// A decision:").count - 1 == 2)
    #expect(!chosen.contains("func progress(handler: @escaping (Double) -> Void) {\n    // A decision"))
  }

  /// A handler requirement given a combining choice is joined: `_join` with the policy's `_JoinedHandler`, each
  /// observer called with its own handler; without a choice, it stays a decision, with the same text as before. A
  /// choice that cannot apply to the handler's answer, or a handler that cannot be joined, is one error naming
  /// what can.
  @Test func joinedHandlers() throws {
    let input = ExternalProtocol(
      source: """
        protocol Push: AnyObject {
          func didReceive(_ push: Int, completionHandler: @escaping () -> Void)
          func fetch(_ push: Int, completionHandler: @escaping @Sendable (Fetch) -> Void)
          func open(_ url: String, completion: ((Bool) -> Void)?)
          func decide(_ push: Int, decisionHandler: @escaping (Bool) -> Void)
          func now(_ push: Int, completion: (Bool) -> Void)
          func pair(_ push: Int, completionHandler: @escaping (Int, Int) -> Void)
        }
        """,
      moduleName: "M",
      members: [
        ExternalMember(), ExternalMember(hasDefaultImplementation: true), ExternalMember(), ExternalMember(),
        ExternalMember(), ExternalMember(),
      ]
    )
    let output = try ExternalGenerator.generate(
      input,
      options: GenerationOptions(
        typeName: "PushMultiplexer",
        combining: [
          "didReceive(_:completionHandler:)": .join,
          "fetch(_:completionHandler:)": .order(["newData", "failed", "noData"]),
          "open(_:completion:)": .anyTrue,
        ]
      )
    ).get()
    #expect(
      output.contains(
        """
        self._multiplexer._join(Multiplex._JoinedHandler.join(completionHandler)) { observer, answer in
              observer.didReceive(push, completionHandler: { answer(()) })
            }
        """
      )
    )
    // The protocol's extension answers when no observer does, with the sender's own handler.
    #expect(
      output.contains(
        "self._multiplexer._join(Multiplex._JoinedHandler.order([.newData, .failed, .noData], completionHandler), "
          + "otherwise: { self._defaults.fetch(push, completionHandler: completionHandler) }) { observer, answer in\n"
          + "      observer.fetch(push, completionHandler: answer)"
      )
    )
    #expect(output.contains("Multiplex._JoinedHandler.anyTrue(completion)) { observer, answer in"))
    #expect(output.contains("// A decision: only the first observer in call order gets it"))
    #expect(output.components(separatedBy: "// A decision:").count - 1 == 3)

    func failure(_ combining: [String: CombiningPolicy]) -> [String] {
      guard
        case .failure(let failure) = ExternalGenerator.generate(
          input,
          options: GenerationOptions(typeName: "S", combining: combining)
        )
      else { return [] }
      return failure.diagnostics.map(\.message)
    }
    #expect(
      failure(["open(_:completion:)": .union])
        == [
          "--combine cannot join the handlers of 'open(_:completion:)', which answers its handler 'completion' with "
            + "'Bool' (join needs a handler without an answer, anyTrue and allTrue a 'Bool', firstNonNil an "
            + "'Optional', union an option set, order(…) an enum); choose one of anyTrue, allTrue"
        ]
    )
    #expect(
      failure(["fetch(_:completionHandler:)": .anyTrue]).first?.hasSuffix("choose one of union, order(…)") == true
    )
    #expect(
      failure(["now(_:completion:)": .anyTrue])
        == [
          "--combine cannot combine the answers of 'now(_:completion:)', which hands over 'completion' of type "
            + "'(Bool) -> Void', which is not an escaping closure without a global actor (a joined handler is "
            + "called after every observer answered, on any thread); remove --combine"
        ]
    )
    #expect(failure(["pair(_:completionHandler:)": .first]).first?.contains("takes one answer or none") == true)
    #expect(CombiningPolicy(rawValue: "order(.newData, failed)") == .order(["newData", "failed"]))
    #expect(CombiningPolicy(rawValue: "order()") == nil)
    #expect(CombiningPolicy(rawValue: "order(new data)") == nil)
    #expect(CombiningPolicy(rawValue: "union") == .union)
  }

  /// `--decided-once` and `--combine` on one requirement contradict each other (the decision used to win silently).
  @Test func decidedOnceAndCombined() {
    let input = ExternalProtocol(
      source: """
        protocol Fetcher: AnyObject {
          func fetch(completion: @escaping () -> Void)
        }
        """,
      moduleName: "M",
      members: [ExternalMember(hasDefaultImplementation: true)]
    )
    let options = GenerationOptions(
      typeName: "S",
      decidedOnce: ["fetch(completion:)"],
      combining: ["fetch(completion:)": .join]
    )
    guard case .failure(let failure) = ExternalGenerator.generate(input, options: options) else {
      Issue.record("generated")
      return
    }
    #expect(
      failure.diagnostics.map(\.message) == [
        "--decided-once and --combine contradict each other on 'fetch(completion:)': one observer answers, or every "
          + "observer does and their answers are combined; keep one"
      ]
    )
    #expect(failure.diagnostics.map(\.line) == [2])
  }

  /// A choice that cannot apply is one error on the requirement's line (the generator) or on the attribute
  /// (the macro), naming the valid choices; a name that is no requirement is an error too.
  @Test func choicesThatCannotApply() throws {
    let input = ExternalProtocol(
      source: """
        protocol Store: AnyObject {
          func observes(eventsOfKind kind: Int) -> Bool
          func total() -> Int
          func name() -> String?
          func didChange()
        }
        """,
      moduleName: "M",
      members: Array(repeating: ExternalMember(hasDefaultImplementation: true), count: 4)
    )
    func failure(_ options: GenerationOptions) -> [GeneratorDiagnostic] {
      guard case .failure(let failure) = ExternalGenerator.generate(input, options: options) else { return [] }
      return failure.diagnostics
    }
    let anyTrueOnInt = failure(GenerationOptions(typeName: "S", combining: ["total()": .anyTrue]))
    #expect(anyTrueOnInt.map(\.line) == [3])
    #expect(
      anyTrueOnInt.first?.message
        == "--combine cannot combine the answers of 'total()', which returns 'Int' (anyTrue and allTrue need 'Bool', "
        + "firstNonNil an 'Optional'); choose one of first, last"
    )
    let firstNonNilOnBool = failure(
      GenerationOptions(typeName: "S", combining: ["observes(eventsOfKind:)": .firstNonNil])
    )
    #expect(firstNonNilOnBool.map(\.line) == [2])
    #expect(firstNonNilOnBool.first?.message.hasSuffix("choose one of first, last, anyTrue, allTrue") == true)
    let onVoid = failure(GenerationOptions(typeName: "S", combining: ["didChange()": .first]))
    #expect(onVoid.map(\.line) == [5])
    #expect(
      onVoid.first?.message
        == "--combine cannot combine the answers of 'didChange()', which returns nothing; remove --combine"
    )
    let decidedOnceOnValue = failure(GenerationOptions(typeName: "S", decidedOnce: ["total()"]))
    #expect(decidedOnceOnValue.map(\.line) == [3])
    #expect(
      decidedOnceOnValue.first?.message.hasPrefix(
        "--decided-once cannot apply to 'total()', a method that returns a value"
      ) == true
    )
    let unknown = failure(GenerationOptions(typeName: "S", everyObserver: ["nothing()"]))
    #expect(
      unknown.map(\.message) == [
        "--every-observer names 'nothing()', which is no requirement of the protocol; name a requirement as "
          + "'method(label:label:)', 'subscript(label:)' or a property by its name"
      ]
    )
    // What applies: `anyTrue` on the `Bool`, in the member and in the combining protocol's default.
    let output = try ExternalGenerator.generate(
      input,
      options: GenerationOptions(typeName: "S", combining: ["observes(eventsOfKind:)": .anyTrue, "name()": .last])
    ).get()
    #expect(output.contains("._forward(.anyTrue, default: "))
    #expect(output.contains("Multiplex.Combiner.anyTrue.combine(&responses, default: defaultValue)"))
    #expect(output.contains("Multiplex.Combiner.last.combine(&responses, default: defaultValue)"))
    #expect(
      output.contains("/// Combines the answers to `observes(eventsOfKind:)`; by default with `Combiner.anyTrue`.")
    )
  }

  /// `--combine`, `--decided-once` and `--every-observer` name a subscript as `--default` does (`subscript(_:)`,
  /// `subscript(row:column:)`); found by the shape test (regression CombineSubscriptName).
  @Test func choicesNameSubscripts() throws {
    let input = ExternalProtocol(
      source: """
        protocol Grid: AnyObject {
          subscript(key: String) -> Int { get }
          subscript(row row: Int, column column: Int) -> String? { get }
        }
        """,
      moduleName: "M",
      members: Array(repeating: ExternalMember(hasDefaultImplementation: true), count: 2)
    )
    let output = try ExternalGenerator.generate(
      input,
      options: GenerationOptions(
        typeName: "G",
        combining: ["subscript(_:)": .last, "subscript(row:column:)": .first]
      )
    ).get()
    #expect(output.contains("Multiplex.Combiner.last.combine(&responses, default: defaultValue)"))
    #expect(output.contains("Multiplex.Combiner.first.combine(&responses, default: defaultValue)"))
  }

  /// The model `@Multiplexed` reads from `source`, or `nil` with diagnostics.
  static func macroModel(_ source: String) throws -> ProtocolModel? {
    let file = Parser.parse(source: source)
    let proto = try #require(file.statements.first?.item.as(ProtocolDeclSyntax.self))
    let attribute = try #require(ProtocolModel.multiplexedAttributes(of: proto).first)
    var diagnostics: [Diagnostic] = []
    let model = ProtocolModel.make(
      from: proto,
      attribute: attribute,
      context: DeclarationContext(),
      diagnostics: &diagnostics
    )
    #expect(diagnostics.map(\.message) == [])
    return model
  }

  /// Protocols without completion handlers keep their documentation.
  @Test func noDecisionsWithoutCompletionHandlers() throws {
    let output = try ExternalGenerator.generate(
      ExternalGeneratorTests.feed,
      options: GenerationOptions(typeName: "FeedDelegateMultiplexer")
    ).get()
    #expect(!output.contains("decision"))
  }
}
