"""Failures attributed to protocols: compiler errors by the file they name (a batch that fails is compiled again
without the protocols named, and bisected when the errors name none), and a drive's START/DONE/FAIL lines and
crashes.
"""

import os
import re
import subprocess
import sys

from .toolchain import run


ERROR_LINE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")


def errors_by_file(output):
    found = []
    for line in output.splitlines():
        m = ERROR_LINE.match(line)
        if m:
            found.append((m.group(1), int(m.group(2)), m.group(4)))
    return found


def attribute(errors, units, path_of):
    """{unit name: [errors]} for errors whose file belongs to a unit; the rest."""
    by_unit, rest = {}, []
    for error in errors:
        owner = None
        for unit in units:
            if error[0] in path_of(unit) or ("Z" in unit.name and unit.name in os.path.basename(error[0])):
                owner = unit
                break
        if owner is None:
            rest.append(error)
        else:
            by_unit.setdefault(owner.name, []).append(error)
    return by_unit, rest


def compile_dropping(tools, work, units, path_of, command_for, report, what):
    """Compiles `units` with `command_for(units)`; a unit whose files the errors name is reported and left out,
    and the rest compiled again. Errors that name no unit's file are bisected: each unit type-checked alone.
    Returns the units that compiled."""
    remaining = list(units)
    while remaining:
        status, output = run(command_for(remaining, False))
        if status == 0:
            return remaining
        errors = errors_by_file(output)
        by_unit, rest = attribute(errors, remaining, path_of)
        if not by_unit:
            # Bisect: type-check each unit alone to find the one that breaks the batch.
            for unit in remaining:
                status, alone = run(command_for([unit], True))
                if status != 0:
                    by_unit[unit.name] = errors_by_file(alone) or [("?", 0, alone.strip()[-2000:])]
            if not by_unit:
                sys.stderr.write(output[-4000:])
                sys.exit("shape-test: the batch fails to compile, and no protocol alone does (a harness bug)")
        for unit in remaining:
            if unit.name in by_unit:
                report.fail(unit, what, "\n".join("%s:%d: error: %s" % (os.path.basename(f), l, m)
                                                  for f, l, m in by_unit[unit.name][:12]))
        remaining = [u for u in remaining if u.name not in by_unit]
    return remaining


def run_drives(exe, units, report):
    names = [u.name for u in units]
    pending = list(names)
    by_name = {u.name: u for u in units}
    while pending:
        try:
            status, output = run([exe] + pending, timeout=600)
        except subprocess.TimeoutExpired:
            status, output = -1, "timeout"
        started, done, failed = None, set(), set()
        for line in output.splitlines():
            if line.startswith("START "):
                started = line[6:]
            elif line.startswith("DONE "):
                done.add(line[5:])
            elif line.startswith("FAIL "):
                name, _, detail = line[5:].partition(": ")
                failed.add(name)
                report.fail(by_name[name], "drive", detail)
        for name in done - failed:
            report.passed[by_name[name].front] += 1
        if status == 0:
            return
        crashed = started if started and started not in done else None
        if crashed is None:
            sys.stderr.write(output[-4000:])
            sys.exit("shape-test: the drive exited with %d outside any protocol (a harness bug)" % status)
        report.fail(by_name[crashed], "drive crashed", "\n".join(output.splitlines()[-15:]))
        pending = pending[pending.index(crashed) + 1:]
