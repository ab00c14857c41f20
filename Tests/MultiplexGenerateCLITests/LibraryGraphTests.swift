// What `multiplex-generate` does with a third-party library's graph (issue 41): the shapes of the failures found on
// real iOS libraries, as hand-written stand-in graphs. The libraries and the SDK never enter the repository.

import Foundation
import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

@Suite struct LibraryGraphTests {
  private static let pager = (usr: "s:5Pager0A8DelegateP", name: "PagerDelegate")
  private static let view = "{PagerView|c:@M@Pager@objc(cs)PagerView}"

  /// A Swift library's graph for iOS: module `Pager`, its class-bound `PagerDelegate` with the requirements `add`
  /// adds, and the class `PagerView`.
  private func library(_ add: (inout GraphFixture) -> Void) -> GraphFixture {
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    graph.symbol(Self.pager.usr, path: [Self.pager.name], declaration: "protocol PagerDelegate : AnyObject")
    graph.symbol(
      "c:@M@Pager@objc(cs)PagerView",
      kind: "swift.class",
      path: ["PagerView"],
      declaration: "class PagerView"
    )
    add(&graph)
    return graph
  }

  /// A framework's graph declaring the types `types` (name, USR, kind).
  private func framework(_ module: String, _ types: [(String, String, String)]) -> GraphFixture {
    var graph = GraphFixture(module: module)
    graph.operatingSystem = "ios"
    for (name, usr, kind) in types { graph.symbol(usr, kind: kind, path: [name], declaration: "class \(name)") }
    return graph
  }

  /// Writes `graphs` into a fresh directory and reads `PagerDelegate` from it (`imports`: the user's `--import`).
  private func read(_ graphs: [GraphFixture], imports: [String] = []) throws -> ExternalProtocol {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for graph in graphs { try graph.write(to: directory.url) }
    let reader = SymbolGraphReader(directory: SymbolGraphDirectory(path: directory.path))
    reader.givenImports = imports
    return try reader.externalProtocol(named: Self.pager.name, module: "Pager")
  }

  private var pagerWithSDKTypes: GraphFixture {
    library { graph in
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_10didScrollToy0A4ViewC_So7CGPointVtF",
        of: Self.pager,
        title: "pager(_:didScrollTo:)",
        declaration: "func pager(_ pager: \(Self.view), didScrollTo point: {CGPoint|c:@S@CGPoint})"
      )
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_8colorForSo7UIColorCSgAA0A4ViewC_SitF",
        of: Self.pager,
        title: "pager(_:colorFor:)",
        declaration: "func pager(_ pager: \(Self.view), colorFor index: {Int|s:Si}) -> {UIColor|c:objc(cs)UIColor}?"
      )
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_9didSelectyAA0A4ViewC_So8_NSRangeVtF",
        of: Self.pager,
        title: "pager(_:didSelect:)",
        // Foundation's `NSRange` comes without a USR in a library's graph.
        declaration: "func pager(_ pager: \(Self.view), didSelect range: {NSRange|})"
      )
    }
  }

  // MARK: Root 1: the module of every type a requirement names

  @Test func typesOfModulesNeverReadAreImportedFromTheGraphsAtHand() throws {
    let input = try read([
      pagerWithSDKTypes,
      framework("UIKit", [("UIColor", "c:objc(cs)UIColor", "swift.class")]),
      framework("CoreGraphics", [("CGPoint", "c:@S@CGPoint", "swift.struct")]),
      framework("Foundation", [("NSRange", "c:@T@NSRange", "swift.typealias")]),
    ])
    #expect(input.importedModules == ["CoreGraphics", "Foundation", "UIKit"])
    let output = try generated(input)
    #expect(output.contains("import CoreGraphics\nimport Foundation\nimport Multiplex\nimport Pager\nimport UIKit\n"))
  }

  @Test func aTypeNoGraphDeclaresIsOneErrorNamingTheImportToPass() throws {
    let error = #expect(throws: SymbolGraphError.self) {
      try read([pagerWithSDKTypes, framework("CoreGraphics", [("CGPoint", "c:@S@CGPoint", "swift.struct")])])
    }
    let message = error?.description ?? ""
    #expect(!message.contains("\n"))
    #expect(message.contains("'UIColor' (in 'pager(_:colorFor:)')"))
    #expect(message.contains("'NSRange' (in 'pager(_:didSelect:)')"))
    #expect(!message.contains("'CGPoint'"))
    #expect(message.contains("pass --import UIKit --import Foundation"))
  }

  @Test func theUsersImportsAreTrustedForWhatNoGraphDeclares() throws {
    let input = try read([pagerWithSDKTypes], imports: ["UIKit"])
    #expect(input.importedModules.isEmpty)
  }

  /// One `--import` does not vouch for every type: `UIColor`'s framework is UIKit, and `--import MapKit` alone would
  /// give a file that does not compile; `NSRange` and `CGPoint`, which UIKit re-exports, are placed by `--import UIKit`.
  @Test func anImportOfAnotherFrameworkDoesNotPlaceAType() throws {
    let error = #expect(throws: SymbolGraphError.self) {
      try read([pagerWithSDKTypes], imports: ["MapKit"])
    }
    let message = error?.description ?? ""
    #expect(message.contains("'UIColor' (in 'pager(_:colorFor:)')"))
    #expect(message.contains("--import UIKit"))
  }

  @Test func aClangModulesProtocolReexportsTheTypesItsHeadersName() throws {
    var graph = GraphFixture(module: "Kit")
    graph.operatingSystem = "ios"
    let proto = (usr: "c:objc(pl)PagerDelegate", name: "PagerDelegate")
    graph.symbol(proto.usr, path: [proto.name], declaration: "protocol PagerDelegate : NSObjectProtocol")
    graph.requirement(
      "c:objc(pl)PagerDelegate(im)pagerColor",
      of: proto,
      title: "pagerColor()",
      declaration: "func pagerColor() -> {UIColor|c:objc(cs)UIColor}?",
      optional: true
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    let input = try MultiplexGenerateCLITests.read(proto.name, module: "Kit", in: directory)
    #expect(input.importedModules.isEmpty)
  }

  @Test func aPrefixSharedByFrameworksSuggestsOnlyOneWhoseGraphWasNotReadAndFoundWanting() throws {
    // `CM` is CoreMotion's prefix and CoreMedia's: CoreMotion's graph is at hand and does not declare `CMTime`,
    // so the import to pass is CoreMedia's, the candidate left.
    let trimmer = library { graph in
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_9didMoveToySo6CMTimea_tF",
        of: Self.pager,
        title: "pager(_:didMoveTo:)",
        declaration: "func pager(_ pager: \(Self.view), didMoveTo time: {CMTime|c:@SA@CMTime})"
      )
    }
    let error = #expect(throws: SymbolGraphError.self) {
      try read([trimmer, framework("CoreMotion", [("CMMotionManager", "c:objc(cs)CMMotionManager", "swift.class")])])
    }
    let message = error?.description ?? ""
    #expect(message.contains("'CMTime' (in 'pager(_:didMoveTo:)')"))
    #expect(message.contains("pass --import CoreMedia "))
    #expect(!message.contains("CoreMotion"))
  }

  @Test func onlyTheGraphsAtHandThatMayDeclareATypeAreDecodedToFindIt() throws {
    // `ZZWidget` has no framework prefix: the graphs at hand are searched. `Atlas` names it in a declaration but
    // does not declare it; `Unrelated` does not name it: neither is decoded (every graph of a directory of an SDK's
    // modules, decoded one by one, took 90 seconds a protocol).
    let widget = "{ZZWidget|c:objc(cs)ZZWidget}"
    let pager = library { graph in
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_4showySo8ZZWidgetC_tF",
        of: Self.pager,
        title: "pager(_:show:)",
        declaration: "func pager(_ pager: \(Self.view), show widget: \(widget))"
      )
    }
    var atlas = framework("Atlas", [("ATLMap", "c:objc(cs)ATLMap", "swift.class")])
    let atlasProtocol = (usr: "c:objc(pl)ATLMapDelegate", name: "ATLMapDelegate")
    atlas.symbol(atlasProtocol.usr, path: [atlasProtocol.name], declaration: "protocol ATLMapDelegate")
    atlas.requirement(
      "c:objc(pl)ATLMapDelegate(im)showWidget:",
      of: atlasProtocol,
      title: "show(_:)",
      declaration: "func show(_ widget: \(widget))"
    )
    let graphs = [
      pager, atlas, framework("Unrelated", [("URThing", "c:objc(cs)URThing", "swift.class")]),
      framework("WidgetStore", [("ZZWidget", "c:objc(cs)ZZWidget", "swift.class")]),
    ]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for graph in graphs { try graph.write(to: directory.url) }
    let reader = SymbolGraphReader(directory: SymbolGraphDirectory(path: directory.path))
    let input = try reader.externalProtocol(named: Self.pager.name, module: "Pager")
    #expect(input.importedModules == ["WidgetStore"])
    #expect(reader.index.contains(module: "WidgetStore"))
    #expect(!reader.index.contains(module: "Atlas"))
    #expect(!reader.index.contains(module: "Unrelated"))
  }

  /// UIKit's `UIIndirectScribbleInteractionDelegate` (its Swift half) names `CGRect`, which UIKit's Clang half
  /// re-exports (its headers import CoreGraphics): not a type to import. `CGVector`, which the stand-in's Clang half
  /// never names, still is.
  @Test func aTypeTheProtocolsFrameworkReexportsNeedsNoImport() throws {
    var graph = GraphFixture(module: "Pad")
    graph.operatingSystem = "ios"
    let proto = (usr: "s:3Pad0A8DelegateP", name: "PadDelegate")
    graph.symbol(proto.usr, path: [proto.name], declaration: "protocol PadDelegate : AnyObject")
    graph.symbol("c:objc(cs)PadView", kind: "swift.class", path: ["PadView"], declaration: "class PadView")
    graph.symbol(
      "c:objc(cs)PadView(py)frame",
      kind: "swift.property",
      path: ["PadView", "frame"],
      declaration: "var frame: {CGRect|c:@S@CGRect} { get }"
    )
    graph.requirement(
      "s:3Pad0A8DelegateP3pad9didMoveToySo6CGRectV_tF",
      of: proto,
      title: "pad(didMoveTo:)",
      declaration: "func pad(didMoveTo rect: {CGRect|c:@S@CGRect})"
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    let input = try MultiplexGenerateCLITests.read(proto.name, module: "Pad", in: directory)
    #expect(input.importedModules.allSatisfy { $0 != "CoreGraphics" })
    #expect(input.source.contains("func pad(didMoveTo rect: CGRect)"))

    graph.requirement(
      "s:3Pad0A8DelegateP3pad8didFlingySo8CGVectorV_tF",
      of: proto,
      title: "pad(didFling:)",
      declaration: "func pad(didFling velocity: {CGVector|c:@S@CGVector})"
    )
    // A Swift member exposed to Objective-C (Pageboy's `scrollViewWillEndDragging…` names `CGPoint`) is no Clang
    // declaration: it re-exports nothing.
    graph.symbol(
      "c:@CM@Pad@objc(cs)PadView(im)fling:",
      kind: "swift.method",
      path: ["PadView", "fling(_:)"],
      declaration: "func fling(_ velocity: {CGVector|c:@S@CGVector})"
    )
    try graph.write(to: directory.url)
    let error = #expect(throws: SymbolGraphError.self) {
      try MultiplexGenerateCLITests.read(proto.name, module: "Pad", in: directory)
    }
    #expect(error?.description.contains("names 'CGVector' (in 'pad(didFling:)'), whose module") == true)
  }

  /// The import refusal's other remedy names only what the user did not pass: with `--sdk` and `--target` the
  /// extraction was tried, so only the graph directory is left.
  @Test func theImportRefusalNamesOnlyTheFlagsNotPassed() {
    let error = SymbolGraphError.unresolvedTypes(
      name: "PagerDelegate",
      module: "Pager",
      types: ["CGPoint"],
      requirements: ["pager(_:didScrollTo:)"],
      suggestions: ["CoreGraphics"]
    )
    #expect(
      error.description.hasSuffix(
        "pass --import CoreGraphics (or add that module's graph to --symbol-graph-dir, or pass --sdk and --target to "
          + "extract it)"
      )
    )
    #expect(
      error.description(passing: ["--sdk", "--target", "--symbol-graph-dir"]).hasSuffix(
        "pass --import CoreGraphics (or add that module's graph to the --symbol-graph-dir directory)"
      )
    )
    #expect(
      error.description(passing: ["--symbol-graph-dir", "--target"]).hasSuffix(
        "(or add that module's graph to the --symbol-graph-dir directory, or pass --sdk as well to extract it)"
      )
    )
  }

  // MARK: Root 2: the library's protocols named as types are existentials

  @Test func aLibrarysProtocolNamedAsATypeIsWrittenAny() throws {
    let input = try read([
      library { graph in
        graph.symbol("s:5Pager10PageSourceP", path: ["PageSource"], declaration: "protocol PageSource")
        graph.requirement(
          "s:5Pager0A8DelegateP5pager_6sourceyAA0A4ViewC_AA10PageSource_ptF",
          of: Self.pager,
          title: "pager(_:source:fallback:)",
          declaration:
            "func pager(_ pager: \(Self.view), source: {PageSource|s:5Pager10PageSourceP}, fallback: {PageSource|s:5Pager10PageSourceP}?, all: [{PageSource|s:5Pager10PageSourceP}], existing: any {PageSource|s:5Pager10PageSourceP})"
        )
        graph.requirement(
          "s:5Pager0A8DelegateP4load",
          of: Self.pager,
          title: "load(_:)",
          declaration: "func load<T>(_ source: T) where T : {PageSource|s:5Pager10PageSourceP}"
        )
      }
    ])
    #expect(
      input.source.contains(
        "func pager(_ pager: PagerView, source: any PageSource, fallback: (any PageSource)?, all: [any PageSource], "
          + "existing: any PageSource)"
      )
    )
    #expect(input.source.contains("func load<T>(_ source: T) where T : PageSource"))
  }

  // MARK: Root 3: an optional requirement's answer needs no flag when its type has an empty value

  @Test func anOptionalRequirementReturningAValueAnswersItsEmptyValue() throws {
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    let proto = (usr: "c:@M@Pager@objc(pl)PagerLayoutDelegate", name: "PagerLayoutDelegate")
    graph.symbol(proto.usr, path: [proto.name], declaration: "@objc protocol PagerLayoutDelegate : NSObjectProtocol")
    graph.symbol("c:@S@CGSize", kind: "swift.struct", path: ["CGSize"], declaration: "struct CGSize")
    graph.requirement(
      "\(proto.usr)(im)pager:sizeForItemAt:",
      of: proto,
      title: "pager(_:sizeForItemAt:)",
      declaration: "func pager(_ pager: \(Self.view), sizeForItemAt index: {Int|s:Si}) -> {CGSize|c:@S@CGSize}",
      optional: true
    )
    graph.requirement(
      "\(proto.usr)(im)pagerSpacing:",
      of: proto,
      title: "pagerSpacing(_:)",
      declaration: "func pagerSpacing(_ pager: \(Self.view)) -> {Double|s:Sd}",
      optional: true
    )
    graph.requirement(
      "\(proto.usr)(im)pager:valueFor:withDefault:",
      of: proto,
      title: "pager(_:valueFor:withDefault:)",
      declaration:
        "func pager(_ pager: \(Self.view), valueFor option: {Int|s:Si}, withDefault value: {Double|s:Sd}) -> {Double|s:Sd}",
      optional: true
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    let output = try generated(try MultiplexGenerateCLITests.read(proto.name, module: "Pager", in: directory))
    #expect(output.contains("Convention (nothing documents it): the empty value"))
    #expect(output.contains(".zero"))
    #expect(output.contains("Convention (nothing documents it): the default the sender passes in 'value'."))
    #expect(DocumentedDefault.emptyValue(of: SwiftType(parsing: "CATransform3D")) == "CATransform3DIdentity")
    #expect(DocumentedDefault.emptyValue(of: SwiftType(parsing: "CGFloat")) == "0")
    #expect(DocumentedDefault.emptyValue(of: SwiftType(parsing: "[Int]")) == "[]")
    #expect(DocumentedDefault.emptyValue(of: SwiftType(parsing: "UICollectionViewLayout")) == nil)
  }

  // FloatingPanel's `floatingPanel(_:layoutFor:)` (a layout object), FXPageControl's `pageControl(_:colorForDotAt:)`
  // and `pageControl(_:shapeForDotAt:)` (`UIColor`, `Unmanaged<CGPath>`): no empty value, no flag.
  @Test func anOptionalRequirementReturningAnObjectAnswersWithTheObserversKeptAnswers() throws {
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    let proto = (usr: "c:@M@Pager@objc(pl)PagerLayoutDelegate", name: "PagerLayoutDelegate")
    let layout = "{PagerLayout|c:@M@Pager@objc(cs)PagerLayout}"
    graph.symbol(proto.usr, path: [proto.name], declaration: "@objc protocol PagerLayoutDelegate : NSObjectProtocol")
    graph.symbol(
      "c:@M@Pager@objc(cs)PagerView",
      kind: "swift.class",
      path: ["PagerView"],
      declaration: "class PagerView"
    )
    graph.symbol(
      "c:@M@Pager@objc(cs)PagerLayout",
      kind: "swift.class",
      path: ["PagerLayout"],
      declaration: "class PagerLayout"
    )
    graph.requirement(
      "\(proto.usr)(im)pagerDidScroll:",
      of: proto,
      title: "pagerDidScroll(_:)",
      declaration: "func pagerDidScroll(_ pager: \(Self.view))",
      optional: true
    )
    graph.requirement(
      "\(proto.usr)(im)pager:layoutFor:",
      of: proto,
      title: "pager(_:layoutFor:)",
      declaration: "func pager(_ pager: \(Self.view), layoutFor index: {Int|s:Si}) -> \(layout)",
      optional: true
    )
    graph.requirement(
      "\(proto.usr)(im)pager:shapeFor:",
      of: proto,
      title: "pager(_:shapeFor:)",
      declaration:
        "func pager(_ pager: \(Self.view), shapeFor index: {Int|s:Si}) -> {Unmanaged|s:s9UnmanagedV}<\(layout)>",
      optional: true
    )
    graph.requirement(
      "\(proto.usr)(im)pagerSpacing:",
      of: proto,
      title: "pagerSpacing(_:)",
      declaration: "func pagerSpacing(_ pager: \(Self.view)) -> {Double|s:Sd}",
      optional: true
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    let output = try generated(try MultiplexGenerateCLITests.read(proto.name, module: "Pager", in: directory))
    // The selectors' indices: pagerDidScroll: 0, pager:layoutFor: 1, pager:shapeFor: 2, pagerSpacing: 3.
    #expect(output.contains("private let _keptAnswers = Multiplex._KeptAnswers(keeping: [1, 2])"))
    #expect(
      output.contains(
        "self._answerImplementing(keeping: self._keptAnswers, at: 1) {\n      $0.pager?(pager, layoutFor: index)\n"
      )
    )
    #expect(
      output.contains(
        "Swift.Unmanaged.passUnretained(\n      self._answerImplementing(keeping: self._keptAnswers, at: 2) {\n"
          + "        $0.pager?(pager, shapeFor: index).takeUnretainedValue()\n"
      )
    )
    #expect(output.contains("So an answer is always there."))
    // `responds(to:)` pledges the implementing observer of a kept requirement.
    #expect(output.contains("if let pledged = self._keptAnswers.pledge(for: index, {"))
    #expect(output.contains("private func _firstImplementing(_ selector: Selector) -> Swift.AnyObject?"))
    // A combiner would need a default to give: the kept requirements have no combining method; the others do.
    #expect(!output.contains("combineLayoutFor"))
    #expect(!output.contains("combineShapeFor"))
    #expect(output.contains("Convention (nothing documents it): the empty value"))
  }

  @Test func aRequiredShouldQuestionAnswersTrueWithNoObserver() throws {
    let input = try read([
      library { graph in
        graph.requirement(
          "s:5Pager0A8DelegateP17shouldAddSelectionySbSiF",
          of: Self.pager,
          title: "shouldAddSelection(_:)",
          declaration: "func shouldAddSelection(_ index: {Int|s:Si}) -> {Bool|s:Sb}"
        )
      }
    ])
    let output = try generated(input)
    #expect(output.contains("Convention (nothing documents it): a 'should…' or 'can…' question answers true."))
  }

  /// A required requirement of a library built from source whose result has an empty value (Parchment's width, a
  /// `CGFloat`) answers it with no observer, and says so; the same graph without a source location (an SDK's, whose
  /// documentation the table reads) and a required requirement whose result has no empty value (a cell) are still
  /// refused in one line asking for `--default`.
  @Test func aRequiredValueOfALibraryAnswersItsEmptyValueWithNoObserver() throws {
    func pager(located: Bool, result: String) throws -> ExternalProtocol {
      var graph = GraphFixture(module: "Pager")
      graph.operatingSystem = "ios"
      graph.symbol(
        Self.pager.usr,
        path: [Self.pager.name],
        declaration: "protocol PagerDelegate : AnyObject",
        line: located ? 3 : nil
      )
      graph.requirement(
        "s:5Pager0A8DelegateP5pager_8widthForAA0A4ViewC_SitF",
        of: Self.pager,
        title: "pager(_:widthFor:)",
        declaration: "func pager(_ pager: \(Self.view), widthFor index: {Int|s:Si}) -> \(result)"
      )
      return try read([graph])
    }
    let width = "{CGFloat|s:14CoreFoundation7CGFloatV}"
    let output = try generated(pager(located: true, result: width))
    #expect(output.contains("self._multiplexer._forward(default: 0, combiner: self._combiner.object)"))
    #expect(output.contains("Convention (nothing documents it): the empty value, answered only with no observer"))

    func refusal(_ input: ExternalProtocol) -> String? {
      guard case .failure(let failure) = ExternalGenerator.generate(input, options: GenerationOptions(typeName: "M"))
      else { return nil }
      return failure.diagnostics.map(\.message).joined(separator: "\n")
    }
    let fromSDK = refusal(try pager(located: false, result: width))
    #expect(fromSDK?.contains("--default 'pager(_:widthFor:)=<CGFloat>'") == true, "\(fromSDK ?? "generated")")
    let cell = refusal(try pager(located: true, result: "{PagerView|c:@M@Pager@objc(cs)PagerView}"))
    #expect(cell?.contains("--default 'pager(_:widthFor:)=<PagerView>'") == true, "\(cell ?? "generated")")
  }

  // MARK: Root 5: main-actor isolation inherited from a parent

  @Test func aParentsGlobalActorIsolatesTheRefinement() throws {
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    let parent = (usr: "c:objc(pl)UITableViewDelegate", name: "UITableViewDelegate")
    let child = (usr: "s:5Pager0A13TableDelegateP", name: "PagerTableDelegate")
    graph.symbol(
      parent.usr,
      path: [parent.name],
      declaration: "@MainActor protocol UITableViewDelegate : NSObjectProtocol"
    )
    graph.symbol(
      child.usr,
      path: [child.name],
      declaration: "protocol PagerTableDelegate : {UITableViewDelegate|c:objc(pl)UITableViewDelegate}"
    )
    graph.requirement(
      "s:5Pager0A13TableDelegateP10didRefreshyyF",
      of: child,
      title: "didRefresh()",
      declaration: "func didRefresh()"
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try graph.write(to: directory.url)
    let input = try MultiplexGenerateCLITests.read(child.name, module: "Pager", in: directory)
    #expect(input.source.contains("@MainActor protocol PagerTableDelegate"))
    // Its module may not apply the parent's actor to its own requirements: the conformance is isolated.
    #expect(input.hasInheritedIsolation)
    #expect(try generated(input).contains("@MainActor PagerTableDelegate, @MainActor Multiplex.DelegateMultiplexing"))
  }

  @Test func aProtocolUnavailableOnTheGraphsPlatformIsOneRefusal() throws {
    var graph = GraphFixture(module: "Pager")
    graph.operatingSystem = "ios"
    graph.symbol(
      Self.pager.usr,
      path: [Self.pager.name],
      declaration: "protocol PagerDelegate : AnyObject",
      availability: [["domain": "iOS", "isUnconditionallyUnavailable": true]]
    )
    graph.requirement("s:5Pager0A8DelegateP4doneyyF", of: Self.pager, title: "done()", declaration: "func done()")
    #expect(throws: SymbolGraphError.unavailableProtocol(name: "PagerDelegate", module: "Pager", platform: "iOS")) {
      try read([graph])
    }
  }

  // MARK: Root 6: a library built from source is guarded by its module, not by the graph's platform

  @Test func aLibraryBuiltFromSourceIsGuardedByItsModuleAlone() throws {
    func guardLine(located: Bool) throws -> String? {
      var graph = GraphFixture(module: "Pager")
      graph.operatingSystem = "ios"
      graph.symbol(
        Self.pager.usr,
        path: [Self.pager.name],
        declaration: "protocol PagerDelegate : AnyObject",
        line: located ? 3 : nil
      )
      graph.requirement("s:5Pager0A8DelegateP4doneyyF", of: Self.pager, title: "done()", declaration: "func done()")
      let input = try read([graph])
      return try generated(input).split(separator: "\n").first { $0.hasPrefix("#if ") }.map(String.init)
    }
    #expect(try guardLine(located: true) == "#if canImport(Pager)")
    #expect(try guardLine(located: false) == "#if canImport(Pager) && os(iOS) && !targetEnvironment(macCatalyst)")
  }

  private func generated(_ input: ExternalProtocol) throws -> String {
    switch ExternalGenerator.generate(input, options: GenerationOptions(typeName: "M")) {
    case .success(let text): return text
    case .failure(let failure):
      Issue.record("refused: \(failure.diagnostics.map(\.message))")
      return ""
    }
  }
}
