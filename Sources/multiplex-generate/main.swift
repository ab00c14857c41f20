// multiplex-generate: writes a multiplexer for a class-bound protocol declared in another module. See
// `Usage.swift` for the command line and DESIGN.md §5 for what the generated file holds.

ChildProcess.openStandardDescriptors()
ChildProcess.exit(
  MultiplexGenerate.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ChildProcess.environment
  )
)
