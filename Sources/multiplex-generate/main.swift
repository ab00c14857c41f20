// multiplex-generate: writes a multiplexer for a class-bound protocol declared in another module. See
// `Usage.swift` for the command line and DESIGN.md §5 for what the generated file holds.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

exit(
  MultiplexGenerate.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ChildProcess.environment
  )
)
