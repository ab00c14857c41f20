// `FoundationNetworking` (and the generated `URLSessionDataDelegateMultiplexer`, wrapped in the same condition)
// exists only off Apple platforms, where the `URLSession` delegates are `@objc` protocols of `Foundation`: this
// file is compiled only where the module exists (Linux here).
#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import Multiplex
import Testing

/// A real `URLSession` whose delegate is the generated `URLSessionDataDelegateMultiplexer`, against a loopback
/// HTTP server the test starts (``LoopbackServer``; 127.0.0.1 only, bounded connections, timeouts).
///
/// The Linux protocols refine `NSObjectProtocol` and `Sendable` and inherit requirements from
/// `URLSessionTaskDelegate` and `URLSessionDelegate`, flattened into the generated class. Their requirements all
/// return `Void` (no `async` returning requirement the session calls), so "first responder" answers are covered
/// by `XMLParserTests` (`resolveExternalEntityName`) and `JobDelegateTests` instead.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionTests {
  static let bodySize = 200_000

  /// Runs one data task for `url` on a session whose delegate is `multiplexer`, then invalidates the session, and
  /// returns once an extra strong observer, `end`, registered last, saw the invalidation.
  private func run(_ url: URL, through multiplexer: URLSessionDataDelegateMultiplexer, log: CallLog) async {
    await withCheckedContinuation { continuation in
      multiplexer.add(SessionRecorder("end", log: log) { continuation.resume() }, retention: .strong)
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = 20
      let session = URLSession(configuration: configuration, delegate: multiplexer, delegateQueue: nil)
      session.dataTask(with: url).resume()
      session.finishTasksAndInvalidate()
    }
  }

  /// Data and completion reach both observers (a weak and a strong one); the response, a decision, reaches only
  /// the first, which calls its handler once; completion (`URLSessionTaskDelegate`'s) and invalidation
  /// (`URLSessionDelegate`'s) are inherited requirements, forwarded too.
  @Test func dataAndCompletionReachEveryObserver() async throws {
    let server = try LoopbackServer(connections: 1) { _ in .ok(byteCount: Self.bodySize) }
    let log = CallLog()
    let multiplexer = URLSessionDataDelegateMultiplexer()
    let first = SessionRecorder("first", log: log)
    let second = SessionRecorder("second", log: log)
    multiplexer.add(first)
    multiplexer.add(second, retention: .strong)

    await run(server.baseURL.appendingPathComponent("data"), through: multiplexer, log: log)

    #expect(server.waitUntilStopped())
    #expect(server.requests == ["GET /data HTTP/1.1"])
    #expect(first.receivedBytes == Self.bodySize)
    #expect(second.receivedBytes == Self.bodySize)
    #expect(log.observers(receiving: "complete") == ["first", "second", "end"])
    #expect(log.calls(of: "first").contains("complete ok"))
    #expect(log.observers(receiving: "invalid") == ["first", "second", "end"])
    #expect(log.observers(receiving: "response") == ["first"])
    #expect(log.calls(of: "first").first == "response 200")
    withExtendedLifetime((first, second)) {}
  }

  /// A redirection: `URLSession` on Linux waits for the redirection handler and traps if it is called twice.
  /// The multiplexer gives the decision to the first observer only, which follows the redirection once: the
  /// server sees both requests, the body arrives at both observers.
  @Test func redirectionDecidedByTheFirstObserver() async throws {
    let server = try LoopbackServer(connections: 2) { line in
      line.hasPrefix("GET /start ") ? .redirect(to: "/final") : .ok(byteCount: Self.bodySize)
    }
    let log = CallLog()
    let multiplexer = URLSessionDataDelegateMultiplexer()
    let first = SessionRecorder("first", log: log)
    let second = SessionRecorder("second", log: log)
    multiplexer.add(first)
    multiplexer.add(second)

    await run(server.baseURL.appendingPathComponent("start"), through: multiplexer, log: log)

    #expect(server.waitUntilStopped())
    #expect(server.requests == ["GET /start HTTP/1.1", "GET /final HTTP/1.1"])
    #expect(log.observers(receiving: "redirect 302 to /final") == ["first"])
    #expect(log.observers(receiving: "response") == ["first"])
    #expect(first.receivedBytes == Self.bodySize)
    #expect(second.receivedBytes == Self.bodySize)
    #expect(log.observers(receiving: "complete ok") == ["first", "second", "end"])
    withExtendedLifetime((first, second)) {}
  }

  /// With no observer, the protocol's default implementation makes the decision: it follows the redirection
  /// (calling the handler once; not at all would stall the task, twice would trap).
  @Test func redirectionWithoutObservers() async throws {
    let server = try LoopbackServer(connections: 2) { line in
      line.hasPrefix("GET /start ") ? .redirect(to: "/final") : .ok(byteCount: 1_000)
    }
    let multiplexer = URLSessionDataDelegateMultiplexer()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 20
    let session = URLSession(configuration: configuration, delegate: multiplexer, delegateQueue: nil)
    let task = session.dataTask(with: server.baseURL.appendingPathComponent("start"))
    task.resume()
    // Bounded wait for the task to finish (the request times out after 20 seconds if it stalls).
    var polls = 0
    while task.state != .completed && polls < 3_000 {
      try await Task.sleep(nanoseconds: 10_000_000)
      polls += 1
    }
    session.finishTasksAndInvalidate()
    #expect(task.state == .completed)
    #expect(task.error == nil)
    #expect((task.response as? HTTPURLResponse)?.statusCode == 200)
    #expect(server.waitUntilStopped())
    #expect(server.requests == ["GET /start HTTP/1.1", "GET /final HTTP/1.1"])
  }

  /// The rule, called directly with a counting handler: for any number of observers the handler is called once,
  /// by the primary when there is one, else by the first observer, else by the default implementation.
  @Test func completionHandlerIsCalledOnce() {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let url = URL(string: "http://127.0.0.1:9/never-resumed")!
    let task = session.dataTask(with: url)
    let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
    for count in 0...3 {
      for withPrimary in [false, true] {
        let log = CallLog()
        let multiplexer = URLSessionDataDelegateMultiplexer()
        let observers = (0..<count).map { SessionRecorder("observer\($0)", log: log) }
        for observer in observers { multiplexer.add(observer) }
        let primary = SessionRecorder("primary", log: log)
        if withPrimary { multiplexer.multiplexer.primary = primary }
        let handler = CallLog()
        multiplexer.urlSession(session, dataTask: task, didReceive: response) { disposition in
          handler.record("handler", "\(disposition.rawValue)")
        }
        #expect(handler.entries.count == 1, "\(count) observers, primary: \(withPrimary)")
        // `.allow` from the observers and from the default implementation alike.
        #expect(handler.calls(of: "handler") == ["\(URLSession.ResponseDisposition.allow.rawValue)"])
        let decider = withPrimary ? ["primary"] : (count == 0 ? [] : ["observer0"])
        #expect(log.observers(receiving: "response") == decider, "\(count) observers, primary: \(withPrimary)")
        // A call that is not a decision still reaches every observer.
        multiplexer.urlSession(session, dataTask: task, didReceive: Data([1, 2, 3]))
        #expect(log.observers(receiving: "data 3").count == count + (withPrimary ? 1 : 0))
        withExtendedLifetime((observers, primary)) {}
      }
    }
  }
}

#endif
