// Running another program (`swift symbolgraph-extract`) and reading this process's environment, on the C library
// (see `FileSystem` in `MultiplexGenerator` for why not Foundation).

import MultiplexGenerator

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

enum ChildProcess {
  /// Runs `executable` (a path) with `arguments` and this process's environment, standard input and output on
  /// `/dev/null`; returns its exit status (the signal's number if a signal ended it) and what it wrote on standard
  /// error. A program that cannot be started is status -1 and a message.
  static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, errorOutput: String) {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      return (-1, "cannot run \(executable): \(SystemError.lastError())")
    }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(writeEnd)
    guard spawned == 0 else {
      close(readEnd)
      return (-1, "cannot run \(executable): \(SystemError(code: spawned))")
    }
    let errorOutput = (try? FileSystem.readToEnd(readEnd)) ?? []
    close(readEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // `WIFEXITED` and `WEXITSTATUS` are C macros, which Swift does not import.
    let signal = status & 0x7F
    return (signal == 0 ? (status >> 8) & 0xFF : signal, String(decoding: errorOutput, as: UTF8.self))
  }

  /// This process's environment variables.
  static var environment: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }
}

#if canImport(Darwin)
/// The environment, which Darwin's module does not export as `environ`.
private var environ: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
  _NSGetEnviron().pointee!
}
#endif
