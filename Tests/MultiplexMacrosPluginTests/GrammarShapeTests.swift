import Testing

/// One test per requirement shape of the Swift grammar that `@Multiplexed` forwards, beyond the everyday ones of
/// `ShapeTests`: the expansion parses, has no diagnostic, and passes every argument on as the requirement takes it.
///
/// `GrammarShapesTests` in `MultiplexMacrosTests` compiles and runs each of these shapes; the shapes that get a
/// diagnostic are in `DiagnosticsTests`. The article "Using @Multiplexed" lists them all ("Requirement shapes").
@Suite struct GrammarShapeTests {
  /// `value value: Int` keeps one name (Swift warns about the other); a keyword label is not escaped in the call.
  @Test func sameLabelAndNameKeepsOneName() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func select(value value: Int, for `for`: Int)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("select", of: "class DelegateMultiplexer") == """
        func select(value: Int, `for`: Int) {
          self._multiplexer.notify {
            $0.select(value: value, for: `for`)
          }
        }
        """
    )
    #expect(
      expansion.member("select", of: "extension Delegate") == """
        func select(value: Int, `for`: Int) {
        }
        """
    )
  }

  /// A parameter named `Multiplex` would hide the module from the body (`Multiplex.Combiner`): it is renamed.
  @Test func parameterNamedLikeTheModuleIsRenamed() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func module(Multiplex: Int) -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("module", of: "class DelegateMultiplexer") == """
        func module(Multiplex argument: Int) -> Int? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineModuleMultiplex: &$1, default: $2)
          } _: {
            $0.module(Multiplex: argument)
          }
        }
        """
    )
  }

  /// Closures of every kind are passed on as they are; an `@autoclosure` is wrapped again. A closure that takes an
  /// `inout` or an `@autoclosure` parameter is an ordinary closure parameter.
  @Test func closureParametersPassThrough() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func onComplete(_ handler: @escaping () -> Void)
        func perform(_ work: @Sendable () -> Int) -> Int?
        @MultiplexedEveryObserver
        func schedule(_ handler: @escaping @Sendable (Int) -> Void)
        @MultiplexedEveryObserver
        func observe(_ handler: ((Int) -> Void)?)
        func log(_ message: @autoclosure @escaping () -> String)
        func run(_ work: @escaping @isolated(any) () async -> Void)
        func update(_ transform: (inout Int) -> Void, lazily make: (@autoclosure () -> Int) -> Void)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let multiplexer = "class DelegateMultiplexer"
    #expect(
      expansion.member("onComplete", of: multiplexer) == """
        func onComplete(_ handler: @escaping () -> Void) {
          // A decision: only the first observer in call order gets it, so the handler is called once.
          self._multiplexer._decide {
            $0.onComplete(handler)
          }
        }
        """
    )
    #expect(expansion.member("perform", of: multiplexer).contains("$0.perform(work)"))
    #expect(
      expansion.member("schedule", of: multiplexer) == """
        func schedule(_ handler: @escaping @Sendable (Int) -> Void) {
          self._multiplexer.notify {
            $0.schedule(handler)
          }
        }
        """
    )
    #expect(
      expansion.member("observe", of: multiplexer) == """
        func observe(_ handler: ((Int) -> Void)?) {
          self._multiplexer.notify {
            $0.observe(handler)
          }
        }
        """
    )
    #expect(
      expansion.member("log", of: multiplexer) == """
        func log(_ message: @autoclosure @escaping () -> String) {
          self._multiplexer.notify {
            $0.log(message())
          }
        }
        """
    )
    #expect(
      expansion.member("run", of: multiplexer) == """
        func run(_ work: @escaping @isolated(any) () async -> Void) {
          self._multiplexer.notify {
            $0.run(work)
          }
        }
        """
    )
    #expect(
      expansion.member("update", of: multiplexer) == """
        func update(_ transform: (inout Int) -> Void, lazily make: (@autoclosure () -> Int) -> Void) {
          self._multiplexer.notify {
            $0.update(transform, lazily: make)
          }
        }
        """
    )
  }

  /// A function returning a function, and labeled tuples, as parameters and results.
  @Test func functionAndTupleTypes() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func transform() -> ((Int) -> (Int) -> Int)?
        func measure(_ point: (x: Int, y: Int)) -> (sum: Int, product: Int)?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineTransform responses: inout Multiplex.Responses<any Delegate, ((Int) -> (Int) -> Int)?>, default defaultValue: ((Int) -> (Int) -> Int)?) -> ((Int) -> (Int) -> Int)?

        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineMeasure responses: inout Multiplex.Responses<any Delegate, (sum: Int, product: Int)?>, default defaultValue: (sum: Int, product: Int)?) -> (sum: Int, product: Int)?
        """
    )
    #expect(
      expansion.member("measure", of: "class DelegateMultiplexer").contains(
        """
          } _: {
            $0.measure(point)
          }
        """
      )
    )
  }

  /// `borrowing` after another specifier with an argument (`nonisolated(nonsending)`) is `__shared` too.
  @Test func borrowingAfterASpecifierWithAnArgument() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func run(_ body: nonisolated(nonsending) borrowing () async -> Void)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("run", of: "class DelegateMultiplexer").hasPrefix(
        "func run(_ body: nonisolated(nonsending) __shared () async -> Void) {"
      )
    )
  }

  /// A marker's argument list may end in a comma (SE-0439): it ends the list, not the argument.
  @Test func markerArgumentsWithATrailingComma() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(
          Size(width: 0, height: 0),
        )
        func size() -> Size
        @MultiplexedDefault(false,) @MultiplexedCombine(.anyTrue,)
        func shouldBegin() -> Bool
        @MultiplexedCombine(.order(.newData, .failed,))
        func fetch(completion: @escaping (FetchResult) -> Void)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let size = expansion.member("size", of: "class DelegateMultiplexer")
    #expect(size.contains("_forward(default: Size(width: 0, height: 0), combiner:"))
    #expect(expansion.member("shouldBegin", of: "class DelegateMultiplexer").contains("default: false, combiner:"))
    #expect(expansion.source.contains("_JoinedHandler.order([.newData, .failed], completion)"))
  }

  /// `borrowing` is `__shared` in the multiplexer, whose closure may then capture a copyable value; the default
  /// implementation keeps `borrowing`. A noncopyable value is borrowed, and `inout` chains.
  @Test func borrowingParametersAreSharedInTheMultiplexer() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func inspect(_ box: borrowing Box) -> Int?
        func inspect<T: ~Copyable>(_ value: borrowing T)
        func renew(_ token: inout Token)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("inspect", of: "class DelegateMultiplexer") == """
        func inspect(_ box: __shared Box) -> Int? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineInspect: &$1, default: $2)
          } _: {
            $0.inspect(box)
          }
        }

        func inspect<T: ~Copyable>(_ value: __shared T) {
          self._multiplexer.notify {
            $0.inspect(value)
          }
        }
        """
    )
    #expect(
      expansion.member("inspect", of: "extension Delegate") == """
        func inspect(_ box: borrowing Box) -> Int? {
          Multiplex.notImplemented(by: self, returning: nil)
        }

        func inspect<T: ~Copyable>(_ value: borrowing T) {
        }
        """
    )
    #expect(
      expansion.member("renew", of: "class DelegateMultiplexer") == """
        func renew(_ token: inout Token) {
          self._multiplexer.notify {
            $0.renew(&token)
          }
        }
        """
    )
  }

  /// An `isolated` parameter: the forwarding member runs on that actor, and so do the observers.
  @Test func isolatedParameterPassesThrough() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func record(into counter: isolated Counter)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("record", of: "class DelegateMultiplexer") == """
        func record(into counter: isolated Counter) {
          self._multiplexer.notify {
            $0.record(into: counter)
          }
        }
        """
    )
  }

  /// `some P`, `(some P)?` and `any P` parameters: the observer's requirement is called with the same value.
  @Test func opaqueAndExistentialParameters() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func matches(_ value: some Equatable) -> Bool?
        func describe(_ value: (some CustomStringConvertible)?) -> String?
        func describe(any value: any CustomStringConvertible) -> String?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let multiplexer = "class DelegateMultiplexer"
    #expect(expansion.member("matches", of: multiplexer).hasPrefix("func matches(_ value: some Equatable) -> Bool? {"))
    #expect(expansion.member("matches", of: multiplexer).contains("$0.matches(value)"))
    let describe = expansion.member("describe", of: multiplexer)
    #expect(describe.hasPrefix("func describe(_ value: (some CustomStringConvertible)?) -> String? {"))
    #expect(describe.contains("$0.describe(value)"))
    #expect(describe.contains("func describe(any value: any CustomStringConvertible) -> String? {"))
    #expect(describe.contains("$0.describe(any: value)"))
  }

  /// Parameter packs are expanded again (`repeat each values`); a result that is a pack combines generically.
  @Test func parameterPacksForward() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func count<each Value>(_ values: repeat each Value) -> Int?
        func echo<each Value>(label values: repeat each Value) -> (repeat each Value)?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("echo", of: "class DelegateMultiplexer") == """
        func echo<each Value>(label values: repeat each Value) -> (repeat each Value)? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineEchoLabel: &$1, default: $2)
          } _: {
            $0.echo(label: repeat each values)
          }
        }
        """
    )
    #expect(expansion.member("count", of: "class DelegateMultiplexer").contains("$0.count(repeat each values)"))
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineCount responses: inout Multiplex.Responses<any Delegate, Int?>, default defaultValue: Int?) -> Int?

        func delegateMultiplexer<each Value>(_ multiplexer: DelegateMultiplexer, combineEchoLabel responses: inout Multiplex.Responses<any Delegate, (repeat each Value)?>, default defaultValue: (repeat each Value)?) -> (repeat each Value)?
        """
    )
  }

  /// A `where` clause after a signature that ends in a name (`-> Int`, `throws`) keeps its space: without it the
  /// multiplexer declared `-> Intwhere T: Comparable` (found by the shape test, seed 1, protocol 10; regression
  /// WhereClauseAfterName in Tests/ShapeRegressions).
  @Test func whereClauseAfterANameKeepsItsSpace() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(0)
        func rank<T>(_ value: T) -> Int where T: Comparable
        func check<T>(_ value: T) throws where T: Equatable
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let multiplexer = "class DelegateMultiplexer"
    #expect(
      expansion.member("rank", of: multiplexer).hasPrefix("func rank<T>(_ value: T) -> Int where T: Comparable {")
    )
    #expect(
      expansion.member("check", of: multiplexer).hasPrefix("func check<T>(_ value: T) throws where T: Equatable {")
    )
    #expect(
      expansion.member("rank", of: "extension Delegate").hasPrefix(
        "func rank<T>(_ value: T) -> Int where T: Comparable {"
      )
    )
  }

  /// A combining method infers its generic parameters from the responses. One the result names only through a
  /// member (`C.Element`) could not be inferred: the member becomes a generic parameter of its own, with the
  /// constraints on it. A parameter named directly keeps its constraints.
  @Test func genericResultsCombineWithInferableParameters() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func make<T>() -> T?
        func first<C: Collection>(in collection: C) -> C.Element? where C.Element: Comparable
        func flatten<S: Sequence>(_ sequence: S) -> [S.Element.Element]? where S.Element: Sequence, S.Element.Element: Hashable
        func split<T: Collection>(_ collection: T) -> (T, T.Index)? where T.Index == Int
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer<T>(_ multiplexer: DelegateMultiplexer, combineMake responses: inout Multiplex.Responses<any Delegate, T?>, default defaultValue: T?) -> T?

        func delegateMultiplexer<Element>(_ multiplexer: DelegateMultiplexer, combineFirstIn responses: inout Multiplex.Responses<any Delegate, Element?>, default defaultValue: Element?) -> Element? where Element: Comparable

        func delegateMultiplexer<Element>(_ multiplexer: DelegateMultiplexer, combineFlatten responses: inout Multiplex.Responses<any Delegate, [Element]?>, default defaultValue: [Element]?) -> [Element]? where Element: Hashable

        func delegateMultiplexer<T: Collection>(_ multiplexer: DelegateMultiplexer, combineSplit responses: inout Multiplex.Responses<any Delegate, (T, T.Index)?>, default defaultValue: (T, T.Index)?) -> (T, T.Index)? where T.Index == Int
        """
    )
    #expect(
      expansion.member("first", of: "class DelegateMultiplexer") == """
        func first<C: Collection>(in collection: C) -> C.Element? where C.Element: Comparable {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineFirstIn: &$1, default: $2)
          } _: {
            $0.first(in: collection)
          }
        }
        """
    )
  }

  /// `async throws(E)` spells the closure's effects; `throws(Never)` takes no `try` (it would be a warning);
  /// `throws(any Error)` and a typed-throws getter are typed throws like any other.
  @Test func typedThrowsForward() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func load(_ value: Int) async throws(LoadError) -> Int?
        func answer() throws(Never) -> Int?
        func notify() throws(Never)
        func fail() throws(any Error)
        var state: Int? { get throws(LoadError) }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let multiplexer = "class DelegateMultiplexer"
    #expect(
      expansion.member("load", of: multiplexer).contains(
        """
          try await self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineLoad: &$1, default: $2)
          } _: { (observer: any Delegate) async throws(LoadError) -> Int? in
            try await observer.load(value)
          }
        """
      )
    )
    #expect(
      expansion.member("answer", of: multiplexer).contains(
        """
          } _: {
            $0.answer()
          }
        """
      )
    )
    #expect(!expansion.member("answer", of: multiplexer).contains("try"))
    #expect(
      expansion.member("notify", of: multiplexer) == """
        func notify() throws(Never) {
          self._multiplexer.notify {
            $0.notify()
          }
        }
        """
    )
    #expect(
      expansion.member("fail", of: multiplexer) == """
        func fail() throws(any Error) {
          try self._multiplexer.notify { (observer: any Delegate) throws(any Error) -> Swift.Void in
            try observer.fail()
          }
        }
        """
    )
    #expect(
      expansion.member("state", of: multiplexer).contains(
        """
            } _: { (observer: any Delegate) throws(LoadError) -> Int? in
              try observer.state
            }
        """
      )
    )
  }

  /// `T!` stays in the signatures, and is `T?` where Swift does not allow it: generic arguments and the combining
  /// method.
  @Test func implicitlyUnwrappedResults() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func unwrapped() -> Int!
        var unwrappedValue: Int! { get }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("unwrapped", of: "class DelegateMultiplexer") == """
        func unwrapped() -> Int! {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineUnwrapped: &$1, default: $2)
          } _: {
            $0.unwrapped()
          }
        }
        """
    )
    #expect(expansion.member("unwrappedValue", of: "class DelegateMultiplexer").hasPrefix("var unwrappedValue: Int! {"))
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineUnwrapped responses: inout Multiplex.Responses<any Delegate, Int?>, default defaultValue: Int?) -> Int?

        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineUnwrappedValue responses: inout Multiplex.Responses<any Delegate, Int?>, default defaultValue: Int?) -> Int?
        """
    )
  }

  /// `-> ( )` is `Void`, however it is spaced.
  @Test func emptyTupleResultIsVoid() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func nothing() -> ( )
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("nothing", of: "class DelegateMultiplexer") == """
        func nothing() -> ( ) {
          self._multiplexer.notify {
            $0.nothing()
          }
        }
        """
    )
  }

  /// Overloads that differ only in their result type: each forwarding closure takes its type from the member, and
  /// the combining labels get a suffix.
  @Test func overloadsByResultType() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func value() -> Int?
        func value() -> String?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let members = expansion.member("value", of: "class DelegateMultiplexer")
    #expect(members.contains("func value() -> Int? {"))
    #expect(members.contains("func value() -> String? {"))
    let combining = expansion.member("delegateMultiplexer", of: "protocol DelegateCombining")
    #expect(combining.contains("combineValue responses: inout Multiplex.Responses<any Delegate, Int?>,"))
    #expect(combining.contains("combineValue2 responses: inout Multiplex.Responses<any Delegate, String?>,"))
  }

  /// A suffix that makes an overload's combining label unique is never another requirement's label.
  @Test func suffixedCombiningLabelsAvoidOtherLabels() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func valueFor(_ key: Int) -> Int?
        func valueFor(_ key: String) -> Int?
        func valueFor2() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let combining = expansion.member("delegateMultiplexer", of: "protocol DelegateCombining")
    let labels = combining.split(separator: "\n").compactMap { line in
      line.split(separator: ", ").first { $0.contains("responses: inout") }
    }
    #expect(
      labels == [
        "combineValueFor responses: inout Multiplex.Responses<any Delegate",
        "combineValueFor3 responses: inout Multiplex.Responses<any Delegate",
        "combineValueFor2 responses: inout Multiplex.Responses<any Delegate",
      ]
    )
  }

  /// `@preconcurrency` and a global actor carry over; `@available(*, deprecated)` also goes on the default
  /// implementation and the combining method; `consuming`/`borrowing` on the method (about `self`) do not matter
  /// to the multiplexer, which forwards with a plain method.
  @Test func requirementAttributesAndSelfOwnership() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @preconcurrency @MainActor func didTap()
        @MainActor func title() async -> String?
        @available(*, deprecated, message: "Use title()")
        func legacyTitle() -> String?
        consuming func finish()
        borrowing func check()
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let multiplexer = "class DelegateMultiplexer"
    #expect(
      expansion.member("didTap", of: multiplexer) == """
        @preconcurrency @MainActor func didTap() {
          self._multiplexer.notify {
            $0.didTap()
          }
        }
        """
    )
    #expect(expansion.member("title", of: multiplexer).hasPrefix("@MainActor func title() async -> String? {"))
    #expect(
      expansion.member("legacyTitle", of: multiplexer).hasPrefix(
        "@available(*, deprecated, message: \"Use title()\") func legacyTitle() -> String? {"
      )
    )
    #expect(
      expansion.member("legacyTitle", of: "extension Delegate") == """
        @available(*, deprecated, message: "Use title()") func legacyTitle() -> String? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining").contains(
        """
        @available(*, deprecated, message: "Use title()") func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineLegacyTitle responses: inout Multiplex.Responses<any Delegate, String?>,
        """
      )
    )
    #expect(
      expansion.member("finish", of: multiplexer) == """
        func finish() {
          self._multiplexer.notify {
            $0.finish()
          }
        }
        """
    )
    #expect(expansion.member("check", of: multiplexer).hasPrefix("func check() {"))
  }

  /// Doc comments go; comments inside a signature stay where they cannot comment out code.
  @Test func commentsInAndAroundRequirements() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        /// The area.
        func size(
          _ width: Int,  // in points
          height: Int  // in points
        ) -> Int?  // the area
        var color: Int? { get }  // the tint
        @MultiplexedDefault(1)  // one
        func scale() -> Int
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("size", of: "extension Delegate") == """
        func size(
            _ width: Int, 
            height: Int  // in points
          ) -> Int? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(expansion.member("size", of: "class DelegateMultiplexer").contains("$0.size(width, height: height)"))
    #expect(expansion.member("color", of: "class DelegateMultiplexer").hasPrefix("var color: Int? {\n  get {"))
    #expect(
      expansion.member("scale", of: "extension Delegate") == """
        func scale() -> Int {
          Multiplex.notImplemented(by: self, returning: 1)
        }
        """
    )
  }

  /// Subscripts forward like properties with arguments: `get` combines, `set` reaches every observer. Unlabeled
  /// parameters stay unlabeled; one named `newValue` would hide the setter's value and is renamed.
  @Test func subscriptsForward() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        subscript(index: Int) -> String? { get }
        subscript(key key: String) -> Int? { get set }
        subscript<T>(key: String, as type: T.Type) -> T? { get }
        @MultiplexedDefault(0)
        subscript(at index: Int) -> Int { get async throws(LoadError) }
        subscript(_: Int, newValue: Int) -> Int? { get set }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let subscripts = expansion.source
    #expect(
      subscripts.contains(
        """
          subscript(key key: String) -> Int? {
            get {
              self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
                $0.delegateMultiplexer(self, combineSubscriptKey: &$1, default: $2)
              } _: { observer in
                observer[key: key]
              }
            }
            set {
              self._multiplexer.notify { observer in
                observer[key: key] = newValue
              }
            }
          }
        """
      )
    )
    #expect(subscripts.contains("observer[index]"))
    #expect(subscripts.contains("observer[key, as: type]"))
    #expect(
      subscripts.contains(
        """
              try await self._multiplexer._forward(default: 0, combiner: self._combiner.object) {
        """
      )
    )
    #expect(
      subscripts.contains(
        """
              } _: { (observer: any Delegate) async throws(LoadError) -> Int in
                try await observer[at: index]
              }
        """
      )
    )
    #expect(subscripts.contains("subscript(_ argument: Int, _ argument1: Int) -> Int? {"))
    #expect(subscripts.contains("observer[argument, argument1] = newValue"))
    #expect(
      subscripts.contains(
        """
          subscript(key key: String) -> Int? {
            get {
              Multiplex.notImplemented(by: self, returning: nil)
            }
            set {
            }
          }
        """
      )
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining").contains(
        """
        func delegateMultiplexer<T>(_ multiplexer: DelegateMultiplexer, combineSubscriptAs responses: inout Multiplex.Responses<any Delegate, T?>, default defaultValue: T?) -> T?
        """
      )
    )
  }

  /// `AnyObject & Sendable` is `AnyObject, Sendable`.
  @Test func compositionOfAnyObjectAndSendable() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject & Sendable {
        func ping() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(expansion.source.contains("protocol DelegateCombining: AnyObject, Sendable {"))
  }

  /// `@preconcurrency @MainActor protocol`: isolated like `@MainActor`.
  @Test func preconcurrencyIsolatedProtocol() {
    let expansion = Expansion(
      """
      @Multiplexed
      @preconcurrency @MainActor
      protocol Delegate: AnyObject {
        func tap() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.source.contains(
        "@MainActor\nfinal class DelegateMultiplexer: Delegate, @MainActor Multiplex.DelegateMultiplexing, @MainActor Swift.CustomDebugStringConvertible {"
      )
    )
    #expect(expansion.source.contains("@MainActor\nprotocol DelegateCombining: AnyObject {"))
  }

  /// A `private` protocol at file scope: the generated types are `private` too, which is `fileprivate` there.
  @Test func privateProtocolAtFileScope() {
    let expansion = Expansion(
      """
      @Multiplexed
      private protocol Delegate: AnyObject {
        func ping() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(expansion.source.contains("private final class DelegateMultiplexer: Delegate"))
    #expect(expansion.source.contains("private protocol DelegateCombining: AnyObject {"))
    #expect(
      expansion.member("ping", of: "extension Delegate") == """
        func ping() -> Int? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
  }

  /// The combining protocol does not conform to the protocol: it names the protocol's type aliases through it, and
  /// spells out a generic one (Swift does not let `Delegate.Handler<Int>` name it). A generic parameter of the
  /// same name wins.
  @Test func typeAliasesOfTheProtocol() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        typealias Score = Int
        typealias Handler<T> = (T) -> Void
        func score() -> Score?
        func handler(for score: Score) -> Handler<Score>?
        func convert<Score>(_ value: Score) -> Score?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineScore responses: inout Multiplex.Responses<any Delegate, Delegate.Score?>, default defaultValue: Delegate.Score?) -> Delegate.Score?

        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineHandlerFor responses: inout Multiplex.Responses<any Delegate, ((Delegate.Score) -> Void)?>, default defaultValue: ((Delegate.Score) -> Void)?) -> ((Delegate.Score) -> Void)?

        func delegateMultiplexer<Score>(_ multiplexer: DelegateMultiplexer, combineConvert responses: inout Multiplex.Responses<any Delegate, Score?>, default defaultValue: Score?) -> Score?
        """
    )
    // The multiplexer conforms to the protocol: there, the alias is used as the requirement spells it.
    #expect(
      expansion.member("handler", of: "class DelegateMultiplexer").contains(
        "func handler(for score: Score) -> Handler<Score>? {"
      )
    )
  }

  /// A protocol without requirements: a multiplexer without forwarding members, an empty combining protocol, and
  /// no default implementations (the forwarders' extension only has `_asDelegate(_:)`).
  @Test func protocolWithoutRequirements() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.source.contains(
        "final class DelegateMultiplexer: Delegate, Multiplex.DelegateMultiplexing, Swift.CustomDebugStringConvertible {"
      )
    )
    // Nothing to combine: no empty combining protocol, no `combiner` that could never be used.
    #expect(!expansion.source.contains("DelegateCombining"))
    #expect(!expansion.source.contains("var combiner"))
    #expect(!expansion.source.contains("extension Delegate {"))
  }

  /// A protocol that does not parse gets nothing: no code generated from missing pieces, no diagnostic on top of
  /// the parser's.
  @Test func protocolWithSyntaxErrorsGetsNothing() {
    for requirement in ["func f(", "var x: { get }", "func (x: Int)", "subscript -> Int? { get }", "func f() ->"] {
      let expansion = Expansion(
        """
        @Multiplexed
        protocol Delegate: AnyObject {
          \(requirement)
        }
        """
      )
      #expect(expansion.diagnostics.isEmpty, "\(requirement)")
      #expect(!expansion.source.contains("DelegateMultiplexer"), "\(requirement)")
    }
  }

  /// A requirement named with a keyword keeps its backticks where they are needed: in its declaration, not after
  /// a dot (where Swift takes `default` as a member name).
  @Test func keywordNamedRequirement() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func `default`() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let member = expansion.member("`default`", of: "class DelegateMultiplexer")
    #expect(member.hasPrefix("func `default`() -> Int? {"))
    #expect(member.contains("$0.default()"))
    #expect(member.contains("combineDefault: &$1, default: $2"))
  }

  /// Keywords as parameter names (issue 23, item 2): passed on with backticks, labelled without them; `self` is
  /// renamed (it would be what the forwarding body's `self` means); a member named `self` takes them after a dot.
  @Test func keywordParameterNames() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func barFunc(for: [Int])
        func f(first throws: String)
        func g(_ self: Int)
        func h(x `inout`: Int)
        var `self`: Int? { get }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    let source = expansion.source
    #expect(source.contains("$0.barFunc(for: `for`)"))
    #expect(source.contains("$0.f(first: `throws`)"))
    #expect(source.contains("func g(_ argument: Int)"))
    #expect(source.contains("$0.g(argument)"))
    #expect(source.contains("$0.h(x: `inout`)"))
    #expect(source.contains("$0.`self`"))
    #expect(source.contains("case barFunc(for: [Int])"))
    #expect(source.contains(".barFunc(for: `for`)"))
  }
}
