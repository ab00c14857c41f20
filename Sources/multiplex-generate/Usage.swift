// `multiplex-generate --help`.

enum Usage {
  static let text = """
    USAGE: multiplex-generate <Protocol> --module <Module> [--output FILE] [--type-name NAME]
                              [--access internal|package|public] [--target TRIPLE] [--sdk PATH]
                              [-I DIR]... [--symbol-graph-dir DIR] [--default REQUIREMENT=EXPRESSION]...
                              [--check]

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
                               What the multiplexer answers for REQUIREMENT (tableView(_:heightForRowAt:))
                               when no observer does, for a requirement whose result is not Optional and
                               that the module does not implement by default (repeatable). The expression may
                               use the requirement's parameters. Overloads sharing the name each take it.
      --check                  With --output: exit 1 if FILE is missing or differs from what would be written,
                               0 if it is current; writes nothing.
      -h, --help               Show this help.

    EXIT STATUS: 0 success, 1 --check found a stale file, 2 bad input (one line on standard error).
    """
}
