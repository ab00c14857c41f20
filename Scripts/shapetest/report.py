"""The outcome of a run: the failures with their detail, what passed and was refused per front end, and the
summary printed at the end.
"""

from .features import PENDING


class Report:
    def __init__(self):
        self.failures = []  # (unit, what, detail)
        self.passed = {"macro": 0, "generator": 0}
        self.refused = {"macro": 0, "generator": 0}
        self.skipped = {}

    def fail(self, unit, what, detail=""):
        self.failures.append((unit, what, detail))

    def summarize(self, units, seeds, count, features, fronts, negative_control, work):
        """Prints every failure and the counts of the run of `units`; returns the exit status."""
        for unit, what, detail in self.failures:
            print("FAIL %s %s (%s): %s" % (unit.front, unit.name, unit.origin, what))
            for line in detail.splitlines():
                print("    " + line)
        total = len(units)
        print("shape-test: %d protocol expansions (seeds %s, %d per seed; features on: %s)" % (
            total, ",".join(map(str, seeds)), count, ", ".join(sorted(features & set(PENDING))) or "no pending"))
        for front in fronts:
            print("  %-9s passed %d, refused as expected %d, failed %d" % (
                front, self.passed[front], self.refused[front],
                len([f for f in self.failures if f[0].front == front])))
        for (front, reason), n in sorted(self.skipped.items()):
            print("  %-9s skipped %d (pending: %s)" % (front, n, reason))
        if negative_control:
            drives = len([u for u in units if u.has_drive()])
            caught = len({u.name + u.front for u, what, _ in self.failures if what == "drive"})
            print("shape-test: negative control: %d of %d drives failed, as they must" % (caught, drives))
            return 0 if caught == drives and drives > 0 else 1
        if self.failures:
            print("shape-test: FAILED; files in %s; rerun one with --seed S --only N --show; keep it with --save NAME"
                  % work)
            return 1
        return 0
