import Foundation
import Testing

/// Compares generated text with `Golden/<name>.swift.golden`, byte for byte.
///
/// On a mismatch, the issue shows `git diff --no-index` of the golden file and the output. With
/// `MULTIPLEX_REGENERATE_GOLDEN` set, the golden file is written instead (review the diff before committing).
func assertMatchesGolden(
  _ output: String,
  named name: String,
  filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  let golden = directory.appendingPathComponent(name + ".swift.golden")
  if ProcessInfo.processInfo.environment["MULTIPLEX_REGENERATE_GOLDEN"] != nil {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    #expect(throws: Never.self, sourceLocation: sourceLocation) {
      try output.write(to: golden, atomically: true, encoding: .utf8)
    }
    return
  }
  guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
    Issue.record(
      "missing golden file \(golden.path); regenerate with MULTIPLEX_REGENERATE_GOLDEN=1",
      sourceLocation: sourceLocation
    )
    return
  }
  guard output != expected else { return }
  let actual = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".swift.actual")
  try? output.write(to: actual, atomically: true, encoding: .utf8)
  Issue.record(
    "output differs from \(golden.lastPathComponent):\n\(diff(golden, actual))",
    sourceLocation: sourceLocation
  )
}

/// `git diff --no-index` of two files, or a note when it cannot run.
private func diff(_ old: URL, _ new: URL) -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git", "diff", "--no-index", "--", old.path, new.path]
  let pipe = Pipe()
  process.standardOutput = pipe
  do {
    try process.run()
  } catch {
    return "(git diff could not run: \(error); the output is in \(new.path))"
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}
