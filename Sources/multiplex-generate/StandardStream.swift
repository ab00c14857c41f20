// Writing to standard output and standard error, unbuffered (each call is one `write`).

import MultiplexSymbolGraphReader

enum StandardStream {
  case standardOutput
  case standardError

  /// Writes `text` as UTF-8; a failure (a closed stream) is ignored, as there is nowhere left to report it.
  func write(_ text: String) {
    try? FileSystem.write(Array(text.utf8), toDescriptor: self == .standardOutput ? 1 : 2)
  }
}
