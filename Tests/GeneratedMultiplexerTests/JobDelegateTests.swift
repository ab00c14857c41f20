import Multiplex
import MultiplexGeneratorFixtures
import Testing

/// An error a ``JobObserver`` throws, naming it.
struct JobError: Error, Equatable {
  let observer: String
}

/// A `JobDelegate` (declared in `MultiplexGeneratorFixtures`, another module) that records its calls and answers
/// what it is told to; the requirements it leaves at `nil` answer like the protocol's default implementations.
final class JobObserver: JobDelegate {
  let name: String
  let log: CallLog
  var priorityDelta = 0
  var throwsOnValidate = false
  var throwsOnRetry = false
  var retryDelay = 0.0
  var summary: String?
  var estimate = 0
  var failsEstimate = false
  var note: String?
  var multiplier: Int?
  var label: String?
  var approves = true
  var displayName: String
  var tag: String?

  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
    self.displayName = name
  }

  func jobDidStart(_ job: Job) {
    log.record(name, "start \(job.name)")
  }

  func job(_ job: Job, adjustPriority priority: inout Int) {
    log.record(name, "priority \(priority)")
    priority += priorityDelta
  }

  func job(_ job: Job, validate input: String) throws {
    log.record(name, "validate \(input)")
    if throwsOnValidate { throw JobError(observer: name) }
  }

  func job(_ job: Job, retryDelayAfter attempt: Int) throws -> Double {
    log.record(name, "retry \(attempt)")
    if throwsOnRetry { throw JobError(observer: name) }
    return retryDelay
  }

  func jobWillFinish(_ job: Job) async {
    log.record(name, "will finish")
    // Suspends, so that an observer awaited out of order would record after the next one.
    await Task.yield()
    log.record(name, "finished")
  }

  func job(_ job: Job, summaryFor step: Int) async -> String? {
    await Task.yield()
    log.record(name, "summary \(step)")
    return summary
  }

  func job(_ job: Job, estimateFor step: Int) async throws(JobFailure) -> Int {
    await Task.yield()
    log.record(name, "estimate \(step)")
    if failsEstimate { throw JobFailure(reason: name) }
    return estimate
  }

  func job(_ job: Job, noteFor step: Int) async -> String? {
    await Task.yield()
    log.record(name, "note \(step)")
    return note
  }

  func job<Value: Sendable>(_ job: Job, transform value: Value) -> Value? {
    log.record(name, "transform \(value)")
    guard let multiplier, let number = value as? Int else { return nil }
    return (number * multiplier) as? Value
  }

  func job(_ job: Job, labelFor step: Int) -> String {
    log.record(name, "label \(step)")
    return label ?? "\(name) \(step)"
  }

  func job(_ job: Job, approve step: Int, completionHandler: @escaping @Sendable (Bool) -> Void) {
    log.record(name, "approve \(step)")
    completionHandler(approves)
  }
}

/// The generated `JobDelegateMultiplexer` for a protocol of another module, called through every requirement.
@Suite struct JobDelegateTests {
  let log = CallLog()
  let job = Job(name: "build")
  let multiplexer = JobDelegateMultiplexer()
  let a: JobObserver
  let b: JobObserver
  let c: JobObserver

  init() {
    a = JobObserver("a", log: log)
    b = JobObserver("b", log: log)
    c = JobObserver("c", log: log)
    multiplexer.add(b)
    multiplexer.add(c, retention: .strong)
    multiplexer.add(a, priority: 1)  // called first
  }

  @Test func voidCallsInOrder() {
    multiplexer.jobDidStart(job)
    #expect(log.observers(receiving: "start build") == ["a", "b", "c"])
  }

  @Test func inoutIsChained() {
    a.priorityDelta = 1
    b.priorityDelta = 10
    c.priorityDelta = 100
    var priority = 5
    multiplexer.job(job, adjustPriority: &priority)
    #expect(priority == 116)
    #expect(log.entries.map(\.description) == ["a: priority 5", "b: priority 6", "c: priority 16"])
  }

  @Test func firstErrorIsRethrownAfterEveryObserverRan() {
    b.throwsOnValidate = true
    c.throwsOnValidate = true
    #expect(throws: JobError(observer: "b")) { try multiplexer.job(job, validate: "input") }
    #expect(log.observers(receiving: "validate input") == ["a", "b", "c"])
  }

  @Test func throwingResult() throws {
    a.retryDelay = 2.5
    b.retryDelay = 7
    #expect(try multiplexer.job(job, retryDelayAfter: 3) == 2.5)
    a.throwsOnRetry = true
    c.throwsOnRetry = true
    #expect(throws: JobError(observer: "a")) { try multiplexer.job(job, retryDelayAfter: 4) }
    #expect(log.observers(receiving: "retry 4") == ["a", "b", "c"])
  }

  @Test func asyncCallsAreAwaitedInOrder() async {
    await multiplexer.jobWillFinish(job)
    let expected = ["a", "b", "c"].flatMap { ["\($0): will finish", "\($0): finished"] }
    #expect(log.entries.map(\.description) == expected)
  }

  @Test func asyncOptionalResultIsTheFirstNonNil() async {
    b.summary = "from b"
    c.summary = "from c"
    #expect(await multiplexer.job(job, summaryFor: 2) == "from b")
    #expect(log.observers(receiving: "summary 2") == ["a", "b", "c"])
    b.summary = nil
    c.summary = nil
    #expect(await multiplexer.job(job, summaryFor: 3) == nil)
  }

  @Test func genericMethod() {
    b.multiplier = 2
    c.multiplier = 3
    #expect(multiplexer.job(job, transform: 21) == 42)
    #expect(multiplexer.job(job, transform: "text") == nil)
    #expect(log.observers(receiving: "transform 21") == ["a", "b", "c"])
    #expect(log.observers(receiving: "transform text") == ["a", "b", "c"])
  }

  /// A non-`Optional` result: the first observer's answer (every observer responds, each being asked); with no
  /// observer, the protocol's default implementation answers.
  @Test func nonOptionalResult() {
    b.label = "from b"
    #expect(multiplexer.job(job, labelFor: 1) == "a 1")
    #expect(log.observers(receiving: "label 1") == ["a", "b", "c"])
    #expect(JobDelegateMultiplexer().job(job, labelFor: 4) == "step 4")
  }

  @Test func properties() {
    #expect(multiplexer.displayName == "a")
    #expect(JobDelegateMultiplexer().displayName == "unnamed")
    // `get set`: the setter reaches every observer, the getter answers the first non-`nil`.
    multiplexer.tag = "set"
    #expect([a.tag, b.tag, c.tag] == ["set", "set", "set"])
    a.tag = nil
    c.tag = "c"
    #expect(multiplexer.tag == "set")
    b.tag = nil
    #expect(multiplexer.tag == "c")
    #expect(JobDelegateMultiplexer().tag == nil)
  }

  /// `approve(_:completionHandler:)` is a decision: only the first observer makes it, the handler runs once.
  @Test func decisionGoesToTheFirstObserverOnly() {
    a.approves = false
    let handler = CallLog()
    multiplexer.job(job, approve: 7) { handler.record("handler", "\($0)") }
    #expect(handler.calls(of: "handler") == ["false"])
    #expect(log.observers(receiving: "approve 7") == ["a"])
    // The primary decides when there is one.
    let primary = JobObserver("primary", log: log)
    multiplexer.multiplexer.primary = primary
    multiplexer.job(job, approve: 8) { handler.record("handler", "\($0)") }
    #expect(log.observers(receiving: "approve 8") == ["primary"])
    #expect(handler.calls(of: "handler") == ["false", "true"])
    withExtendedLifetime(primary) {}
  }

  @Test func decisionWithoutObserversUsesTheDefaultImplementation() {
    let handler = CallLog()
    JobDelegateMultiplexer().job(job, approve: 1) { handler.record("handler", "\($0)") }
    #expect(handler.calls(of: "handler") == ["true"])
  }

  /// The event stream's observer, registered before any other, never takes a decision, and decisions are not
  /// events; other calls are.
  @Test func eventStreamLeavesDecisionsToObservers() async {
    let empty = JobDelegateMultiplexer()
    let events = empty.events()
    let handler = CallLog()
    // Only the event stream's observer: it does not respond, so the default implementation decides.
    empty.job(job, approve: 1) { handler.record("handler", "\($0)") }
    let observer = JobObserver("late", log: log)
    observer.approves = false
    empty.add(observer)
    empty.job(job, approve: 2) { handler.record("handler", "\($0)") }
    empty.jobDidStart(job)
    #expect(handler.calls(of: "handler") == ["true", "false"])
    #expect(log.observers(receiving: "approve 2") == ["late"])
    var iterator = events.makeAsyncIterator()
    let first = await iterator.next()
    guard case .jobDidStart(let started) = first else {
      Issue.record("expected jobDidStart first, got \(String(describing: first))")
      return
    }
    #expect(started === job)
    withExtendedLifetime(observer) {}
  }

  /// Opening a stream changes no answer and calls no default implementation (issue 23, item 9): the tap, which
  /// comes before observers registered after it, does not respond to the requirements it records no event for
  /// (the getter `displayName`, the `inout` and generic methods), where the protocol's own default implementation
  /// would have answered ahead of the observers.
  @Test func anOpenStreamChangesNoAnswer() {
    let late = JobDelegateMultiplexer()
    let stream = late.events()
    let observer = JobObserver("late", log: log)
    observer.priorityDelta = 5
    observer.multiplier = 3
    late.add(observer)
    #expect(late.displayName == "late")
    var priority = 1
    late.job(job, adjustPriority: &priority)
    #expect(priority == 6)
    #expect(late.job(job, transform: 7) == 21)
    #expect(late.job(job, labelFor: 2) == "late 2")
    let combiner = LabelPicker(preferred: "late")
    late.combiner = combiner
    _ = late.job(job, labelFor: 3)
    #expect(combiner.seen == ["late"], "the tap is no response a combiner sees")
    withExtendedLifetime(stream) {}
  }

  /// The protocol's default implementation answers only when no observer does (with observers, every one
  /// responds, except that an `Optional` answer of `nil` is no answer): asked once, after the observers, and not at
  /// all when one answers.
  @Test func moduleDefaultIsAskedOnlyWhenNoObserverAnswers() throws {
    let job = Job(name: "lazy") { [log] in log.record("default", $0) }
    b.multiplier = 2
    #expect(multiplexer.job(job, labelFor: 1) == "a 1")
    #expect(try multiplexer.job(job, retryDelayAfter: 2) == 0)
    #expect(multiplexer.job(job, transform: 5) == 10)
    #expect(log.calls(of: "default").isEmpty)
    // Every answer `nil`: the default implementation answers, asked once, after every observer.
    #expect(multiplexer.job(job, transform: "x") == nil)
    #expect(
      log.entries.suffix(4).map(\.description) == [
        "a: transform x", "b: transform x", "c: transform x", "default: transform x",
      ]
    )
    // No observer: asked once.
    let empty = JobDelegateMultiplexer()
    #expect(empty.job(job, labelFor: 4) == "step 4")
    #expect(try empty.job(job, retryDelayAfter: 5) == 1.0)
    #expect(log.calls(of: "default") == ["transform x", "label 4", "retry 5"])
    // An observer's error is rethrown; the default implementation is not asked for it.
    b.throwsOnRetry = true
    #expect(throws: JobError(observer: "b")) { try multiplexer.job(job, retryDelayAfter: 6) }
    #expect(!log.calls(of: "default").contains("retry 6"))
  }

  /// With a combiner, the protocol's default implementation is asked once, before the observers, and is the
  /// combiner's `default:`.
  @Test func combinerGetsTheModuleDefault() {
    let job = Job(name: "combined") { [log] in log.record("default", $0) }
    let combiner = LabelPicker(preferred: "nobody")
    multiplexer.combiner = combiner
    #expect(multiplexer.job(job, labelFor: 3) == "step 3")
    #expect(combiner.seen == ["a", "b", "c"])
    #expect(log.entries.map(\.description) == ["default: label 3", "a: label 3", "b: label 3", "c: label 3"])
    withExtendedLifetime(combiner) {}
  }

  /// An `async` result the protocol's extension answers: every observer awaited in order, the first answer, the
  /// default implementation awaited only with no observer (or, for an `Optional`, no answer but `nil`), the first
  /// error (typed) rethrown.
  @Test func asyncModuleDefault() async throws {
    let job = Job(name: "async") { [log] in log.record("default", $0) }
    a.estimate = 5
    b.estimate = 7
    #expect(try await multiplexer.job(job, estimateFor: 2) == 5)
    #expect(log.observers(receiving: "estimate 2") == ["a", "b", "c"])
    #expect(try await JobDelegateMultiplexer().job(job, estimateFor: 3) == 30)
    #expect(log.calls(of: "default") == ["estimate 3"])
    b.failsEstimate = true
    c.failsEstimate = true
    await #expect(throws: JobFailure(reason: "b")) { try await multiplexer.job(job, estimateFor: 4) }
    #expect(log.observers(receiving: "estimate 4") == ["a", "b", "c"])

    #expect(await multiplexer.job(job, noteFor: 5) == "default note 5")
    #expect(log.entries.suffix(4).map(\.description) == ["a: note 5", "b: note 5", "c: note 5", "default: note 5"])
    c.note = "from c"
    #expect(await multiplexer.job(job, noteFor: 6) == "from c")
    #expect(log.calls(of: "default") == ["estimate 3", "note 5"])
  }

  /// An open stream's tap calls no default implementation for an `Optional` result, `async` or not: it answers
  /// `nil` without responding. (For another result it still asks the default implementation, the only value of the
  /// type it has, and drops it.)
  @Test func tapAsksNoDefaultForAnOptionalResult() async {
    let job = Job(name: "tapped") { [log] in log.record("default", $0) }
    let stream = multiplexer.events()
    c.note = "from c"
    #expect(await multiplexer.job(job, noteFor: 8) == "from c")
    b.multiplier = 2
    #expect(multiplexer.job(job, transform: 5) == 10)
    #expect(log.calls(of: "default").isEmpty)
    withExtendedLifetime(stream) {}
  }

  /// A combiner of `async` results sees every response in call order, and for a result the protocol's extension
  /// answers, that answer as its default, asked once after the observers (the synchronous form asks it before them).
  @Test func asyncCombiner() async throws {
    let job = Job(name: "async") { [log] in log.record("default", $0) }
    a.estimate = 1
    b.estimate = 2
    c.estimate = 4
    b.summary = "b"
    let combiner = Summer()
    multiplexer.combiner = combiner
    #expect(try await multiplexer.job(job, estimateFor: 3) == 37)
    #expect(
      log.entries.map(\.description) == ["a: estimate 3", "b: estimate 3", "c: estimate 3", "default: estimate 3"]
    )
    #expect(await multiplexer.job(job, summaryFor: 1) == "a:nil b:b c:nil")
    withExtendedLifetime(combiner) {}
  }

  /// The registration API and the combining delegate of the generated class are the runtime's, as with
  /// `@Multiplexed`: a combiner sees every response with its observer, tokens cancel and block, `removeAll`
  /// keeps the primary.
  @Test func combinerTokensBlocksAndRemoveAll() {
    let combiner = LabelPicker(preferred: "b")
    multiplexer.combiner = combiner
    #expect(multiplexer.job(job, labelFor: 1) == "b 1")
    #expect(combiner.seen == ["a", "b", "c"])
    multiplexer.combiner = nil
    #expect(multiplexer.job(job, labelFor: 2) == "a 2")

    let d = JobObserver("d", log: log)
    let token = multiplexer.add(d)
    let block = token.block()
    #expect(token.isBlocked)
    multiplexer.jobDidStart(job)
    #expect(log.observers(receiving: "start build") == ["a", "b", "c"])
    block.cancel()
    #expect(!token.isBlocked)
    token.cancel()
    #expect(!multiplexer.contains(d))

    let primary = JobObserver("primary", log: log)
    multiplexer.multiplexer.primary = primary
    multiplexer.removeAll()
    #expect(multiplexer.count == 1)
    #expect(multiplexer.observers.first === primary)
    multiplexer.jobDidStart(Job(name: "after"))
    #expect(log.observers(receiving: "start after") == ["primary"])
    withExtendedLifetime((primary, d)) {}
  }

  /// Observers from a source are called first, then the registered ones, as for the runtime's `init(source:)`.
  @Test func observersFromASource() {
    // Not `Sendable`; this test reads them on its own thread only.
    nonisolated(unsafe) let children = [JobObserver("child 1", log: log), JobObserver("child 2", log: log)]
    let sourced = JobDelegateMultiplexer(source: { children })
    sourced.add(a)
    sourced.jobDidStart(job)
    #expect(log.observers(receiving: "start build") == ["child 1", "child 2", "a"])
    #expect(sourced.job(job, labelFor: 3) == "child 1 3")
  }
}

/// Picks the answer of the observer named `preferred`, and records which observers answered.
private final class LabelPicker: JobDelegateCombining {
  let preferred: String
  var seen: [String] = []

  init(preferred: String) {
    self.preferred = preferred
  }

  func jobDelegateMultiplexer(
    _ multiplexer: JobDelegateMultiplexer,
    combineJobLabelFor responses: inout Responses<any JobDelegate, String>,
    default defaultValue: String
  ) -> String {
    var picked: String?
    while let (observer, label) = responses.next() {
      let name = (observer as? JobObserver)?.name ?? "?"
      seen.append(name)
      if name == preferred { picked = label }
    }
    return picked ?? defaultValue
  }
}

/// Adds the estimates to the default, and lists the summaries with their observers.
private final class Summer: JobDelegateCombining {
  func jobDelegateMultiplexer(
    _ multiplexer: JobDelegateMultiplexer,
    combineJobEstimateFor responses: inout Responses<any JobDelegate, Int>,
    default defaultValue: Int
  ) -> Int {
    var sum = defaultValue
    while let (_, estimate) = responses.next() { sum += estimate }
    return sum
  }

  func jobDelegateMultiplexer(
    _ multiplexer: JobDelegateMultiplexer,
    combineJobSummaryFor responses: inout Responses<any JobDelegate, String?>,
    default defaultValue: String?
  ) -> String? {
    var parts: [String] = []
    while let (observer, summary) = responses.next() {
      parts.append("\((observer as? JobObserver)?.name ?? "?"):\(summary ?? "nil")")
    }
    return parts.joined(separator: " ")
  }
}
