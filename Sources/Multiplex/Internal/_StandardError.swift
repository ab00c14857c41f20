#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Writes `message` to standard error (file descriptor 2) in one `write` call, without Foundation or `stderr`
/// (a global the compiler cannot prove thread-safe).
func _writeToStandardError(_ message: String) {
  var message = message
  message.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      guard written > 0 else { return }
      offset += written
    }
  }
}
