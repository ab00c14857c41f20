// multiplex-generate: writes a multiplexer for a class-bound protocol declared in another module. See
// `Usage.swift` for the command line and DESIGN.md §5 for what the generated file holds.

import Foundation

exit(
  MultiplexGenerate.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
  )
)
