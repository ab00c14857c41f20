// A real `FileManager` copying real files through `FileManagerDelegateMultiplexer`, which `multiplex-generate` wrote
// for Foundation's `FileManagerDelegate` with no flag (`Generated/`): on Linux the protocol is a Swift protocol of
// FoundationEssentials without default implementations, so its answers with no observer come from the documented
// defaults ("If you do not implement this method, the file manager assumes a response of true"; `false` after an
// error).
#if !canImport(ObjectiveC)
import Foundation
import Multiplex
import Testing

@Suite struct FileManagerTests {
  /// An observer that answers every `should…` question with `answer` and logs the copies it was asked about (by
  /// path or by URL: which one a `FileManager` asks depends on its implementation).
  final class CopyObserver: FileManagerDelegate, @unchecked Sendable {
    let name: String
    let answer: Bool
    let log: CallLog

    init(_ name: String, answer: Bool, log: CallLog) {
      self.name = name
      self.answer = answer
      self.log = log
    }

    func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
      log.record(name, "copy " + (srcPath.split(separator: "/").last.map(String.init) ?? srcPath))
      return answer
    }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      copyingItemAtPath srcPath: String,
      toPath dstPath: String
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
      answer
    }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      movingItemAtPath srcPath: String,
      toPath dstPath: String
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
      answer
    }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      linkingItemAtPath srcPath: String,
      toPath dstPath: String
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool { answer }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      removingItemAtPath path: String
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
      log.record(name, "copy " + srcURL.lastPathComponent)
      return answer
    }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      copyingItemAt srcURL: URL,
      to dstURL: URL
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool { answer }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      movingItemAt srcURL: URL,
      to dstURL: URL
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool { answer }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      linkingItemAt srcURL: URL,
      to dstURL: URL
    ) -> Bool { false }
    func fileManager(_ fileManager: FileManager, shouldRemoveItemAt URL: URL) -> Bool { answer }
    func fileManager(
      _ fileManager: FileManager,
      shouldProceedAfterError error: any Error,
      removingItemAt URL: URL
    ) -> Bool { false }
  }

  /// A directory holding `source.txt`, removed by `remove()`.
  private func makeDirectory() throws -> String {
    let directory = NSTemporaryDirectory() + "multiplex-file-manager-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("hello".utf8).write(to: URL(fileURLWithPath: directory + "/source.txt"))
    return directory
  }

  @Test func withNoObserverTheCopyProceedsAsWithoutADelegate() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fileManager = FileManager()
    let multiplexer = FileManagerDelegateMultiplexer()
    fileManager.delegate = multiplexer
    try fileManager.copyItem(atPath: directory + "/source.txt", toPath: directory + "/copy.txt")
    #expect(fileManager.fileExists(atPath: directory + "/copy.txt"))
    // After an error, the documented answer is `false`: the copy over an existing file throws.
    #expect(throws: (any Error).self) {
      try fileManager.copyItem(atPath: directory + "/source.txt", toPath: directory + "/copy.txt")
    }
  }

  @Test func everyObserverIsAskedAndTheFirstAnswerDecides() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let log = CallLog()
    let fileManager = FileManager()
    let multiplexer = FileManagerDelegateMultiplexer()
    fileManager.delegate = multiplexer
    let refusing = CopyObserver("refusing", answer: false, log: log)
    let agreeing = CopyObserver("agreeing", answer: true, log: log)
    multiplexer.add(refusing)
    multiplexer.add(agreeing)
    try fileManager.copyItem(atPath: directory + "/source.txt", toPath: directory + "/copy.txt")
    #expect(log.entries.map(\.description) == ["refusing: copy source.txt", "agreeing: copy source.txt"])
    #expect(!fileManager.fileExists(atPath: directory + "/copy.txt"))
    multiplexer.remove(refusing)
    try fileManager.copyItem(atPath: directory + "/source.txt", toPath: directory + "/copy.txt")
    #expect(fileManager.fileExists(atPath: directory + "/copy.txt"))
    withExtendedLifetime((refusing, agreeing)) {}
  }
}
#endif
