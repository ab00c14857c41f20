import Foundation
import Testing

/// A joined handler's combining choice that the answer's spelling cannot rule out (a type declared elsewhere: an
/// option set or an enum?, `Requirement.joinPolicies(answer:)`), compiled by the real compiler with the built
/// plugin: the wrong one of `union` and `order(…)` is an error whose message names the choices (the runtime's
/// unavailable overloads of `_JoinedHandler.union` and `.order`), and the right ones compile.
@Suite(.enabled(if: RefinementCompiler.available != nil, "the built plugin and modules are not where expected"))
struct JoinChoiceCompileTests {
  /// `@MultiplexedCombine(.union)` on an enum's handler; `order` on an answer that is not `Equatable`, as
  /// `multiplex-generate` writes it (`--combine 'f(_:completionHandler:)=order(a)'`; the macro's marker already
  /// needs an `Equatable` value).
  @Test func theWrongChoiceNamesTheChoices() throws {
    let compiler = try #require(RefinementCompiler.available)
    let directory = try compiler.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try compiler.run(
      """
      import Multiplex
      import MultiplexMacros
      enum Fetch: Equatable, Sendable { case newData, failed, noData }
      struct Unranked: Sendable { static let a = Unranked() }
      @Multiplexed
      protocol PushDelegate: AnyObject {
        @MultiplexedCombine(.union)
        func fetch(_ id: Int, completionHandler: @escaping @Sendable (Fetch) -> Void)
      }
      func generated(_ completionHandler: @escaping (Unranked) -> Void) {
        _ = Multiplex._JoinedHandler.order([.a], completionHandler)
      }
      """,
      module: "Joins",
      in: directory,
      emitModule: false
    )
    #expect(result.status != 0)
    let errors = result.errors.filter { $0.contains("error: ") && !$0.contains("|") }
    #expect(
      errors.contains {
        $0.hasSuffix(
          "error: 'union' is unavailable: union joins answers that are option sets (SetAlgebra); for this answer "
            + "choose order(a, b, c) for an enum, anyTrue or allTrue for a Bool, firstNonNil for an Optional"
        )
      },
      "\(errors)"
    )
    #expect(
      errors.contains {
        $0.hasSuffix(
          "error: 'order' is unavailable: order(a, b, c) ranks answers that are Equatable (an enum's cases); for "
            + "this answer choose union for an option set, anyTrue or allTrue for a Bool, firstNonNil for an Optional"
        )
      },
      "\(errors)"
    )
    #expect(!errors.contains { $0.contains("conform to 'SetAlgebra'") || $0.contains("conform to 'Equatable'") })
  }

  /// The right choices for the same kinds of answers compile: `union` of an option set, `order` of an enum.
  @Test func theRightChoicesCompile() throws {
    let compiler = try #require(RefinementCompiler.available)
    let directory = try compiler.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try compiler.run(
      """
      import MultiplexMacros
      enum Fetch: Equatable, Sendable { case newData, failed, noData }
      struct Presentation: OptionSet, Sendable { let rawValue: Int }
      @Multiplexed
      protocol PushDelegate: AnyObject {
        @MultiplexedCombine(.order(Fetch.newData, .failed))
        func fetch(_ id: Int, completionHandler: @escaping @Sendable (Fetch) -> Void)
        @MultiplexedCombine(.union)
        func present(_ id: Int, completionHandler: @escaping @Sendable (Presentation) -> Void)
      }
      """,
      module: "Joins",
      in: directory,
      emitModule: false
    )
    #expect(result.status == 0, "\(result.errors)")
  }
}
