import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// One test per diagnostic: the message, its position (the offending node) and the fix-it, applied.
///
/// A protocol with a diagnostic expands to nothing, so the expanded source is the input without the macro.
@Suite struct DiagnosticsTests {
  /// On a struct, with a fix-it that removes the attribute.
  @Test func attachedToStruct() {
    assertExpansion(
      """
      @Multiplexed
      struct ScrollState {}
      """,
      expandedSource: """
        struct ScrollState {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' can only be attached to a protocol, not to a struct; write it on the delegate protocol whose calls should reach many observers",
          line: 1,
          column: 1,
          fixIts: [FixItSpec(message: "Remove '@Multiplexed'")]
        )
      ],
      fixedSource: """
        struct ScrollState {}
        """
    )
  }

  /// On a function.
  @Test func attachedToFunction() {
    assertExpansion(
      """
      @Multiplexed
      func scrollViewDidScroll() {}
      """,
      expandedSource: """
        func scrollViewDidScroll() {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' can only be attached to a protocol, not to a function; write it on the delegate protocol whose calls should reach many observers",
          line: 1,
          column: 1,
          fixIts: [FixItSpec(message: "Remove '@Multiplexed'")]
        )
      ]
    )
  }

  /// A protocol that is not class-bound gets `: AnyObject` added.
  @Test func protocolNotClassBound() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' protocol 'Delegate' must be class-bound, because the multiplexer holds its observers weakly; add ': AnyObject'",
          line: 2,
          column: 10,
          fixIts: [FixItSpec(message: "Add ': AnyObject'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// `AnyObject` goes first in an existing inheritance clause.
  @Test func sendableProtocolNotClassBound() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: Sendable {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: Sendable {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' protocol 'Delegate' must be class-bound, because the multiplexer holds its observers weakly; add ': AnyObject'",
          line: 2,
          column: 10,
          fixIts: [FixItSpec(message: "Add ': AnyObject'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject, Sendable {
          func didChange()
        }
        """
    )
  }

  /// Another inherited protocol's requirements are invisible to the macro.
  @Test func inheritedProtocol() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject, NSObjectProtocol {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject, NSObjectProtocol {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot see the requirements 'NSObjectProtocol' adds, so the multiplexer could not forward them; inherit only 'AnyObject', 'Sendable' and '@Multiplexed' protocols, and declare the requirements in this protocol",
          line: 2,
          column: 31
        )
      ]
    )
  }

  /// A `where` clause on the protocol.
  @Test func protocolWhereClause() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject where Self: Sendable {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject where Self: Sendable {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support a 'where' clause on the protocol; the generated multiplexer is a plain class that cannot meet it, so remove the clause",
          line: 2,
          column: 30
        )
      ]
    )
  }

  /// Primary associated types, and the associated type itself: one error, on the associated type (the clause
  /// goes when it goes).
  @Test func primaryAssociatedType() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate<Item>: AnyObject {
        associatedtype Item
      }
      """,
      expandedSource: """
        protocol Delegate<Item>: AnyObject {
          associatedtype Item
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support associated type 'Item': one multiplexer holds observers of every conforming type, so the requirements must not depend on the conforming type; use a concrete type or a generic parameter on the requirement instead",
          line: 3,
          column: 3
        )
      ]
    )
  }

  /// Primary associated types without an associated type are an error of their own.
  @Test func primaryAssociatedTypeAlone() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate<Item>: AnyObject {
        func didChange()
      }
      """
    )
    #expect(expansion.diagnostics.count == 1)
    #expect(expansion.diagnostics.first?.hasPrefix("'@Multiplexed' does not support primary associated types") == true)
  }

  /// One error per root cause: an associated type used by every requirement (async-http-client's
  /// `HTTPClientResponseDelegate` shape: `Self.Response` in parameters and results, a `where` clause) is one error,
  /// not one per requirement that mentions it (as `Self.Response` too), nor a request for a default of a
  /// requirement it refuses. A problem of its own on a requirement that does not use it is still reported, one
  /// error per requirement (`Self` alone, a variadic).
  @Test func associatedTypeIsOneRootCause() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol ResponseDelegate: AnyObject where Response: Sendable {
        associatedtype Response
        func didSendRequestHead(task: Task<Self.Response>, _ head: String)
        func didSendRequest(task: Task<Response>)
        func didReceiveHead(task: Task<Self.Response>, _ head: String) -> Future<Void>
        func didFinishRequest(task: Task<Self.Response>) throws -> Self.Response
        func didReceiveError(task: Task<Self.Response>, _ error: Error)
        func compare(_ other: Self) -> Bool
        func log(_ messages: String...)
      }
      """
    )
    #expect(expansion.diagnostics.count == 3, "\(expansion.diagnostics)")
    #expect(expansion.diagnosticLines == [3, 9, 10])
    #expect(
      expansion.diagnostics.first?.hasPrefix("'@Multiplexed' does not support associated type 'Response'") == true
    )
    #expect(expansion.diagnostics.dropFirst().first?.hasPrefix("'@Multiplexed' cannot forward 'compare(_:)'") == true)
    #expect(expansion.diagnostics.last?.hasPrefix("'@Multiplexed' cannot forward variadic parameter") == true)
  }

  /// A requirement refused for one reason is not asked for a default as well: `Self` in a requirement that
  /// returns a value is one error.
  @Test func refusedRequirementGetsNoDefaultRequest() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func copy(of other: Self) -> Int
      }
      """
    )
    #expect(
      expansion.diagnostics == [
        "'@Multiplexed' cannot forward 'copy(of:)' because it mentions 'Self', which is a different type for every observer; use a concrete type or 'any' existential instead"
      ]
    )
  }

  /// `@MultiplexedCombine` that cannot combine the result: an error on the attribute's line, naming the valid
  /// combiners; on a requirement that returns nothing, remove it.
  @Test func combineThatCannotApply() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Store: AnyObject {
        @MultiplexedDefault(0)
        @MultiplexedCombine(.anyTrue)
        func total() -> Int
        @MultiplexedCombine(.firstNonNil) @MultiplexedDefault(false)
        func observes(eventsOfKind kind: Int) -> Bool
        @MultiplexedCombine(.last)
        func didChange()
        @MultiplexedCombine(.anyTrue)
        func shouldCommit() -> Bool?
      }
      """
    )
    #expect(
      expansion.diagnostics == [
        "'@MultiplexedCombine(.anyTrue)' cannot combine the answers of 'total()', which returns 'Int' (anyTrue and allTrue need 'Bool', firstNonNil an 'Optional'); choose one of first, last",
        "'@MultiplexedCombine(.firstNonNil)' cannot combine the answers of 'observes(eventsOfKind:)', which returns 'Bool' (anyTrue and allTrue need 'Bool', firstNonNil an 'Optional'); choose one of first, last, anyTrue, allTrue",
        "'@MultiplexedCombine(.last)' cannot combine the answers of 'didChange()', which returns nothing; remove '@MultiplexedCombine(.last)'",
        "'@MultiplexedCombine(.anyTrue)' cannot combine the answers of 'shouldCommit()', which returns 'Bool?' (anyTrue and allTrue need 'Bool', firstNonNil an 'Optional'); choose one of first, last, firstNonNil",
      ]
    )
    #expect(expansion.diagnosticLines == [4, 6, 8, 10])
  }

  /// `@MultiplexedCombine` on a handler requirement joins it; a choice that cannot apply to the handler's answer,
  /// or a handler that cannot be joined, is an error on the attribute naming what can; an order that names no
  /// values is no combiner.
  @Test func joinThatCannotApply() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Push: AnyObject {
        @MultiplexedCombine(.union)
        func open(_ url: String, completion: @escaping (Bool) -> Void)
        @MultiplexedCombine(.join)
        func now(completion: (Bool) -> Void)
        @MultiplexedCombine(.order(Fetch.newData, .noData))
        func fetch(completionHandler: @escaping (Fetch) -> Void)
        @MultiplexedCombine(.order(x))
        func other(completionHandler: @escaping (Fetch) -> Void)
      }
      """
    )
    #expect(
      expansion.diagnostics == [
        "'@MultiplexedCombine(.union)' cannot join the handlers of 'open(_:completion:)', which answers its handler 'completion' with 'Bool' (join needs a handler without an answer, anyTrue and allTrue a 'Bool', firstNonNil an 'Optional', union an option set, order(…) an enum); choose one of anyTrue, allTrue",
        "'@MultiplexedCombine(.join)' cannot combine the answers of 'now(completion:)', which hands over 'completion' of type '(Bool) -> Void', which is not an escaping closure without a global actor (a joined handler is called after every observer answered, on any thread); remove '@MultiplexedCombine(.join)'",
        "'.order(x)' names no combiner; use one of .first, .last, .anyTrue, .allTrue, .firstNonNil, .join, .union, .order(…) (an order names its values: .order(Result.newData, .failed, .noData))",
      ]
    )
    #expect(expansion.diagnosticLines == [3, 5, 9])
  }

  /// `@MultiplexedDecidedOnce` with a combining choice: one observer answers, or all do and their answers are
  /// combined, not both (the decision used to win silently); an error on the combining attribute.
  @Test func decidedOnceAndCombined() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Fetcher: AnyObject {
        @MultiplexedDecidedOnce @MultiplexedCombine(.join)
        func fetch(completion: @escaping () -> Void)
        @MultiplexedDecidedOnce
        func start(completion: @escaping () -> Void)
      }
      """
    )
    #expect(
      expansion.diagnostics == [
        "'@MultiplexedDecidedOnce' and '@MultiplexedCombine(.join)' contradict each other on 'fetch(completion:)': one observer answers, or every observer does and their answers are combined; keep one"
      ]
    )
    #expect(expansion.diagnosticLines == [3])
  }

  /// `@MultiplexedDecidedOnce` where it cannot apply, and contradicting markers: an error on the attribute.
  @Test func decidedOnceThatCannotApply() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Transfer: AnyObject {
        @MultiplexedDecidedOnce
        func count(completion: @escaping () -> Void) -> Int?
        @MultiplexedDecidedOnce
        func finish(completion: @escaping () -> Void) async
        @MultiplexedDecidedOnce
        var name: String? { get }
        @MultiplexedDecidedOnce @MultiplexedEveryObserver
        func start(completion: @escaping () -> Void)
      }
      """
    )
    #expect(
      expansion.diagnostics == [
        "'@MultiplexedDecidedOnce' cannot apply to 'count(completion:)', a method that returns a value (its answers are combined): only a method that returns nothing and is not 'async' can go to exactly one observer; remove '@MultiplexedDecidedOnce'",
        "'@MultiplexedDecidedOnce' cannot apply to 'finish(completion:)', an 'async' method (its caller awaits it instead of passing a handler): only a method that returns nothing and is not 'async' can go to exactly one observer; remove '@MultiplexedDecidedOnce'",
        "'@MultiplexedDecidedOnce' cannot apply to 'name', a property: only a method that returns nothing and is not 'async' can go to exactly one observer; remove '@MultiplexedDecidedOnce'",
        "'@MultiplexedDecidedOnce' and '@MultiplexedEveryObserver' contradict each other on 'start(completion:)'; keep one",
      ]
    )
    #expect(expansion.diagnosticLines == [3, 5, 7, 9])
  }

  /// An associated type.
  @Test func associatedType() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        associatedtype Item
        func didChange(_ item: Item)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          associatedtype Item
          func didChange(_ item: Item)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support associated type 'Item': one multiplexer holds observers of every conforming type, so the requirements must not depend on the conforming type; use a concrete type or a generic parameter on the requirement instead",
          line: 3,
          column: 3
        )
      ]
    )
  }

  /// `@objc` and `optional`, each with a fix-it.
  @Test func objcProtocol() {
    assertExpansion(
      """
      @Multiplexed
      @objc protocol Delegate: AnyObject {
        optional func didChange()
      }
      """,
      expandedSource: """
        @objc protocol Delegate: AnyObject {
          optional func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support '@objc' protocols; remove '@objc' (requirements become optional through generated default implementations instead of 'optional')",
          line: 2,
          column: 1,
          fixIts: [FixItSpec(message: "Remove '@objc'")]
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support 'optional' requirement 'didChange()'; remove 'optional' (every requirement that returns 'Void' or an 'Optional' is optional for observers already)",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Remove 'optional'")]
        ),
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// `static` methods and properties.
  @Test func staticRequirements() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        static func make() -> Int?
        static var shared: Int? { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          static func make() -> Int?
          static var shared: Int? { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward a 'static' requirement: the multiplexer forwards calls made on an instance to its observers; move it to another protocol or make it an instance requirement",
          line: 3,
          column: 3
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward a 'static' requirement: the multiplexer forwards calls made on an instance to its observers; move it to another protocol or make it an instance requirement",
          line: 4,
          column: 3
        ),
      ]
    )
  }

  /// An initializer.
  @Test func initializerRequirement() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        init(name: String)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          init(name: String)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward an initializer: the multiplexer forwards calls to observers that already exist; remove the initializer or move it to another protocol",
          line: 3,
          column: 3
        )
      ]
    )
  }

  /// `#if` inside the protocol.
  @Test func conditionalRequirements() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        #if DEBUG
        func debugDidChange()
        #endif
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          #if DEBUG
          func debugDidChange()
          #endif
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support '#if' inside the protocol; declare the requirements unconditionally, or declare one '@Multiplexed' protocol per configuration",
          line: 3,
          column: 3
        )
      ]
    )
  }

  /// `Self` in a parameter, a result and a property type.
  @Test func selfRequirements() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func isEqual(to other: Self) -> Bool?
        func copy() -> Self?
        var parent: Self? { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func isEqual(to other: Self) -> Bool?
          func copy() -> Self?
          var parent: Self? { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'isEqual(to:)' because it mentions 'Self', which is a different type for every observer; use a concrete type or 'any' existential instead",
          line: 3,
          column: 8
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'copy()' because it mentions 'Self', which is a different type for every observer; use a concrete type or 'any' existential instead",
          line: 4,
          column: 8
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'parent' because it mentions 'Self', which is a different type for every observer; use a concrete type or 'any' existential instead",
          line: 5,
          column: 15
        ),
      ]
    )
  }

  /// A variadic parameter, with a fix-it that takes an array.
  @Test func variadicParameter() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func didSelect(_ rows: Int...)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func didSelect(_ rows: Int...)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward variadic parameter 'rows' (Swift cannot pass an array on as variadic arguments); take an array instead",
          line: 3,
          column: 29,
          fixIts: [FixItSpec(message: "Replace with '[Int]'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didSelect(_ rows: [Int])
        }
        """
    )
  }

  /// `rethrows`, with a fix-it to `throws`.
  @Test func rethrowsRequirement() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func perform(_ work: () throws -> Void) rethrows
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func perform(_ work: () throws -> Void) rethrows
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'rethrows' requirement 'perform(_:)': the multiplexer calls several observers and reports the first error they throw; declare it 'throws'",
          line: 3,
          column: 43,
          fixIts: [FixItSpec(message: "Replace 'rethrows' with 'throws'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func perform(_ work: () throws -> Void) throws
        }
        """
    )
  }

  /// `nonisolated` in a `@MainActor` protocol, with a fix-it.
  @Test func nonisolatedRequirementOfIsolatedProtocol() {
    assertExpansion(
      """
      @Multiplexed
      @MainActor
      protocol Delegate: AnyObject {
        nonisolated func didChange()
      }
      """,
      expandedSource: """
        @MainActor
        protocol Delegate: AnyObject {
          nonisolated func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'nonisolated' requirement 'didChange()': the protocol is '@MainActor', and so are the multiplexer and its observers; remove 'nonisolated'",
          line: 4,
          column: 3,
          fixIts: [FixItSpec(message: "Remove 'nonisolated'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        @MainActor
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// A requirement isolated to another global actor than the protocol's, with a fix-it.
  @Test func otherGlobalActorInIsolatedProtocol() {
    assertExpansion(
      """
      @Multiplexed
      @MainActor
      protocol Delegate: AnyObject {
        @RenderActor func render() -> Int?
        @MainActor func layout()
      }
      """,
      expandedSource: """
        @MainActor
        protocol Delegate: AnyObject {
          @RenderActor func render() -> Int?
          @MainActor func layout()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward '@RenderActor' requirement 'render()': the protocol is '@MainActor', and so are the multiplexer and its observers; remove '@RenderActor'",
          line: 4,
          column: 3,
          fixIts: [FixItSpec(message: "Remove '@RenderActor'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        @MainActor
        protocol Delegate: AnyObject {
          func render() -> Int?
          @MainActor func layout()
        }
        """
    )
  }

  /// A non-optional result without a default, with a fix-it that inserts the marker.
  @Test func missingDefaultValue() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func shouldBegin() -> Bool
        @available(macOS 15, *)
        var height: Double { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func shouldBegin() -> Bool
          @available(macOS 15, *)
          var height: Double { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'shouldBegin()' returns 'Bool', so the multiplexer needs the value to return when no observer answers; add '@MultiplexedDefault(<value>)' to the requirement (it also makes the requirement optional for observers)",
          line: 3,
          column: 25,
          fixIts: [FixItSpec(message: "Insert '@MultiplexedDefault(<#value#>)'")]
        ),
        DiagnosticSpec(
          message:
            "'height' returns 'Double', so the multiplexer needs the value to return when no observer answers; add '@MultiplexedDefault(<value>)' to the requirement (it also makes the requirement optional for observers)",
          line: 5,
          column: 15,
          fixIts: [FixItSpec(message: "Insert '@MultiplexedDefault(<#value#>)'")]
        ),
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          @MultiplexedDefault(<#value#>) func shouldBegin() -> Bool
          @MultiplexedDefault(<#value#>) @available(macOS 15, *)
          var height: Double { get }
        }
        """
    )
  }

  /// `@MultiplexedRequired` alone still needs a default for a non-optional result.
  @Test func requiredWithoutDefaultValue() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedRequired
        func height(forRow row: Int) -> Double
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func height(forRow row: Int) -> Double
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'height(forRow:)' returns 'Double', so the multiplexer needs the value to return when no observer answers; add '@MultiplexedDefault(<value>)' to the requirement",
          line: 4,
          column: 35,
          fixIts: [FixItSpec(message: "Insert '@MultiplexedDefault(<#value#>)'")]
        )
      ]
    )
  }

  /// `@MultiplexedDefault` on a `Void` requirement, with a fix-it that removes it.
  @Test func defaultOnVoidRequirement() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(1)
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@MultiplexedDefault' has no effect on 'didChange()', which returns nothing; remove it",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Remove '@MultiplexedDefault'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// A marker written twice, with a fix-it that removes the second.
  @Test func duplicateMarker() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(true) @MultiplexedDefault(false)
        func shouldBegin() -> Bool
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {

          func shouldBegin() -> Bool
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@MultiplexedDefault' is written more than once on this requirement; remove the extra one",
          line: 3,
          column: 29,
          fixIts: [FixItSpec(message: "Remove '@MultiplexedDefault'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          @MultiplexedDefault(true)
          func shouldBegin() -> Bool
        }
        """
    )
  }

  /// A requirement named like a member of the multiplexer; an overload with other parameter types is fine.
  @Test func nameCollision() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        var count: Int? { get }
        func observers() -> Int?
        func contains(_ observer: any Delegate) -> Bool?
        func contains(_ point: Point) -> Bool?
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          var count: Int? { get }
          func observers() -> Int?
          func contains(_ observer: any Delegate) -> Bool?
          func contains(_ point: Point) -> Bool?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "requirement 'count' has the name of a member that the generated multiplexer declares itself; rename the requirement",
          line: 3,
          column: 7
        ),
        DiagnosticSpec(
          message:
            "requirement 'observers()' has the name of a member that the generated multiplexer declares itself; rename the requirement",
          line: 4,
          column: 8
        ),
        DiagnosticSpec(
          message:
            "requirement 'contains(_:)' has the name of a member that the generated multiplexer declares itself; rename the requirement",
          line: 5,
          column: 8
        ),
      ]
    )
  }

  /// A requirement named like a parameterless member of the registration API that `DelegateMultiplexing`'s
  /// extension gives the multiplexer: it would witness `observersDidChange()` (called after every registration
  /// change) or shadow `removeAll()` (which would then call the observers instead of unregistering them).
  @Test func nameCollisionWithTheRegistrationAPI() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func removeAll()
        func observersDidChange()
        func removeAll(in section: Int)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func removeAll()
          func observersDidChange()
          func removeAll(in section: Int)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "requirement 'removeAll()' has the name of a member that the generated multiplexer declares itself; rename the requirement",
          line: 3,
          column: 8
        ),
        DiagnosticSpec(
          message:
            "requirement 'observersDidChange()' has the name of a member that the generated multiplexer declares itself; rename the requirement",
          line: 4,
          column: 8
        ),
      ]
    )
  }

  /// A property of type `Void`.
  @Test func voidProperty() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        var nothing: Void { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          var nothing: Void { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Multiplexed' cannot forward a property of type 'Void'; remove it from the protocol",
          line: 3,
          column: 16
        )
      ]
    )
  }

  /// A marker in a protocol without `@Multiplexed`, with a fix-it that removes it.
  @Test func markerOutsideMultiplexedProtocol() {
    assertExpansion(
      """
      protocol Delegate: AnyObject {
        @MultiplexedDefault(true)
        func shouldBegin() -> Bool
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func shouldBegin() -> Bool
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@MultiplexedDefault' only has an effect on a requirement of a '@Multiplexed' protocol; add '@Multiplexed' to the protocol or remove '@MultiplexedDefault'",
          line: 2,
          column: 3,
          fixIts: [FixItSpec(message: "Remove '@MultiplexedDefault'")]
        )
      ],
      fixedSource: """
        protocol Delegate: AnyObject {
          func shouldBegin() -> Bool
        }
        """
    )
  }

  /// A marker on a type.
  @Test func markerOnType() {
    assertExpansion(
      """
      @MultiplexedRequired
      struct Settings {}
      """,
      expandedSource: """
        struct Settings {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@MultiplexedRequired' can only be written on a method, property or subscript requirement of a '@Multiplexed' protocol",
          line: 1,
          column: 1
        )
      ]
    )
  }

  // MARK: Shapes Swift or the macro cannot forward

  /// `@Multiplexed` written twice, reported once, with a fix-it that removes the second.
  @Test func multiplexedWrittenTwice() {
    assertExpansion(
      """
      @Multiplexed @Multiplexed
      protocol Delegate: AnyObject {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Multiplexed' is written more than once on this protocol; remove the extra one",
          line: 1,
          column: 14,
          fixIts: [FixItSpec(message: "Remove '@Multiplexed'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// A `private` protocol nested in a type, with a fix-it to `fileprivate`.
  @Test func privateNestedProtocol() {
    assertExpansion(
      """
      enum Outer {
        @Multiplexed
        private protocol Delegate: AnyObject {
          func didChange()
        }
      }
      """,
      expandedSource: """
        enum Outer {
          private protocol Delegate: AnyObject {
            func didChange()
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot extend 'private' protocol 'Delegate' nested in a type: the default implementations go in an extension at file scope, which cannot see it; make it 'fileprivate'",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Replace 'private' with 'fileprivate'")]
        )
      ],
      fixedSource: """
        enum Outer {
          @Multiplexed
          fileprivate protocol Delegate: AnyObject {
            func didChange()
          }
        }
        """
    )
  }

  /// A default argument (Swift rejects it in a protocol too), with a fix-it that removes it.
  @Test func defaultArgument() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func scroll(to offset: Int = 0, animated: Bool)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func scroll(to offset: Int = 0, animated: Bool)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward the default argument of 'offset' in 'scroll(to:animated:)': Swift does not allow default arguments in a protocol requirement; remove it (an overload in an extension of the protocol can supply the default)",
          line: 3,
          column: 30,
          fixIts: [FixItSpec(message: "Remove the default argument")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func scroll(to offset: Int, animated: Bool)
        }
        """
    )
  }

  /// `mutating` on a method and on a getter, `nonmutating` on a setter: Swift rejects them in a class-bound
  /// protocol.
  @Test func mutatingRequirements() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        mutating func reset()
        var count: Int? { mutating get }
        var title: String? { get nonmutating set }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          mutating func reset()
          var count: Int? { mutating get }
          var title: String? { get nonmutating set }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'reset()': Swift does not allow 'mutating' in a class-bound protocol; remove it",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Remove 'mutating'")]
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'count': Swift does not allow 'mutating' in a class-bound protocol; remove it",
          line: 4,
          column: 21,
          fixIts: [FixItSpec(message: "Remove 'mutating'")]
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'title': Swift does not allow 'nonmutating' in a class-bound protocol; remove it",
          line: 5,
          column: 28,
          fixIts: [FixItSpec(message: "Remove 'nonmutating'")]
        ),
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func reset()
          var count: Int? { get }
          var title: String? { get set }
        }
        """
    )
  }

  /// `weak` and `unowned` on a property, which Swift rejects in a protocol.
  @Test func weakProperty() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        weak var owner: Owner? { get set }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          weak var owner: Owner? { get set }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'weak' property 'owner': Swift does not allow 'weak' on a protocol property; remove it (each observer decides how it stores the value)",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Remove 'weak'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          var owner: Owner? { get set }
        }
        """
    )
  }

  /// A `let` property, with a fix-it to the read-only `var`.
  @Test func letProperty() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        let title: String?
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          let title: String?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'let' property 'title': a protocol declares properties with 'var' and their accessors; write 'var title: String? { get }'",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Replace 'let' with 'var'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          var title: String? { get }
        }
        """
    )
  }

  /// A property without accessors, with a fix-it that adds `{ get }`.
  @Test func propertyWithoutAccessors() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        var title: String?
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          var title: String?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward property 'title' without accessors: a protocol property declares '{ get }' or '{ get set }'; add them",
          line: 3,
          column: 7,
          fixIts: [FixItSpec(message: "Insert '{ get }'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          var title: String? { get }
        }
        """
    )
  }

  /// `@objc` on a requirement, with a fix-it that removes it.
  @Test func objcRequirement() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @objc func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          @objc func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support '@objc' requirement 'didChange()'; remove '@objc' (the protocol is not '@objc', and the multiplexer needs no Objective-C runtime)",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Remove '@objc'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
        """
    )
  }

  /// A requirement unavailable everywhere is refused; one unavailable on a platform, or deprecated, is forwarded.
  @Test func unavailableRequirement() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @available(*, unavailable)
        func didChange()
        @available(iOS, unavailable, message: "unavailable")
        func didScroll()
        @available(*, deprecated, message: "unavailable soon")
        func didZoom()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          @available(*, unavailable)
          func didChange()
          @available(iOS, unavailable, message: "unavailable")
          func didScroll()
          @available(*, deprecated, message: "unavailable soon")
          func didZoom()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward unavailable requirement 'didChange()': the multiplexer must implement every requirement, and Swift only allows unavailable requirements in '@objc' protocols; remove the requirement, or deprecate it instead",
          line: 3,
          column: 3
        )
      ]
    )
  }

  /// An opaque result type (Swift rejects it in a protocol too), on a method and on a property.
  @Test func opaqueResult() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func makeView() -> some View
        var body: (some View)? { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func makeView() -> some View
          var body: (some View)? { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'makeView()' of opaque type 'some View': Swift does not allow an opaque result type in a protocol requirement; use an 'any' existential or a generic parameter instead",
          line: 3,
          column: 22
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'body' of opaque type '(some View)?': Swift does not allow an opaque result type in a protocol requirement; use an 'any' existential or a generic parameter instead",
          line: 4,
          column: 13
        ),
      ]
    )
  }

  /// A `consuming` parameter, with a fix-it to `borrowing`.
  @Test func consumingParameter() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func take(_ token: consuming Token)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func take(_ token: consuming Token)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'consuming' parameter 'token': every observer would take ownership of the same value, which a noncopyable value cannot give; declare it 'borrowing'",
          line: 3,
          column: 22,
          fixIts: [FixItSpec(message: "Replace 'consuming' with 'borrowing'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func take(_ token: borrowing Token)
        }
        """
    )
  }

  /// A `sending` parameter, with a fix-it that removes `sending`.
  @Test func sendingParameter() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func receive(_ item: sending Item)
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func receive(_ item: sending Item)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'sending' parameter 'item': every observer receives the same value, so it cannot be sent to each of them; remove 'sending' (a 'Sendable' type needs none)",
          line: 3,
          column: 24,
          fixIts: [FixItSpec(message: "Remove 'sending'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func receive(_ item: Item)
        }
        """
    )
  }

  /// A `sending` result, with a fix-it that removes `sending`.
  @Test func sendingResult() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func makeItem() -> sending Item?
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func makeItem() -> sending Item?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'makeItem()', which returns a 'sending' value: the multiplexer returns an observer's answer and cannot prove that nothing else refers to it; remove 'sending' (a 'Sendable' type needs none)",
          line: 3,
          column: 22,
          fixIts: [FixItSpec(message: "Remove 'sending'")]
        )
      ],
      fixedSource: """
        @Multiplexed
        protocol Delegate: AnyObject {
          func makeItem() -> Item?
        }
        """
    )
  }

  /// A requirement that returns `Never`.
  @Test func neverResult() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func crash() -> Never
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func crash() -> Never
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'crash()', which returns 'Never': the multiplexer calls every observer and returns when none stops the program; return 'Void' instead",
          line: 3,
          column: 19
        )
      ]
    )
  }

  /// `where T == Int` on a generic parameter, which Swift rejects too; `T == U.Element` is fine.
  @Test func sameTypeRequirementOnAGenericParameter() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func same<T>(_ value: T) -> T? where T == Int
        func element<T, U: Sequence>(_ sequence: U) -> T? where T == U.Element
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func same<T>(_ value: T) -> T? where T == Int
          func element<T, U: Sequence>(_ sequence: U) -> T? where T == U.Element
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'same(_:)': 'T == Int' makes generic parameter 'T' non-generic, which Swift rejects; use 'Int' instead of 'T'",
          line: 3,
          column: 40
        )
      ]
    )
  }

  /// A generic parameter named like a module the generated code names.
  @Test func genericParameterNamedLikeAModule() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func convert<Multiplex>(_ value: Multiplex) -> Multiplex?
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          func convert<Multiplex>(_ value: Multiplex) -> Multiplex?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'convert(_:)': its generic parameter 'Multiplex' hides the module 'Multiplex', which the generated code names; rename the generic parameter",
          line: 3,
          column: 16
        )
      ]
    )
  }

  /// A protocol named like a module, or nested in a type named like one.
  @Test func protocolNamedLikeAModule() {
    assertExpansion(
      """
      @Multiplexed
      protocol Swift: AnyObject {
        func didChange()
      }
      enum Multiplex {
        @Multiplexed
        protocol Delegate: AnyObject {
          func didChange()
        }
      }
      """,
      expandedSource: """
        protocol Swift: AnyObject {
          func didChange()
        }
        enum Multiplex {
          protocol Delegate: AnyObject {
            func didChange()
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot generate code in 'Swift': the name hides the module 'Swift', which the generated code names; rename the type",
          line: 2,
          column: 10
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot generate code in 'Multiplex': the name hides the module 'Multiplex', which the generated code names; rename the type",
          line: 7,
          column: 12
        ),
      ]
    )
  }

  /// Operators are `static`, and so is a `static` subscript.
  @Test func operatorsAndStaticSubscripts() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        static func == (lhs: Int, rhs: Int) -> Bool
        static subscript(index: Int) -> Int? { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          static func == (lhs: Int, rhs: Int) -> Bool
          static subscript(index: Int) -> Int? { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward a 'static' requirement: the multiplexer forwards calls made on an instance to its observers; move it to another protocol or make it an instance requirement",
          line: 3,
          column: 3
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward a 'static' requirement: the multiplexer forwards calls made on an instance to its observers; move it to another protocol or make it an instance requirement",
          line: 4,
          column: 3
        ),
      ]
    )
  }

  /// A subscript of type `Void`, and one that mentions `Self`.
  @Test func unsupportedSubscripts() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        subscript(index: Int) -> Void { get }
        subscript(other: Self) -> Int? { get }
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject {
          subscript(index: Int) -> Void { get }
          subscript(other: Self) -> Int? { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Multiplexed' cannot forward a subscript of type 'Void'; remove it from the protocol",
          line: 3,
          column: 28
        ),
        DiagnosticSpec(
          message:
            "'@Multiplexed' cannot forward 'subscript(_:)' because it mentions 'Self', which is a different type for every observer; use a concrete type or 'any' existential instead",
          line: 4,
          column: 3
        ),
      ]
    )
  }

  /// A class constraint on the protocol (`where Self: View`) is a `where` clause like any other.
  @Test func classConstrainedProtocol() {
    assertExpansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject where Self: View {
        func didChange()
      }
      """,
      expandedSource: """
        protocol Delegate: AnyObject where Self: View {
          func didChange()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Multiplexed' does not support a 'where' clause on the protocol; the generated multiplexer is a plain class that cannot meet it, so remove the clause",
          line: 2,
          column: 30
        )
      ]
    )
  }
}
