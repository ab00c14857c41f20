import MultiplexMacros
import Testing

// Keywords as requirement names, parameter names and labels (issue 23, item 2): the expansion spells each one with
// backticks exactly where Swift needs them. This file compiling in Swift 6 mode without a warning is most of
// the test; the calls check that every argument reaches every observer, and the events carry them.

@Multiplexed
protocol KeywordNames: AnyObject {
  func barFunc(for: [Int])
  func f(first throws: String)
  func maxDo(do: Int) -> Int?
  func maxIn(in: Int) -> Int?
  func g(_ self: Int)
  func h(x `inout`: Int)
  func k(
    default: Int,
    Type: Int,
    Self: Int,
    Any: Int,
    `init`: Int,
    subscript: Int,
    where: Int,
    is: Int,
    as: Int,
    try: Int,
    await: Int,
    _x: Int,
    async: Int,
    repeat: Int,
    `let`: Int,
    `var`: Int
  )
  func `default`(x: Int) -> Int?
  func `init`(value: Int)
  func `self`(_ value: Int)
  func `Type`() -> Int?
  var `where`: Int? { get set }
  var `self`: Int? { get }
  subscript(for for: Int) -> Int? { get }
}

/// Logs every call with its arguments.
final class KeywordRecorder: KeywordNames {
  let id: Int
  let log: CallLog

  init(_ id: Int, log: CallLog) {
    self.id = id
    self.log = log
  }

  func barFunc(for values: [Int]) { log.entries.append("\(id).barFunc(for: \(values))") }
  func f(first value: String) { log.entries.append("\(id).f(first: \(value))") }
  func maxDo(do value: Int) -> Int? { value + id }
  func maxIn(in value: Int) -> Int? { value * id }
  func g(_ value: Int) { log.entries.append("\(id).g(\(value))") }
  func h(x value: Int) { log.entries.append("\(id).h(x: \(value))") }
  func k(
    default a: Int,
    Type b: Int,
    Self c: Int,
    Any d: Int,
    init e: Int,
    subscript f: Int,
    where g: Int,
    is h: Int,
    as i: Int,
    try j: Int,
    await k: Int,
    _x l: Int,
    async m: Int,
    repeat n: Int,
    `let` o: Int,
    `var` p: Int
  ) {
    log.entries.append("\(id).k(\([a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p]))")
  }
  func `default`(x: Int) -> Int? { x + 10 * id }
  func `init`(value: Int) { log.entries.append("\(id).init(\(value))") }
  func `self`(_ value: Int) { log.entries.append("\(id).self(\(value))") }
  func `Type`() -> Int? { id }
  var `where`: Int? {
    get { id }
    set { log.entries.append("\(id).where = \(newValue ?? -1)") }
  }
  var `self`: Int? { 100 + id }
  subscript(for index: Int) -> Int? { index * 1000 + id }
}

@Suite struct KeywordNameTests {
  let log = CallLog()
  let multiplexer = KeywordNamesMultiplexer()
  let first: KeywordRecorder
  let second: KeywordRecorder

  init() {
    first = KeywordRecorder(1, log: log)
    second = KeywordRecorder(2, log: log)
    multiplexer.add(first)
    multiplexer.add(second)
  }

  @Test func everyArgumentReachesEveryObserver() {
    multiplexer.barFunc(for: [1, 2])
    multiplexer.f(first: "x")
    multiplexer.g(3)
    multiplexer.h(x: 4)
    multiplexer.k(
      default: 1,
      Type: 2,
      Self: 3,
      Any: 4,
      init: 5,
      subscript: 6,
      where: 7,
      is: 8,
      as: 9,
      try: 10,
      await: 11,
      _x: 12,
      async: 13,
      repeat: 14,
      let: 15,
      var: 16
    )
    multiplexer.`init`(value: 5)
    multiplexer.`self`(6)
    multiplexer.where = 7
    let expected = [
      "barFunc(for: [1, 2])", "f(first: x)", "g(3)", "h(x: 4)",
      "k([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])", "init(5)", "self(6)", "where = 7",
    ]
    #expect(log.entries == expected.flatMap { ["1." + $0, "2." + $0] })
  }

  @Test func answersCombineAsForAnyName() {
    #expect(multiplexer.maxDo(do: 5) == 6)
    #expect(multiplexer.maxIn(in: 5) == 5)
    #expect(multiplexer.default(x: 1) == 11)
    #expect(multiplexer.Type() == 1)
    #expect(multiplexer.where == 1)
    #expect(multiplexer.`self` == 101)
    #expect(multiplexer[for: 2] == 2001)
  }

  @Test func eventsCarryTheArguments() async {
    let stream = multiplexer.events()
    multiplexer.barFunc(for: [1])
    multiplexer.f(first: "y")
    _ = multiplexer.maxIn(in: 3)
    multiplexer.`init`(value: 4)
    multiplexer.where = 5
    var described: [String] = []
    for await event in stream {
      switch event {
      case .barFunc(for: let values): described.append("barFunc(for: \(values))")
      case .f(first: let value): described.append("f(first: \(value))")
      case .maxIn(in: let value): described.append("maxIn(in: \(value))")
      case .`init`(let value): described.append("init(value: \(value))")
      case .setWhere(let value): described.append("setWhere(\(value ?? -1))")
      default: described.append("other")
      }
      if described.count == 5 { break }
    }
    #expect(
      described == ["barFunc(for: [1])", "f(first: y)", "maxIn(in: 3)", "init(value: 4)", "setWhere(5)"]
    )
  }
}
