// `FoundationNetworking` (and the generated `URLSessionDataDelegateMultiplexer`, wrapped in the same condition)
// exists only off Apple platforms, where the `URLSession` delegates are `@objc` protocols of `Foundation`: this
// file is compiled only where the module exists (Linux here).
#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// A `URLSessionDataDelegate` that records what it receives in a ``CallLog`` under its name. It implements
/// requirements of the three protocols of the family: `URLSessionDataDelegate`'s own (data, response),
/// `URLSessionTaskDelegate`'s (redirection, completion) and `URLSessionDelegate`'s (invalidation). As a delegate
/// should, it calls each completion handler once: it allows the response and follows the redirection.
final class SessionRecorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let name: String
  let log: CallLog
  /// Called when the session is invalidated, the last call a session makes.
  let onInvalidate: (@Sendable () -> Void)?

  init(_ name: String, log: CallLog, onInvalidate: (@Sendable () -> Void)? = nil) {
    self.name = name
    self.log = log
    self.onInvalidate = onInvalidate
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    log.record(name, "response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    log.record(name, "data \(data.count)")
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    log.record(name, "redirect \(response.statusCode) to \(request.url?.path ?? "nil")")
    completionHandler(request)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    log.record(name, "complete \(error.map { "error \(($0 as NSError).code)" } ?? "ok")")
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    log.record(name, "invalid")
    onInvalidate?()
  }

  /// The number of body bytes this recorder received.
  var receivedBytes: Int {
    log.calls(of: name).filter { $0.hasPrefix("data ") }.compactMap { Int($0.dropFirst(5)) }.reduce(0, +)
  }
}

#endif
