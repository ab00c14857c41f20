#!/usr/bin/env python3
"""Every public `*Delegate` protocol of third-party iOS libraries through `multiplex-generate` with no flag (issue 41).

The libraries are those of `Scripts/library-corpus.json` (name, public repository, commit read, language, source
globs, dependencies among the corpus, deployment floor, module name; no code). Their sources are fetched outside the
repository, each tree at `$MULTIPLEX_LIBRARY_CORPUS/src/<name>` (default /work/library-corpus; `git archive <commit>`
of the repository named in the JSON). For each library, dependencies first, the sweep:

  1. builds it from source for `arm64-apple-ios<floor>` (the library's own floor, at least iOS 13) against the
     iPhoneOS SDK with `Scripts/library-build.py` (a Swift library with `swiftc -emit-module -emit-symbol-graph`, an
     Objective-C one as a clang module over its public headers read by `swift symbolgraph-extract`), cached in
     MULTIPLEX_APPLE_CACHE;
  2. runs `multiplex-generate P --module M --symbol-graph-dir G --target T --sdk SDK` on every public protocol of
     its graph whose name ends in `Delegate`, with no other flag; G holds the library's graphs, its dependencies',
     and the SDK's graphs of every module the corpus imports (extracted once by `Scripts/apple-check.sh
     --symbol-graphs`, at iOS 13);
  3. compiles each generated file to SIL (`-emit-sil`, so Swift 6's region-based data-race errors count), one file
     per compiler call, in the Swift 6 language mode with ExistentialAny and MemberImportVisibility and warnings as
     errors, at the library's floor, against the runtime built for that target and the library's module;
  4. classifies it: `ok` (clean), `WARNS` (only warnings), `FAILED` (errors), `refused` (exit 2 and one `error:`
     line naming a flag, or the declaration to generate for instead), `BADREFUSAL` (more lines, or naming nothing
     to pass).

Negative controls prove each check can fail, each for its own reason: a file missing an import must be FAILED, one
with a bare existential WARNS, a data race only SIL reports FAILED, a member of a module loaded but not imported
FAILED (MemberImportVisibility), and a refusal of two lines, naming no flag or exiting 1 BADREFUSAL.

    python3 Scripts/library-sweep.py              # every library; writes Benchmarks/Results/<date>-library-sweep.md
    python3 Scripts/library-sweep.py --sample 8   # CI: every 8th protocol and the corpus's "sample" list
    python3 Scripts/library-sweep.py --only MessageKit.MessagesDisplayDelegate --keep /tmp/ls

Exits 1 on any file that fails to type-check or warns, any malformed refusal, any negative control that passes, or
(the whole corpus only) fewer than `--min-clean` percent clean (default 95). Without an iOS SDK or without the corpus
it prints "skipped: no Apple SDK / no corpus" and succeeds. MULTIPLEX_GENERATE names a generator already built
(default: this package's debug build). Nothing is linked or run: the toolchain has no Darwin linker.
"""

import argparse
import concurrent.futures
import datetime
import glob
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # the two scripts loaded below leave no __pycache__ in the repository
_spec = importlib.util.spec_from_file_location("apple_sweep", os.path.join(ROOT, "Scripts/apple-sweep.py"))
apple_sweep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(apple_sweep)
_spec = importlib.util.spec_from_file_location("library_build", os.path.join(ROOT, "Scripts/library-build.py"))
library_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(library_build)
run, check_script, delegate_protocols, SWIFT6 = (
    apple_sweep.run, apple_sweep.check_script, apple_sweep.delegate_protocols, apple_sweep.SWIFT6)
SDK_GRAPH_TARGET, swiftc_for, target_for = (
    library_build.SDK_GRAPH_TARGET, library_build.swiftc_for, library_build.target_for)

STATUSES = ["ok", "WARNS", "FAILED", "refused", "BADREFUSAL"]


def classify_refusal(returncode, stderr):
    """(status, detail) of a generator run that wrote nothing: `refused` when it exited 2 with exactly one line,
    an `error:` line that names what to pass: a flag (`--default`, `--import`…) or, for a protocol the tool cannot
    multiplex as it is, the declaration to write instead (`'protocol P…'`, or "declare a class-bound protocol of
    your own" and a class that forwards to its multiplexer); `BADREFUSAL` otherwise."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error:")]
    remedy = r"(^|\s|')--[a-z]|'protocol \w+|declare a class-bound protocol of your own"
    if returncode == 2 and len(lines) == 1 and len(errors) == 1 and re.search(remedy, errors[0]):
        return "refused", errors[0]
    return "BADREFUSAL", f"exit {returncode}, {len(lines)} lines, {len(errors)} 'error:': " + " | ".join(lines[:3])


def typecheck(file, target, sdk, cache, runtime_dir, shims_map, includes):
    """(status, detail): compiles `file` to SIL with the package's Swift 6 settings and warnings as errors; when it
    fails, compiles it again without `-warnings-as-errors` to tell warnings (`WARNS`) from errors (`FAILED`)."""
    base = swiftc_for(target, sdk, cache) + ["-emit-sil", "-o", os.devnull, "-diagnostic-style", "llvm",
                                             "-parse-as-library",
                                             "-module-name", "Sweep", "-I", os.path.join(runtime_dir, target),
                                             "-I", shims_map, *includes]
    checked = run(base + SWIFT6 + [file])
    if checked.returncode == 0:
        return "ok", ""
    lenient = run(base + [flag for flag in SWIFT6 if flag != "-warnings-as-errors"] + [file])
    diagnostics = [line for line in lenient.stderr.splitlines() if ": error: " in line or ": warning: " in line]
    errors = [line for line in diagnostics if ": error: " in line]
    status = "FAILED" if errors or lenient.returncode != 0 else "WARNS"
    first = (errors or diagnostics or [checked.stderr.strip()[:300]])[0]
    first = first.replace(os.path.dirname(file) + "/", "")
    return status, f"{len(errors)} errors, {len(diagnostics) - len(errors)} warnings; first: {first}"


def root_cause(status, detail):
    """The issue-41 root cause a result's first diagnostic points to (a heading for the record, not a verdict)."""
    if status == "ok":
        return ""
    rules = [
        (r"cannot find type|cannot find '[^']+' in scope|is not available due to missing import|"
         r"declared in module '[^']+' which is not imported|--import", "1 imports"),
        (r"must be written 'any|use of protocol '[^']+' as a type", "2 existential"),
        (r"--default|has no default|does not default", "3 value requirement"),
        (r"class-bound|AnyObject|not a class", "4 not class-bound"),
        (r"main actor|actor-isolated|MainActor|sending '", "5 isolation"),
        (r"'default' is unavailable", "5 option set"),
        (r"conditional cast|always succeeds", "5 cast"),
    ]
    for pattern, cause in rules:
        if re.search(pattern, detail):
            return cause
    return "other"


def negative_controls(work, sdk, cache, runtime_dir, shims_map, swift_library):
    """Each check must catch what it is for; returns the failures (empty when every control was caught).
    `swift_library` is (module, module directory) of a built Swift library of the corpus (it imports UIKit)."""
    target = SDK_GRAPH_TARGET
    controls = {
        # The file imports Multiplex only: UIKit's type is not in scope (root cause 1's symptom).
        "missing-import": ("FAILED", "cannot find type 'UIView' in scope",
                           "import Multiplex\n\npublic func f(_ view: UIView) {}\n"),
        # A protocol named as a type without `any` (ExistentialAny): a warning, so WARNS (root cause 2's symptom).
        "bare-existential": ("WARNS", "must be written 'any P'",
                             "public protocol P: AnyObject {}\n\npublic func f(_ p: P?) {}\n"),
        # A data race reported while SIL is made (region-based isolation), not by `-typecheck`.
        "sil-data-race": ("FAILED", "sending 'box' risks causing data races",
                          "final class Box { var value = 0 }\n\n@MainActor func keep(_ box: Box) {}\n\n"
                                    "func race() async {\n    let box = Box()\n    await keep(box)\n"
                                    "    box.value += 1\n}\n"),
    }
    if swift_library:
        # UIKit is loaded (the library imports it) but not imported here: its `NSAttributedString.size()` is a
        # member only MemberImportVisibility hides ("not available due to missing import of defining module").
        controls["member-import-visibility"] = (
            "FAILED", "not available due to missing import of defining module 'UIKit'",
            f"import Foundation\nimport {swift_library[0]}\n\npublic func measure() -> Double {{\n"
                      "    Double(NSAttributedString(string: \"x\").size().width)\n}\n")
    failures = []
    os.makedirs(os.path.join(work, "controls"), exist_ok=True)
    for name, (expected, reason, text) in controls.items():
        path = os.path.join(work, "controls", name + ".swift")
        with open(path, "w") as f:
            f.write(text)
        includes = ["-I", swift_library[1]] if name == "member-import-visibility" else []
        status, detail = typecheck(path, target, sdk, cache, runtime_dir, shims_map, includes)
        print(f"control  {name}: {status} (expected {expected}: {reason}){': ' + detail if detail else ''}", flush=True)
        if status != expected or reason not in detail:
            failures.append(f"{name}: {status}, expected {expected} for \"{reason}\"")
    refusals = {
        "two-lines": (2, "error: P.f() returns Int: pass --default 'f()=0'\nnote: more\n"),
        "no-flag": (2, "error: P.f() returns Int and has no default\n"),
        "wrong-exit": (1, "error: P.f() returns Int: pass --default 'f()=0'\n"),
    }
    for name, (code, stderr) in refusals.items():
        status, _ = classify_refusal(code, stderr)
        print(f"control  refusal-{name}: {status} (expected BADREFUSAL)", flush=True)
        if status != "BADREFUSAL":
            failures.append(f"refusal-{name}: {status}, expected BADREFUSAL")
    well_formed = ["error: P.f() returns Int: pass --default 'f()=0' (no documented default)\n",
                   "error: P can be adopted only by subclasses of 'Base'; declare a class-bound protocol of your own "
                   "and a small subclass of 'Base' conforming to 'P' that forwards each call\n"]
    for stderr in well_formed:
        if classify_refusal(2, stderr)[0] != "refused":
            failures.append(f"refusal-well-formed: not accepted: {stderr.strip()}")
    return failures


def free_record_path(date):
    """Benchmarks/Results/<date>-library-sweep.md, or <date>b-…, <date>c-…: the first that does not exist, so that a
    run never overwrites an earlier record."""
    for suffix in [""] + [chr(c) for c in range(ord("b"), ord("z") + 1)]:
        path = os.path.join(ROOT, "Benchmarks/Results", f"{date}{suffix}-library-sweep.md")
        if not os.path.exists(path):
            return path
    sys.exit(f"library-sweep: every record name of {date} is taken; pass --record")


def write_record(path, results, built_info, args, tool, seconds, control_failures, sdk):
    commit = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.strip()
    tool_time = datetime.datetime.fromtimestamp(os.path.getmtime(tool), datetime.timezone.utc).strftime("%H:%M UTC")
    totals = {status: sum(1 for r in results if r[2] == status) for status in STATUSES}
    total = len(results)
    lines = [f"# Third-party iOS libraries' delegates through multiplex-generate (Scripts/library-sweep.py, {commit})",
             "",
             f"Run of {datetime.date.today().isoformat()} on Linux "
             f"({run(['swiftc', '--version']).stdout.splitlines()[0]}), "
             f"{os.path.basename(sdk)}; tool {args.tool_label or '`' + tool + '`'} (built {tool_time}); {len(built_info)} libraries of "
             f"`Scripts/library-corpus.json` built from source, each at its floor; every public `*Delegate` "
             f"protocol generated with no flag and compiled to SIL in the Swift 6 mode with ExistentialAny, "
             f"MemberImportVisibility and warnings as errors. {int(seconds)} s. Nothing was linked or run.",
             "",
             f"**{totals['ok']} of {total} clean ({100.0 * totals['ok'] / total if total else 0:.1f}%)**, "
             f"{totals['WARNS']} with warnings, {totals['FAILED']} fail to type-check, {totals['refused']} refused "
             f"with one `error:` line naming what to pass, {totals['BADREFUSAL']} malformed refusals. Negative controls: "
             + ("all caught." if not control_failures else "NOT caught: " + "; ".join(control_failures)),
             ""]
    for language, title in (("swift", "Swift"), ("objc", "Objective-C")):
        rows = [r for r in results if built_info.get(r[0], ("",))[0] == language]
        libraries_of = {r[0] for r in rows}
        lines.append(f"- {title} ({len(libraries_of)} libraries): {sum(r[2] == 'ok' for r in rows)} of {len(rows)} "
                     f"clean, {sum(r[2] == 'WARNS' for r in rows)} with warnings, "
                     f"{sum(r[2] == 'FAILED' for r in rows)} fail, "
                     f"{sum(r[2] in ('refused', 'BADREFUSAL') for r in rows)} refused")
    lines.append("")
    causes = {}
    for r in results:
        if r[2] != "ok":
            causes.setdefault(r[4], []).append(r)
    if causes:
        lines += ["| root cause (from the first diagnostic) | files |", "|---|---|"]
        for cause in sorted(causes):
            lines.append(f"| {cause} | {len(causes[cause])} ({', '.join(sorted(set(r[2] for r in causes[cause])))}) |")
        lines.append("")
    lines += ["| library | language | floor | build | protocols | clean | warns | failed | refused |",
              "|---|---|---|---|---|---|---|---|---|"]
    for name, (language, floor, status) in built_info.items():
        rows = [r for r in results if r[0] == name]
        lines.append(f"| {name} | {language} | {floor} | {status} | {len(rows)} | "
                     f"{sum(r[2] == 'ok' for r in rows)} | {sum(r[2] == 'WARNS' for r in rows)} | "
                     f"{sum(r[2] == 'FAILED' for r in rows)} | "
                     f"{sum(r[2] in ('refused', 'BADREFUSAL') for r in rows)} |")
    lines += ["", "| protocol | result | root cause | first error line |", "|---|---|---|---|"]
    for library, protocol, status, detail, cause in results:
        cell = detail.replace("|", "\\|").replace("\n", " ")
        lines.append(f"| {library}.{protocol} | {status} | {cause} | {cell} |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=0,
                        help="every Nth protocol plus the corpus's \"sample\" list (CI); default: all")
    parser.add_argument("--only", action="append", default=[], help="Library.Protocol (repeatable)")
    parser.add_argument("--libraries", help="comma-separated library names to sweep (default: all)")
    parser.add_argument("--keep", help="write the generated files into this directory and keep them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--min-clean", type=float, default=95.0)
    parser.add_argument("--record", help="the Markdown record to write, replaced if it exists (default, for a full run: "
                                         "Benchmarks/Results/<date>[b-z]-library-sweep.md, the first free name)")
    parser.add_argument("--no-record", action="store_true")
    parser.add_argument("--tool-label", help="how the record names the tool (default: MULTIPLEX_GENERATE's path)")
    args = parser.parse_args()
    whole = not (args.sample or args.only or args.libraries)
    # Chosen before the sweep: a run whose record could not be written would be lost.
    record = None
    if not args.no_record and (args.record or whole):
        record = args.record or free_record_path(datetime.date.today().isoformat())

    sdk = apple_sweep.sdk_paths()[0]  # the iOS SDK (the others: macOS, tvOS)
    corpus = os.environ.get("MULTIPLEX_LIBRARY_CORPUS", "/work/library-corpus")
    if not sdk:
        print("skipped: no Apple SDK (MULTIPLEX_APPLE_SDK or an iPhoneOS*.sdk in MULTIPLEX_APPLE_SDKS)")
        return 0
    if not os.path.isdir(os.path.join(corpus, "src")):
        print(f"skipped: no corpus ({corpus}/src; fetch the repositories of Scripts/library-corpus.json there)")
        return 0
    start = time.time()
    cache = os.environ.get("MULTIPLEX_APPLE_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "multiplex-apple")
    os.environ["MULTIPLEX_APPLE_CACHE"] = cache
    check_script("--prepare-cache")
    generator = os.environ.get("MULTIPLEX_GENERATE")
    if not generator:
        subprocess.run(["swift", "build", "--product", "multiplex-generate"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        generator = os.path.join(run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip(),
                                 "multiplex-generate")
    work = args.keep or tempfile.mkdtemp(prefix="library-sweep.")
    os.makedirs(work, exist_ok=True)

    description = library_build.corpus_description()
    libraries = {library["name"]: library for library in description["libraries"]}
    present = {name for name, library in libraries.items() if os.path.isdir(library_build.source_tree(corpus, library))}
    for name in sorted(set(libraries) - present):
        print(f"skipped: {name} is not in the corpus ({library_build.source_tree(corpus, libraries[name])})")
    if not present:
        print("skipped: no corpus (no library of Scripts/library-corpus.json is there)")
        return 0

    # The SDK's graphs: every SDK module the corpus imports, extracted once into the cache.
    for module in library_build.sdk_modules(libraries, present, corpus, sdk):
        check_script("--symbol-graphs", module, SDK_GRAPH_TARGET, sdk)
    sdk_graphs = check_script("--all-symbol-graphs", SDK_GRAPH_TARGET, sdk)
    built, built_info = library_build.build_corpus(libraries, present, corpus, sdk, cache)

    # The runtime for every floor, cached per state of its sources (the sample in CI stays warm).
    digest = hashlib.sha256()
    for file in sorted(glob.glob(os.path.join(ROOT, "Sources/Multiplex/**/*.swift"), recursive=True)
                       + glob.glob(os.path.join(ROOT, "Sources/_MultiplexShims/**/*"), recursive=True)):
        if os.path.isfile(file):
            digest.update(file.encode() + open(file, "rb").read())
    runtime_dir = os.path.join(cache, "library-sweep-runtime", digest.hexdigest()[:16])
    for target in sorted({target_for(libraries[name]) for name in built} | {SDK_GRAPH_TARGET}):
        if not os.path.exists(os.path.join(runtime_dir, target, "Multiplex.swiftmodule")):
            check_script("--runtime", target, sdk, runtime_dir)
    shims_map = next(
        os.path.join(cache, "shims", d) for d in os.listdir(os.path.join(cache, "shims"))
        if run(["grep", "-q", ROOT, os.path.join(cache, "shims", d, "module.modulemap")]).returncode == 0)

    swift_library = next(((libraries[name]["module"], built[name][0]) for name in built
                          if libraries[name]["language"] == "swift" and libraries[name]["floor"] == "13.0"), None)
    control_failures = negative_controls(work, sdk, cache, runtime_dir, shims_map, swift_library)

    jobs = []  # (library name, protocol)
    wanted_libraries = set(args.libraries.split(",")) if args.libraries else None
    for name in built:
        library = libraries[name]
        if library.get("sweep", True) is False or (wanted_libraries and name not in wanted_libraries):
            continue
        for protocol in delegate_protocols(built[name][1], library["module"]):
            jobs.append((name, protocol))
    if args.only:
        jobs = [j for j in jobs if f"{j[0]}.{j[1]}" in args.only]
    stale_sample = []
    if args.sample:
        listed = set(description.get("sample", []))
        # A listed protocol of a library that is there but declares no such protocol: the list is stale.
        found = {f"{j[0]}.{j[1]}" for j in jobs}
        stale_sample = sorted(key for key in listed - found if key.split(".")[0] in built)
        for key in stale_sample:
            print(f"FAILED     the corpus's sample names {key}: no such public *Delegate protocol", flush=True)
        jobs = [j for i, j in enumerate(jobs) if i % args.sample == 0 or f"{j[0]}.{j[1]}" in listed]
    graph_dirs = {name: library_build.graph_directory(libraries[name], libraries, built, sdk_graphs, cache, sdk)
                  for name in {j[0] for j in jobs}}

    def sweep(job):
        name, protocol = job
        library = libraries[name]
        target = target_for(library)
        includes = library_build.module_includes(library, libraries, built)
        directory = os.path.join(work, name)
        os.makedirs(directory, exist_ok=True)
        output = os.path.join(directory, protocol + "Multiplexer.swift")
        generated = run([generator, protocol, "--module", library["module"], "--symbol-graph-dir", graph_dirs[name],
                         "--target", target, "--sdk", sdk, *includes, "--output", output])
        if generated.returncode != 0:
            status, detail = classify_refusal(generated.returncode, generated.stderr)
        else:
            status, detail = typecheck(output, target, sdk, cache, runtime_dir, shims_map, includes)
        return (name, protocol, status, detail, root_cause(status, detail))

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(sweep, jobs):
            name, protocol, status, detail, cause = result
            print(f"{status:10} {name}.{protocol}" + (f" [{cause}]: {detail}" if detail else ""), flush=True)
            results.append(result)

    total = len(results)
    counts = {status: sum(1 for r in results if r[2] == status) for status in STATUSES}
    percent = 100.0 * counts["ok"] / total if total else 100.0
    seconds = time.time() - start
    print(f"library-sweep: {len(built)} of {len(present)} libraries built, {total} protocols: {counts['ok']} clean "
          f"({percent:.1f}%), {counts['WARNS']} with warnings, {counts['FAILED']} fail to type-check, "
          f"{counts['refused']} refused with one error line naming what to pass, {counts['BADREFUSAL']} malformed "
          f"refusals ({int(seconds)} s)")
    if record:
        write_record(record, results, built_info, args, generator, seconds, control_failures, sdk)
        print(f"library-sweep: wrote {os.path.relpath(record, ROOT)}")
    failed = (counts["WARNS"] + counts["FAILED"] + counts["BADREFUSAL"] + len(control_failures) + len(stale_sample)
              + sum(1 for info in built_info.values() if info[2] in ("build failed", "dependency failed")))
    if failed or (whole and percent < args.min_clean):
        print("library-sweep: FAILED (every generated file must compile to SIL with zero warnings, every refusal be "
              "one error line naming what to pass, every control be caught"
              + (f", at least {args.min_clean:g}% clean)" if whole else ")"),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
