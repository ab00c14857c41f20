// Running another program (`swift symbolgraph-extract`) and reading this process's environment, through
// `_MultiplexGeneratorShims` (see its header for why not Foundation).

import MultiplexGenerator
internal import _MultiplexGeneratorShims

enum ChildProcess {
  /// Runs `executable` (a path) with `arguments` and this process's environment, standard input and output on
  /// `/dev/null`; returns its exit status (the signal's number if a signal ended it) and what it wrote on standard
  /// error. A program that cannot be started is status -1 and a message.
  static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, errorOutput: String) {
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([executable] + arguments).map { argument in
        let bytes = argument.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return copy
      } + [nil]
    defer { for argument in argv { argument?.deallocate() } }
    var status: Int32 = 0
    var errorOutput: UnsafeMutablePointer<UInt8>?
    var count = 0
    let result = _mpxg_run(executable, argv, &status, &errorOutput, &count)
    guard result == 0 else {
      return (-1, "cannot run \(executable): \(SystemError(code: result))")
    }
    defer { _mpxg_free(errorOutput) }
    return (status, String(decoding: UnsafeBufferPointer(start: errorOutput, count: count), as: UTF8.self))
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
