// The model-based test's shared part: random programs, the reference model of DESIGN.md §2, and a harness that
// runs a program on a system under test (the runtime `Multiplexer`, a generated multiplexer, an installed one)
// and on the model, comparing every call, result, observer list and count after each operation.

public import Multiplex

public enum ModelCombiner: CaseIterable {
  case first, last, all, allTrue, anyTrue, firstNonNil, stopAfterTwo
}

public enum ModelAction: Equatable, CustomStringConvertible {
  case removeSelf
  case remove(Int)
  case add(Int, strong: Bool, priority: Int)
  case release(Int)
  case releaseSelf
  case cancel(Int)
  case dispatchAgain

  public var description: String {
    switch self {
    case .removeSelf: "removeSelf"
    case .remove(let other): "remove(\(other))"
    case .add(let other, let strong, let priority):
      "add(\(other), \(strong ? "strong" : "weak"), priority: \(priority))"
    case .release(let other): "release(\(other))"
    case .releaseSelf: "releaseSelf"
    case .cancel(let other): "cancel(\(other))"
    case .dispatchAgain: "dispatchAgain"
    }
  }
}

public enum ModelOperation: Equatable, CustomStringConvertible {
  case add(Int, strong: Bool, priority: Int)
  case remove(Int)
  case cancel(Int)
  case release(Int)
  case setPrimary(Int?)
  case void(hook: Int?, action: ModelAction?)
  case chained(hook: Int?, action: ModelAction?)
  case combine(ModelCombiner, hook: Int?, action: ModelAction?)

  public var description: String {
    func hook(_ observer: Int?, _ action: ModelAction?) -> String {
      guard let observer, let action else { return "" }
      return ", when \(observer) is called: \(action)"
    }
    switch self {
    case .add(let observer, let strong, let priority):
      return "add(\(observer), \(strong ? "strong" : "weak"), priority: \(priority))"
    case .remove(let observer): return "remove(\(observer))"
    case .cancel(let observer): return "cancelToken(\(observer))"
    case .release(let observer): return "release(\(observer))"
    case .setPrimary(let observer): return "primary = \(observer.map(String.init) ?? "nil")"
    case .void(let observer, let action): return "notify(didScroll\(hook(observer, action)))"
    case .chained(let observer, let action): return "notify(willEndDragging inout\(hook(observer, action)))"
    case .combine(let combiner, let observer, let action): return "combine(\(combiner)\(hook(observer, action)))"
    }
  }
}

/// SplitMix64: small, fast and reproducible on every platform.
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64
  public init(state: UInt64) { self.state = state }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

public let modelPoolSize = 6

public func randomProgram(length: Int, using rng: inout SplitMix64) -> [ModelOperation] {
  func observer() -> Int { Int.random(in: 0..<modelPoolSize, using: &rng) }
  func priority() -> Int { [-1, 0, 0, 0, 1].randomElement(using: &rng)! }
  func hook() -> (Int?, ModelAction?) {
    guard Int.random(in: 0..<3, using: &rng) == 0 else { return (nil, nil) }
    let actions: [ModelAction] = [
      .removeSelf, .remove(observer()), .add(observer(), strong: Bool.random(using: &rng), priority: priority()),
      .release(observer()), .releaseSelf, .cancel(observer()), .dispatchAgain,
    ]
    return (observer(), actions.randomElement(using: &rng)!)
  }
  return (0..<length).map { _ in
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<6: return .add(observer(), strong: Int.random(in: 0..<4, using: &rng) == 0, priority: priority())
    case 6..<8: return .remove(observer())
    case 8: return .cancel(observer())
    case 9..<11: return .release(observer())
    case 11: return .setPrimary(Int.random(in: 0..<4, using: &rng) == 0 ? nil : observer())
    case 12..<15:
      let (observer, action) = hook()
      return .void(hook: observer, action: action)
    case 15..<16:
      let (observer, action) = hook()
      return .chained(hook: observer, action: action)
    default:
      let (observer, action) = hook()
      return .combine(ModelCombiner.allCases.randomElement(using: &rng)!, hook: observer, action: action)
    }
  }
}

/// What each probe answers, by id, so that the model can compute the same results.
public enum ModelAnswers {
  /// `score()`: responds unless `id % 3 == 1`.
  public static func score(_ id: Int) -> Int? { id % 3 != 1 ? id * 10 + 1 : nil }
  /// `shouldScrollToTop()`: responds for even ids.
  public static func flag(_ id: Int) -> Bool? { id % 2 == 0 ? id % 4 != 2 : nil }
  /// `viewForZooming()`: responds unless `id % 3 == 0`; probe 4 responds with `nil`.
  public static func name(_ id: Int) -> String?? { id % 3 != 0 ? (id == 4 ? .some(nil) : .some("n\(id)")) : nil }
  /// The `inout` step: `target = target * 31 + (id + 1)`.
  public static func chain(_ target: inout Int, _ id: Int) { target = target &* 31 &+ (id + 1) }
}

/// A value everyone can compare: the calls of one operation and its result.
public struct Outcome: Equatable, CustomStringConvertible {
  public var calls: [String] = []
  public var result = ""
  public var observers: [Int] = []
  public var count = 0

  public init() {}

  public var description: String { "calls \(calls), result \(result), observers \(observers), count \(count)" }
}

/// DESIGN.md §2 as a plain array: registrations in order, flags for removal, a set of live references.
public final class ModelWorld {
  final class Registration {
    let observer: Int
    let strong: Bool
    var priority: Int
    var sequence: Int
    var active = true
    /// One per `add` of the observer; a token's cancel drops its own, and the last one ends the registration.
    var claims = 1
    init(observer: Int, strong: Bool, priority: Int, sequence: Int) {
      self.observer = observer
      self.strong = strong
      self.priority = priority
      self.sequence = sequence
    }
  }

  /// A token: the registration it claims, and whether its claim was dropped.
  final class Token {
    let registration: Registration
    var isDropped = false
    init(_ registration: Registration) { self.registration = registration }
  }

  var registrations: [Registration] = []
  var heldByTest = Array(repeating: true, count: modelPoolSize)
  /// The latest token of each observer (the harness keeps the same one).
  var tokens: [Int: Token] = [:]
  var primary: Registration?
  var executing: [Int] = []
  var log: [String] = []
  var hook: (observer: Int, action: ModelAction)?
  var depth = 0
  var dispatchSerial = 0
  var sequence = 0
  /// Objects that died; a dead object never comes back.
  var dead = Set<Int>()

  func isAlive(_ observer: Int) -> Bool {
    if dead.contains(observer) { return false }
    let alive =
      heldByTest[observer] || executing.contains(observer)
      || registrations.contains { $0.active && $0.strong && $0.observer == observer }
    if !alive { dead.insert(observer) }
    return alive
  }

  /// Active registrations in call order (the primary first, then priority, then registration order).
  var ordered: [Registration] {
    registrations.filter(\.active).sorted {
      ($0.priority, -$0.sequence) > ($1.priority, -$1.sequence)
    }
  }

  func current(_ observer: Int) -> Registration? {
    registrations.first { $0.active && $0.observer == observer && isAlive(observer) }
  }

  func deactivate(_ registration: Registration) {
    registration.active = false
    _ = isAlive(registration.observer)
  }

  func add(_ observer: Int, strong: Bool, priority: Int) {
    guard heldByTest[observer] else { return }
    if let existing = current(observer) {
      existing.claims += 1
      tokens[observer] = Token(existing)
      return
    }
    sequence += 1
    let registration = Registration(
      observer: observer,
      strong: strong,
      priority: min(priority, Int.max - 1),
      sequence: sequence
    )
    registrations.append(registration)
    tokens[observer] = Token(registration)
  }

  /// A token's `cancel()`: drops its claim once; the registration ends with its last claim.
  func cancel(_ token: Token) {
    guard !token.isDropped else { return }
    token.isDropped = true
    guard token.registration.active else { return }
    token.registration.claims -= 1
    if token.registration.claims == 0 { deactivate(token.registration) }
  }

  func remove(_ observer: Int) {
    guard heldByTest[observer], let registration = current(observer) else { return }
    deactivate(registration)
  }

  func release(_ observer: Int) {
    heldByTest[observer] = false
    _ = isAlive(observer)
  }

  func perform(_ action: ModelAction, by caller: Int) {
    switch action {
    case .removeSelf:
      if heldByTest[caller] { remove(caller) } else if let token = tokens[caller] { cancel(token) }
    case .remove(let other): remove(other)
    case .add(let other, let strong, let priority): add(other, strong: strong, priority: priority)
    case .release(let other): release(other)
    case .releaseSelf: release(caller)
    case .cancel(let other): if let token = tokens[other] { cancel(token) }
    case .dispatchAgain: dispatch { _ in true }
    }
  }

  /// Calls the live registrations of a snapshot in order; `respond` says whether an observer responds (and stops
  /// the dispatch when it returns `nil`).
  func dispatch(_ visit: (Int) -> Bool?) {
    dispatchSerial += 1
    let serial = dispatchSerial
    depth += 1
    for registration in ordered {
      guard registration.active, isAlive(registration.observer) else { continue }
      let observer = registration.observer
      log.append("\(observer)@\(serial)")
      executing.append(observer)
      if depth == 1, let hook, hook.observer == observer {
        self.hook = nil
        perform(hook.action, by: observer)
      }
      executing.removeLast()
      _ = isAlive(observer)
      if visit(observer) == nil { break }
    }
    depth -= 1
  }

  public init() {}

  public func run(_ operation: ModelOperation) -> Outcome {
    log = []
    var outcome = Outcome()
    func setHook(_ observer: Int?, _ action: ModelAction?) {
      hook = observer.flatMap { observer in action.map { (observer, $0) } }
    }
    switch operation {
    case .add(let observer, let strong, let priority): add(observer, strong: strong, priority: priority)
    case .remove(let observer): remove(observer)
    case .cancel(let observer): if let token = tokens[observer] { cancel(token) }
    case .release(let observer): release(observer)
    case .setPrimary(let observer):
      if let observer {
        guard heldByTest[observer] else { break }
        if let primary, primary.active, primary.observer == observer, isAlive(observer) { break }
        if let primary { deactivate(primary) }
        primary = nil
        sequence += 1
        if let existing = current(observer) {
          // A secondary moves to the front as it is: same registration (retention, token), new place.
          existing.priority = Int.max
          existing.sequence = sequence
          primary = existing
          break
        }
        let registration = Registration(observer: observer, strong: false, priority: Int.max, sequence: sequence)
        registrations.append(registration)
        primary = registration
      } else {
        if let primary { deactivate(primary) }
        primary = nil
      }
    case .void(let observer, let action):
      setHook(observer, action)
      dispatch { _ in true }
    case .chained(let observer, let action):
      setHook(observer, action)
      var target = 7
      dispatch { observer in
        ModelAnswers.chain(&target, observer)
        return true
      }
      outcome.result = "\(target)"
    case .combine(let combiner, let observer, let action):
      setHook(observer, action)
      outcome.result = combine(combiner)
    }
    hook = nil
    outcome.calls = log
    outcome.observers = ordered.filter { isAlive($0.observer) }.map(\.observer)
    outcome.count = outcome.observers.count
    return outcome
  }

  private func combine(_ combiner: ModelCombiner) -> String {
    let score = ModelAnswers.score
    let flag = ModelAnswers.flag
    let name = ModelAnswers.name
    var scores: [Int] = []
    var flags: [Bool] = []
    var names: [String?] = []
    switch combiner {
    case .stopAfterTwo:
      dispatch { id in
        if let value = score(id) { scores.append(value) }
        return scores.count < 2 ? true : nil
      }
      return "\(scores.isEmpty ? -1 : scores.reduce(0, +))"
    case .first, .last, .all:
      dispatch { id in
        if let value = score(id) { scores.append(value) }
        return true
      }
      switch combiner {
      case .first: return "\(scores.first ?? -1)"
      case .last: return "\(scores.last ?? -1)"
      default: return "\(scores)"
      }
    case .allTrue, .anyTrue:
      dispatch { id in
        if let value = flag(id) { flags.append(value) }
        return true
      }
      if flags.isEmpty { return combiner == .allTrue ? "false" : "true" }
      return combiner == .allTrue ? "\(flags.allSatisfy { $0 })" : "\(flags.contains(true))"
    case .firstNonNil:
      dispatch { id in
        if let value = name(id) { names.append(value) }
        return true
      }
      return names.compactMap { $0 }.first ?? "none"
    }
  }
}

/// A system under test: a multiplexer, driven through the same operations as the model.
///
/// Subclasses provide the multiplexer-specific parts; probes (observers of the subclass's protocol) call
/// ``called(_:)`` on every call they receive and answer with ``ModelAnswers``.
open class ModelSystemUnderTest {
  /// The probes the test still holds, by id; `nil` once released.
  public var pool: [AnyObject?] = []
  public var tokens: [Int: ObservationToken] = [:]
  var log: [String] = []
  var hook: (observer: Int, action: ModelAction)?
  var dispatchSerial = 0
  /// The serial numbers of the dispatches in progress, innermost last.
  var serials: [Int] = []

  public init() {}

  /// Records a call to probe `id` and performs the operation's hook when it is due.
  public func called(_ id: Int) {
    log.append("\(id)@\(serials.last ?? 0)")
    guard serials.count == 1, let hook, hook.observer == id else { return }
    self.hook = nil
    perform(hook.action, by: id)
  }

  // MARK: What a subclass provides

  open func add(_ probe: AnyObject, strong: Bool, priority: Int) -> ObservationToken { fatalError("abstract") }
  open func remove(_ probe: AnyObject) { fatalError("abstract") }
  open func setPrimary(_ probe: AnyObject?) { fatalError("abstract") }
  open func notifyDidScroll(_ offset: Int) { fatalError("abstract") }
  open func notifyChained(_ target: inout Int) { fatalError("abstract") }
  open func combine(_ combiner: ModelCombiner) -> String { fatalError("abstract") }
  open var observerIDs: [Int] { fatalError("abstract") }
  open var count: Int { fatalError("abstract") }

  // MARK: Running

  func perform(_ action: ModelAction, by caller: Int) {
    switch action {
    case .removeSelf:
      if let probe = pool[caller] { remove(probe) } else { tokens[caller]?.cancel() }
    case .remove(let other):
      if let probe = pool[other] { remove(probe) }
    case .add(let other, let strong, let priority):
      if let probe = pool[other] { tokens[other] = add(probe, strong: strong, priority: priority) }
    case .release(let other):
      pool[other] = nil
    case .releaseSelf:
      pool[caller] = nil
    case .cancel(let other):
      tokens[other]?.cancel()
    case .dispatchAgain:
      dispatch { notifyDidScroll(0) }
    }
  }

  func dispatch(_ body: () -> Void) {
    dispatchSerial += 1
    serials.append(dispatchSerial)
    body()
    serials.removeLast()
  }

  public func run(_ operation: ModelOperation) -> Outcome {
    log = []
    var outcome = Outcome()
    func setHook(_ observer: Int?, _ action: ModelAction?) {
      hook = observer.flatMap { observer in action.map { (observer, $0) } }
    }
    switch operation {
    case .add(let observer, let strong, let priority):
      if let probe = pool[observer] { tokens[observer] = add(probe, strong: strong, priority: priority) }
    case .remove(let observer):
      if let probe = pool[observer] { remove(probe) }
    case .cancel(let observer):
      tokens[observer]?.cancel()
    case .release(let observer):
      pool[observer] = nil
    case .setPrimary(let observer):
      if let observer {
        if let probe = pool[observer] { setPrimary(probe) }
      } else {
        setPrimary(nil)
      }
    case .void(let observer, let action):
      setHook(observer, action)
      dispatch { notifyDidScroll(1) }
    case .chained(let observer, let action):
      setHook(observer, action)
      var target = 7
      dispatch { notifyChained(&target) }
      outcome.result = "\(target)"
    case .combine(let combiner, let observer, let action):
      setHook(observer, action)
      dispatch { outcome.result = combine(combiner) }
    }
    hook = nil
    outcome.calls = log
    outcome.observers = observerIDs
    outcome.count = count
    return outcome
  }
}

/// A custom combiner that stops after two responses: the observers after the second responder are not called.
public func stopAfterTwo<Observer>() -> Combiner<Observer, Int, Int> {
  Combiner { responses, defaultValue in
    var sum = 0
    var seen = 0
    while seen < 2, let response = responses.next() {
      sum += response.value
      seen += 1
    }
    return seen == 0 ? defaultValue : sum
  }
}

// MARK: - Running and shrinking

/// Runs `program` on a fresh system and a fresh model; returns the first operation whose outcomes differ.
public func firstDivergence(
  _ program: [ModelOperation],
  system make: () -> ModelSystemUnderTest
) -> (index: Int, real: Outcome, model: Outcome)? {
  let real = make()
  let model = ModelWorld()
  for (index, operation) in program.enumerated() {
    let realOutcome = real.run(operation)
    let modelOutcome = model.run(operation)
    if realOutcome != modelOutcome { return (index, realOutcome, modelOutcome) }
  }
  return nil
}

/// Removes operations while the program still fails: a small, readable counterexample.
public func shrink(_ program: [ModelOperation], system make: () -> ModelSystemUnderTest) -> [ModelOperation] {
  var program = program
  var chunk = max(1, program.count / 2)
  while chunk >= 1 {
    var start = 0
    var removedAny = false
    while start < program.count {
      var candidate = program
      candidate.removeSubrange(start..<min(program.count, start + chunk))
      if firstDivergence(candidate, system: make) != nil {
        program = candidate
        removedAny = true
      } else {
        start += chunk
      }
    }
    if !removedAny { chunk /= 2 }
  }
  return program
}

/// Runs `programs` random programs from `firstSeed`; returns a report of the first divergence (shrunk), or `nil`.
public func checkRandomPrograms(
  programs: Int,
  firstSeed: UInt64,
  length: Int = 40,
  system make: () -> ModelSystemUnderTest
) -> (operations: Int, failure: String?) {
  var operations = 0
  for seed in firstSeed..<(firstSeed + UInt64(programs)) {
    var rng = SplitMix64(state: seed)
    let program = randomProgram(length: length, using: &rng)
    operations += program.count
    guard firstDivergence(program, system: make) != nil else { continue }
    let shrunk = shrink(program, system: make)
    let divergence = firstDivergence(shrunk, system: make)!
    let listing = shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    return (
      operations,
      """
      Seed \(seed) diverges from the model (MULTIPLEX_MODEL_SEED=\(seed) MULTIPLEX_MODEL_PROGRAMS=1).
      Shrunk program (\(shrunk.count) of \(program.count) operations):
      \(listing)
      At operation \(divergence.index):
        real:  \(divergence.real)
        model: \(divergence.model)
      """
    )
  }
  return (operations, nil)
}
