// The error of a C library call, in the C library's words.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed C library call: its `errno` and the C library's words for it.
package struct SystemError: Error, Equatable, CustomStringConvertible {
  package var code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// The error of the call that just failed.
  package static func lastError() -> SystemError {
    SystemError(code: errno)
  }

  /// `No such file or directory`.
  package var description: String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
