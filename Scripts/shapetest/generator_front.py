"""The generator's driver: the protocols compiled into a module `ShapesLib` with its symbol graph,
`multiplex-generate` run on each (a refused shape must get exactly one `error:` naming it), the generated
files compiled with the drives, linked and run.
"""

import os

from .toolchain import main_source, run
from .classifier import compile_dropping, run_drives


LIB_SUPPORT = """\
public struct ShapeError: Error, Equatable, Sendable {
  public let code: Int
  public init(code: Int) { self.code = code }
}
"""

DRIVE_SUPPORT = """\
import ShapesLib

nonisolated(unsafe) var shapeLog: [String] = []
nonisolated(unsafe) var shapeFailing: Set<Int> = []

func shapeCode(_ error: any Error) -> Int { (error as? ShapeError)?.code ?? -9 }

func shapeDiff(_ got: [String], _ want: [String]) -> String {
  var i = 0
  while i < got.count, i < want.count, got[i] == want[i] { i += 1 }
  return "log differs at entry \\(i): got \\(Array(got.dropFirst(i).prefix(4))), expected "
    + "\\(Array(want.dropFirst(i).prefix(4))) (\\(got.count) entries, expected \\(want.count))"
}
"""


def run_generator(tools, work, units, report):
    folder = os.path.join(work, "generator")
    lib_dir, graphs, gen = (os.path.join(folder, d) for d in ("lib", "graphs", "gen"))
    for d in (lib_dir, graphs, gen):
        os.makedirs(d, exist_ok=True)
    lib_paths, drive_paths, gen_paths = {}, {}, {}
    for unit in units:
        lib_paths[unit.name] = os.path.join(folder, unit.name + ".lib.swift")
        with open(lib_paths[unit.name], "w") as f:
            f.write(unit.lib)
        if unit.drive:
            drive_paths[unit.name] = os.path.join(folder, unit.name + ".drive.swift")
            with open(drive_paths[unit.name], "w") as f:
                f.write(unit.drive)
        gen_paths[unit.name] = os.path.join(gen, unit.name + "Multiplexer.swift")
    lib_support = os.path.join(folder, "lib-support.swift")
    with open(lib_support, "w") as f:
        f.write(LIB_SUPPORT)
    lib_object = os.path.join(lib_dir, "ShapesLib.o")

    def lib_command(batch, typecheck_only):
        files = [lib_support] + [lib_paths[u.name] for u in batch]
        if typecheck_only:
            return tools.swiftc() + ["-typecheck", "-parse-as-library", "-module-name", "ShapesLib"] + files
        return tools.swiftc() + [
            "-parse-as-library", "-module-name", "ShapesLib", "-wmo", "-c", "-o", lib_object, "-emit-module",
            "-emit-module-path", os.path.join(lib_dir, "ShapesLib.swiftmodule"), "-emit-symbol-graph",
            "-emit-symbol-graph-dir", graphs] + files

    # The protocols themselves must be valid Swift: a failure here is the harness's.
    in_lib = compile_dropping(tools, work, units, lambda u: lib_paths[u.name], lib_command, report,
                              "harness: the protocol does not compile")
    generated = []
    for unit in in_lib:
        command = [tools.generate, unit.proto, "--module", "ShapesLib", "--symbol-graph-dir", graphs,
                   "--output", gen_paths[unit.name]] + unit.args
        status, output = run(command)
        error_lines = [l for l in output.splitlines() if l.startswith("error:")]
        if unit.expect_error:
            base = unit.expect_error.split("(")[0]
            if status == 2 and len(error_lines) == 1 and base in error_lines[0]:
                report.refused["generator"] += 1
            else:
                report.fail(unit, "refusal", "expected exit status 2 and exactly one error naming '%s', got "
                            "status %d:\n%s" % (unit.expect_error, status, output.strip()))
        elif status != 0:
            report.fail(unit, "generate", "multiplex-generate exited with %d:\n%s" % (status, output.strip()))
        else:
            generated.append(unit)

    exe = os.path.join(folder, "drive")
    main = os.path.join(folder, "main.swift")
    support = os.path.join(folder, "support.swift")
    with open(support, "w") as f:
        f.write(DRIVE_SUPPORT)

    def drive_command(batch, typecheck_only):
        with open(main, "w") as f:
            f.write(main_source([u.name for u in batch]))
        files = [support, main] + [gen_paths[u.name] for u in batch] + [drive_paths[u.name] for u in batch]
        flags = tools.swiftc() + ["-I", lib_dir, "-module-name", "ShapesDrive"]
        if typecheck_only:
            return flags + ["-typecheck"] + files
        return flags + ["-o", exe] + files + [lib_object] + tools.objects

    compiled = compile_dropping(tools, work, generated, lambda u: gen_paths[u.name] + " " + drive_paths[u.name],
                                drive_command, report, "compile")
    if compiled:
        run_drives(exe, compiled, report)
