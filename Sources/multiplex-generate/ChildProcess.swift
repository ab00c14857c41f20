// Running another program (`swift symbolgraph-extract`) and reading this process's environment, through
// `_MultiplexGeneratorShims` (see its header for why not Foundation).

import MultiplexSymbolGraphReader
internal import _MultiplexGeneratorShims

enum ChildProcess {
  /// How a child process ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// The signal with this number ended it (it did not exit).
    case killedBySignal(Int32)
    /// It was still running when the timeout ran out, and was stopped (`SIGTERM`, then `SIGKILL`).
    case timedOut
    /// It could not be started; the message says why.
    case notStarted(String)
  }

  /// The environment variable that sets how many seconds a child may run before it is stopped.
  static let timeoutVariable = "MULTIPLEX_GENERATE_CHILD_TIMEOUT"
  /// How many seconds a child may run when ``timeoutVariable`` is not set: generous, as extracting a large SDK
  /// module with a cold module cache takes minutes on a slow machine.
  static let defaultTimeout = 600.0

  /// The timeout `environment` sets (``timeoutVariable``, a number of seconds greater than 0), else
  /// ``defaultTimeout``; `nil` when the variable's value is not such a number.
  static func timeout(in environment: [String: String]) -> Double? {
    guard let text = environment[timeoutVariable], !text.isEmpty else { return defaultTimeout }
    guard let seconds = Double(text), seconds > 0, seconds.isFinite else { return nil }
    return seconds
  }

  /// Runs `executable` (a path) with `arguments` and this process's environment, standard input on `/dev/null`;
  /// returns how it ended and what it wrote on `captured` (standard error by default; the other stream goes to
  /// `/dev/null`). A child still running after `timeout` seconds is stopped: ``Termination/timedOut``.
  static func run(
    _ executable: String,
    _ arguments: [String],
    capturing captured: StandardStream = .standardError,
    timeout: Double
  ) -> (termination: Termination, output: String) {
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([executable] + arguments).map { argument in
        let bytes = argument.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return copy
      } + [nil]
    defer { for argument in argv { argument?.deallocate() } }
    var status: Int32 = 0
    var signal: Int32 = 0
    var timedOut: Int32 = 0
    var output: UnsafeMutablePointer<UInt8>?
    var count = 0
    let result = _mpxg_run(
      executable,
      argv,
      captured == .standardOutput ? 1 : 2,
      timeout,
      &status,
      &signal,
      &timedOut,
      &output,
      &count
    )
    guard result == 0 else {
      return (.notStarted("cannot run \(executable): \(SystemError(code: result))"), "")
    }
    defer { _mpxg_free(output) }
    let text = String(decoding: UnsafeBufferPointer(start: output, count: count), as: UTF8.self)
    let termination: Termination =
      timedOut != 0 ? .timedOut : signal != 0 ? .killedBySignal(signal) : .exited(status)
    return (termination, text)
  }

  /// Opens `/dev/null` on standard input, output or error if the process started with it closed, so that no pipe
  /// or file opened later takes its number (a child's standard streams would replace it). Call it first.
  static func openStandardDescriptors() {
    _mpxg_open_standard_descriptors()
  }

  /// This process's environment variables (of a name given twice, the first value).
  static var environment: [String: String] {
    var variables: [String: String] = [:]
    var entry = _mpxg_environment()!
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }

  /// Ends the process with `status`.
  static func exit(_ status: Int32) -> Never {
    _mpxg_exit(status)
  }
}
