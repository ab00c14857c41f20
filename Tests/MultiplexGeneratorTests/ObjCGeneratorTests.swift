import Foundation
import MultiplexSymbolGraphReader
import Testing

/// `ExternalGenerator` for `@objc` protocols: golden output for UIKit-shaped delegates, the spellings it accepts,
/// and the diagnostics for what it refuses.
///
/// The golden files are type-checked with Objective-C interop against stand-in modules by
/// `Scripts/typecheck-objc-golden.sh` (this machine has no Objective-C runtime to run them).
@Suite struct ObjCGeneratorTests {
  private func generate(
    _ input: ExternalProtocol,
    typeName: String,
    defaults: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Result<String, GenerationFailure> {
    ExternalGenerator.generate(input, options: GenerationOptions(typeName: typeName, defaultValues: defaults))
  }

  private func generated(
    _ input: ExternalProtocol,
    typeName: String,
    defaults: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    switch generate(input, typeName: typeName, defaults: defaults) {
    case .success(let text): return text
    case .failure(let failure):
      Issue.record("generation failed: \(failure.diagnostics)", sourceLocation: sourceLocation)
      return ""
    }
  }

  /// Whether `lines` are consecutive lines of `text`, ignoring indentation.
  private func followsInOrder(_ lines: [String], in text: String) -> Bool {
    let all = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingPrefix(while: { $0 == " " })
    }
    guard lines.count <= all.count else { return false }
    return (0...(all.count - lines.count)).contains { start in
      lines.indices.allSatisfy { all[start + $0] == Substring(lines[$0]) }
    }
  }

  private func diagnostics(
    _ input: ExternalProtocol,
    defaults: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [GeneratorDiagnostic] {
    switch generate(input, typeName: "Multiplexer", defaults: defaults) {
    case .success(let text):
      Issue.record("generation succeeded:\n\(text)", sourceLocation: sourceLocation)
      return []
    case .failure(let failure): return failure.diagnostics
    }
  }

  @Test func scrollViewDelegate() {
    let output = generated(
      ObjCInputs.scrollView,
      typeName: "UIScrollViewDelegateMultiplexer",
      defaults: ObjCInputs.scrollViewDefaults
    )
    assertMatchesGolden(output, named: "UIScrollViewDelegateMultiplexer")
    #expect(
      output.hasPrefix(
        "#if canImport(ObjectiveC) && canImport(UIKit)\n\nimport Foundation\nimport Multiplex\nimport UIKit\n"
      )
    )
    #expect(output.hasSuffix("\n#endif\n"))
    // An `Optional` result: the method is looked up, then called, so that `nil` is an answer.
    #expect(output.contains("$0.viewForZooming(in:).map { $0(scrollView) }"))
    #expect(output.contains("#selector((any UIScrollViewDelegate).viewForZooming(in:))"))
    #expect(output.contains("nonisolated override func responds(to aSelector: Selector!) -> Swift.Bool {"))
    #expect(!output.contains("firstNonNil"))
  }

  /// The event stream of an `@objc` multiplexer: a case per `Void` method, named without the sender, none for a
  /// method returning a value or taking a pointer; `responds(to:)` counts the open streams; a main-actor
  /// multiplexer refreshes its answers on the main actor when a stream ends.
  @Test func objcEventStream() {
    let output = generated(
      ObjCInputs.scrollView,
      typeName: "UIScrollViewDelegateMultiplexer",
      defaults: ObjCInputs.scrollViewDefaults
    )
    #expect(output.contains("    case didScroll(UIScrollView)\n"))
    #expect(output.contains("    case didEndZooming(UIScrollView, with: UIView?, atScale: CGFloat)\n"))
    #expect(!output.contains("case willEndDragging"))
    #expect(!output.contains("case viewForZooming"))
    #expect(!output.contains("case scrollViewShouldScrollToTop"))
    #expect(
      output.contains("self._respondsToSelectorAnswers.isStreamed(index) || self._isImplemented(")
    )
    #expect(output.contains("func events(of kinds: Swift.Set<Event.Kind>, bufferingPolicy:"))
    #expect(output.contains("Swift.Task { @MainActor [weak self] in"))
    let table = generated(
      ObjCInputs.tableView,
      typeName: "UITableViewDelegateMultiplexer",
      defaults: ObjCInputs.tableViewDefaults
    )
    #expect(table.contains("case didSelectRowAt(UITableView, didSelectRowAt: IndexPath)\n"))
    #expect(table.contains("case willDisplay(UITableView, willDisplay: UITableViewCell, forRowAt: IndexPath)\n"))
    // The sender asks again once the stream counts: after `_events`, not before.
    #expect(followsInOrder([")", "self.refreshRespondsToSelector()", "return stream"], in: output))
    // The tap finds a selector's index in a table made once; only the multiplexer's `responds(to:)` searches.
    #expect(output.contains("guard let aSelector, let index = Self.optionalIndices[aSelector] else {"))
    #expect(output.components(separatedBy: "_optionalSelectors.firstIndex(of: aSelector)").count == 2)
  }

  /// The tap hears a required `Void` requirement whatever it answers to `responds(to:)`: it yields the call only
  /// when its stream reports that kind.
  @Test func objcEventTapGuardsRequiredRequirements() {
    let input = ExternalProtocol(
      source: """
        @MainActor @objc public protocol UIPickerViewDelegate : NSObjectProtocol {
          func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
          optional func pickerViewDidScroll(_ pickerView: UIPickerView)
        }
        """,
      moduleName: "UIKit",
      isObjC: true,
      members: [ExternalMember(), ExternalMember(isOptional: true)]
    )
    let output = generated(input, typeName: "UIPickerViewDelegateMultiplexer")
    #expect(
      followsInOrder(
        [
          "guard self.kinds.contains(.didSelectRow) else { return }",
          "Multiplex._yieldEvent(.didSelectRow(pickerView, didSelectRow: row, inComponent: component), to: self.continuation)",
        ],
        in: output
      )
    )
    #expect(!output.contains("guard self.kinds.contains(.didScroll)"))
  }

  /// A required decision (WebKit's `WKDownloadDelegate` destination) does not stop the stream: the tap implements it
  /// without responding, so the runtime passes the decision on to an observer. Nor does a required method returning
  /// a value or a required property (`UIContextMenuInteractionDelegate`, `UIGuidedAccessRestrictionDelegate`): the
  /// tap answers like a default implementation, so its answer is never combined.
  @Test func requiredDecisionDoesNotStopTheStream() {
    func output(required: String) -> String {
      let input = ExternalProtocol(
        source: """
          @MainActor @objc public protocol WKDownloadDelegate : NSObjectProtocol {
            \(required)
            optional func downloadDidFinish(_ download: WKDownload)
          }
          """,
        moduleName: "WebKit",
        isObjC: true,
        members: [ExternalMember(), ExternalMember(isOptional: true)]
      )
      return generated(input, typeName: "WKDownloadDelegateMultiplexer")
    }
    let decision = output(
      required: "func download(_ download: WKDownload, decideDestinationUsing response: URLResponse, "
        + "suggestedFilename: String, completionHandler: @escaping @MainActor @Sendable (URL?) -> Void)"
    )
    #expect(decision.contains("case didFinish(WKDownload)"))
    #expect(
      followsInOrder(
        [
          "func download(_ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: "
            + "String, completionHandler: @escaping @MainActor @Sendable (URL?) -> Void) {",
          "Multiplex.notImplemented(by: self, returning: ())",
        ],
        in: decision
      )
    )
    let returning = output(required: "func download(_ download: WKDownload, titleFor name: String) -> String?")
    #expect(returning.contains("case didFinish(WKDownload)"))
    #expect(
      followsInOrder(
        [
          "func download(_ download: WKDownload, titleFor name: String) -> String? {",
          "Multiplex.notImplemented(by: self, returning: nil)",
        ],
        in: returning
      )
    )
    let settable = output(required: "var downloadTitle: String? { get set }")
    #expect(settable.contains("case didFinish(WKDownload)"))
    #expect(
      followsInOrder(
        [
          "var downloadTitle: String? {", "get {", "Multiplex.notImplemented(by: self, returning: nil)", "}", "set {",
          "}",
        ],
        in: settable
      ),
      "the tap's setter does nothing"
    )
    let property = output(required: "var downloadIdentifiers: [String]? { get }")
    #expect(property.contains("case didFinish(WKDownload)"))
    #expect(
      followsInOrder(
        [
          "var downloadIdentifiers: [String]? {", "get {", "Multiplex.notImplemented(by: self, returning: nil)",
        ],
        in: property
      )
    )
  }

  /// A requirement naming a member type called `Event` (Foundation's `stream(_:handle:)` names `Stream.Event`) keeps
  /// the stream: only an unqualified `Event` would be hidden by the multiplexer's own.
  @Test func aMemberTypeNamedEventDoesNotStopTheStream() {
    func output(_ argument: String) -> String {
      let input = ExternalProtocol(
        source: """
          public protocol StreamDelegate : NSObjectProtocol {
            optional func stream(_ aStream: Stream, handle eventCode: \(argument))
          }
          """,
        moduleName: "Foundation",
        isObjC: true,
        members: [ExternalMember(isOptional: true)]
      )
      return generated(input, typeName: "StreamDelegateMultiplexer")
    }
    #expect(output("Stream.Event").contains("case handle(Stream, handle: Stream.Event)"))
    #expect(!output("Event").contains("func events("))
  }

  /// A requirement whose mere implementation changes what the sender does (`SenderChangingRequirement`) keeps its
  /// case, with the reason, but `events()` leaves it out: `textFieldDidEndEditing(_:reason:)` is called in place
  /// of `textFieldDidEndEditing(_:)`.
  @Test func objcEventsLeavesOutSenderChangingRequirements() {
    let input = ExternalProtocol(
      source: """
        @MainActor public protocol UITextFieldDelegate : NSObjectProtocol {
          optional func textFieldDidEndEditing(_ textField: UITextField)
          optional func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
        }
        """,
      moduleName: "UIKit",
      isObjC: true,
      members: Array(repeating: ExternalMember(isOptional: true), count: 2)
    )
    let output = generated(input, typeName: "UITextFieldDelegateMultiplexer")
    #expect(output.contains("case didEndEditingReason(UITextField, reason: UITextField.DidEndEditingReason)"))
    #expect(output.contains("case didEndEditing(UITextField)\n"))
    #expect(output.contains("/// Not reported by `events()`: implementing it changes what the sender does"))
    #expect(output.contains("UITextField.h: \"if implemented, called in place of textFieldDidEndEditing:\""))
    #expect(
      output.contains(
        "self.events(of: Swift.Set(Event.Kind.allCases).subtracting([.didEndEditingReason]), bufferingPolicy: bufferingPolicy)"
      )
    )
    let scroll = generated(
      ObjCInputs.scrollView,
      typeName: "UIScrollViewDelegateMultiplexer",
      defaults: ObjCInputs.scrollViewDefaults
    )
    #expect(scroll.contains("self.events(of: Swift.Set(Event.Kind.allCases), bufferingPolicy: bufferingPolicy)"))
  }

  /// A requirement newer than the deployment floor, or deprecated, has no case (an enum case with associated
  /// values cannot be potentially unavailable); the others keep theirs.
  @Test func objcEventStreamLeavesOutNewerRequirements() {
    var input = ObjCInputs.scrollView
    input.members[0].isEventCaseAvailable = false
    let output = generated(input, typeName: "UIScrollViewDelegateMultiplexer", defaults: ObjCInputs.scrollViewDefaults)
    #expect(!output.contains("case didScroll("))
    #expect(output.contains("case didZoom(UIScrollView)"))
  }

  @Test func tableViewDelegate() {
    let output = generated(
      ObjCInputs.tableView,
      typeName: "UITableViewDelegateMultiplexer",
      defaults: ObjCInputs.tableViewDefaults
    )
    assertMatchesGolden(output, named: "UITableViewDelegateMultiplexer")
    #expect(output.contains("default: UITableView.automaticDimension, combiner: self.combiner"))
    // A default may name a parameter.
    #expect(output.contains("self._combineImplementing(default: indexPath, combiner: self.combiner) {"))
    #expect(output.contains("@MainActor\nfinal class UITableViewDelegateMultiplexer: Foundation.NSObject,"))
  }

  /// Required requirements reach every observer as for a Swift protocol; optional ones marked by the member
  /// descriptions alone; a protocol that does not refine `NSObjectProtocol` asks `responds(to:)` through a cast.
  @Test func requiredRequirementsAndNoNSObjectProtocol() {
    let output = generated(ObjCInputs.download, typeName: "DownloadDelegateMultiplexer")
    assertMatchesGolden(output, named: "DownloadDelegateMultiplexer")
    #expect(output.contains("$0.downloadDidFinish(download)"))
    #expect(output.contains("$0.download?(download, didReceive: bytes)"))
    #expect(output.contains("as? any Foundation.NSObjectProtocol"))
    #expect(output.contains("#selector((any DownloadDelegate).download(_:didReceive:))"))
    #expect(!output.contains("#selector((any DownloadDelegate).downloadDidFinish"))
    #expect(output.contains("\n  override func responds(to aSelector: Selector!) -> Swift.Bool {"))
    #expect(!output.contains("nonisolated"))
  }

  /// A selector the file does not list goes to the primary alone: `responds(to:)` answers it through
  /// `_respondsToUnlisted(_:)` (`NSObject`'s answer first, never forwarded), `forwardingTarget(for:)` hands it to the
  /// primary, and the refresh compares the primary's answers too; isolated classes make those members nonisolated,
  /// and a protocol that does not refine `NSObjectProtocol` asks the primary through a cast.
  @Test func unlistedSelectorsGoToThePrimary() {
    let scrollView = generated(
      ObjCInputs.scrollView,
      typeName: "UIScrollViewDelegateMultiplexer",
      defaults: ObjCInputs.scrollViewDefaults
    )
    for expected in [
      "    guard let aSelector, let index = Self._optionalSelectors.firstIndex(of: aSelector) else {\n"
        + "      return self._respondsToUnlisted(aSelector)\n    }",
      "nonisolated private func _respondsToUnlisted(_ aSelector: Selector?) -> Swift.Bool {\n"
        + "    let inherited = super.responds(to: aSelector)",
      "respondsToUnlisted(aSelector, inherited: inherited) {",
      "nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {\n"
        + "    guard let aSelector, let primary = self._primary(respondingTo: aSelector) else {\n"
        + "      return super.forwardingTarget(for: aSelector)\n    }\n    return primary\n  }",
      "nonisolated private func _primary(respondingTo selector: Selector) -> (any UIScrollViewDelegate)? {\n"
        + "    Multiplex._RespondsToSelectorAnswers.forwardingTarget(self._multiplexer.primary, of: self) {\n"
        + "      $0.responds(to: selector)",
      "} forwards: { (selector: Selector) in\n      self._primary(respondingTo: selector) != nil\n    }",
    ] {
      #expect(scrollView.contains(expected), "\(expected)")
    }
    let download = generated(ObjCInputs.download, typeName: "DownloadDelegateMultiplexer")
    #expect(download.contains("\n  override func forwardingTarget(for aSelector: Selector!) -> Any? {"))
    #expect(
      download.contains(
        "forwardingTarget(self._multiplexer.primary, of: self) {\n"
          + "      ($0 as? any Foundation.NSObjectProtocol)?.responds(to: selector) == true"
      )
    )
  }

  /// Joined handler requirements of an `@objc` protocol (`--combine` on a completion handler): a required one goes
  /// through `_join`, optional ones through `_joinImplementing` (only the observers that implement them), each
  /// observer called with its own handler, the sender's wrapped by the policy; the one without a choice stays
  /// decided once. `Scripts/typecheck-objc-golden.sh` type-checks the golden file.
  @Test func joinedHandlers() {
    let output: String
    switch ExternalGenerator.generate(
      ObjCInputs.session,
      options: GenerationOptions(typeName: "DownloadSessionDelegateMultiplexer", combining: ObjCInputs.sessionCombining)
    ) {
    case .success(let text): output = text
    case .failure(let failure):
      Issue.record("generation failed: \(failure.diagnostics)")
      return
    }
    assertMatchesGolden(output, named: "DownloadSessionDelegateMultiplexer")
    #expect(
      member("func session(_ session: DownloadSession, didFinishPart", in: output).contains(
        """
        self._multiplexer._join(Multiplex._JoinedHandler.join(completionHandler)) { observer, answer in
              observer.session(session, didFinishPart: part, completionHandler: { answer(()) })
            }
        """
      )
    )
    #expect(
      member("func session(_ session: DownloadSession, shouldResume", in: output).contains(
        """
        self._joinImplementing(Multiplex._JoinedHandler.anyTrue(completionHandler)) { observer, answer in
              observer.session?(session, shouldResume: attempt, completionHandler: answer)
            }
        """
      )
    )
    #expect(
      output.contains(
        "Multiplex._JoinedHandler.order([.newData, .failed, .noData], fetchCompletionHandler)"
      )
    )
    #expect(member("func session(_ session: DownloadSession, decideFor", in: output).contains("_decideImplementing"))
  }

  /// `UNUserNotificationCenterDelegate` joined (its golden file is compiled against the real SDK by
  /// `Scripts/apple-check.sh`): both completion handlers reach every implementing observer.
  @Test func joinedNotificationCenter() throws {
    let output = try ExternalGenerator.generate(
      ObjCInputs.notificationCenter,
      options: GenerationOptions(
        typeName: "UNUserNotificationCenterDelegateMultiplexer",
        combining: ObjCInputs.notificationCenterCombining
      )
    ).get()
    assertMatchesGolden(output, named: "UNUserNotificationCenterDelegateMultiplexer")
    #expect(output.components(separatedBy: "self._joinImplementing(").count - 1 == 2)
    #expect(!output.contains("_decideImplementing"))
  }

  /// Throwing and `async` optional requirements are one call into the runtime, as the others. (Not in a golden
  /// file: Swift 6.3.1 crashes compiling any call of a throwing or `async` optional requirement for iOS, which
  /// `Scripts/apple-check.sh` does with the golden files; `DelegateMultiplexingExtensionTests` runs the entry
  /// points.)
  @Test func throwingAndAsyncOptionalRequirementsAreOneCall() {
    let input = ExternalProtocol(
      source: """
        @objc public protocol DownloadDelegate {
          func download(_ download: Download, verifyChecksum checksum: Int) throws
          func download(_ download: Download, nameFor part: Int) throws -> String
          func download(_ download: Download, prepare part: Int) async
          func download(_ download: Download, sizeOf part: Int) async -> Int
          func download(_ download: Download, titleFor part: Int) async -> String?
        }
        """,
      moduleName: "DownloadKit",
      isObjC: true,
      members: [
        ExternalMember(isOptional: true, objcSelector: "download:verifyChecksum:error:"),
        ExternalMember(isOptional: true, defaultValue: "\"\"", objcSelector: "download:nameFor:error:"),
        ExternalMember(isOptional: true, objcSelector: "download:prepare:completionHandler:"),
        ExternalMember(isOptional: true, defaultValue: "0", objcSelector: "download:sizeOf:completionHandler:"),
        ExternalMember(isOptional: true, objcSelector: "download:titleFor:completionHandler:"),
      ]
    )
    let output = generated(input, typeName: "DownloadDelegateMultiplexer")
    #expect(
      member("func download(_ download: Download, verifyChecksum", in: output).contains(
        "try self._notifyImplementing {\n      try $0.download?(download, verifyChecksum: checksum)\n    }"
      )
    )
    #expect(
      member("func download(_ download: Download, nameFor", in: output).contains(
        """
            try self._combineImplementing(default: "", combiner: self._combiner.object) {
              $0.downloadDelegateMultiplexer(self, combineDownloadNameFor: &$1, default: $2)
            } _: {
              try $0.download?(download, nameFor: part)
            }
        """
      )
    )
    #expect(
      member("func download(_ download: Download, prepare", in: output).contains(
        "await self._notifyImplementing {\n      await $0.download?(download, prepare: part)\n    }"
      )
    )
    #expect(
      member("func download(_ download: Download, sizeOf", in: output).contains(
        "await self._combineImplementing(default: 0, combiner: self._combiner.object) {"
      )
    )
    // An `Optional` answer: the method is looked up (an `async` access), so that its `nil` is an answer.
    #expect(
      member("func download(_ download: Download, titleFor", in: output).contains(
        """
            } _: {
              guard let method = await $0.download(_:titleFor:) else {
                return nil
              }
              return await method(download, part)
            }
        """
      )
    )
    #expect(!output.contains("_combine("))
    #expect(!output.contains("responded"))
  }

  /// `@objc` on the protocol and its members may be there or not; `optional` in the source or in the member
  /// description: the same output.
  @Test func spellingsAreEquivalent() {
    var spelled = ObjCInputs.scrollView
    spelled.source = spelled.source
      .replacingOccurrences(of: "@MainActor public protocol", with: "@MainActor @objc public protocol")
      .replacingOccurrences(of: "  optional func", with: "  @objc optional func")
    var described = ObjCInputs.scrollView
    described.source = described.source.replacingOccurrences(of: "optional func", with: "func")
    described.source = described.source.replacingOccurrences(of: "@objc func", with: "func")
    described.members = Array(repeating: ExternalMember(isOptional: true), count: 6)
    let defaults = ObjCInputs.scrollViewDefaults
    let reference = generated(ObjCInputs.scrollView, typeName: "M", defaults: defaults)
    #expect(!reference.isEmpty)
    #expect(generated(spelled, typeName: "M", defaults: defaults) == reference)
    #expect(generated(described, typeName: "M", defaults: defaults) == reference)
  }

  @Test func outputIsDeterministic() {
    let first = generated(ObjCInputs.tableView, typeName: "M", defaults: ObjCInputs.tableViewDefaults)
    #expect(first == generated(ObjCInputs.tableView, typeName: "M", defaults: ObjCInputs.tableViewDefaults))
  }

  /// A non-`Optional` result that neither the user, the documented defaults nor a convention answers (a class,
  /// which has no empty value): every one of them refused in one line, at the first, naming the flags to fill in.
  @Test func missingDefaultIsRefused() {
    var download = ObjCInputs.download
    download.members[1].defaultValue = nil
    download.members[3].defaultValue = nil
    download.source = download.source
      .replacingOccurrences(of: "shouldRetryAfter attempt: Int) -> Bool", with: "retryAfter attempt: Int) -> Download")
      .replacingOccurrences(of: "priorityFor attempt: Int) -> Int", with: "priorityFor attempt: Int) -> Download")
    let found = diagnostics(download)
    #expect(found.map(\.line) == [3])
    // The required one only: the optional one, whose result has no empty value, is answered with the observers'
    // kept answers (see `LibraryGraphTests`).
    #expect(
      found.first?.message
        == "cannot forward 'download(_:retryAfter:)' ('Download') of 'DownloadDelegate': it returns a value, so the "
        + "multiplexer needs the answer the sender uses when its delegate does not implement it (an observer left "
        + "since the sender asked), and the generator knows no documented default; give it with --default "
        + "'download(_:retryAfter:)=<Download>'"
    )
    var keptOnly = download
    keptOnly.members[1].defaultValue = "Download()"
    #expect(
      generated(keptOnly, typeName: "M").contains("self._answerImplementing(keeping: self._keptAnswers, at: 1) {")
    )
    // With their types' empty values (`Int`), or a `should…` question's answer, nothing is missing.
    var answered = ObjCInputs.download
    answered.members[1].defaultValue = nil
    answered.members[3].defaultValue = nil
    let answeredText = generated(answered, typeName: "M")
    #expect(answeredText.contains("Convention (nothing documents it): a 'should…' or 'can…' question answers true."))
    #expect(answeredText.contains("Convention (nothing documents it): the empty value"))
    // UIKit's are answered from the documented defaults, with no flag.
    let table = generated(ObjCInputs.tableView, typeName: "UITableViewDelegateMultiplexer")
    #expect(table.contains("// Without an answering observer: true. Documented: https://developer.apple.com/"))
  }

  @Test func unknownOrInvalidDefaultsAreRefused() {
    var defaults = ObjCInputs.scrollViewDefaults
    defaults["scrollViewDidScroll(_:)"] = "1"  // returns nothing
    defaults["scrollViewShouldZoom(_:)"] = "true"  // no such requirement
    let found = diagnostics(ObjCInputs.scrollView, defaults: defaults)
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.message.contains("which is no requirement of the protocol that returns a value") })
    #expect(found.map(\.message).sorted().first?.contains("'scrollViewDidScroll(_:)'") == true)

    let invalid = diagnostics(ObjCInputs.scrollView, defaults: ["scrollViewShouldScrollToTop(_:)": "true) + (false"])
    #expect(
      invalid.map(\.message) == [
        "the default value of 'scrollViewShouldScrollToTop(_:)', 'true) + (false', is not one Swift expression"
      ]
    )
    #expect(invalid.first?.line == 7)
  }

  /// An optional property is forwarded like a requirement that returns a value (`UIApplicationDelegate.window`).
  @Test func optionalPropertyIsForwarded() {
    let input = ExternalProtocol(
      source: """
        @objc public protocol PageDelegate: NSObjectProtocol {
          optional func pageDidLoad(_ page: Page)
          @objc optional var preferredTitle: String? { get }
        }
        """,
      moduleName: "PageKit",
      isObjC: true,
      members: [ExternalMember(), ExternalMember()]
    )
    let output = generated(input, typeName: "PageDelegateMultiplexer")
    #expect(output.contains("var preferredTitle: String? {\n    get {"))
    #expect(output.contains("$0.preferredTitle\n"))
    // Read-only: no setter, and only the getter's selector.
    #expect(!output.contains("forKey: \"preferredTitle\""))
    #expect(output.contains(#"Foundation.NSSelectorFromString("preferredTitle"),"#))
    #expect(!output.contains("setPreferredTitle:"))
  }

  /// The text of the member of `output` whose first line contains `head`, up to the next blank line.
  private func member(_ head: String, in output: String) -> String {
    guard let start = output.range(of: head) else { return "" }
    let rest = output[start.lowerBound...]
    return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
  }

  /// Every selector the generated code names is the symbol graph's: exact for two requirements that share a
  /// Swift name, and free of availability (an iOS 26 requirement in a list built for iOS 13) and deprecation.
  @Test func selectorsAreTheGraphs() {
    let output = generated(ObjCInputs.navigation, typeName: "WKNavigationDelegateMultiplexer")
    assertMatchesGolden(output, named: "WKNavigationDelegateMultiplexer")
    #expect(!output.contains("#selector("))
    for selector in ObjCInputs.navigation.members.compactMap(\.objcSelector) {
      #expect(output.contains("  Foundation.NSSelectorFromString(\"\(selector)\"),\n"), "\(selector)")
    }
    // The iOS 26 requirement keeps its availability where it is declared.
    #expect(output.contains("  @available(iOS 26.0, *) func webView(_ webView: WKWebView, shouldGoTo"))
    // Without a selector from the graph, `#selector` names the requirement.
    let scrollView = generated(ObjCInputs.scrollView, typeName: "M", defaults: ObjCInputs.scrollViewDefaults)
    #expect(scrollView.contains("#selector((any UIScrollViewDelegate).viewForZooming(in:))"))
  }

  /// The selector in a USR of an `@objc` method, from Objective-C and from Swift.
  @Test func selectorFromUSR() {
    #expect(
      SymbolGraphReader.objcSelector(
        usr: "c:objc(pl)WKNavigationDelegate(im)webView:decidePolicyForNavigationAction:decisionHandler:"
      )
        == "webView:decidePolicyForNavigationAction:decisionHandler:"
    )
    #expect(
      SymbolGraphReader.objcSelector(usr: "c:objc(pl)UIScrollViewDelegate(im)scrollViewDidScroll:")
        == "scrollViewDidScroll:"
    )
    #expect(
      SymbolGraphReader.objcSelector(usr: "c:@M@DownloadKit@objc(pl)DownloadDelegate(im)download:didReceive:")
        == "download:didReceive:"
    )
    #expect(SymbolGraphReader.objcSelector(usr: "c:objc(cs)NSObject(cm)new") == "new")
    // A property's name, its getter's selector.
    #expect(SymbolGraphReader.objcSelector(usr: "c:objc(pl)P(py)title") == "title")
    #expect(SymbolGraphReader.objcSelector(usr: "s:13FoundationXML17XMLParserDelegateP6parser") == nil)
  }

  /// A decision (`decisionHandler:`, `completionHandler:`) of an `@objc` protocol reaches one observer, the first
  /// that implements it, as in the Swift flavour: with two implementers, WebKit's handler would be called twice.
  @Test func objcDecisionsReachOneObserver() {
    let output = generated(ObjCInputs.navigation, typeName: "WKNavigationDelegateMultiplexer")
    for head in [
      "func webView(_ webView: WKWebView, decidePolicyFor navigationAction",
      "func webView(_ webView: WKWebView, decidePolicyFor navigationResponse",
      "func webView(_ webView: WKWebView, didReceive challenge",
      "func webView(_ webView: WKWebView, shouldGoTo",
    ] {
      let text = member(head, in: output)
      // One call into the runtime, which stops at the first observer that implements it.
      #expect(text.contains("self._decideImplementing {\n      $0.webView?(webView, "), "\(head)")
      #expect(!text.contains(".notify"), "\(head)")
    }
    // An event goes to every observer that implements it.
    let event = member("func webView(_ webView: WKWebView, didFinish navigation", in: output)
    #expect(event.contains("self._notifyImplementing {"))
    #expect(!event.contains("responses.next()"))
  }

  /// An optional requirement returning an `Optional`: `nil` is an answer (`tableView(_:willSelectRowAt:)`
  /// answering `nil` vetoes the selection), so the method is looked up before it is called: `observer.method?(…)`
  /// would flatten "not implemented" and `nil`.
  @Test func nilAnswersAreKept() {
    let output = generated(
      ObjCInputs.tableView,
      typeName: "UITableViewDelegateMultiplexer",
      defaults: ObjCInputs.tableViewDefaults
    )
    let willSelect = member("func tableView(_ tableView: UITableView, willSelectRowAt", in: output)
    #expect(willSelect.contains("$0.tableView(_:willSelectRowAt:).map { $0(tableView, indexPath) }"))
    #expect(!willSelect.contains("$0.tableView?("))
    // A non-`Optional` result keeps the optional call.
    let height = member("func tableView(_ tableView: UITableView, heightForRowAt", in: output)
    #expect(height.contains("$0.tableView?(tableView, heightForRowAt: indexPath)"))
  }

  /// One `--default` answers for every requirement of that name: UIKit's `UITextViewDelegate` has two
  /// `textView(_:shouldInteractWith:in:interaction:)`, for a URL and for a text attachment.
  @Test func defaultCoversOverloads() {
    let input = ExternalProtocol(
      source: """
        @MainActor @objc public protocol UITextViewDelegate : NSObjectProtocol {
          optional func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool
          optional func textView(_ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool
        }
        """,
      moduleName: "UIKit",
      isObjC: true,
      members: [ExternalMember(), ExternalMember()]
    )
    // Before, the second overload had none, and generation failed.
    let output = generated(
      input,
      typeName: "M",
      defaults: ["textView(_:shouldInteractWith:in:interaction:)": "true"]
    )
    // Each forwarding member names its default once.
    #expect(output.components(separatedBy: "default: true, combiner:").count - 1 == 2)
  }
}
