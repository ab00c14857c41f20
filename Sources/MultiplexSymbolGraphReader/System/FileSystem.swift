// The few file-system calls the generator makes, through `_MultiplexGeneratorShims` (see its header for why not
// Foundation or the C library's Swift module).

internal import _MultiplexGeneratorShims

/// Files and directories by path. Each failure is a ``SystemError`` whose message is the C library's
/// (`No such file or directory`).
package enum FileSystem {
  /// Whether something exists at `path` (a symbolic link is followed).
  package static func exists(_ path: String) -> Bool {
    _mpxg_file_kind(path, nil) != 0
  }

  /// Whether `path` is a directory (a symbolic link is followed).
  package static func isDirectory(_ path: String) -> Bool {
    _mpxg_file_kind(path, nil) == 1
  }

  /// Whether `path` is a file (not a directory) this process may execute.
  package static func isExecutableFile(_ path: String) -> Bool {
    _mpxg_is_executable(path) != 0
  }

  /// When `path` was last modified, in seconds since 1970, or `nil` when it does not exist.
  package static func modificationTime(_ path: String) -> Double? {
    var modified = 0.0
    return _mpxg_file_kind(path, &modified) == 0 ? nil : modified
  }

  /// The names in directory `path`, without `.` and `..`, in no particular order.
  package static func contentsOfDirectory(_ path: String) throws(SystemError) -> [String] {
    var names: UnsafeMutablePointer<CChar>?
    var count = 0
    try SystemError.check(_mpxg_list_directory(path, &names, &count))
    defer { _mpxg_free(names) }
    let bytes = UnsafeRawBufferPointer(start: names, count: count)
    return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes of the file at `path` (read to its end: the size of a file in `/proc` is 0).
  package static func contents(ofFile path: String) throws(SystemError) -> [UInt8] {
    var bytes: UnsafeMutablePointer<UInt8>?
    var count = 0
    try SystemError.check(_mpxg_read_file(path, &bytes, &count))
    defer { _mpxg_free(bytes) }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// Writes `bytes` to standard output (`1`) or standard error (`2`), all of them.
  package static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32) throws(SystemError) {
    try SystemError.check(_mpxg_write_descriptor(descriptor, bytes, bytes.count))
  }

  /// Replaces the file at `path` with `bytes` atomically: written to a new file beside it, then renamed over it.
  /// A new file gets the permissions the process's umask leaves of `rw-rw-rw-`.
  package static func replaceFile(at path: String, with bytes: [UInt8]) throws(SystemError) {
    try SystemError.check(_mpxg_replace_file(path, bytes, bytes.count))
  }

  /// Creates directory `path` and any missing directory above it; nothing when it exists.
  package static func createDirectory(_ path: String) throws(SystemError) {
    if isDirectory(path) { return }
    let parent = Path.deletingLastComponent(path)
    if parent != path { try createDirectory(parent) }
    let result = _mpxg_make_directory(path)
    // Made meanwhile by another process: fine.
    if result != 0 && !isDirectory(path) { throw SystemError(code: result) }
  }

  /// Removes `path` and, for a directory, everything in it (a symbolic link is removed, not followed).
  package static func removeItem(_ path: String) {
    _mpxg_remove_tree(path)
  }

  /// A new, empty directory under the temporary directory (`TMPDIR`, else `/tmp`), named `prefix` and six random
  /// characters.
  package static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
    var base = environmentVariable("TMPDIR") ?? ""
    if base.isEmpty { base = "/tmp" }
    var template = Array(Path.join(base, prefix + "XXXXXX").utf8CString)
    try SystemError.check(_mpxg_make_temporary_directory(&template))
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// The process's current directory (`.` if it cannot be read).
  package static func currentDirectory() -> String {
    guard let path = _mpxg_current_directory() else { return "." }
    defer { _mpxg_free(path) }
    return String(cString: path)
  }

  /// The value of environment variable `name`, or `nil`.
  package static func environmentVariable(_ name: String) -> String? {
    _mpxg_environment_variable(name).map { String(cString: $0) }
  }
}
