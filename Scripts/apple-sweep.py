#!/usr/bin/env python3
"""Every `*Delegate` protocol of the Apple SDKs through `multiplex-generate` with no flag (DESIGN.md §8, issue 34).

For each protocol whose name ends in `Delegate` in the frameworks below (iOS: 25 frameworks of an iPhoneOS SDK;
macOS: AppKit, WebKit and Foundation of a MacOSX SDK; Mac Catalyst: those of the 25 a MacOSX SDK has, in its
`System/iOSSupport` or its own, read for `arm64-apple-ios13.1-macabi`; tvOS: those of the 25 an AppleTVOS SDK has,
and TVUIKit and TVMLKit),
the sweep runs `multiplex-generate P --module M` with no
other flag (on the framework's symbol graph, extracted once into the cache, as `--symbol-graph-dir`), then
compiles what it wrote to SIL (`-emit-sil`: type-checking alone, `-typecheck`, skips the flow-sensitive checks that
run on SIL, such as Swift 6's region-based data-race errors), one file per compiler call, in the Swift 6 language
mode with warnings as errors, against the runtime built for the same target: at the package's floor (iOS 13,
Mac Catalyst 13.1, tvOS 13, macOS 10.15) and at the SDK's own version. It prints one line per protocol and a summary:

    ok       UIKit.UITableViewDelegate
    refused  UIKit.UIFooDelegate: error: … (the tool's one line)
    FAILED   UIKit.UIBarDelegate: arm64-apple-ios13.0: file.swift:12:5: error: …

and exits 1 when a generated file fails to type-check, when a refusal is more than one `error:` line, or when fewer
than `--min-clean` percent of the protocols generate and type-check cleanly (default 95).

    python3 Scripts/apple-sweep.py                       # every framework, both SDKs
    python3 Scripts/apple-sweep.py --sample 3            # every 3rd protocol (CI, where an SDK is present)
    python3 Scripts/apple-sweep.py --only UIKit.UITableViewDelegate --keep /tmp/sweep   # one, files kept
    python3 Scripts/apple-sweep.py --platforms tvOS,macCatalyst    # some platforms only

SDKs, cache and preparation as for `Scripts/apple-check.sh` (MULTIPLEX_APPLE_SDK, MULTIPLEX_MACOS_SDK,
MULTIPLEX_TVOS_SDK, MULTIPLEX_APPLE_SDKS, MULTIPLEX_APPLE_CACHE); without an SDK it prints "skipped: no Apple SDK" and succeeds.
Nothing it reads or writes enters the repository: graphs and module caches stay in the cache, generated files in a
temporary directory (or `--keep DIR`). MULTIPLEX_GENERATE names a generator already built (default: this
package's debug build). Nothing here can be linked or run: the toolchain has no Darwin linker.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

IOS_FRAMEWORKS = [
    "UIKit", "WebKit", "Foundation", "MapKit", "CoreLocation", "AVFoundation", "AVKit", "PhotosUI",
    "SafariServices", "MessageUI", "ContactsUI", "QuickLook", "PDFKit", "GameKit", "CoreBluetooth",
    "MultipeerConnectivity", "UserNotifications", "WatchConnectivity", "CoreData", "StoreKit",
    "AuthenticationServices", "EventKitUI", "PencilKit", "ARKit", "CallKit",
]
MACOS_FRAMEWORKS = ["AppKit", "WebKit", "Foundation"]
# tvOS's own UI frameworks, swept with those of the iOS list the tvOS SDK has.
TVOS_FRAMEWORKS = ["TVUIKit", "TVMLKit"]
# Frameworks whose protocols the swept ones refine (ARKit's `ARSCNViewDelegate` refines SceneKit's
# `SCNSceneRendererDelegate`): their graphs are extracted too, not swept.
PARENT_FRAMEWORKS = {"iOS": ["SceneKit", "SpriteKit"], "macCatalyst": ["SceneKit", "SpriteKit"],
                     "tvOS": ["SceneKit", "SpriteKit"]}
CATALYST_FLOOR = "arm64-apple-ios13.1-macabi"


def catalyst_flags(target, sdk):
    """The search paths of Mac Catalyst's frameworks in a MacOSX SDK (as `Scripts/apple-check.sh` passes them)."""
    if not target.endswith("-macabi"):
        return []
    support = os.path.join(sdk, "System/iOSSupport")
    return ["-Fsystem", os.path.join(support, "System/Library/Frameworks"), "-I",
            os.path.join(support, "usr/lib/swift"), "-Xcc", "-isystem", "-Xcc", os.path.join(support, "usr/include")]


def frameworks_of(sdk, names, catalyst=False):
    """Those of `names` whose framework `sdk` has (in `System/iOSSupport` too, for Mac Catalyst)."""
    homes = [os.path.join(sdk, "System/Library/Frameworks")]
    if catalyst:
        homes.insert(0, os.path.join(sdk, "System/iOSSupport/System/Library/Frameworks"))
    return [n for n in names if any(os.path.isdir(os.path.join(h, n + ".framework")) for h in homes)]

# The package's Swift settings for the shipped multiplexers (Package.swift; `InternalImportsByDefault` is off for
# generated public files, as for `MultiplexAppleDelegates`).
SWIFT6 = [
    "-swift-version", "6", "-warnings-as-errors",
    "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "MemberImportVisibility",
]


def sdk_paths():
    sdks_dir = os.environ.get("MULTIPLEX_APPLE_SDKS", "/work/apple-sdks")

    def newest(prefix):
        try:
            names = [n for n in os.listdir(sdks_dir) if n.startswith(prefix) and n.endswith(".sdk")]
        except OSError:
            return None
        names.sort(key=lambda n: [int(x) for x in re.findall(r"\d+", n)])
        return os.path.join(sdks_dir, names[-1]) if names else None

    return (os.environ.get("MULTIPLEX_APPLE_SDK") or newest("iPhoneOS"),
            os.environ.get("MULTIPLEX_MACOS_SDK") or newest("MacOSX"),
            os.environ.get("MULTIPLEX_TVOS_SDK") or newest("AppleTVOS"))


def sdk_version(sdk):
    with open(os.path.join(sdk, "SDKSettings.json")) as f:
        return json.load(f)["Version"]


def run(arguments, **kwargs):
    return subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def check_script(*arguments):
    """Runs `Scripts/apple-check.sh` with `arguments`; returns its standard output."""
    result = run(["bash", os.path.join(ROOT, "Scripts/apple-check.sh"), *arguments])
    if result.returncode != 0:
        sys.exit(f"apple-sweep: apple-check.sh {' '.join(arguments)} failed:\n{result.stderr}")
    return result.stdout.strip()


def delegate_protocols(directory, module):
    """The public protocols of `module`'s graph whose name ends in `Delegate`, sorted."""
    with open(os.path.join(directory, module + ".symbols.json")) as f:
        graph = json.load(f)
    names = set()
    for symbol in graph["symbols"]:
        if symbol["kind"]["identifier"] != "swift.protocol":
            continue
        path = symbol["pathComponents"]
        if path[-1].endswith("Delegate") and not path[-1].startswith("_"):
            names.add(".".join(path))
    return sorted(names)


def table_entries():
    """The documented-defaults and combining tables of the generator: (module, protocol, requirement) per entry."""
    path = os.path.join(ROOT, "Sources/MultiplexSymbolGraphReader/Defaults/DocumentedDefaults+Table.swift")
    entries = []
    for line in open(path):
        fields = [field.strip() for field in line.strip().split(" | ")]
        if len(fields) == 5 and not line.lstrip().startswith("//"):
            entries.append((fields[0], fields[1], fields[2]))
    return entries


def requirement_names(directory, module):
    """(protocol path, requirement name) of every requirement of `module`'s protocols, by the name `--default`
    takes (the short one; the table may also name an overload with its types, checked by its short name)."""
    names = set()
    for file in os.listdir(directory):
        if not (file == module + ".symbols.json" or file.startswith(module + "@")):
            continue
        with open(os.path.join(directory, file)) as f:
            graph = json.load(f)
        # A USR may have two symbols: a completion-handler method and the `async` form Swift imports for it.
        symbols = {}
        for symbol in graph["symbols"]:
            symbols.setdefault(symbol["identifier"]["precise"], []).append(symbol)
        for relationship in graph["relationships"]:
            if relationship["kind"] not in ("requirementOf", "optionalRequirementOf"):
                continue
            for symbol in symbols.get(relationship["source"], []):
                names.add((".".join(symbol["pathComponents"][:-1]), symbol["names"]["title"]))
    return names


def short_name(requirement):
    """`collectionView(_:draggingImageForItemsAt:with:offset:)` for a typed name, else the name as it is."""
    if " -> " not in requirement and ": " not in requirement:
        return requirement
    base, _, rest = requirement.partition("(")
    depth, label, labels = 0, "", []
    for character in rest:
        if character in "([<":
            depth += 1
        elif character in ")]>":
            depth -= 1
            if depth < 0:
                break
        if depth == 0 and character == ",":
            label = ""
            continue
        if depth == 0 and character == ":" and label is not None:
            labels.append(label.strip())
            label = None
            continue
        if label is not None:
            label += character
    return base + "(" + "".join(l + ":" for l in labels) + ")"


def check_table(graph_directories):
    """Every table entry whose module's graphs were read names a requirement those graphs declare (a row for a method
    Apple renamed would silently answer nothing). Returns the entries that do not."""
    missing = []
    known = {}
    for module, directories in graph_directories.items():
        # A requirement of any platform's graph counts (WebKit's iOS-only `webView(_:shouldPreviewElement:)`).
        known[module] = set().union(*(requirement_names(directory, module) for directory in directories))
    for module, protocol, requirement in table_entries():
        if module not in known:
            continue
        name = requirement.replace("`", "")
        names = {(p, r.replace("`", "")) for p, r in known[module]}
        if (protocol, name) not in names and (protocol, short_name(name)) not in names:
            missing.append(f"{module} | {protocol} | {requirement}")
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=1, help="check every Nth protocol (default: all)")
    parser.add_argument("--only", action="append", default=[], help="Module.Protocol (repeatable)")
    parser.add_argument("--frameworks", help="comma-separated framework names to sweep (default: all)")
    parser.add_argument("--keep", help="write the generated files into this directory and keep them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--min-clean", type=float, default=95.0)
    parser.add_argument("--floor-only", action="store_true", help="type-check at the floor only")
    parser.add_argument("--platforms", default="iOS,macOS,macCatalyst,tvOS",
                        help="comma-separated platforms to sweep (default: iOS,macOS,macCatalyst,tvOS)")
    args = parser.parse_args()
    wanted = set(args.platforms.split(","))

    ios_sdk, macos_sdk, tvos_sdk = sdk_paths()
    if not ios_sdk and not macos_sdk and not tvos_sdk:
        print("skipped: no Apple SDK")
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
        bin_path = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
        generator = os.path.join(bin_path, "multiplex-generate")

    work = args.keep or tempfile.mkdtemp(prefix="apple-sweep.")
    os.makedirs(work, exist_ok=True)
    frameworks_filter = set(args.frameworks.split(",")) if args.frameworks else None

    platforms = []  # (platform name, sdk, floor target, sdk target, frameworks)
    if ios_sdk:
        platforms.append(("iOS", ios_sdk, "arm64-apple-ios13.0", "arm64-apple-ios" + sdk_version(ios_sdk),
                          IOS_FRAMEWORKS))
    else:
        print("skipped: no iOS SDK (MULTIPLEX_APPLE_SDK)")
    if macos_sdk:
        platforms.append(("macOS", macos_sdk, "arm64-apple-macos10.15", "arm64-apple-macos" + sdk_version(macos_sdk),
                          MACOS_FRAMEWORKS))
    else:
        print("skipped: no macOS SDK (MULTIPLEX_MACOS_SDK)")
    if macos_sdk and os.path.isdir(os.path.join(macos_sdk, "System/iOSSupport")):
        with open(os.path.join(macos_sdk, "SDKSettings.json")) as f:
            catalyst_version = json.load(f)["VersionMap"]["macOS_iOSMac"][sdk_version(macos_sdk)]
        platforms.append(("macCatalyst", macos_sdk, CATALYST_FLOOR, f"arm64-apple-ios{catalyst_version}-macabi",
                          frameworks_of(macos_sdk, IOS_FRAMEWORKS, catalyst=True)))
    else:
        print("skipped: no macOS SDK with System/iOSSupport: Mac Catalyst")
    if tvos_sdk:
        platforms.append(("tvOS", tvos_sdk, "arm64-apple-tvos13.0", "arm64-apple-tvos" + sdk_version(tvos_sdk),
                          frameworks_of(tvos_sdk, IOS_FRAMEWORKS + TVOS_FRAMEWORKS)))
    else:
        print("skipped: no tvOS SDK (MULTIPLEX_TVOS_SDK)")
    platforms = [p for p in platforms if p[0] in wanted]

    shims_map = None
    graph_directories = {}  # module -> its graphs' directories (one per platform swept)
    results = []  # (platform, module, protocol, status, detail)
    for platform, sdk, floor, sdk_target, frameworks in platforms:
        targets = [floor] if args.floor_only else [floor, sdk_target]
        runtime_dir = os.path.join(work, "runtime")
        for target in targets:
            if not os.path.exists(os.path.join(runtime_dir, target, "Multiplex.swiftmodule")):
                check_script("--runtime", target, sdk, runtime_dir)
        if shims_map is None:
            shims_map = next(
                os.path.join(cache, "shims", d) for d in os.listdir(os.path.join(cache, "shims"))
                if run(["grep", "-q", ROOT, os.path.join(cache, "shims", d, "module.modulemap")]).returncode == 0)

        jobs = []  # (module, protocol, graphs)
        parents = frameworks_of(sdk, PARENT_FRAMEWORKS.get(platform, []), catalyst=platform == "macCatalyst")
        for module in frameworks + parents:
            graph_directories.setdefault(module, []).append(check_script("--symbol-graphs", module, floor, sdk))
        # Every module's graphs in one directory, as `--symbol-graph-dir`: parents of other frameworks are found.
        all_graphs = check_script("--all-symbol-graphs", floor, sdk)
        for module in frameworks:
            if frameworks_filter and module not in frameworks_filter:
                continue
            graphs = check_script("--symbol-graphs", module, floor, sdk)
            for protocol in delegate_protocols(graphs, module):
                jobs.append((module, protocol, all_graphs))
        if args.only:
            jobs = [j for j in jobs if f"{j[0]}.{j[1]}" in args.only]
        jobs = jobs[::args.sample]

        def sweep(job):
            module, protocol, graphs = job
            directory = os.path.join(work, platform, module)
            os.makedirs(directory, exist_ok=True)
            output = os.path.join(directory, protocol + "Multiplexer.swift")
            generated = run([generator, protocol, "--module", module, "--symbol-graph-dir", graphs,
                             "--output", output])
            errors = [line for line in generated.stderr.splitlines() if line.startswith("error:")]
            if generated.returncode != 0:
                if len(errors) == 1 and generated.returncode == 2:
                    return (platform, module, protocol, "refused", errors[0])
                detail = f"exit {generated.returncode}, {len(errors)} error lines: " + " | ".join(
                    generated.stderr.splitlines()[:3])
                return (platform, module, protocol, "FAILED", detail)
            for target in targets:
                checked = run(["swiftc", "-emit-sil", "-o", os.devnull, "-target", target, "-sdk", sdk,
                               "-resource-dir", os.path.join(cache, "resource-dir"),
                               "-module-cache-path", os.path.join(cache, "module-cache"),
                               *catalyst_flags(target, sdk), *SWIFT6,
                               "-parse-as-library", "-module-name", "Sweep",
                               "-I", os.path.join(runtime_dir, target), "-I", shims_map, output])
                if checked.returncode != 0:
                    diagnostics = [line for line in checked.stderr.splitlines()
                                   if ": error: " in line or ": warning: " in line]
                    first = diagnostics[0] if diagnostics else checked.stderr.strip()[:300]
                    return (platform, module, protocol, "FAILED",
                            f"{target}: {len(diagnostics)} diagnostics; first: {first}")
            return (platform, module, protocol, "ok", "")

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(sweep, jobs):
                platform_name, module, protocol, status, detail = result
                print(f"{status:8} {platform_name} {module}.{protocol}" + (f": {detail}" if detail else ""),
                      flush=True)
                results.append(result)

    missing = check_table(graph_directories)
    for entry in missing:
        print(f"FAILED   table entry names no requirement of the graphs: {entry}")
    total = len(results)
    clean = sum(1 for r in results if r[3] == "ok")
    refused = sum(1 for r in results if r[3] == "refused")
    failed = sum(1 for r in results if r[3] == "FAILED")
    percent = 100.0 * clean / total if total else 100.0
    for platform, *_ in platforms:
        rows = [r for r in results if r[0] == platform]
        print(f"apple-sweep: {platform}: {len(rows)} protocols, {sum(r[3] == 'ok' for r in rows)} clean, "
              f"{sum(r[3] == 'refused' for r in rows)} refused, {sum(r[3] == 'FAILED' for r in rows)} failed")
    print(f"apple-sweep: {total} protocols, {clean} generated and compiled to SIL with zero warnings ({percent:.1f}%), "
          f"{refused} refused with one error line, {failed} failed ({int(time.time() - start)}s)")
    print(f"apple-sweep: {len(table_entries())} documented-defaults entries, "
          f"{len(missing)} naming no requirement of the graphs read")
    if failed or missing or percent < args.min_clean:
        print(f"apple-sweep: FAILED (every generated file must type-check; at least {args.min_clean}% clean)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
