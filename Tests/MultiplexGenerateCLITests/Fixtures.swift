// The hand-written module `Test` (and its neighbours) that the reader tests read.

import Foundation

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

enum Fixtures {
  static let parent = (usr: "s:4Test6ParentP", name: "Parent")
  static let child = (usr: "s:4Test5ChildP", name: "Child")
  static let childDelegate = (usr: "s:4Test13ChildDelegateP", name: "ChildDelegate")
  static let notClass = (usr: "s:4Test8NotClassP", name: "NotClass")
  static let objC = (usr: "c:objc(pl)ObjCDelegate", name: "ObjCDelegate")
  static let defaults = (usr: "s:4Test8DefaultsP", name: "Defaults")
  static let located = (usr: "s:4Test7LocatedP", name: "Located")

  /// Module `Test`: every protocol the fixture tests read, in `Test.symbols.json`, with default implementations
  /// that another module declares in `Other@Test.symbols.json`.
  static func testModule(shuffled: Bool = false) -> (main: GraphFixture, extensions: GraphFixture) {
    var graph = GraphFixture(module: "Test")
    graph.symbol(parent.usr, path: [parent.name], declaration: "protocol Parent : AnyObject")
    graph.requirement(
      "s:4Test6ParentP11parentThingyyF",
      of: parent,
      title: "parentThing()",
      declaration: "func parentThing()"
    )
    graph.symbol(child.usr, path: [child.name], declaration: "protocol Child : {Parent|\(parent.usr)}")
    graph.requirement(
      "s:4Test5ChildP10childThingyyF",
      of: child,
      title: "childThing()",
      declaration: "func childThing()"
    )
    // Restates the parent's requirement: it appears once.
    graph.requirement(
      "s:4Test5ChildP11parentThingyyF",
      of: child,
      title: "parentThing()",
      declaration: "func parentThing()"
    )
    graph.relate("conformsTo", child.usr, parent.usr)
    // No USRs in the fragments: the parent is found through `conformsTo`.
    graph.symbol(childDelegate.usr, path: [childDelegate.name], declaration: "protocol ChildDelegate : Child, Sendable")
    graph.requirement(
      "s:4Test13ChildDelegateP7didTickyySiF",
      of: childDelegate,
      title: "didTick(_:)",
      declaration: "func didTick(_ count: Int)"
    )
    graph.relate("conformsTo", childDelegate.usr, child.usr)
    graph.relate("conformsTo", childDelegate.usr, parent.usr)
    graph.relate("conformsTo", childDelegate.usr, "s:s8SendableP", fallback: "Swift.Sendable")

    graph.symbol(notClass.usr, path: [notClass.name], declaration: "protocol NotClass : {Sendable|s:s8SendableP}")
    graph.requirement("s:4Test8NotClassP1fyyF", of: notClass, title: "f()", declaration: "func f()")
    graph.symbol("s:4Test6WidgetC", kind: "swift.class", path: ["Widget"], declaration: "class Widget")

    graph.symbol(
      objC.usr,
      path: [objC.name],
      declaration: "protocol ObjCDelegate : {NSObjectProtocol|c:objc(pl)NSObject}"
    )
    graph.requirement(
      "c:objc(pl)ObjCDelegate(im)didTap",
      of: objC,
      title: "didTap()",
      declaration: "func didTap()",
      optional: true
    )
    graph.requirement(
      "c:objc(pl)ObjCDelegate(im)didScroll:",
      of: objC,
      title: "didScroll(_:)",
      declaration: "@MainActor optional func didScroll(_ offset: Double)",
      optional: true
    )
    graph.requirement(
      "c:objc(pl)ObjCDelegate(im)required",
      of: objC,
      title: "required()",
      declaration: "func required() -> Bool",
      availability: [["domain": "iOS", "introduced": ["major": 13]]]
    )

    graph.symbol(defaults.usr, path: [defaults.name], declaration: "protocol Defaults : AnyObject")
    graph.requirement("s:4Test8DefaultsP1ayyF", of: defaults, title: "a()", declaration: "func a()")
    graph.requirement("s:4Test8DefaultsP1byySiF", of: defaults, title: "b(_:)", declaration: "func b(_ x: Int)")
    graph.requirement("s:4Test8DefaultsP1byySSF", of: defaults, title: "b(_:)", declaration: "func b(_ x: String)")
    graph.requirement("s:4Test8DefaultsP1cyyF", of: defaults, title: "c()", declaration: "func c()")
    // A default that only NSObject subclasses get: not a default for every observer.
    graph.defaultImplementation(
      "s:4Test8DefaultsPAAE1cyyF",
      of: "s:4Test8DefaultsP1cyyF",
      in: defaults,
      title: "c()",
      declaration: "func c()",
      constraints: [["kind": "superclass", "lhs": "Self", "rhs": "NSObject", "rhsPrecise": "s:10Foundation8NSObjectC"]]
    )

    graph.symbol(located.usr, path: [located.name], declaration: "protocol Located : AnyObject", line: 1)
    // Listed last-first; the locations give the order.
    graph.requirement("s:4Test7LocatedP5thirdyyF", of: located, title: "third()", declaration: "func third()", line: 4)
    graph.requirement(
      "s:4Test7LocatedP6secondyyF",
      of: located,
      title: "second()",
      declaration: "func second()",
      availability: [["domain": "*", "isUnconditionallyDeprecated": true, "message": "use \"third\""]],
      line: 3
    )
    graph.requirement("s:4Test7LocatedP5firstyyF", of: located, title: "first()", declaration: "func first()", line: 2)

    // Module `Other` extends `Defaults` with defaults for a() and both b(_:) overloads' names; the graph links
    // each default to every requirement of the same name.
    var extensions = GraphFixture(module: "Other")
    extensions.defaultImplementation(
      "s:4Test8DefaultsP5OtherE1ayyF",
      of: "s:4Test8DefaultsP1ayyF",
      in: defaults,
      title: "a()",
      declaration: "func a()"
    )
    extensions.defaultImplementation(
      "s:4Test8DefaultsP5OtherE1byySiF",
      of: "s:4Test8DefaultsP1byySiF",
      in: defaults,
      title: "b(_:)",
      declaration: "func b(_ x: Int)"
    )
    extensions.relate("defaultImplementationOf", "s:4Test8DefaultsP5OtherE1byySiF", "s:4Test8DefaultsP1byySSF")

    if shuffled {
      var generator = SeededGenerator(seed: 42)
      graph.relationships.shuffle(using: &generator)
      extensions.relationships.shuffle(using: &generator)
    }
    return (graph, extensions)
  }

  /// Writes module `Test` (and `Other@Test`) to a new temporary directory.
  static func writeTestModule(shuffled: Bool = false) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let (main, extensions) = testModule(shuffled: shuffled)
    try main.write(to: directory.url)
    try extensions.write(to: directory.url, fileName: "Other@Test.symbols.json")
    return directory
  }

  /// Module `Kit`, whose `KitDelegate` refines `BaseDelegate` of module `Base` (written only if `withBase`).
  static func writeKitAndBase(withBase: Bool) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let base = (usr: "s:4Base0A8DelegateP", name: "BaseDelegate")
    var kit = GraphFixture(module: "Kit")
    let kitDelegate = (usr: "s:3Kit0A8DelegateP", name: "KitDelegate")
    kit.symbol(
      kitDelegate.usr,
      path: [kitDelegate.name],
      declaration: "protocol KitDelegate : {BaseDelegate|\(base.usr)}"
    )
    kit.requirement("s:3Kit0A8DelegateP6kitOneyyF", of: kitDelegate, title: "kitOne()", declaration: "func kitOne()")
    kit.relate("conformsTo", kitDelegate.usr, base.usr, fallback: "Base.BaseDelegate")
    try kit.write(to: directory.url)
    if withBase {
      var baseGraph = GraphFixture(module: "Base")
      baseGraph.symbol(base.usr, path: [base.name], declaration: "protocol BaseDelegate : AnyObject")
      baseGraph.requirement(
        "s:4Base0A8DelegateP7baseOneyyF",
        of: base,
        title: "baseOne()",
        declaration: "func baseOne() -> Int"
      )
      try baseGraph.write(to: directory.url)
    }
    return directory
  }
}

/// A deterministic random number generator (SplitMix64) for shuffling fixtures.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
