import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server for the `URLSession` tests: it listens on 127.0.0.1 only, on a port the system picks,
/// answers each request on its own connection (`Connection: close`) with what ``respond`` returns for its
/// request line, and stops by itself after a fixed number of connections, or when no connection arrives for a
/// while.
///
/// Bounded on every side: one background thread, at most `connections` connections, reads and writes with
/// timeouts, and a wait for each connection that gives up after `idleTimeout` seconds. Nothing but the loopback
/// address is ever bound or connected to.
final class LoopbackServer: @unchecked Sendable {
  /// What the server answers to one request.
  struct Response: Sendable {
    var status: Int
    var reason: String
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    /// `200 OK` with `byteCount` bytes (`0, 1, 2, …` modulo 256).
    static func ok(byteCount: Int) -> Response {
      Response(status: 200, reason: "OK", body: (0..<byteCount).map { UInt8(truncatingIfNeeded: $0) })
    }

    /// `302 Found` to `location`.
    static func redirect(to location: String) -> Response {
      Response(status: 302, reason: "Found", headers: [("Location", location)])
    }
  }

  /// Errors starting the server: which call failed, and `errno`.
  struct StartError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: errno \(code)" }
  }

  /// The port the server listens on, on 127.0.0.1.
  let port: Int
  /// `http://127.0.0.1:<port>`.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private let listener: Int32
  private let respond: @Sendable (String) -> Response
  private let lock = NSLock()
  private var seen: [String] = []
  private let finished = DispatchSemaphore(value: 0)

  /// Starts listening and serving on a background thread.
  ///
  /// - Parameters:
  ///   - connections: How many connections to serve before stopping.
  ///   - idleTimeout: How long to wait for each connection before stopping, in seconds.
  ///   - respond: The answer to a request, given its request line (`GET /path HTTP/1.1`).
  init(
    connections: Int,
    idleTimeout: Int32 = 20,
    respond: @escaping @Sendable (String) -> Response
  ) throws {
    self.respond = respond
    #if canImport(Glibc)
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw StartError(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    guard bound == 0, listen(listener, 8) == 0 else {
      let code = errno
      close(listener)
      throw StartError(call: "bind/listen", code: code)
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(listener)
      throw StartError(call: "getsockname", code: code)
    }
    self.listener = listener
    self.port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in
      self.serve(connections: connections, idleTimeout: idleTimeout)
    }
    thread.name = "LoopbackServer"
    thread.start()
  }

  /// The request lines received so far, in order.
  var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return seen
  }

  /// Waits until the server has stopped (served its connections or timed out); `false` if it still runs after
  /// `seconds`.
  func waitUntilStopped(seconds: Double = 30) -> Bool {
    finished.wait(timeout: .now() + seconds) == .success
  }

  private func serve(connections: Int, idleTimeout: Int32) {
    defer {
      close(listener)
      finished.signal()
    }
    for _ in 0..<connections {
      var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, idleTimeout * 1000) == 1 else { return }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      handle(connection)
      close(connection)
    }
  }

  /// Reads one request's head and writes the response.
  private func handle(_ connection: Int32) {
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    while !head.ends(with: terminator) && head.count < 65_536 {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      head += buffer[0..<count]
    }
    let text = String(decoding: head, as: UTF8.self)
    let requestLine = text.components(separatedBy: "\r\n").first ?? ""
    lock.lock()
    seen.append(requestLine)
    lock.unlock()
    let response = respond(requestLine)
    var lines = ["HTTP/1.1 \(response.status) \(response.reason)"]
    lines += response.headers.map { "\($0.0): \($0.1)" }
    lines += ["Content-Length: \(response.body.count)", "Connection: close", "", ""]
    let bytes = Array(lines.joined(separator: "\r\n").utf8) + response.body
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      written += count
    }
    shutdown(connection, Int32(SHUT_WR))
  }
}

extension Array where Element == UInt8 {
  /// Whether the array ends with `suffix`.
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
