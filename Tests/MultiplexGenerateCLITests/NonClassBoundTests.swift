// A protocol of another module that is not class-bound (issue 41, root 4): generated for observers that are objects,
// type-checked with a client against the real `Multiplex` runtime.

import Foundation
import Testing

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

  /// A `mutating` method is refused in one line that says what to do instead (the observers are objects, called
  /// through a constant reference); the macro's wording for a class-bound protocol ("Swift does not allow
  /// 'mutating' in a class-bound protocol") would be wrong here.
  @Test func aMutatingMethodIsRefusedWithARoute() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try compileModule("Counters", source: "public protocol CounterDelegate { mutating func reset() }", in: directory)
    let result = try generate(["CounterDelegate", "--module", "Counters", "-I", directory.path])
    #expect(result.status != 0)
    let lines = result.errorOutput.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.errorOutput.contains("cannot forward 'mutating' requirement 'reset()' of 'CounterDelegate'"))
    #expect(result.errorOutput.contains("declare a class-bound protocol of your own"))
    #expect(!result.errorOutput.contains("class-bound protocol; remove it"))
  }
}
