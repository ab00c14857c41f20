import MultiplexMacros
import MultiplexTestSupport
import Testing

// Every requirement shape of the Swift grammar that `@Multiplexed` forwards ("Requirement shapes" in the article
// "Using @Multiplexed"; `GrammarShapeTests` checks the expansions), compiled for real, in Swift 6 mode with the
// package's upcoming features and without a warning, and called through a multiplexer with two observers. The
// shapes that get a diagnostic instead are in `DiagnosticsTests`.

/// The error of the throwing shapes.
struct ShapeError: Error, Equatable {
  let code: Int
}

/// A copyable value, passed `borrowing`.
struct Box {
  var value: Int
}

/// A noncopyable value, passed `borrowing` or `inout`.
struct Token: ~Copyable {
  var uses: Int
}

/// A log that `@Sendable` closures may write to.
final class SendableLog: Sendable {
  private let storage = Locked<[String]>([])

  func append(_ entry: String) { storage.withLock { $0.append(entry) } }

  var entries: [String] { storage.withLock { $0 } }
}

// MARK: Parameters

@Multiplexed
protocol ParameterShapes: AnyObject {
  func select(`in` value: Int, for `default`: Int)
  func unnamed(_: Int, count _: Int)
  func module(Multiplex: Int) -> Int?
  func onComplete(_ handler: @escaping () -> Void)
  func perform(_ work: @Sendable () -> Int) -> Int?
  func schedule(_ handler: @escaping @Sendable (Int) -> Void)
  @MultiplexedEveryObserver
  func observe(_ handler: ((Int) -> Void)?)
  func log(_ message: @autoclosure @escaping () -> String)
  func run(_ work: @escaping @isolated(any) () async -> Void)
  func update(_ transform: (inout Int) -> Void, lazily make: (@autoclosure () -> Int) -> Void)
  func transform() -> ((Int) -> (Int) -> Int)?
  func measure(_ point: (x: Int, y: Int)) -> (sum: Int, product: Int)?
  func inspect(_ box: borrowing Box) -> Int?
  func inspect<T: ~Copyable>(_ value: borrowing T)
  func renew(_ token: inout Token)
  func matches(_ value: some Equatable) -> Bool?
  func describe(_ value: (some CustomStringConvertible)?) -> String?
  func describe(any value: any CustomStringConvertible) -> String?
  func count<each Value>(_ values: repeat each Value) -> Int?
  func echo<each Value>(label values: repeat each Value) -> (repeat each Value)?
  func `default`() -> Int?
}

/// Implements every requirement, logging each call and answering with its `id`.
final class ParameterObserver: ParameterShapes {
  let id: Int
  let log: CallLog
  var handlers: [() -> Void] = []
  var works: [@isolated(any) () async -> Void] = []
  var total = 0

  init(_ id: Int, log: CallLog) {
    self.id = id
    self.log = log
  }

  func select(in value: Int, for index: Int) { log.entries.append("\(id).select(\(value), \(index))") }
  func unnamed(_ value: Int, count: Int) { log.entries.append("\(id).unnamed(\(value), \(count))") }
  func module(Multiplex value: Int) -> Int? { value * id }
  func onComplete(_ handler: @escaping () -> Void) { handlers.append(handler) }
  func perform(_ work: @Sendable () -> Int) -> Int? { work() + id }
  func schedule(_ handler: @escaping @Sendable (Int) -> Void) { handler(id) }
  func observe(_ handler: ((Int) -> Void)?) { handler?(id) }
  func log(_ message: @autoclosure @escaping () -> String) { handlers.append { _ = message() } }
  func run(_ work: @escaping @isolated(any) () async -> Void) { works.append(work) }
  func update(_ transform: (inout Int) -> Void, lazily make: (@autoclosure () -> Int) -> Void) {
    transform(&total)
    make(total * 10)
  }
  func transform() -> ((Int) -> (Int) -> Int)? { { a in { b in a * b + self.id } } }
  func measure(_ point: (x: Int, y: Int)) -> (sum: Int, product: Int)? {
    (point.x + point.y + id, point.x * point.y)
  }
  func inspect(_ box: borrowing Box) -> Int? { box.value * id }
  func inspect<T: ~Copyable>(_ value: borrowing T) { log.entries.append("\(id).inspect") }
  func renew(_ token: inout Token) { token.uses += id }
  func matches(_ value: some Equatable) -> Bool? { (value as? Int) == id }
  func describe(_ value: (some CustomStringConvertible)?) -> String? { value.map { "\(id):\($0)" } }
  func describe(any value: any CustomStringConvertible) -> String? { "\(id):any \(value)" }
  func count<each Value>(_ values: repeat each Value) -> Int? {
    var count = 0
    for _ in repeat each values { count += 1 }
    return count * id
  }
  func echo<each Value>(label values: repeat each Value) -> (repeat each Value)? {
    log.entries.append("\(id).echo")
    return (repeat each values)
  }
  func `default`() -> Int? { id }
}

@Suite struct ParameterShapesTests {
  let log = CallLog()
  let multiplexer = ParameterShapesMultiplexer()
  let first: ParameterObserver
  let second: ParameterObserver

  init() {
    first = ParameterObserver(1, log: log)
    second = ParameterObserver(2, log: log)
    multiplexer.add(first)
    multiplexer.add(second)
  }

  @Test func labelsAndNames() {
    multiplexer.select(in: 4, for: 5)
    multiplexer.unnamed(6, count: 7)
    #expect(log.entries == ["1.select(4, 5)", "2.select(4, 5)", "1.unnamed(6, 7)", "2.unnamed(6, 7)"])
    #expect(multiplexer.module(Multiplex: 7) == 7)
    #expect(multiplexer.default() == 1)
  }

  @Test func escapingAndSendableClosures() {
    // `handler` closures are decided once (the naming rule): only the first observer gets them.
    var completions = 0
    multiplexer.onComplete { completions += 1 }
    for handler in first.handlers + second.handlers { handler() }
    #expect(completions == 1)
    #expect(second.handlers.isEmpty)

    #expect(multiplexer.perform { 40 } == 41)

    let scheduled = SendableLog()
    multiplexer.schedule { scheduled.append("\($0)") }
    #expect(scheduled.entries == ["1"])

    // `@MultiplexedEveryObserver`: every observer gets the `Optional` handler.

    var observed: [Int] = []
    multiplexer.observe { observed.append($0) }
    multiplexer.observe(nil)
    #expect(observed == [1, 2])
  }

  @Test func escapingAutoclosureIsEvaluatedByEachObserverThatUsesIt() {
    var evaluations = 0
    func message() -> String {
      evaluations += 1
      return "hello"
    }
    multiplexer.log(message())
    #expect(evaluations == 0)
    for handler in first.handlers + second.handlers { handler() }
    #expect(evaluations == 2)
  }

  @Test func isolatedAnyClosure() async {
    let ran = SendableLog()
    multiplexer.run { ran.append("ran") }
    for work in first.works + second.works { await work() }
    #expect(ran.entries == ["ran", "ran"])
  }

  @Test func closuresTakingInoutAndAutoclosureParameters() {
    var made: [Int] = []
    multiplexer.update({ $0 += 3 }, lazily: { made.append($0()) })
    #expect(first.total == 3)
    #expect(second.total == 3)
    #expect(made == [30, 30])
  }

  @Test func functionAndTupleTypes() {
    #expect(multiplexer.transform()?(3)(4) == 13)
    let measured = multiplexer.measure((x: 2, y: 5))
    #expect(measured?.sum == 8)
    #expect(measured?.product == 10)
  }

  @Test func borrowingInoutAndNoncopyableParameters() {
    let box = Box(value: 21)
    #expect(multiplexer.inspect(box) == 21)
    #expect(box.value == 21)

    let token = Token(uses: 0)
    multiplexer.inspect(token)
    #expect(log.entries == ["1.inspect", "2.inspect"])

    var renewed = Token(uses: 0)
    multiplexer.renew(&renewed)
    #expect(renewed.uses == 3)  // chained: 1, then 2
  }

  @Test func opaqueAndExistentialParameters() {
    #expect(multiplexer.matches(2) == false)  // the first observer answers
    #expect(multiplexer.describe(Optional(5)) == "1:5")
    #expect(multiplexer.describe(Int?.none) == nil)
    #expect(multiplexer.describe(any: 6) == "1:any 6")
  }

  @Test func parameterPacks() {
    #expect(multiplexer.count(1, "two", 3.0) == 3)
    let echoed = multiplexer.echo(label: 1, "two")
    #expect(echoed?.0 == 1)
    #expect(echoed?.1 == "two")
    #expect(log.entries == ["1.echo", "2.echo"])
  }
}

// MARK: Generic requirements

@Multiplexed
protocol GenericShapes: AnyObject {
  func make<T>() -> T?
  func first<C: Collection>(in collection: C) -> C.Element? where C.Element: Comparable
  func flatten<S: Sequence>(_ sequence: S) -> [S.Element.Element]?
  where S.Element: Sequence, S.Element.Element: Hashable
  func split<T: Collection>(_ collection: T) -> (T, T.Index)? where T.Index == Int
}

/// Answers with the smallest or the largest element.
final class Picker: GenericShapes {
  let picksLargest: Bool
  init(picksLargest: Bool) { self.picksLargest = picksLargest }

  func make<T>() -> T? { (picksLargest ? "largest" : "smallest") as? T }
  func first<C: Collection>(in collection: C) -> C.Element? where C.Element: Comparable {
    picksLargest ? collection.max() : collection.min()
  }
  func flatten<S: Sequence>(_ sequence: S) -> [S.Element.Element]?
  where S.Element: Sequence, S.Element.Element: Hashable {
    let elements = sequence.flatMap { $0 }
    return picksLargest ? elements.reversed() : elements
  }
  func split<T: Collection>(_ collection: T) -> (T, T.Index)? where T.Index == Int {
    (collection, picksLargest ? collection.endIndex : collection.startIndex)
  }
}

/// Combines `first(in:)` with the largest answer: its combining method is generic over the element, which the
/// requirement only names as `C.Element`.
final class LargestAnswer: GenericShapesCombining {
  func genericShapesMultiplexer<Element>(
    _ multiplexer: GenericShapesMultiplexer,
    combineFirstIn responses: inout Responses<any GenericShapes, Element?>,
    default defaultValue: Element?
  ) -> Element? where Element: Comparable {
    var largest = defaultValue
    for response in responses {
      if let value = response.value, largest.map({ value > $0 }) ?? true { largest = value }
    }
    return largest
  }
}

@Suite struct GenericShapesTests {
  @Test func genericResultsForwardAndCombine() {
    let multiplexer = GenericShapesMultiplexer()
    multiplexer.add(Picker(picksLargest: false), retention: .strong)
    multiplexer.add(Picker(picksLargest: true), retention: .strong)

    let made: String? = multiplexer.make()
    #expect(made == "smallest")
    let number: Int? = multiplexer.make()
    #expect(number == nil)
    #expect(multiplexer.first(in: [3, 1, 4]) == 1)
    #expect(multiplexer.flatten([[1, 2], [3]]) == [1, 2, 3])
    #expect(multiplexer.split([7, 8])?.1 == 0)

    let combiner = LargestAnswer()
    multiplexer.combiner = combiner
    #expect(multiplexer.first(in: [3, 1, 4]) == 4)
    #expect(multiplexer.first(in: "swift") == "w")
    withExtendedLifetime(combiner) {}
  }
}

// MARK: Effects, results and attributes

@Multiplexed
protocol EffectShapes: AnyObject {
  func load(_ value: Int) async throws(ShapeError) -> Int?
  func answer() throws(Never) -> Int?
  func notify() throws(Never)
  func fail() throws(any Error)
  var state: Int? { get throws(ShapeError) }
  func unwrapped() -> Int!
  var unwrappedValue: Int! { get }
  // swift-format-ignore: NoVoidReturnOnFunctionSignature, ReturnVoidInsteadOfEmptyTuple
  func nothing() -> ()
  func value() -> Int?
  func value() -> String?
  @discardableResult
  func flush() -> Int?
  // swift-format-ignore: UseShorthandTypeNames
  func spelledOut() -> Optional<Int>
  var snapshot: Int? { get async throws }
  @preconcurrency @MainActor func didTap()
  @MainActor func title() async -> String?
  @available(*, deprecated, message: "Use title()")
  func legacyTitle() -> String?
  consuming func finish()
  borrowing func check()
  /// A requirement with comments in its signature.
  func size(
    _ width: Int,  // in points
    height: Int  // in points
  ) -> Int?  // the area
}

/// Implements every requirement; throws when `fails`.
final class EffectObserver: EffectShapes {
  let id: Int
  let log: CallLog
  let fails: Bool

  init(_ id: Int, log: CallLog, fails: Bool = false) {
    self.id = id
    self.log = log
    self.fails = fails
  }

  func load(_ value: Int) async throws(ShapeError) -> Int? {
    log.entries.append("\(id).load")
    if fails { throw ShapeError(code: id) }
    return value * id
  }
  func answer() -> Int? { id }
  func notify() { log.entries.append("\(id).notify") }
  func fail() throws(any Error) {
    log.entries.append("\(id).fail")
    if fails { throw ShapeError(code: id) }
  }
  var state: Int? {
    get throws(ShapeError) {
      if fails { throw ShapeError(code: id) }
      return id
    }
  }
  func unwrapped() -> Int! { id }
  var unwrappedValue: Int! { id * 10 }
  func nothing() { log.entries.append("\(id).nothing") }
  func value() -> Int? { id }
  func value() -> String? { "\(id)" }
  func flush() -> Int? {
    log.entries.append("\(id).flush")
    return id
  }
  func spelledOut() -> Int? { id }
  var snapshot: Int? {
    get async throws {
      if fails { throw ShapeError(code: id) }
      return id
    }
  }
  @MainActor func didTap() { log.entries.append("\(id).didTap") }
  @MainActor func title() async -> String? { "title \(id)" }
  func legacyTitle() -> String? { "legacy \(id)" }
  func finish() { log.entries.append("\(id).finish") }
  func check() { log.entries.append("\(id).check") }
  func size(_ width: Int, height: Int) -> Int? { width * height * id }
}

@Suite struct EffectShapesTests {
  let log = CallLog()
  let multiplexer = EffectShapesMultiplexer()

  @Test func typedThrowsAsync() async {
    multiplexer.add(EffectObserver(1, log: log, fails: true), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    await #expect(throws: ShapeError(code: 1)) { try await multiplexer.load(5) }
    #expect(log.entries == ["1.load", "2.load"])
    #expect(throws: ShapeError(code: 1)) { try multiplexer.state }
    #expect(throws: ShapeError(code: 1)) { try multiplexer.fail() }
  }

  @Test func typedThrowsAnswers() async throws {
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)
    multiplexer.add(EffectObserver(3, log: log), retention: .strong)

    #expect(try await multiplexer.load(5) == 10)
    #expect(try multiplexer.state == 2)
    try multiplexer.fail()
    #expect(log.entries == ["2.load", "3.load", "2.fail", "3.fail"])
  }

  @Test func neverThrowingRequirementsNeedNoTry() {
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    #expect(multiplexer.answer() == 1)
    multiplexer.notify()
    #expect(log.entries == ["1.notify", "2.notify"])
  }

  @Test func implicitlyUnwrappedEmptyTupleAndOverloadedResults() {
    let nobody: Int? = multiplexer.unwrapped()
    #expect(nobody == nil)
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    let unwrapped: Int = multiplexer.unwrapped()
    #expect(unwrapped == 1)
    #expect(multiplexer.unwrappedValue == 10)
    multiplexer.nothing()
    #expect(log.entries == ["1.nothing", "2.nothing"])
    let number: Int? = multiplexer.value()
    let text: String? = multiplexer.value()
    #expect(number == 1)
    #expect(text == "1")
    #expect(multiplexer.spelledOut() == 1)
  }

  @Test func discardableResultAndAsyncThrowingProperty() async throws {
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    multiplexer.flush()
    #expect(log.entries == ["1.flush", "2.flush"])
    #expect(try await multiplexer.snapshot == 1)
  }

  @available(*, deprecated, message: "Calls a deprecated requirement")
  @Test func deprecatedRequirement() {
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    #expect(multiplexer.legacyTitle() == "legacy 1")
  }

  @Test func selfOwnershipModifiersAndComments() {
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    multiplexer.finish()
    multiplexer.check()
    #expect(log.entries == ["1.finish", "2.finish", "1.check", "2.check"])
    #expect(multiplexer.size(3, height: 4) == 12)
  }
}

// MARK: Overloads

/// Two overloads and a requirement whose combining label is the overload's first suffix.
@Multiplexed
protocol OverloadShapes: AnyObject {
  func valueFor(_ key: Int) -> Int?
  func valueFor(_ key: String) -> Int?
  func valueFor2() -> Int?
}

final class OverloadObserver: OverloadShapes {
  let id: Int
  init(_ id: Int) { self.id = id }
  func valueFor(_ key: Int) -> Int? { key * id }
  func valueFor(_ key: String) -> Int? { key.count * id }
  func valueFor2() -> Int? { id }
}

/// Takes the last answer to `valueFor(_: String)` only: its combining label is `combineValueFor3`.
final class LastStringAnswer: OverloadShapesCombining {
  func overloadShapesMultiplexer(
    _ multiplexer: OverloadShapesMultiplexer,
    combineValueFor3 responses: inout Responses<any OverloadShapes, Int?>,
    default defaultValue: Int?
  ) -> Int? {
    Combiner.last.combine(&responses, default: defaultValue)
  }
}

@Suite struct OverloadShapesTests {
  @Test func combiningLabelsStayDistinct() {
    let multiplexer = OverloadShapesMultiplexer()
    multiplexer.add(OverloadObserver(1), retention: .strong)
    multiplexer.add(OverloadObserver(2), retention: .strong)
    let combiner = LastStringAnswer()
    multiplexer.combiner = combiner

    #expect(multiplexer.valueFor(5) == 5)
    #expect(multiplexer.valueFor("abc") == 6)
    #expect(multiplexer.valueFor2() == 1)
    withExtendedLifetime(combiner) {}
  }
}

// MARK: Subscripts

@Multiplexed
protocol SubscriptShapes: AnyObject {
  subscript(index: Int) -> String? { get }
  subscript(key key: String) -> Int? { get set }
  subscript<T>(key: String, as type: T.Type) -> T? { get }
  @MultiplexedDefault(0)
  subscript(at index: Int) -> Int { get async throws(ShapeError) }
  subscript(_: Int, newValue: Int) -> Int? { get set }
}

/// A table of values; answers with its `id`.
final class ShapeTable: SubscriptShapes {
  let id: Int
  var values: [String: Int] = [:]
  var cells: [Int: Int] = [:]
  init(_ id: Int) { self.id = id }

  subscript(index: Int) -> String? { "\(id):\(index)" }
  subscript(key key: String) -> Int? {
    get { values[key] }
    set { values[key] = newValue }
  }
  subscript<T>(key: String, as type: T.Type) -> T? { values[key] as? T }
  subscript(at index: Int) -> Int {
    get async throws(ShapeError) {
      if index < 0 { throw ShapeError(code: index) }
      return index * id
    }
  }
  subscript(row: Int, column: Int) -> Int? {
    get { cells[row * 10 + column] }
    set { cells[row * 10 + column] = newValue }
  }
}

@Suite struct SubscriptShapesTests {
  @Test func subscriptsForward() async throws {
    let multiplexer = SubscriptShapesMultiplexer()
    #expect(try await multiplexer[at: 3] == 0)  // no observer: the default
    let first = ShapeTable(1)
    let second = ShapeTable(2)
    multiplexer.add(first, retention: .strong)
    multiplexer.add(second, retention: .strong)

    #expect(multiplexer[4] == "1:4")
    multiplexer[key: "height"] = 44
    #expect(first.values == ["height": 44])
    #expect(second.values == ["height": 44])
    #expect(multiplexer[key: "height"] == 44)
    #expect(multiplexer["height", as: Int.self] == 44)
    #expect(multiplexer["height", as: String.self] == nil)
    #expect(try await multiplexer[at: 3] == 3)
    await #expect(throws: ShapeError(code: -1)) { try await multiplexer[at: -1] }
    multiplexer[1, 2] = 12
    #expect(second.cells == [12: 12])
    #expect(multiplexer[1, 2] == 12)
  }
}

// MARK: Protocols

/// A composition of `AnyObject` and `Sendable`.
@Multiplexed
protocol ComposedDelegate: AnyObject & Sendable {
  func ping() -> Int?
}

final class ComposedPinger: ComposedDelegate {
  let id: Int
  init(_ id: Int) { self.id = id }
  func ping() -> Int? { id }
}

/// `@preconcurrency` on an isolated protocol.
@Multiplexed
@preconcurrency @MainActor
protocol PreconcurrencyDelegate: AnyObject {
  func tap() -> Int?
}

@MainActor
final class Tapper: PreconcurrencyDelegate {
  let id: Int
  init(_ id: Int) { self.id = id }
  func tap() -> Int? { id }
}

/// A `private` protocol at file scope.
@Multiplexed
private protocol PrivateDelegate: AnyObject {
  func ping() -> Int?
}

private final class PrivatePinger: PrivateDelegate {
  let id: Int
  init(_ id: Int) { self.id = id }
  func ping() -> Int? { id }
}

enum ShapeNamespace {
  /// A `fileprivate` protocol nested in a type.
  @Multiplexed
  fileprivate protocol NestedDelegate: AnyObject {
    func ping() -> Int?
  }
}

private final class NestedPinger: ShapeNamespace.NestedDelegate {
  let id: Int
  init(_ id: Int) { self.id = id }
  func ping() -> Int? { id }
}

/// Type aliases of the protocol, used in results.
@Multiplexed
protocol AliasDelegate: AnyObject {
  typealias Score = Int
  typealias Handler<T> = (T) -> Void
  func score() -> Score?
  func handler(for score: Score) -> Handler<Score>?
  func convert<Score>(_ value: Score) -> Score?
}

final class Scorer: AliasDelegate {
  let id: Int
  let log: CallLog
  init(_ id: Int, log: CallLog) {
    self.id = id
    self.log = log
  }
  func score() -> Score? { id }
  func handler(for score: Score) -> Handler<Score>? { { self.log.entries.append("\(self.id).handle(\(score + $0))") } }
  func convert<Score>(_ value: Score) -> Score? { value }
}

/// The highest score: the combining method names the alias through the protocol.
final class HighestScore: AliasDelegateCombining {
  func aliasDelegateMultiplexer(
    _ multiplexer: AliasDelegateMultiplexer,
    combineScore responses: inout Responses<any AliasDelegate, AliasDelegate.Score?>,
    default defaultValue: AliasDelegate.Score?
  ) -> AliasDelegate.Score? {
    Combiner.all.combine(&responses, default: defaultValue).compactMap { $0 }.max() ?? defaultValue
  }
}

/// No requirements at all.
@Multiplexed
protocol EmptyDelegate: AnyObject {}

final class EmptyObserver: EmptyDelegate {}

/// An `isolated` parameter: the observers run on the caller's actor.
@Multiplexed
protocol IsolatedParameterDelegate: AnyObject {
  func record(into counter: isolated ShapeCounter)
}

actor ShapeCounter {
  var count = 0

  /// Forwards `record(into:)` to two observers, from this actor.
  func recordTwice() {
    let multiplexer = IsolatedParameterDelegateMultiplexer()
    multiplexer.add(Recorder(), retention: .strong)
    multiplexer.add(Recorder(), retention: .strong)
    multiplexer.record(into: self)
  }
}

final class Recorder: IsolatedParameterDelegate {
  func record(into counter: isolated ShapeCounter) { counter.count += 1 }
}

@Suite struct ProtocolShapesTests {
  @Test func compositionOfAnyObjectAndSendable() async {
    let multiplexer = ComposedDelegateMultiplexer()
    multiplexer.add(ComposedPinger(1), retention: .strong)
    multiplexer.add(ComposedPinger(2), retention: .strong)
    #expect(await Task.detached { multiplexer.ping() }.value == 1)
    #expect(multiplexer.count == 2)
  }

  @Test func privateAndNestedFilePrivateProtocols() {
    let privateMultiplexer = PrivateDelegateMultiplexer()
    privateMultiplexer.add(PrivatePinger(1), retention: .strong)
    privateMultiplexer.add(PrivatePinger(2), retention: .strong)
    #expect(privateMultiplexer.ping() == 1)

    let nestedMultiplexer = ShapeNamespace.NestedDelegateMultiplexer()
    nestedMultiplexer.add(NestedPinger(3), retention: .strong)
    nestedMultiplexer.add(NestedPinger(4), retention: .strong)
    #expect(nestedMultiplexer.ping() == 3)
  }

  @Test func typeAliasesInResults() {
    let log = CallLog()
    let multiplexer = AliasDelegateMultiplexer()
    multiplexer.add(Scorer(1, log: log), retention: .strong)
    multiplexer.add(Scorer(2, log: log), retention: .strong)

    #expect(multiplexer.score() == 1)
    multiplexer.handler(for: 10)?(5)
    #expect(log.entries == ["1.handle(15)"])
    #expect(multiplexer.convert("text") == "text")

    let combiner = HighestScore()
    multiplexer.combiner = combiner
    #expect(multiplexer.score() == 2)
    withExtendedLifetime(combiner) {}
  }

  @Test func protocolWithoutRequirements() {
    let multiplexer = EmptyDelegateMultiplexer()
    let silent = EmptyObserver()
    multiplexer.add(silent)
    multiplexer.add(EmptyObserver(), retention: .strong)
    #expect(multiplexer.count == 2)
    #expect(multiplexer.contains(silent))
  }

  @Test func isolatedParameter() async {
    let counter = ShapeCounter()
    await counter.recordTwice()
    #expect(await counter.count == 2)
  }
}

/// The requirements isolated to the main actor, called from it.
@MainActor
@Suite struct MainActorShapesTests {
  @Test func globalActorRequirements() async {
    let log = CallLog()
    let multiplexer = EffectShapesMultiplexer()
    multiplexer.add(EffectObserver(1, log: log), retention: .strong)
    multiplexer.add(EffectObserver(2, log: log), retention: .strong)

    multiplexer.didTap()
    #expect(await multiplexer.title() == "title 1")
    #expect(log.entries == ["1.didTap", "2.didTap"])
  }

  @Test func preconcurrencyIsolatedProtocol() {
    let multiplexer = PreconcurrencyDelegateMultiplexer()
    multiplexer.add(Tapper(1), retention: .strong)
    multiplexer.add(Tapper(2), retention: .strong)
    #expect(multiplexer.tap() == 1)
    #expect(multiplexer.count == 2)
  }
}
