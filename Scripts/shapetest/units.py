"""Units: the files of one protocol for one front end (the macro's one file; the generator's module file, flags
and drive), and the shapes a front end skips while their feature is pending.
"""

from .rendering import drive_lines, generator_arguments, observer_lines, protocol_lines


class Unit:
    def __init__(self, front, name, origin):
        self.front, self.name, self.origin = front, name, origin
        self.source = None  # macro: the whole file
        self.lib = self.drive = None  # generator: the protocol's module file, the drive file
        self.proto, self.args = None, []
        self.expect_error_line = None  # macro refusal: the line of the one error
        self.expect_error = None  # generator refusal: the requirement the one error names

    def has_drive(self):
        return self.expect_error_line is None and self.expect_error is None


def pending_reasons(case, front, features):
    """Why `front` skips `case` (shapes it covers only with a pending feature on)."""
    reasons = []
    if front == "macro" and case.parent and "macro-refinement" not in features:
        reasons.append("macro-refinement")
    if front == "generator" and "generator-subscripts" not in features and any(
            r.kind == "subscript" for r in case.all_reqs()):
        reasons.append("generator-subscripts")
    return reasons


def uses_foundation(case):
    return any(p.ptype.tag == "foreign-types" for r in (case.parent or []) + case.reqs for p in r.params)


def macro_unit(case):
    unit = Unit("macro", case.name, "seed %d, protocol %d" % (case.seed, case.index))
    lines = ["import MultiplexMacros", ""]
    if uses_foundation(case):
        lines[1:1] = ["import Foundation"]
    if case.parent:
        lines += protocol_lines(case, "macro", parent=True)[0] + [""]
    offset = len(lines)
    plines, at = protocol_lines(case, "macro")
    lines += plines + [""]
    if case.refusal:
        unit.expect_error_line = offset + at[case.refusal.index] + 1
    else:
        lines += observer_lines(case, "macro") + [""] + drive_lines(case, "macro")
    unit.source = "\n".join(lines) + "\n"
    return unit


def generator_unit(case):
    unit = Unit("generator", case.name, "seed %d, protocol %d" % (case.seed, case.index))
    lines = ["import Foundation", ""] if uses_foundation(case) else []
    if case.parent:
        lines += protocol_lines(case, "generator", parent=True)[0] + [""]
    lines += protocol_lines(case, "generator")[0]
    unit.lib = "\n".join(lines) + "\n"
    unit.proto = case.proto
    unit.args = generator_arguments(case)
    if case.refusal:
        unit.expect_error = case.refusal.display
    else:
        imports = ["import Foundation"] if uses_foundation(case) else []
        unit.drive = "\n".join(imports + ["import Multiplex", "import ShapesLib", ""] + observer_lines(case, "generator")
                               + [""] + drive_lines(case, "generator")) + "\n"
    return unit
