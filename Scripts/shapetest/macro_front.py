"""The macro's driver: `@Multiplexed` protocols compiled with the package's macro plugin; a refused shape must
get exactly one error on its line; the drives linked with the runtime and run.
"""

import os

from .toolchain import main_source, run
from .classifier import attribute, compile_dropping, errors_by_file, run_drives


MACRO_SUPPORT = """\
nonisolated(unsafe) var shapeLog: [String] = []
nonisolated(unsafe) var shapeFailing: Set<Int> = []

struct ShapeError: Error, Equatable {
  let code: Int
}

func shapeCode(_ error: any Error) -> Int { (error as? ShapeError)?.code ?? -9 }

func shapeDiff(_ got: [String], _ want: [String]) -> String {
  var i = 0
  while i < got.count, i < want.count, got[i] == want[i] { i += 1 }
  return "log differs at entry \\(i): got \\(Array(got.dropFirst(i).prefix(4))), expected "
    + "\\(Array(want.dropFirst(i).prefix(4))) (\\(got.count) entries, expected \\(want.count))"
}
"""


def run_macro(tools, work, units, report):
    folder = os.path.join(work, "macro")
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for unit in units:
        paths[unit.name] = os.path.join(folder, unit.name + ".swift")
        with open(paths[unit.name], "w") as f:
            f.write(unit.source)
    support = os.path.join(folder, "support.swift")
    with open(support, "w") as f:
        f.write(MACRO_SUPPORT)

    # Refusals: exactly one error, on the refused requirement's line.
    refusals = [u for u in units if not u.has_drive()]
    if refusals:
        status, output = run(tools.swiftc() + ["-typecheck", "-module-name", "ShapesRefusals", support]
                             + [paths[u.name] for u in refusals])
        by_unit, rest = attribute(errors_by_file(output), refusals, lambda u: paths[u.name])
        for unit in refusals:
            errors = by_unit.get(unit.name, [])
            lines = [l for _, l, _ in errors]
            if len(errors) == 1 and lines == [unit.expect_error_line]:
                report.refused["macro"] += 1
            else:
                report.fail(unit, "refusal", "expected exactly one error on line %d, got %d:\n%s" % (
                    unit.expect_error_line, len(errors),
                    "\n".join("line %d: error: %s" % (l, m) for _, l, m in errors) or output[-1500:]))

    drives = [u for u in units if u.has_drive()]
    exe = os.path.join(folder, "drive")
    main = os.path.join(folder, "main.swift")

    def command(batch, typecheck_only):
        with open(main, "w") as f:
            f.write(main_source([u.name for u in batch]))
        files = [support, main] + [paths[u.name] for u in batch]
        if typecheck_only:
            return tools.swiftc() + ["-typecheck", "-module-name", "ShapesMacro"] + files
        return tools.swiftc() + ["-module-name", "ShapesMacro", "-o", exe] + files + tools.objects

    compiled = compile_dropping(tools, work, drives, lambda u: paths[u.name], command, report, "compile")
    if compiled:
        run_drives(exe, compiled, report)
