// The error of an operating-system call, in the C library's words.

internal import _MultiplexGeneratorShims

/// A failed operating-system call: its `errno` value and the C library's words for it.
package struct SystemError: Error, Equatable, CustomStringConvertible {
  package var code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// Throws the error `result` names, unless it is 0 (success).
  package static func check(_ result: Int32) throws(SystemError) {
    if result != 0 { throw SystemError(code: result) }
  }

  /// `No such file or directory`.
  package var description: String {
    String(cString: _mpxg_error_message(code))
  }
}
