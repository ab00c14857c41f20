"""The command line of Scripts/shape-test.py: options, the units of the seeds and regressions, the run of each
front end in batches, and the report.
"""

import argparse
import os
import shutil
import sys
import tempfile

from .features import ENABLED, PENDING
from .protocols import Generator
from .expectation import Expectation
from .units import generator_unit, macro_unit, pending_reasons
from .regressions import ROOT, regression_units, save_regression
from .toolchain import Tools, run
from .macro_front import run_macro
from .generator_front import run_generator
from .report import Report


def main(description):
    """Runs the test as `description` (Scripts/shape-test.py's docstring, its `--help`) says; returns the exit
    status."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, action="append", help="seed (repeatable; default: 1 and 2)")
    parser.add_argument("--count", type=int, default=24, help="protocols per seed (default 24)")
    parser.add_argument("--batch", type=int, default=60, help="protocols per compiler invocation (default 60)")
    parser.add_argument("--only", type=int, action="append", help="only protocol N of the seed (repeatable)")
    parser.add_argument("--front", choices=["macro", "generator", "both"], default="both")
    parser.add_argument("--enable", action="append", default=[], help="turn on a pending feature")
    parser.add_argument("--disable", action="append", default=[], help="turn off a feature")
    parser.add_argument("--regressions", action="store_true", help="run Tests/ShapeRegressions only")
    parser.add_argument("--no-regressions", action="store_true", help="do not add Tests/ShapeRegressions")
    parser.add_argument("--list-features", action="store_true")
    parser.add_argument("--show", action="store_true", help="print the files of each protocol")
    parser.add_argument("--save", metavar="NAME", help="keep the (one) protocol as regression NAME")
    parser.add_argument("--what", default="", help="with --save: what failed")
    parser.add_argument("--bin-path", help="the package's debug products (default: swift build --show-bin-path)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--negative-control", action="store_true",
                        help="expect every call to miss the last observer: every drive must then fail (proves the "
                        "drives check behaviour; exit 0 when each failed)")
    args = parser.parse_args()
    if args.negative_control:
        rules = Expectation.responders
        Expectation.responders = lambda self, req: rules(self, req)[:-1] if len(rules(self, req)) > 1 else rules(
            self, req)
        args.no_regressions = True

    if args.list_features:
        for name, text in sorted(ENABLED.items()):
            print("on       %-26s %s" % (name, text))
        for name, text in sorted(PENDING.items()):
            print("pending  %-26s %s" % (name, text))
        return 0
    unknown = [f for f in args.enable + args.disable if f not in ENABLED and f not in PENDING]
    if unknown:
        sys.exit("shape-test: unknown feature %s (see --list-features)" % ", ".join(unknown))
    features = (set(ENABLED) | set(args.enable)) - set(args.disable)
    seeds = args.seed or [1, 2]
    fronts = ["macro", "generator"] if args.front == "both" else [args.front]

    units, skipped = [], {}
    if not args.regressions:
        generator = Generator(features)
        for seed in seeds:
            indices = args.only or range(args.count)
            for index in indices:
                case = generator.case(seed, index)
                for front in fronts:
                    reasons = pending_reasons(case, front, features)
                    if reasons:
                        for reason in reasons:
                            skipped[(front, reason)] = skipped.get((front, reason), 0) + 1
                        continue
                    unit = macro_unit(case) if front == "macro" else generator_unit(case)
                    units.append(unit)
                    if args.show:
                        print("// ==== %s %s (%s)" % (front, unit.name, unit.origin))
                        if unit.source:
                            print(unit.source)
                        else:
                            print(unit.lib)
                            print("// multiplex-generate %s %s" % (unit.proto, " ".join(unit.args)))
                            print(unit.drive or "")
    if args.save:
        if len(units) == 0:
            sys.exit("shape-test: --save needs one protocol (--seed S --only N)")
        command = "python3 Scripts/shape-test.py --seed %d --only %d%s" % (
            seeds[0], (args.only or [0])[0], "".join(" --enable " + f for f in args.enable))
        for unit in units:
            print("wrote", save_regression(unit, args.save, args.what, command))
        return 0
    if (args.regressions or not args.no_regressions) and not args.only:
        units += [u for u in regression_units(features) if u.front in fronts]

    bin_path = args.bin_path or run(["swift", "build", "--show-bin-path"], cwd=ROOT)[1].strip().splitlines()[-1]
    tools = Tools(bin_path)
    work = tempfile.mkdtemp(prefix="shape-test.")
    report = Report()
    report.skipped = skipped
    try:
        for front in fronts:
            front_units = [u for u in units if u.front == front]
            for start in range(0, len(front_units), args.batch):
                batch = front_units[start:start + args.batch]
                batch_work = os.path.join(work, "batch%d" % (start // args.batch))
                (run_macro if front == "macro" else run_generator)(tools, batch_work, batch, report)
    finally:
        if not args.keep and (not report.failures or args.negative_control):
            shutil.rmtree(work, ignore_errors=True)

    return report.summarize(units, seeds, args.count, features, fronts, args.negative_control, work)
