// The programs `multiplex-generate` starts: a `swift` that hangs, that a signal kills or that reports the
// descriptors it got (a stand-in named by `MULTIPLEX_GENERATE_SWIFT`), and the tool started with standard streams
// closed.

import Foundation
import Testing

/// Whether `/proc/<pid>/fd` lists a process's descriptors (Linux), which the descriptor test reads.
private let hasProcFileDescriptors = FileManager.default.fileExists(atPath: "/proc/self/fd")

@Suite struct ChildProcessTests {
  /// Writes `body` as an executable shell script named `swift` in a new directory.
  private func fakeSwift(_ body: String) throws -> (directory: TemporaryDirectory, path: String) {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("swift")
    try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return (directory, script.path)
  }

  /// Runs `multiplex-generate` for protocol `P` of module `Fake` (which it extracts with `swift`) in `directory`,
  /// through `/bin/sh -c` with `redirections` before the `exec` (`0<&-` closes standard input).
  private func generateWithFake(
    _ swift: String,
    in directory: URL,
    timeout: String? = nil,
    redirections: String = "",
    arguments: [String] = []
  ) throws -> ProcessResult {
    var environment = coldModuleCacheEnvironment
    environment["MULTIPLEX_GENERATE_SWIFT"] = swift
    environment["MULTIPLEX_GENERATE_CHILD_TIMEOUT"] = timeout
    return try runProcess(
      "/bin/sh",
      ["-c", "exec \(redirections) \"$0\" \"$@\"", try generatorPath(), "P", "--module", "Fake"] + arguments,
      in: directory,
      environment: environment
    )
  }

  /// A `swift` that never exits is stopped after the timeout (here 1 second, from the environment): one `error:`
  /// line saying so and how to allow longer. One ignores `SIGTERM` and needs `SIGKILL`. (Each sleeps 30 seconds,
  /// not forever, so that the test ends even when the tool waits.)
  @Test(arguments: ["exec sleep 30", "trap '' TERM\nexec sleep 30"])
  func aChildThatDoesNotFinishIsStopped(script: String) throws {
    let (directory, swift) = try fakeSwift(script)
    defer { directory.remove() }
    let result = try generateWithFake(swift, in: directory.url, timeout: "1")
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errorOutput)")
    #expect(
      result.errorOutput.hasPrefix(
        "error: cannot read module 'Fake': swift symbolgraph-extract did not finish within 1 second and was stopped; "
          + "to allow it longer, set MULTIPLEX_GENERATE_CHILD_TIMEOUT to a number of seconds (default 600 seconds)"
      ),
      "\(result.errorOutput)"
    )
  }

  /// A Mac Catalyst target extracts against the MacOSX SDK it is given with the search paths of its iOS frameworks
  /// (`System/iOSSupport`), as `Scripts/apple-check.sh` compiles for it; an iOS target gets none of them.
  @Test(arguments: [("arm64-apple-ios14.0-macabi", true), ("arm64-apple-ios13.0", false)])
  func aMacCatalystTargetSearchesTheIOSSupportFrameworks(target: String, isCatalyst: Bool) throws {
    let (directory, swift) = try fakeSwift("printf '%s\\n' \"$@\" > \"$(dirname \"$0\")/arguments\"\nexit 1")
    defer { directory.remove() }
    let sdk = directory.url.appendingPathComponent("MacOSX15.5.sdk").path
    try FileManager.default.createDirectory(atPath: sdk, withIntermediateDirectories: true)
    _ = try generateWithFake(swift, in: directory.url, arguments: ["--target", target, "--sdk", sdk])
    let arguments = try String(contentsOf: directory.url.appendingPathComponent("arguments"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let frameworks = sdk + "/System/iOSSupport/System/Library/Frameworks"
    #expect(arguments.contains("-target") && arguments.contains(target), "\(arguments)")
    #expect(arguments.contains(frameworks) == isCatalyst, "\(arguments)")
    #expect(arguments.contains(sdk + "/System/iOSSupport/usr/lib/swift") == isCatalyst, "\(arguments)")
  }

  @Test func aBadTimeoutIsOneErrorLine() throws {
    let (directory, swift) = try fakeSwift("exit 1")
    defer { directory.remove() }
    for value in ["soon", "0", "-5"] {
      let result = try generateWithFake(swift, in: directory.url, timeout: value)
      #expect(result.status == 2)
      #expect(result.errorLines.count == 1, "\(result.errorOutput)")
      #expect(
        result.errorOutput.hasPrefix(
          "error: bad MULTIPLEX_GENERATE_CHILD_TIMEOUT '\(value)': expected a number of seconds greater than 0"
        ),
        "\(result.errorOutput)"
      )
    }
  }

  /// A `swift` that a signal ends is reported as killed by that signal, not as if it had exited with the signal's
  /// number.
  @Test func aChildKilledByASignalIsReportedAsSuch() throws {
    let (directory, swift) = try fakeSwift("echo 'about to die' >&2\nkill -KILL $$")
    defer { directory.remove() }
    let result = try generateWithFake(swift, in: directory.url)
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errorOutput)")
    #expect(
      result.errorOutput.hasPrefix(
        "error: cannot read module 'Fake': swift symbolgraph-extract was killed by signal 9"
      ),
      "\(result.errorOutput)"
    )
    #expect(!result.errorOutput.contains("exit status"))
  }

  /// Whatever standard streams the tool starts with, `swift` gets standard input and output on `/dev/null`, its
  /// standard error on the pipe the tool reads, and no other end of that pipe (the pipe is close-on-exec). Started
  /// with standard input and output closed, the pipe would take descriptors 0 and 1 and the spawn would replace
  /// its write end with `/dev/null`, losing what `swift` says; with only standard input closed, the child's
  /// standard input would be closed.
  @Test(.enabled(if: hasProcFileDescriptors), arguments: ["", "0<&-", "1>&-", "0<&- 1>&-"])
  func theChildGetsItsStandardStreamsAndNothingElse(redirections: String) throws {
    let (directory, swift) = try fakeSwift(
      """
      pipe=$(readlink /proc/$$/fd/2)
      others=""
      for descriptor in /proc/$$/fd/*; do
        number=${descriptor##*/}
        [ "$number" != 2 ] && [ "$(readlink "$descriptor")" = "$pipe" ] && others="$others $number"
      done
      echo "error: input $(readlink /proc/$$/fd/0), output $(readlink /proc/$$/fd/1), other ends of the pipe:${others:- none}" >&2
      exit 1
      """
    )
    defer { directory.remove() }
    let result = try generateWithFake(swift, in: directory.url, redirections: redirections)
    #expect(result.status == 2)
    #expect(
      result.errorOutput
        == "error: cannot read module 'Fake': swift symbolgraph-extract failed: input /dev/null, output /dev/null, "
        + "other ends of the pipe: none\n",
      "\(redirections)"
    )
  }
}
