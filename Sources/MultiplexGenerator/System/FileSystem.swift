// The few file-system calls the generator makes, on the C library: importing Foundation for them would cost the
// generator's clean build more than its own code (Foundation's C modules and index records).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and directories by path. Each failure is a ``SystemError`` whose message is the C library's
/// (`No such file or directory`).
package enum FileSystem {
  /// Whether something exists at `path` (a symbolic link is followed).
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Whether `path` is a directory (a symbolic link is followed).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & 0o170000 == 0o040000
  }

  /// Whether `path` is a file this process may execute.
  package static func isExecutableFile(_ path: String) -> Bool {
    access(path, X_OK) == 0 && !isDirectory(path)
  }

  /// When `path` was last modified, in seconds since 1970, or `nil` when it does not exist.
  package static func modificationTime(_ path: String) -> Double? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
    let time = info.st_mtimespec
    #else
    let time = info.st_mtim
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  /// The names in directory `path`, without `.` and `..`, in no particular order.
  package static func contentsOfDirectory(_ path: String) throws(SystemError) -> [String] {
    guard let directory = opendir(path) else { throw .lastError() }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The bytes of the file at `path` (read to its end: the size of a file in `/proc` is 0).
  package static func contents(ofFile path: String) throws(SystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .lastError() }
    defer { close(descriptor) }
    return try readToEnd(descriptor)
  }

  /// Everything left to read from `descriptor`.
  package static func readToEnd(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, buffer.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .lastError()
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes `bytes` to `descriptor`, all of them.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .lastError()
      }
      offset += count
    }
  }

  /// Replaces the file at `path` with `bytes` atomically: written to a new file beside it, then renamed over it.
  /// A new file gets the permissions the process's umask leaves of `rw-rw-rw-`.
  package static func replaceFile(at path: String, with bytes: [UInt8]) throws(SystemError) {
    let temporary = path + ".multiplex-generate-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    guard descriptor >= 0 else { throw .lastError() }
    do {
      try writeAll(bytes, to: descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = SystemError.lastError()
      unlink(temporary)
      throw error
    }
  }

  /// Creates directory `path` and any missing directory above it; nothing when it exists.
  package static func createDirectory(_ path: String) throws(SystemError) {
    if isDirectory(path) { return }
    let parent = Path.deletingLastComponent(path)
    if parent != path && !parent.isEmpty { try createDirectory(parent) }
    guard mkdir(path, 0o777) == 0 || (errno == EEXIST && isDirectory(path)) else { throw .lastError() }
  }

  /// Removes `path` and, for a directory, everything in it (a symbolic link is removed, not followed).
  package static func removeItem(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & 0o170000 == 0o040000 {
      for name in (try? contentsOfDirectory(path)) ?? [] { removeItem(Path.join(path, name)) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// A new, empty directory under the temporary directory (`TMPDIR`, else `/tmp`), named `prefix` and six random
  /// characters.
  package static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
    var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    if base.isEmpty { base = "/tmp" }
    var template = Array(Path.join(base, prefix + "XXXXXX").utf8CString)
    // `mkdtemp` replaces the `X`s in place and returns its argument.
    let made = template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let made else { throw .lastError() }
    return made
  }

  /// The process's current directory.
  package static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 16_384)
    return buffer.withUnsafeMutableBufferPointer { buffer in
      getcwd(buffer.baseAddress, buffer.count).map { String(cString: $0) } ?? "."
    }
  }
}
