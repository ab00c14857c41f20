// Writing the generated file, and `--check`ing a checked-in one.

import MultiplexSymbolGraphReader

enum OutputFile {
  /// A file that could not be written; the message is one line.
  struct WriteError: Error {
    var message: String
  }

  /// Writes `contents` to `path` (creating its directory) unless the file already holds exactly these bytes;
  /// returns whether it wrote.
  @discardableResult
  static func write(_ contents: String, to path: String) throws(WriteError) -> Bool {
    let bytes = Array(contents.utf8)
    if (try? FileSystem.contents(ofFile: path)) == bytes { return false }
    do {
      try FileSystem.createDirectory(Path.deletingLastComponent(path))
      try FileSystem.replaceFile(at: path, with: bytes)
    } catch {
      throw WriteError(message: "cannot write '\(path)': \(error)")
    }
    return true
  }

  /// `--check`: 0 when `path` holds exactly `expected`; otherwise 1, with one line saying what differs.
  static func check(path: String, expected: String, command: String) -> Int32 {
    guard let data = try? FileSystem.contents(ofFile: path) else {
      MultiplexGenerate.write(
        "error: '\(path)' does not exist; generate it with: \(command)\n",
        to: .standardError
      )
      return MultiplexGenerate.stale
    }
    let actual = String(decoding: data, as: UTF8.self)
    if actual == expected && data == Array(expected.utf8) { return MultiplexGenerate.success }
    MultiplexGenerate.write(
      "error: '\(path)' is stale: \(firstDifference(expected: expected, actual: actual)); "
        + "regenerate with: \(command)\n",
      to: .standardError
    )
    return MultiplexGenerate.stale
  }

  /// Where two texts first differ, as `line N: expected "...", found "..."`.
  static func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let wanted = index < expectedLines.count ? String(expectedLines[index]) : nil
      let found = index < actualLines.count ? String(actualLines[index]) : nil
      guard wanted != found else { continue }
      return "line \(index + 1): expected \(describe(wanted)), found \(describe(found))"
    }
    return "the bytes differ (line endings or encoding)"
  }

  private static func describe(_ line: String?) -> String {
    guard let line else { return "end of file" }
    let shortened = line.count > 80 ? line.prefix(77) + "..." : Substring(line)
    return "\"\(shortened)\""
  }
}
