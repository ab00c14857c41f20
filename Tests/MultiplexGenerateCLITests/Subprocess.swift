// Running a program and collecting what it prints.

import Foundation

/// The result of a finished process.
struct ProcessResult {
  var status: Int32
  var output: String
  var errorOutput: String
  /// The non-empty lines of standard error.
  var errorLines: [Substring] { errorOutput.split(separator: "\n") }
}

/// Runs `executable` with `arguments` (in `directory`, if given) and waits for it.
func runProcess(
  _ executable: String,
  _ arguments: [String],
  in directory: URL? = nil,
  environment: [String: String]? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let output = Pipe()
  let errorOutput = Pipe()
  process.standardOutput = output
  process.standardError = errorOutput
  process.standardInput = FileHandle.nullDevice
  try process.run()
  // Read both pipes to the end on two threads, so neither fills up and blocks the child.
  nonisolated(unsafe) var errorData = Data()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    errorData = errorOutput.fileHandleForReading.readDataToEndOfFile()
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus,
    output: String(decoding: outputData, as: UTF8.self),
    errorOutput: String(decoding: errorData, as: UTF8.self)
  )
}
