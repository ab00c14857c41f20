import Multiplex
import MultiplexGeneratorFixtures
import Testing

// The generated multiplexers of the fixture protocols in `KeywordDelegate.swift` (issue 23, items 2 to 4): the
// files compiling without edits is most of the test; the calls check what they forward.

/// Implements every requirement of `KeywordDelegate`, logging each call.
final class KeywordObserver: KeywordDelegate {
  let id: Int
  let log: CallLog

  init(_ id: Int, log: CallLog) {
    self.id = id
    self.log = log
  }

  func update(arg: Int) { log.record("\(id)", "update(arg: \(arg))") }
  func value(for name: String) -> Int? { name.count * id }
  var revision: Int { id }
  func barFunc(for values: [Int]) { log.record("\(id)", "barFunc(for: \(values))") }
  func f(first value: String) { log.record("\(id)", "f(first: \(value))") }
  func maxDo(do value: Int) -> Int? { value + id }
  func maxIn(in value: Int) -> Int? { value * id }
  func g(_ value: Int) { log.record("\(id)", "g(\(value))") }
  func h(x value: Int) { log.record("\(id)", "h(x: \(value))") }
  func k(
    default a: Int,
    Type b: Int,
    Self c: Int,
    Any d: Int,
    init e: Int,
    where f: Int,
    is g: Int,
    try h: Int,
    await i: Int
  ) {
    log.record("\(id)", "k(\([a, b, c, d, e, f, g, h, i]))")
  }
  func `default`(x: Int) -> Int { x + 10 * id }
  func `init`(value: Int) { log.record("\(id)", "init(value: \(value))") }
  var `where`: Int? {
    get { id }
    set { log.record("\(id)", "where = \(newValue ?? -1)") }
  }
  var `self`: Int? { 100 + id }
  subscript(for index: Int) -> Int? { index * 1000 + id }
}

@Suite struct KeywordDelegateTests {
  let log = CallLog()
  let multiplexer = KeywordDelegateMultiplexer()
  let first: KeywordObserver
  let second: KeywordObserver

  init() {
    first = KeywordObserver(1, log: log)
    second = KeywordObserver(2, log: log)
    multiplexer.add(first)
    multiplexer.add(second)
  }

  @Test func keywordsAsNamesAndLabels() {
    multiplexer.barFunc(for: [1, 2])
    multiplexer.f(first: "x")
    multiplexer.g(3)
    multiplexer.h(x: 4)
    multiplexer.k(default: 1, Type: 2, Self: 3, Any: 4, init: 5, where: 6, is: 7, try: 8, await: 9)
    multiplexer.`init`(value: 5)
    multiplexer.where = 7
    for id in ["1", "2"] {
      #expect(
        log.calls(of: id) == [
          "barFunc(for: [1, 2])", "f(first: x)", "g(3)", "h(x: 4)", "k([1, 2, 3, 4, 5, 6, 7, 8, 9])",
          "init(value: 5)", "where = 7",
        ]
      )
    }
    #expect(multiplexer.maxDo(do: 5) == 6)
    #expect(multiplexer.maxIn(in: 5) == 5)
    #expect(multiplexer.default(x: 1) == 11)
    #expect(multiplexer.where == 1)
    #expect(multiplexer.`self` == 101)
    #expect(multiplexer[for: 2] == 2001)
  }

  /// Requirements the protocol restates from its parent are forwarded once per call.
  @Test func restatedRequirementsAreForwardedOnce() {
    multiplexer.update(arg: 3)
    #expect(log.calls(of: "1") == ["update(arg: 3)"])
    #expect(multiplexer.value(for: "abc") == 3)
    #expect(multiplexer.revision == 1)
    let asParent: any UpdateDelegate = multiplexer
    asParent.update(arg: 4)
    #expect(log.calls(of: "2") == ["update(arg: 3)", "update(arg: 4)"])
  }

  @Test func eventsCarryKeywordLabels() async {
    let stream = multiplexer.events()
    multiplexer.barFunc(for: [1])
    _ = multiplexer.maxIn(in: 3)
    multiplexer.`init`(value: 4)
    multiplexer.where = 5
    var described: [String] = []
    for await event in stream {
      switch event {
      case .barFunc(for: let values): described.append("barFunc(for: \(values))")
      case .maxIn(in: let value): described.append("maxIn(in: \(value))")
      case .`init`(let value): described.append("init(value: \(value))")
      case .setWhere(let value): described.append("setWhere(\(value ?? -1))")
      default: described.append("other")
      }
      if described.count == 4 { break }
    }
    #expect(described == ["barFunc(for: [1])", "maxIn(in: 3)", "init(value: 4)", "setWhere(5)"])
  }
}

/// Answers every `TableSource` requirement.
final class Table: TableSource {
  subscript(_ row: Int) -> String { "row \(row)" }
  subscript(_ key: String) -> String { "key \(key)" }
  subscript(row row: Int, column column: Int) -> Double { Double(row * 10 + column) }
  func height(_ row: Int) -> Double { Double(row) }
  func height(_ key: String) -> Double { Double(key.count) }
  func width(_ row: Int) -> Double { 2 * Double(row) }
}

@Suite struct TableSourceTests {
  /// Each overload answers with the observer's answer, or the `--default` given for it by name.
  @Test func overloadsHaveTheirOwnDefaults() {
    let multiplexer = TableSourceMultiplexer()
    #expect(multiplexer[1] == "no row")
    #expect(multiplexer["a"] == "no key")
    #expect(multiplexer[row: 1, column: 2] == -1)
    #expect(multiplexer.height(1) == -2)
    #expect(multiplexer.height("a") == -3)
    #expect(multiplexer.width(1) == -4)
    let table = Table()
    multiplexer.add(table)
    #expect(multiplexer[1] == "row 1")
    #expect(multiplexer["a"] == "key a")
    #expect(multiplexer[row: 1, column: 2] == 12)
    #expect(multiplexer.height("abc") == 3)
    #expect(multiplexer.width(3) == 6)
  }
}
