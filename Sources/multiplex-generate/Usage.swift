// `multiplex-generate --help`.

enum Usage {
  static let text = """
    USAGE: multiplex-generate <Protocol> --module <Module> [--output FILE] [--type-name NAME]
                              [--access internal|package|public] [--target TRIPLE] [--sdk PATH]
                              [-I DIR]... [--symbol-graph-dir DIR] [--default REQUIREMENT=EXPRESSION]...
                              [--import MODULE]... [--decided-once REQUIREMENT]...
                              [--every-observer REQUIREMENT]... [--combine REQUIREMENT=COMBINER]... [--check]
           multiplex-generate --list FILE [--output FILE] [--check]

    Writes a Swift file holding <Protocol>Multiplexer: a multiplexer, like the one @Multiplexed generates, for a
    class-bound protocol declared in another module (Foundation's XMLParserDelegate, a package's delegate).

    ARGUMENTS:
      <Protocol>               The protocol's name (Outer.Inner for a nested protocol).

    OPTIONS:
      --module <Module>        The module that declares the protocol (required).
      --output <FILE>          Write to FILE (only when its contents change) instead of standard output.
      --type-name <NAME>       The generated type's name (default: <Protocol>Multiplexer).
      --access <LEVEL>         internal (default), package or public.
      --target <TRIPLE>        Read the module as compiled for TRIPLE (default: the host).
      --sdk <PATH>             The SDK to read the module from.
      -I <DIR>                 Add DIR to the module search path (repeatable).
      --symbol-graph-dir <DIR> Read DIR/<Module>.symbols.json (and its extension graphs) instead of running
                               `swift symbolgraph-extract`, e.g. graphs made on a Mac for UIKit.
      --default <REQUIREMENT=EXPRESSION>
                               What the multiplexer answers for REQUIREMENT (tableView(_:heightForRowAt:),
                               a property's name, subscript(_:)) when no observer does, for a requirement
                               whose result is not Optional and that the module does not implement by
                               default (repeatable). Overloads that share a name are named with their
                               types: 'subscript(_: Int) -> String'; a name alone answers for every
                               overload that shares it and returns the same type. The expression may use
                               the requirement's parameters.
      --import <MODULE>        Also import MODULE in the generated file (repeatable). The file already imports
                               the module of every type, protocol and default implementation it names.
      --decided-once <REQUIREMENT>
                               Forward REQUIREMENT (a method returning nothing) to exactly one observer, the
                               first in call order, as for a completion handler (repeatable).
      --every-observer <REQUIREMENT>
                               Forward REQUIREMENT to every observer even if its parameters look like a
                               completion handler (repeatable).
      --combine <REQUIREMENT=COMBINER>
                               Combine the observers' answers to REQUIREMENT with a built-in combiner: first,
                               last, anyTrue, allTrue (Bool) or firstNonNil (Optional) (repeatable). On a
                               requirement that hands over a completion handler, every observer gets its own
                               handler and the sender's runs once with the answers combined: join (no answer),
                               anyTrue, allTrue, firstNonNil, union (an option set) or order(a, b, c) (an enum).
      --list <FILE>            Generate a multiplexer for every protocol listed in FILE, a JSON file
                               {"multiplexers": [{"protocol": "P", "module": "M", "arguments": [FLAGS]}]}
                               (the MultiplexerGeneratorPlugin build-tool plugin's multiplexers.json), one
                               after the other in one file. FLAGS may be --type-name, --access, --default,
                               --import, --decided-once, --every-observer and --combine.
      --check                  With --output: exit 1 if FILE is missing or differs from what would be written,
                               0 if it is current; writes nothing.
      -h, --help               Show this help.

    ENVIRONMENT:
      MULTIPLEX_GENERATE_SWIFT The `swift` driver that runs `swift symbolgraph-extract` (default: the running
                               toolchain's; on macOS the one `xcrun --find swift` names; else the first on PATH).
      MULTIPLEX_GENERATE_CHILD_TIMEOUT
                               Seconds `swift symbolgraph-extract` may run before it is stopped and the tool
                               fails (default: 600).

    EXIT STATUS: 0 success, 1 --check found a stale file, 2 bad input (one `error:` line per root cause).
    """
}
