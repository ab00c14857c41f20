"""The named regressions of Tests/ShapeRegressions (see its README): read as units (`--regressions`, and
every default run), written by `--save`.
"""

import os
import re

from .features import PENDING
from .units import Unit


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGRESSIONS = os.path.join(ROOT, "Tests", "ShapeRegressions")


DRIVE_MARK = "// ---- drive ----"


def regression_units(features=()):
    """The named regression files of Tests/ShapeRegressions (see its README); one marked `// pending: FEATURE`
    only when that feature is on."""
    units = []
    if not os.path.isdir(REGRESSIONS):
        return units
    for file in sorted(os.listdir(REGRESSIONS)):
        path = os.path.join(REGRESSIONS, file)
        text = open(path).read()
        name = file.split(".")[0]
        pending = re.search(r"^// pending: (\S+)", text, re.M)
        if pending and pending.group(1) not in features:
            continue
        if file.endswith(".macro.swift"):
            unit = Unit("macro", name, "regression " + file)
            unit.source = text
            m = re.search(r"^// expect-error-line: (\d+)$", text, re.M)
            unit.expect_error_line = int(m.group(1)) if m else None
        elif file.endswith(".generator.swift"):
            unit = Unit("generator", name, "regression " + file)
            header = re.search(r"^// generate: (\S+)(.*)$", text, re.M)
            unit.proto = header.group(1)
            unit.args = shlex_split(header.group(2))
            m = re.search(r"^// expect-error: (.+)$", text, re.M)
            unit.expect_error = m.group(1) if m else None
            lib, _, drive = text.partition(DRIVE_MARK + "\n")
            unit.lib, unit.drive = lib, (drive or None)
        else:
            continue
        unit.regression_name = name
        units.append(unit)
    return units


def shlex_split(text):
    import shlex
    return shlex.split(text)


def save_regression(unit, name, what, command, pending=None):
    os.makedirs(REGRESSIONS, exist_ok=True)
    header = ["// Shape regression %s (%s): %s" % (name, unit.front, what),
              "// Found by: %s" % command]
    if pending:
        header.append("// pending: %s (%s)" % (pending, PENDING[pending]))
    if unit.front == "macro":
        # Line numbers count from the first line of the file: the header moves the expected error's line.
        lines = header + unit.source.split("\n")
        if unit.expect_error_line:
            lines.insert(len(header), "// expect-error-line: %d" % (unit.expect_error_line + len(header) + 1))
        text = "\n".join(lines)
        # Rename the case so that it cannot clash with a random one.
        text = text.replace(unit.name, name)
        path = os.path.join(REGRESSIONS, name + ".macro.swift")
    else:
        import shlex
        lines = header + ["// generate: %s %s" % (unit.proto.replace(unit.name, name),
                                                  " ".join(shlex.quote(a) for a in unit.args))]
        if unit.expect_error:
            lines.append("// expect-error: %s" % unit.expect_error)
        text = "\n".join(lines) + "\n" + unit.lib
        if unit.drive:
            text += DRIVE_MARK + "\n" + unit.drive
        text = text.replace(unit.name, name)
        path = os.path.join(REGRESSIONS, name + ".generator.swift")
    with open(path, "w") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    return path
