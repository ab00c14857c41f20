// Writing to standard output and standard error, unbuffered (each call is one `write`).

import MultiplexGenerator

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

enum StandardStream {
  case standardOutput
  case standardError

  /// Writes `text` as UTF-8; a failure (a closed stream) is ignored, as there is nowhere left to report it.
  func write(_ text: String) {
    try? FileSystem.writeAll(Array(text.utf8), to: self == .standardOutput ? STDOUT_FILENO : STDERR_FILENO)
  }
}
