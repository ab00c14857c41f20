// A protocol of another module that is not class-bound (issue 41, root 4): generated for observers that are objects,
// type-checked with a client against the real `Multiplex` runtime.

import Foundation
import Testing

@testable import MultiplexSymbolGraphReader

@Suite struct NonClassBoundTests {
  /// The module a library would ship: a delegate protocol that does not refine `AnyObject` (a settable property, a
  /// `Sendable` parent, a `nonmutating` method), and a sender that holds its delegate as `AnyObject?` and casts it.
  static let library = """
    public protocol PagerDelegate: Sendable {
      func pager(didShow page: Int)
      var pageCount: Int { get set }
      nonmutating func pagerDidReset()
    }
    public final class Pager {
      public weak var delegate: AnyObject?
      public init() {}
      public func show(_ page: Int) { (delegate as? any PagerDelegate)?.pager(didShow: page) }
    }
    """

  /// The generated file compiles with a client whose observer is a class and whose multiplexer sits in the sender's
  /// `AnyObject?` slot; the same client adding a value of a conforming struct does not ("argument type 'Plain'
  /// expected to be an instance of a class"): the refusal of values is the compiler's, not a silent no-op.
  @Test func objectsAreObserversAndValuesAreRefusedByTheCompiler() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule("Pages", source: Self.library, in: directory)
    let result = try generate(["PagerDelegate", "--module", "Pages", "-I", directory.path])
    try #require(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("Multiplex.Multiplexer<any PagerDelegate & AnyObject>"))
    let generated = directory.url.appendingPathComponent("PagerDelegateMultiplexer.swift")
    try result.output.write(to: generated, atomically: true, encoding: .utf8)

    let client = directory.url.appendingPathComponent("Client.swift")
    let clientSource = """
      import Multiplex
      import Pages

      final class Screen: PagerDelegate {
        func pager(didShow page: Int) {}
        var pageCount: Int { get { 0 } set {} }
        func pagerDidReset() {}
      }

      struct Plain: PagerDelegate {
        func pager(didShow page: Int) {}
        var pageCount = 0
        func pagerDidReset() {}
      }

      @MainActor func wire(_ pager: Pager, _ screen: Screen) {
        let multiplexer = PagerDelegateMultiplexer()
        pager.delegate = multiplexer
        multiplexer.add(screen)
        multiplexer.pageCount = 3
        multiplexer.pagerDidReset()
      }

      """
    try clientSource.write(to: client, atomically: true, encoding: .utf8)
    let compiled = try typecheck([generated, client], modules: directory)
    #expect(compiled.status == 0, "\(compiled.errorOutput)\n\(result.output)")

    try (clientSource + "func addValue(_ multiplexer: PagerDelegateMultiplexer) { multiplexer.add(Plain()) }\n")
      .write(to: client, atomically: true, encoding: .utf8)
    let refused = try typecheck([generated, client], modules: directory)
    #expect(refused.status != 0)
    #expect(refused.errorOutput.contains("'Plain' expected to be an instance of a class"), "\(refused.errorOutput)")
  }

  /// Setters are `mutating` per requirement: those a class-bound protocol inherits from a parent that is not
  /// class-bound are called through a variable, its own and `nonmutating` ones as they are (a variable there would be
  /// "never mutated", an error with warnings as errors). Both files type-check.
  @Test func aSetterIsCalledThroughAVariableOnlyWhereItIsMutating() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule(
      "Mixer",
      source: """
        public protocol Settings {
          var volume: Int { get set }
          subscript(key: String) -> Int { get set }
          var label: String { get nonmutating set }
        }
        public protocol SettingsDelegate: AnyObject, Settings {
          var balance: Int { get set }
        }
        """,
      in: directory
    )
    for name in ["Settings", "SettingsDelegate"] {
      let result = try generate([name, "--module", "Mixer", "-I", directory.path])
      try #require(result.status == 0, "\(result.errorOutput)")
      let generated = directory.url.appendingPathComponent("\(name)Multiplexer.swift")
      try result.output.write(to: generated, atomically: true, encoding: .utf8)
      let compiled = try typecheck([generated], modules: directory)
      #expect(compiled.status == 0, "\(name): \(compiled.errorOutput)\n\(result.output)")
      // `volume` and the subscript through a variable; `label` (nonmutating) and `balance` (class-bound) not.
      #expect(result.output.components(separatedBy: "var mutableObserver = ").count - 1 == 2, "\(result.output)")
      #expect(result.output.contains("$0.label = newValue"))
    }
  }

  /// A protocol class-bound through a parent of another module (whose graph the reader loads as it walks): its own
  /// setters and the parent's are called as they are, and the file type-checks (a variable would be "never mutated").
  @Test func aProtocolClassBoundThroughAnotherModulesParentHasNoMutatingSetter() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule(
      "Knobs",
      source: "public protocol KnobDelegate: AnyObject { var level: Int { get set } }",
      in: directory
    )
    try compileModule(
      "Panel",
      source: "import Knobs\npublic protocol PanelDelegate: KnobDelegate { var title: String { get set } }",
      in: directory
    )
    let result = try generate(["PanelDelegate", "--module", "Panel", "-I", directory.path])
    try #require(result.status == 0, "\(result.errorOutput)")
    #expect(!result.output.contains("var mutableObserver"), "\(result.output)")
    let generated = directory.url.appendingPathComponent("PanelDelegateMultiplexer.swift")
    try result.output.write(to: generated, atomically: true, encoding: .utf8)
    let compiled = try typecheck([generated], modules: directory)
    #expect(compiled.status == 0, "\(compiled.errorOutput)\n\(result.output)")
  }

  /// A Swift protocol class-bound only through an `@objc` Swift parent (which need not say `AnyObject`): the graph,
  /// not the rebuilt declaration's inheritance clause, decides. No `& AnyObject`, no variable for the parent's setter
  /// (a stand-in graph: this toolchain has no `@objc`).
  @Test func aProtocolClassBoundThroughAnObjCSwiftParentIsReadAsClassBound() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var graph = GraphFixture(module: "Dials")
    let parent = (usr: "c:@M@Dials@objc(pl)DialDelegate", name: "DialDelegate")
    let child = (usr: "s:5Dials13KnobDelegateP", name: "KnobDelegate")
    graph.symbol(parent.usr, path: [parent.name], declaration: "@objc protocol DialDelegate")
    graph.requirement(
      "c:@M@Dials@objc(pl)DialDelegate(py)level",
      of: parent,
      title: "level",
      declaration: "var level: {Int|s:Si} { get set }",
      kind: "swift.property"
    )
    graph.symbol(child.usr, path: [child.name], declaration: "protocol KnobDelegate : {DialDelegate|\(parent.usr)}")
    graph.requirement("s:5Dials13KnobDelegateP4turnyyF", of: child, title: "turn()", declaration: "func turn()")
    try graph.write(to: directory.url)
    let input = try read(child.name, module: "Dials", in: directory)
    #expect(input.isClassBound == true)
    #expect(input.members.allSatisfy { $0.isDeclaredInClassBoundProtocol == true })
  }

  /// Only subclasses of a class, or actors, can adopt the protocol: one line with the way around (not a file that
  /// does not compile: a multiplexer is a class of its own).
  @Test func aProtocolOnlySubclassesOrActorsAdoptIsOneRefusal() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule(
      "Views",
      source: """
        open class Base { public init() {} }
        public protocol BaseDelegate: Base { func f() }
        public protocol WhereBaseDelegate where Self: Base { func f() }
        public protocol ActorDelegate: Actor { func f() }
        """,
      in: directory
    )
    for (name, adopters) in [
      ("BaseDelegate", "subclasses of 'Base'"), ("WhereBaseDelegate", "subclasses of 'Base'"),
      ("ActorDelegate", "actors"),
    ] {
      let result = try generate([name, "--module", "Views", "-I", directory.path])
      #expect(result.status == 2)
      #expect(result.errorOutput.split(separator: "\n").count == 1, "\(result.errorOutput)")
      #expect(result.errorOutput.contains("can be adopted only by \(adopters)"), "\(result.errorOutput)")
    }
  }

  /// `mutating` methods and getters are refused in one line that names them all and says what to do instead; the
  /// macro's wording for a class-bound protocol ("Swift does not allow 'mutating' in a class-bound protocol;
  /// remove it") would be wrong here. The same for one a class-bound protocol inherits.
  @Test func mutatingMethodsAreOneRefusalWithARoute() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule(
      "Counters",
      source: """
        public protocol CounterDelegate {
          mutating func reset()
          mutating func step(by amount: Int)
          var total: Int { mutating get }
        }
        public protocol ObjectCounterDelegate: AnyObject, CounterDelegate {}
        """,
      in: directory
    )
    let result = try generate(["CounterDelegate", "--module", "Counters", "-I", directory.path])
    #expect(result.status == 2)
    let lines = result.errorOutput.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      result.errorOutput.contains(
        "cannot forward 'mutating' requirements 'reset()', 'step(by:)', 'total' of 'CounterDelegate'"
      ),
      "\(result.errorOutput)"
    )
    let inherited = try generate(["ObjectCounterDelegate", "--module", "Counters", "-I", directory.path])
    #expect(inherited.status == 2)
    #expect(inherited.errorOutput.split(separator: "\n").count == 1)
    #expect(!inherited.errorOutput.contains("class-bound protocol; remove it"), "\(inherited.errorOutput)")
    #expect(
      inherited.errorOutput.contains(
        "'reset()', 'step(by:)', 'total' of 'ObjectCounterDelegate', declared by 'CounterDelegate', which is not "
          + "class-bound"
      ),
      "\(inherited.errorOutput)"
    )
    #expect(result.errorOutput.contains("declare a class-bound protocol of your own"))
    #expect(!result.errorOutput.contains("class-bound protocol; remove it"))
  }
}
