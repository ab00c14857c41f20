// The shapes of the Apple SDKs' delegate protocols that `multiplex-generate` used to refuse or get wrong (issue 34),
// as hand-written stand-in graphs: the SDK itself never enters the repository. `Scripts/apple-sweep.py` runs the
// same code on the real SDKs.

import Foundation
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

@Suite struct AppleSDKShapeTests {
  /// Writes `graph` into a fresh directory and generates `name`'s multiplexer with no flag.
  private func generate(
    _ name: String,
    graph: GraphFixture,
    otherModules: [GraphFixture] = [],
    defaults: [String: String] = [:]
  ) throws -> Result<String, GenerationFailure> {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    for other in otherModules { try other.write(to: directory.url) }
    let input = try read(name, module: graph.module, in: directory)
    return ExternalGenerator.generate(
      input,
      options: GenerationOptions(typeName: name + "Multiplexer", defaultValues: defaults)
    )
  }

  private func generated(_ name: String, graph: GraphFixture, otherModules: [GraphFixture] = []) throws -> String {
    switch try generate(name, graph: graph, otherModules: otherModules) {
    case .success(let text): return text
    case .failure(let failure):
      Issue.record("refused: \(failure.diagnostics.map(\.message))")
      return ""
    }
  }

  private func errors(_ name: String, graph: GraphFixture) throws -> [String] {
    switch try generate(name, graph: graph) {
    case .success: return []
    case .failure(let failure): return failure.diagnostics.map(\.message)
    }
  }

  private static let pickerUSR = "c:objc(pl)PickerDelegate"

  /// An `@objc` protocol of an iOS graph, `PickerDelegate` in module `Kit`, with the requirements `add` adds.
  private func objcGraph(
    operatingSystem: String? = "ios",
    protocolAvailability: [[String: Any]]? = nil,
    _ add: (inout GraphFixture, (usr: String, name: String)) -> Void
  ) -> GraphFixture {
    var graph = GraphFixture(module: "Kit")
    graph.operatingSystem = operatingSystem
    graph.symbol(
      Self.pickerUSR,
      path: ["PickerDelegate"],
      declaration: "@MainActor protocol PickerDelegate : NSObjectProtocol",
      availability: protocolAvailability
    )
    add(&graph, (Self.pickerUSR, "PickerDelegate"))
    return graph
  }

  // MARK: Root 1: availability is read for the graph's platform

  @Test func aRequirementUnavailableOnAnotherPlatformIsForwarded() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)picker:didFinishPicking:",
        of: proto,
        title: "picker(_:didFinishPicking:)",
        declaration: "func picker(_ picker: {Picker|c:objc(cs)Picker}, didFinishPicking results: [Int])",
        availability: [
          ["domain": "iOS", "introduced": ["major": 14, "minor": 0]],
          ["domain": "watchOS", "isUnconditionallyUnavailable": true],
          ["domain": "tvOS", "isUnconditionallyUnavailable": true],
        ]
      )
    }
    let output = try generated("PickerDelegate", graph: graph)
    #expect(output.contains("@available(watchOS, unavailable)"))
    #expect(output.contains("func picker(_ picker: Picker, didFinishPicking results: [Int])"))
  }

  @Test func aRequirementUnavailableOnTheGraphsPlatformIsLeftOutAndNamed() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)pickerDidCancel:",
        of: proto,
        title: "pickerDidCancel(_:)",
        declaration: "func pickerDidCancel(_ picker: {Picker|c:objc(cs)Picker})",
        optional: true
      )
      graph.requirement(
        "\(proto.usr)(im)pickerDidRotate:",
        of: proto,
        title: "pickerDidRotate(_:)",
        declaration: "func pickerDidRotate(_ picker: {Picker|c:objc(cs)Picker})",
        availability: [["domain": "iOS", "isUnconditionallyUnavailable": true]]
      )
    }
    let output = try generated("PickerDelegate", graph: graph)
    #expect(output.contains("func pickerDidCancel(_ picker: Picker)"))
    #expect(!output.contains("func pickerDidRotate"))
    #expect(output.contains("// - 'pickerDidRotate(_:)' (unavailable on iOS: no sender calls it there)"))
  }

  @Test func theGraphsPlatformGuardsAnObjCFile() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)pickerDidCancel:",
        of: proto,
        title: "pickerDidCancel(_:)",
        declaration: "func pickerDidCancel(_ picker: {Picker|c:objc(cs)Picker})",
        optional: true
      )
    }
    let iOS = try generated("PickerDelegate", graph: graph)
    #expect(iOS.contains("#if canImport(ObjectiveC) && canImport(Kit) && os(iOS) && !targetEnvironment(macCatalyst)\n"))
    var macOS = graph
    macOS.operatingSystem = "macosx"
    #expect(
      try generated("PickerDelegate", graph: macOS).contains(
        "#if canImport(ObjectiveC) && canImport(Kit) && os(macOS)\n"
      )
    )
    var tvOS = graph
    tvOS.operatingSystem = "tvos"
    #expect(
      try generated("PickerDelegate", graph: tvOS).contains("#if canImport(ObjectiveC) && canImport(Kit) && os(tvOS)\n")
    )
    var catalyst = graph
    catalyst.environment = "macabi"
    #expect(
      try generated("PickerDelegate", graph: catalyst).contains(
        "#if canImport(ObjectiveC) && canImport(Kit) && os(iOS) && targetEnvironment(macCatalyst)\n"
      )
    )
    var unknown = graph
    unknown.operatingSystem = nil
    #expect(try generated("PickerDelegate", graph: unknown).contains("#if canImport(ObjectiveC) && canImport(Kit)\n"))
  }

  /// A Mac Catalyst graph (`ios`, environment `macabi`) reads `macCatalyst` entries, and iOS entries where a
  /// requirement has no `macCatalyst` one, as Swift does there.
  @Test func aCatalystGraphReadsCatalystEntriesAndIOSOnesWhereItHasNone() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)pickerDidCancel:",
        of: proto,
        title: "pickerDidCancel(_:)",
        declaration: "func pickerDidCancel(_ picker: {Picker|c:objc(cs)Picker})",
        optional: true,
        availability: [
          ["domain": "iOS", "introduced": ["major": 13, "minor": 0]],
          ["domain": "macCatalyst", "introduced": ["major": 13, "minor": 1]],
        ]
      )
      graph.requirement(
        "\(proto.usr)(im)pickerDidRotate:",
        of: proto,
        title: "pickerDidRotate(_:)",
        declaration: "func pickerDidRotate(_ picker: {Picker|c:objc(cs)Picker})",
        optional: true,
        availability: [["domain": "macCatalyst", "isUnconditionallyUnavailable": true]]
      )
      graph.requirement(
        "\(proto.usr)(im)pickerDidShake:",
        of: proto,
        title: "pickerDidShake(_:)",
        declaration: "func pickerDidShake(_ picker: {Picker|c:objc(cs)Picker})",
        optional: true,
        availability: [["domain": "iOS", "isUnconditionallyUnavailable": true]]
      )
    }
    var catalyst = graph
    catalyst.environment = "macabi"
    let output = try generated("PickerDelegate", graph: catalyst)
    #expect(output.contains("func pickerDidCancel(_ picker: Picker)"))
    #expect(!output.contains("func pickerDidRotate"))
    #expect(output.contains("// - 'pickerDidRotate(_:)' (unavailable on macCatalyst: no sender calls it there)"))
    #expect(!output.contains("func pickerDidShake"))
    #expect(output.contains("// - 'pickerDidShake(_:)' (unavailable on macCatalyst: no sender calls it there)"))
    // The iOS graph of the same requirements keeps the one only Mac Catalyst lacks.
    let iOS = try generated("PickerDelegate", graph: graph)
    #expect(iOS.contains("func pickerDidRotate(_ picker: Picker)"))
    #expect(!iOS.contains("func pickerDidShake"))
  }

  @Test func theDeploymentFloorOfEachApplePlatform() {
    let floors = ["ios", "tvos", "macosx", "watchos", "xros"].map {
      PlatformAvailability(operatingSystem: $0).deploymentFloor.map { "\($0.major).\($0.minor ?? 0)" }
    }
    #expect(floors == ["13.0", "13.0", "10.15", "6.0", "1.0"])
    let catalyst = PlatformAvailability(operatingSystem: "ios", environment: "macabi")
    #expect(catalyst.domain == "macCatalyst")
    #expect(catalyst.deploymentFloor.map { "\($0.major).\($0.minor ?? 0)" } == "13.1")
  }

  // MARK: Root 2: a member is never more available than its class

  @Test func inheritedRequirementsAreClampedToTheProtocolsAvailability() throws {
    var graph = GraphFixture(module: "Kit")
    graph.operatingSystem = "ios"
    let task = (usr: "c:objc(pl)TaskDelegate", name: "TaskDelegate")
    let stream = (usr: "c:objc(pl)StreamDelegate", name: "StreamDelegate")
    graph.symbol(task.usr, path: [task.name], declaration: "protocol TaskDelegate : NSObjectProtocol")
    graph.symbol(
      stream.usr,
      path: [stream.name],
      declaration: "protocol StreamDelegate : {TaskDelegate|c:objc(pl)TaskDelegate}",
      availability: [["domain": "iOS", "introduced": ["major": 9, "minor": 0]]]
    )
    graph.relate("conformsTo", stream.usr, task.usr)
    graph.requirement(
      "\(task.usr)(im)taskDidFinish:",
      of: task,
      title: "taskDidFinish(_:)",
      declaration: "func taskDidFinish(_ task: Int)",
      optional: true,
      availability: [
        ["domain": "iOS", "introduced": ["major": 7, "minor": 0]],
        ["domain": "macOS", "introduced": ["major": 10, "minor": 9]],
      ]
    )
    let output = try generated("StreamDelegate", graph: graph)
    #expect(
      output.contains("@available(iOS 9.0, *)\npublic final class")
        || output.contains("@available(iOS 9.0, *)\nfinal class")
    )
    #expect(output.contains("@available(iOS 9.0, macOS 10.9, *) func taskDidFinish(_ task: Int)"))
    #expect(!output.contains("iOS 7.0"))
  }

  // MARK: Root 4: default arguments

  @Test func aDefaultArgumentIsLeftOutOfTheWitness() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)picker:didReceiveUserInfo:",
        of: proto,
        title: "picker(_:didReceiveUserInfo:)",
        declaration:
          "func picker(_ picker: {Picker|c:objc(cs)Picker}, didReceiveUserInfo userInfo: [String : Any] = [:])",
        optional: true
      )
    }
    let output = try generated("PickerDelegate", graph: graph)
    #expect(output.contains("func picker(_ picker: Picker, didReceiveUserInfo userInfo: [String: Any]) {"))
    #expect(!output.contains("= [:]"))
  }

  // MARK: Root 5: optional properties of `@objc` protocols

  @Test func anOptionalPropertyIsForwardedLikeARequirementThatReturnsAValue() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(py)window",
        of: proto,
        title: "window",
        declaration: "var window: {Window|c:objc(cs)Window}? { get set }",
        kind: "swift.property",
        optional: true
      )
    }
    let output = try generated("PickerDelegate", graph: graph)
    #expect(output.contains("var window: Window? {"))
    #expect(output.contains("$0.window\n"))
    #expect(output.contains(#"object.responds(to: Foundation.NSSelectorFromString("setWindow:"))"#))
    #expect(output.contains(#"object.setValue(newValue, forKey: "window")"#))
    #expect(output.contains(#"Foundation.NSSelectorFromString("window"),"#))
    #expect(output.contains(#"Foundation.NSSelectorFromString("setWindow:"),"#))
    #expect(output.contains("_RespondsToSelectorAnswers(count: 2)"))
  }

  // MARK: Root 6: documented defaults and the convention

  @Test func aDocumentedDefaultAnswersWithItsSource() throws {
    var graph = GraphFixture(module: "UIKit")
    graph.operatingSystem = "ios"
    let table = (usr: "c:objc(pl)UITableViewDelegate", name: "UITableViewDelegate")
    graph.symbol(
      table.usr,
      path: [table.name],
      declaration: "@MainActor protocol UITableViewDelegate : NSObjectProtocol"
    )
    graph.requirement(
      "\(table.usr)(im)tableView:heightForRowAtIndexPath:",
      of: table,
      title: "tableView(_:heightForRowAt:)",
      declaration:
        "func tableView(_ tableView: {UITableView|c:objc(cs)UITableView}, heightForRowAt indexPath: {IndexPath|s:10Foundation9IndexPathV}) -> {CGFloat|s:14CoreFoundation7CGFloatV}",
      optional: true
    )
    let output = try generated("UITableViewDelegate", graph: graph)
    let entry = try #require(DocumentedDefault.entry(for: "tableView(_:heightForRowAt:)", in: ["UITableViewDelegate"]))
    #expect(output.contains("// Without an answering observer: tableView.rowHeight. Documented: \(entry.source)\n"))
    #expect(output.contains("self._combineImplementing(default: tableView.rowHeight, combiner:"))
  }

  @Test func aShouldQuestionNothingDocumentsAnswersTrueByConvention() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)pickerShouldBeginScrolling:",
        of: proto,
        title: "pickerShouldBeginScrolling(_:)",
        declaration: "func pickerShouldBeginScrolling(_ picker: {Picker|c:objc(cs)Picker}) -> Bool",
        optional: true
      )
    }
    let output = try generated("PickerDelegate", graph: graph)
    #expect(output.contains("// Without an answering observer: true. Convention (nothing documents it): "))
    #expect(output.contains("self._combineImplementing(default: true, combiner:"))
  }

  @Test func theConventionNeedsAShouldOrCanWord() {
    let question = DocumentedDefault.questionConvention
    #expect(question("tableView(_:shouldHighlightRowAt:)", .named("Bool"))?.expression == "true")
    #expect(question("collectionView(_:canEditItemAt:)", .named("Bool"))?.expression == "true")
    #expect(question("gestureRecognizerShouldBegin(_:)", .named("Bool"))?.expression == "true")
    // `cancel` is no `can`, `isGroupRow` asks nothing, a `should` that returns a number is no question.
    #expect(question("pickerDidCancel(_:)", .named("Bool")) == nil)
    #expect(question("tableView(_:isGroupRow:)", .named("Bool")) == nil)
    #expect(question("shouldCount(_:)", .named("Int")) == nil)
    // An optional requirement that is no question answers its type's empty value.
    #expect(DocumentedDefault.convention(for: "pickerDidCancel(_:)", type: .named("Bool"))?.expression == "false")
  }

  @Test func theUsersDefaultWinsAndCarriesNoNote() throws {
    let graph = objcGraph { graph, proto in
      graph.requirement(
        "\(proto.usr)(im)pickerShouldBeginScrolling:",
        of: proto,
        title: "pickerShouldBeginScrolling(_:)",
        declaration: "func pickerShouldBeginScrolling(_ picker: {Picker|c:objc(cs)Picker}) -> Bool",
        optional: true
      )
    }
    let output = try generate("PickerDelegate", graph: graph, defaults: ["pickerShouldBeginScrolling(_:)": "false"])
    let text = try output.get()
    #expect(text.contains("self._combineImplementing(default: false, combiner:"))
    #expect(!text.contains("Without an answering observer"))
  }

  // MARK: Root 7: one line per protocol for what needs a value

  @Test func requirementsThatNeedAValueAreRefusedInOneLine() throws {
    var graph = GraphFixture(module: "Kit")
    let proto = (usr: "s:3Kit13CopyDelegateP", name: "CopyDelegate")
    graph.symbol(proto.usr, path: [proto.name], declaration: "protocol CopyDelegate : AnyObject")
    for (index, name) in ["copyCount", "moveCount", "linkCount"].enumerated() {
      graph.requirement(
        "\(proto.usr)\(index)",
        of: proto,
        title: "\(name)(_:)",
        declaration: "func \(name)(_ path: String) -> Int"
      )
    }
    let messages = try errors("CopyDelegate", graph: graph)
    try #require(messages.count == 1)
    let message = messages[0]
    #expect(message.contains("'copyCount(_:)' ('Int'), 'moveCount(_:)' ('Int') and 'linkCount(_:)' ('Int')"))
    #expect(
      message.hasSuffix(
        "--default 'copyCount(_:)=<Int>' --default 'moveCount(_:)=<Int>' --default 'linkCount(_:)=<Int>'"
      )
    )
    // A Swift protocol's required requirements are no optional `@objc` ones: the empty value does not apply to them
    // (only a `should…`/`can…` question's answer does).
    #expect(!message.contains("\n"))
  }

  // MARK: Root 3: types another framework declares, or no framework

  @Test func aForwardDeclaredTypeIsImportedFromItsFrameworkUnderItsSwiftName() throws {
    var graph = GraphFixture(module: "CoreData")
    graph.operatingSystem = "ios"
    let results = (usr: "c:objc(pl)NSFetchedResultsControllerDelegate", name: "NSFetchedResultsControllerDelegate")
    graph.symbol(
      results.usr,
      path: [results.name],
      declaration: "protocol NSFetchedResultsControllerDelegate : NSObjectProtocol"
    )
    graph.requirement(
      "\(results.usr)(im)controller:didChangeContentWithSnapshot:",
      of: results,
      title: "controller(_:didChangeContentWith:)",
      declaration:
        "func controller(_ controller: Int, didChangeContentWith snapshot: {NSDiffableDataSourceSnapshot|c:objc(cs)NSDiffableDataSourceSnapshot})",
      optional: true
    )
    let output = try generated("NSFetchedResultsControllerDelegate", graph: graph)
    #expect(output.contains("\nimport UIKit\n"))
    #expect(output.contains("didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference)"))
    var macOS = graph
    macOS.operatingSystem = "macosx"
    #expect(try generated("NSFetchedResultsControllerDelegate", graph: macOS).contains("\nimport AppKit\n"))
  }

  /// `INIntent` is forward-declared in UIKit's headers, so a graph says nothing of its availability: on tvOS, where
  /// Intents declares it in 14.0, a requirement of tvOS 11 that names it is left out (no member could name it).
  @Test func aForwardDeclaredTypeNewerThanItsRequirementOnThePlatformLeavesItOut() throws {
    var graph = GraphFixture(module: "UIKit")
    graph.operatingSystem = "tvos"
    let app = (usr: "c:objc(pl)UIApplicationDelegate", name: "UIApplicationDelegate")
    graph.symbol(app.usr, path: [app.name], declaration: "protocol UIApplicationDelegate : NSObjectProtocol")
    graph.requirement(
      "\(app.usr)(im)application:handleIntent:completionHandler:",
      of: app,
      title: "application(_:handle:completionHandler:)",
      declaration: "func application(_ application: Int, handle intent: {INIntent|c:objc(cs)INIntent})",
      optional: true,
      availability: [["domain": "tvOS", "introduced": ["major": 11, "minor": 0]]]
    )
    let tvOS = try generated("UIApplicationDelegate", graph: graph)
    #expect(!tvOS.contains("func application(_ application: Int, handle intent: INIntent)"))
    #expect(tvOS.contains("'application(_:handle:completionHandler:)' (it names 'INIntent', introduced in tvOS 14.0"))
    var iOS = graph
    iOS.operatingSystem = "ios"
    #expect(try generated("UIApplicationDelegate", graph: iOS).contains("handle intent: INIntent)"))
  }

  @Test func aTypeNoFrameworkOfThePlatformDeclaresLeavesItsRequirementOut() throws {
    func graph(optional: Bool) -> GraphFixture {
      var graph = GraphFixture(module: "Foundation")
      graph.operatingSystem = "ios"
      let port = (usr: "c:objc(pl)NSPortDelegate", name: "PortDelegate")
      graph.symbol(port.usr, path: [port.name], declaration: "protocol PortDelegate : NSObjectProtocol")
      graph.requirement(
        "\(port.usr)(im)handlePortMessage:",
        of: port,
        title: "handle(_:)",
        declaration: "func handle(_ message: {NSPortMessage|c:objc(cs)NSPortMessage})",
        optional: optional
      )
      return graph
    }
    let output = try generated("PortDelegate", graph: graph(optional: true))
    #expect(output.contains("// - 'handle(_:)' (it names 'NSPortMessage', which no framework declares on iOS)"))
    #expect(!output.contains("func handle("))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph(optional: false).write(to: directory.url)
    #expect(readError("PortDelegate", module: "Foundation", in: directory) != nil)
  }

  @Test func anOptionalRequirementNamingANewerTypeIsLeftOut() throws {
    var graph = GraphFixture(module: "CallKit")
    graph.operatingSystem = "ios"
    let provider = (usr: "c:objc(pl)CXProviderDelegate", name: "CXProviderDelegate")
    graph.symbol(provider.usr, path: [provider.name], declaration: "protocol CXProviderDelegate : NSObjectProtocol")
    graph.symbol(
      "c:objc(cs)CXSetTranslatingCallAction",
      kind: "swift.class",
      path: ["CXSetTranslatingCallAction"],
      declaration: "class CXSetTranslatingCallAction",
      availability: [["domain": "iOS", "introduced": ["major": 26, "minor": 0]]]
    )
    graph.requirement(
      "\(provider.usr)(im)provider:performSetTranslatingCallAction:",
      of: provider,
      title: "provider(_:perform:)",
      declaration:
        "func provider(_ provider: Int, perform action: {CXSetTranslatingCallAction|c:objc(cs)CXSetTranslatingCallAction})",
      optional: true,
      availability: [["domain": "iOS", "introduced": ["major": 10, "minor": 0]]]
    )
    graph.requirement(
      "\(provider.usr)(im)providerDidReset:",
      of: provider,
      title: "providerDidReset(_:)",
      declaration: "func providerDidReset(_ provider: Int)"
    )
    let output = try generated("CXProviderDelegate", graph: graph)
    #expect(output.contains("'provider(_:perform:)' (it names 'CXSetTranslatingCallAction', introduced in iOS 26.0"))
    #expect(!output.contains("perform action:"))
    #expect(output.contains("func providerDidReset(_ provider: Int)"))
  }

  @Test func aRequirementNamingADeprecatedTypeIsDeprecatedAsTheTypeIs() throws {
    var graph = GraphFixture(module: "TVMLKit")
    graph.operatingSystem = "tvos"
    let browser = (usr: "c:objc(pl)TVBrowserViewControllerDelegate", name: "TVBrowserViewControllerDelegate")
    graph.symbol(
      browser.usr,
      path: [browser.name],
      declaration: "protocol TVBrowserViewControllerDelegate : NSObjectProtocol",
      availability: [["domain": "tvOS", "introduced": ["major": 13, "minor": 0]]]
    )
    graph.symbol(
      "c:objc(cs)TVViewElement",
      kind: "swift.class",
      path: ["TVViewElement"],
      declaration: "class TVViewElement",
      availability: [
        [
          "domain": "tvOS", "introduced": ["major": 9, "minor": 0], "deprecated": ["major": 18, "minor": 0],
          "message": "Please use SwiftUI or UIKit",
        ]
      ]
    )
    graph.requirement(
      "\(browser.usr)(im)browserViewController:willCenterViewElement:",
      of: browser,
      title: "browserViewController(_:willCenterOn:)",
      declaration:
        "func browserViewController(_ browser: Int, willCenterOn viewElement: {TVViewElement|c:objc(cs)TVViewElement})",
      optional: true,
      availability: [["domain": "tvOS", "introduced": ["major": 13, "minor": 0]]]
    )
    // An SDK's "to be deprecated" (`deprecated: 100000`) makes Swift warn about nothing: the requirement stays plain.
    graph.symbol(
      "c:objc(cs)TVElementToBeDeprecated",
      kind: "swift.class",
      path: ["TVElementToBeDeprecated"],
      declaration: "class TVElementToBeDeprecated",
      availability: [["domain": "tvOS", "introduced": ["major": 9, "minor": 0], "deprecated": ["major": 100000]]]
    )
    graph.requirement(
      "\(browser.usr)(im)browserViewControllerDidReset:",
      of: browser,
      title: "browserViewControllerDidReset(_:)",
      declaration:
        "func browserViewControllerDidReset(_ element: {TVElementToBeDeprecated|c:objc(cs)TVElementToBeDeprecated})",
      optional: true,
      availability: [["domain": "tvOS", "introduced": ["major": 13, "minor": 0]]]
    )
    let output = try generated("TVBrowserViewControllerDelegate", graph: graph)
    let deprecation = "@available(tvOS, introduced: 13.0, deprecated: 18.0, message: \"Please use SwiftUI or UIKit\")"
    let member = try #require(
      output.range(of: "func browserViewController(_ browser: Int, willCenterOn viewElement: TVViewElement)")
    )
    let attribute = try #require(
      output.range(of: deprecation, options: .backwards, range: output.startIndex..<member.lowerBound)
    )
    #expect(!output[attribute.upperBound..<member.lowerBound].contains("func "))
    // An enum case cannot be deprecated on a platform: the deprecated requirement is no event, the plain one is.
    #expect(output.contains("case browserViewControllerDidReset(TVElementToBeDeprecated)"))
    #expect(output.contains("case 1: self = .browserViewControllerDidReset"))
    #expect(!output.contains("case 0: self ="), "requirement 0, the deprecated one, has no case")
    let reset = try #require(output.range(of: "func browserViewControllerDidReset("))
    #expect(!output[output.index(reset.lowerBound, offsetBy: -200)..<reset.lowerBound].contains("deprecated"))
  }

  /// A protocol that says no version while its requirements all do (WebKit's `WKDownloadDelegate`, iOS 14.5): its
  /// event stream is declared available from the earliest, and the requirements of that version are its events.
  @Test func aStreamIsAvailableFromTheEarliestRequirementOfAProtocolWithNoVersion() throws {
    var graph = GraphFixture(module: "WebKit")
    graph.operatingSystem = "ios"
    let download = (usr: "c:objc(pl)WKDownloadDelegate", name: "WKDownloadDelegate")
    graph.symbol(download.usr, path: [download.name], declaration: "protocol WKDownloadDelegate : NSObjectProtocol")
    graph.requirement(
      "\(download.usr)(im)downloadDidFinish:",
      of: download,
      title: "downloadDidFinish(_:)",
      declaration: "func downloadDidFinish(_ download: Int)",
      optional: true,
      availability: [["domain": "iOS", "introduced": ["major": 14, "minor": 5]]]
    )
    graph.requirement(
      "\(download.usr)(im)downloadDidPlaceholder:",
      of: download,
      title: "downloadDidPlaceholder(_:)",
      declaration: "func downloadDidPlaceholder(_ download: Int)",
      optional: true,
      availability: [["domain": "iOS", "introduced": ["major": 18, "minor": 2]]]
    )
    let output = try generated("WKDownloadDelegate", graph: graph)
    #expect(output.contains("@available(iOS 14.5, *) enum Event"))
    #expect(output.contains("@available(iOS 14.5, *) func events(of kinds:"))
    #expect(output.contains("case downloadDidFinish(Int)") || output.contains("case didFinish(Int)"))
    // A requirement newer than the earliest names only types the stream has: its case is there, and its tap member
    // keeps the requirement's own `@available` (see the next test).
    #expect(output.contains("case didPlaceholder(Int)"))
  }

  /// A requirement newer than its protocol's stream (UIKit's `calendarView(_:didChangeVisibleDateComponentsFrom:)`,
  /// iOS 16.2, in `UICalendarViewDelegate` of iOS 16) has a case when every type it names is as old as the stream
  /// (the case is then available wherever the enum is; only the tap's method that yields it is `@available` as the
  /// requirement); not when it names a newer type, a type no graph read declares, or when it is deprecated.
  @Test func aNewerRequirementNamingOnlyOlderTypesIsAnEvent() throws {
    var graph = GraphFixture(module: "UIKit")
    graph.operatingSystem = "ios"
    let calendar = (usr: "c:objc(pl)UICalendarViewDelegate", name: "UICalendarViewDelegate")
    let iOS16 = [["domain": "iOS", "introduced": ["major": 16, "minor": 0]]]
    graph.symbol(
      calendar.usr,
      path: [calendar.name],
      declaration: "protocol UICalendarViewDelegate : NSObjectProtocol",
      availability: iOS16
    )
    graph.symbol(
      "c:objc(cs)UICalendarView",
      kind: "swift.class",
      path: ["UICalendarView"],
      declaration: "class UICalendarView",
      availability: iOS16
    )
    graph.symbol(
      "c:objc(cs)UICalendarSelection",
      kind: "swift.class",
      path: ["UICalendarSelection"],
      declaration: "class UICalendarSelection",
      availability: [["domain": "iOS", "introduced": ["major": 17, "minor": 0]]]
    )
    let view = "{UICalendarView|c:objc(cs)UICalendarView}"
    func requirement(_ selector: String, _ title: String, _ declaration: String, _ entry: [String: Any]) {
      graph.requirement(
        "\(calendar.usr)(im)\(selector)",
        of: calendar,
        title: title,
        declaration: declaration,
        optional: true,
        availability: [entry]
      )
    }
    let iOS16_2: [String: Any] = ["domain": "iOS", "introduced": ["major": 16, "minor": 2]]
    requirement(
      "calendarView:didChangeVisibleDateComponentsFrom:",
      "calendarView(_:didChangeVisibleDateComponentsFrom:)",
      "func calendarView(_ calendarView: \(view), didChangeVisibleDateComponentsFrom count: {Int|s:Si})",
      iOS16_2
    )
    requirement(
      "calendarView:didSelect:",
      "calendarView(_:didSelect:)",
      "func calendarView(_ calendarView: \(view), didSelect selection: {UICalendarSelection|c:objc(cs)UICalendarSelection})",
      ["domain": "iOS", "introduced": ["major": 17, "minor": 0]]
    )
    requirement(
      "calendarView:didMeet:",
      "calendarView(_:didMeet:)",
      "func calendarView(_ calendarView: \(view), didMeet stranger: {Stranger|s:9Elsewhere8StrangerV})",
      iOS16_2
    )
    requirement(
      "calendarView:didRetire:",
      "calendarView(_:didRetire:)",
      "func calendarView(_ calendarView: \(view), didRetire count: {Int|s:Si})",
      ["domain": "iOS", "introduced": ["major": 16, "minor": 2], "deprecated": ["major": 17, "minor": 0]]
    )
    let output = try generated("UICalendarViewDelegate", graph: graph)
    #expect(
      output.contains(
        "case didChangeVisibleDateComponentsFrom(UICalendarView, didChangeVisibleDateComponentsFrom: Int)"
      )
    )
    #expect(
      output.contains(
        "@available(iOS 16.2, *) func calendarView(_ calendarView: UICalendarView, didChangeVisibleDateComponentsFrom"
          + " count: Int) {\n      Multiplex._yieldEvent("
      ),
      "the tap's member keeps the requirement's availability"
    )
    #expect(!output.contains("case didSelect("), "it names a type newer than the stream")
    #expect(!output.contains("case didMeet("), "it names a type no graph read declares")
    #expect(!output.contains("case didRetire("), "it is deprecated")
  }

  /// A Swift type of a module no graph loaded for the protocol declares (Foundation's `DateComponents` in UIKit's
  /// `calendarView(_:didChangeVisibleDateComponentsFrom:)`) is dated in its module's graph: as old as the stream, the
  /// newer requirement has its case; newer, it has none. Reading that graph adds no import.
  @Test func aTypeOfAnotherModuleIsDatedInThatModulesGraph() throws {
    var graph = GraphFixture(module: "UIKit")
    graph.operatingSystem = "ios"
    let calendar = (usr: "c:objc(pl)UICalendarViewDelegate", name: "UICalendarViewDelegate")
    graph.symbol(
      calendar.usr,
      path: [calendar.name],
      declaration: "protocol UICalendarViewDelegate : NSObjectProtocol",
      availability: [["domain": "iOS", "introduced": ["major": 16, "minor": 0]]]
    )
    var foundation = GraphFixture(module: "Foundation")
    foundation.operatingSystem = "ios"
    foundation.symbol(
      "s:10Foundation14DateComponentsV",
      kind: "swift.struct",
      path: ["DateComponents"],
      declaration: "struct DateComponents",
      availability: [["domain": "iOS", "introduced": ["major": 8, "minor": 0]]]
    )
    foundation.symbol(
      "s:10Foundation7NewDateV",
      kind: "swift.struct",
      path: ["NewDate"],
      declaration: "struct NewDate",
      availability: [["domain": "iOS", "introduced": ["major": 17, "minor": 0]]]
    )
    for (selector, title, type) in [
      (
        "calendarView:didChangeVisibleDateComponentsFrom:", "calendarView(_:didChangeVisibleDateComponentsFrom:)",
        "{DateComponents|s:10Foundation14DateComponentsV}"
      ),
      ("calendarView:didReachNewDate:", "calendarView(_:didReachNewDate:)", "{NewDate|s:10Foundation7NewDateV}"),
    ] {
      let label = title.split(separator: ":")[1]
      graph.requirement(
        "\(calendar.usr)(im)\(selector)",
        of: calendar,
        title: title,
        declaration: "func calendarView(_ calendarView: Int, \(label) value: \(type))",
        optional: true,
        availability: [["domain": "iOS", "introduced": ["major": 16, "minor": 2]]]
      )
    }
    let output = try generated("UICalendarViewDelegate", graph: graph, otherModules: [foundation])
    #expect(
      output.contains(
        "case didChangeVisibleDateComponentsFrom(Int, didChangeVisibleDateComponentsFrom: DateComponents)"
      )
    )
    #expect(!output.contains("case didReachNewDate("), "NewDate is newer than the stream")
    // Without Foundation's graph, DateComponents cannot be dated: no case.
    let undated = try generated("UICalendarViewDelegate", graph: graph)
    #expect(!undated.contains("case didChangeVisibleDateComponentsFrom("))
  }
}
