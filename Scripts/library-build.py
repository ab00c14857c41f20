#!/usr/bin/env python3
"""Builds the third-party iOS libraries of `Scripts/library-corpus.json` for `Scripts/library-sweep.py` (issue 41).

A Swift library is built with `swiftc -emit-module -emit-symbol-graph` (Swift 5 mode, `SWIFT_PACKAGE` defined, as
SwiftPM builds it); an Objective-C library becomes a clang module over its public headers (a module map written in
the cache) whose graph `swift symbolgraph-extract` reads. Each is built for `arm64-apple-ios<floor>` against the
iPhoneOS SDK into MULTIPLEX_APPLE_CACHE (`libraries/<SDK>/<name>/`: `module/`, `graphs/`, `all-graphs/`, `stamp`),
and rebuilt when its files, the compiler or the flags change. Nothing is written into the repository.
"""

import glob
import hashlib
import json
import os
import re
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(arguments, **kwargs):
    return subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


# The SDK's graphs are read at the package's floor, as `Scripts/apple-sweep.py` reads them (one extraction of UIKit).
SDK_GRAPH_TARGET = "arm64-apple-ios13.0"
# Modules every library's graph directory holds, whatever it imports: the parents of most delegates and the C types
# a requirement names (`CGPoint`, `NSRange`).
BASE_MODULES = ["Foundation", "UIKit", "CoreGraphics", "QuartzCore", "CoreFoundation"]
# Frameworks an imported framework re-exports (its module map's `export *`) whose types a requirement of the corpus
# names: PryntTrimmerView imports AVFoundation and names CoreMedia's `CMTime`.
REEXPORTED = {"AVFoundation": ["CoreMedia"]}
# Modules a library imports whose graphs are not extracted: not frameworks of the iOS SDK, or frameworks no public
# declaration of the corpus names a type of (Accelerate, SceneKit…: large graphs, minutes each, for nothing; a
# requirement naming one of their types would show as a file that does not compile, never as a clean one).
NOT_EXTRACTED = {"Swift", "Darwin", "os", "zlib", "Dispatch", "ObjectiveC", "CommonCrypto", "XCTest", "AppKit",
                 "Cocoa", "WatchKit", "TVUIKit", "CarPlay", "SwiftUI", "Combine", "CryptoKit", "Accelerate",
                 "SceneKit", "CoreServices", "MobileCoreServices", "Security", "CoreText", "CoreVideo", "CoreMotion"}

# How a Swift library is built (as SwiftPM builds a package in the Swift 5 language mode; cross-import overlays on, as
# Xcode has them: Kingfisher's `PhotosPickerItem` is `_PhotosUI_SwiftUI`'s).
SWIFT_LIBRARY_FLAGS = ["-swift-version", "5", "-parse-as-library", "-DSWIFT_PACKAGE", "-wmo", "-suppress-warnings",
                       "-Xfrontend", "-enable-cross-import-overlays"]

def corpus_description():
    with open(os.path.join(ROOT, "Scripts/library-corpus.json")) as f:
        return json.load(f)


def source_tree(corpus, library):
    return os.path.join(corpus, "src", library.get("source_tree", library["name"]))


def source_files(corpus, library):
    tree = source_tree(corpus, library)
    files = set()
    for pattern in library["sources"]:
        files.update(glob.glob(os.path.join(tree, pattern), recursive=True))
    for pattern in library.get("exclude", []):
        files -= set(glob.glob(os.path.join(tree, pattern), recursive=True))
    return sorted(files)


def imported_modules(files):
    """The modules `files` import (`import UIKit`, `import class AVFoundation.AVAudioPlayer`, `#import <UIKit/…>`)."""
    modules = set()
    swift = re.compile(r"^\s*(?:@_\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|"
                       r"typealias)\s+)?([A-Za-z_]\w*)", re.M)
    objc = re.compile(r"^\s*(?:#\s*(?:import|include)\s*<([A-Za-z_]\w*)/|@import\s+([A-Za-z_]\w*))", re.M)
    for file in files:
        text = open(file, errors="replace").read()
        if file.endswith(".swift"):
            modules.update(swift.findall(text))
        else:
            modules.update(a or b for a, b in objc.findall(text))
    return modules


def target_for(library):
    return "arm64-apple-ios" + library["floor"]


def swiftc_for(target, sdk, cache):
    return ["swiftc", "-target", target, "-sdk", sdk, "-resource-dir", os.path.join(cache, "resource-dir"),
            "-module-cache-path", os.path.join(cache, "module-cache")]


def stamp_of(library, files, flags):
    """What a cached build depends on: the entry, the files (path, size, mtime), the compiler, the flags."""
    digest = hashlib.sha256(json.dumps(library, sort_keys=True).encode())
    for file in files:
        status = os.stat(file)
        digest.update(f"{file}:{status.st_size}:{int(status.st_mtime)}\n".encode())
    digest.update(run(["swiftc", "--version"]).stdout.encode())
    digest.update(" ".join(flags).encode())
    return digest.hexdigest()


def build_library(library, built, corpus, sdk, cache):
    """Builds `library` (its dependencies are in `built`) into the cache; returns (module directory, graph directory,
    seconds, None) or (None, None, seconds, error)."""
    began = time.time()
    name, module, target = library["name"], library["module"], target_for(library)
    out = os.path.join(cache, "libraries", os.path.basename(sdk), name)
    module_dir, graphs = os.path.join(out, "module"), os.path.join(out, "graphs")
    files = source_files(corpus, library)
    if not files:
        return None, None, 0, f"no source matches {library['sources']} in {source_tree(corpus, library)}"
    includes = []
    for dependency in library["dependencies"]:
        includes += ["-I", built[dependency][0]]
    stamp = stamp_of(library, files, SWIFT_LIBRARY_FLAGS + includes)
    stamp_file = os.path.join(out, "stamp")
    if os.path.exists(stamp_file) and open(stamp_file).read() == stamp:
        return module_dir, graphs, 0, None
    run(["rm", "-rf", out])
    os.makedirs(module_dir)
    os.makedirs(graphs)
    if library["language"] == "swift":
        extra = []
        if library.get("bundle"):
            # SwiftPM generates `Bundle.module` for a target with resources; nothing here reads the resources.
            accessor = os.path.join(out, "resource_bundle_accessor.swift")
            with open(accessor, "w") as f:
                f.write("import Foundation\n\nprivate final class BundleFinder {}\n\n"
                        "extension Foundation.Bundle {\n"
                        "    static let module: Bundle = Bundle(for: BundleFinder.self)\n}\n")
            extra.append(accessor)
        built_module = run(swiftc_for(target, sdk, cache) + [
            *SWIFT_LIBRARY_FLAGS, "-module-name", module, "-emit-module",
            "-emit-module-path", os.path.join(module_dir, module + ".swiftmodule"),
            "-emit-symbol-graph", "-emit-symbol-graph-dir", graphs, "-symbol-graph-minimum-access-level", "public",
            *includes, *files, *extra])
    else:
        # A clang module over the public headers, laid out as `#import <Module/Header.h>` and `"Header.h"` find them.
        headers = os.path.join(module_dir, module)
        os.makedirs(headers)
        for file in files + ([os.path.join(source_tree(corpus, library), library["umbrella_source"])]
                             if library.get("umbrella_source") else []):
            link = os.path.join(headers, os.path.basename(file))
            if not os.path.exists(link):
                os.symlink(os.path.realpath(file), link)
        umbrella = (f'umbrella header "{module}/{library["umbrella"]}"' if library.get("umbrella")
                    else f'umbrella "{module}"')
        with open(os.path.join(module_dir, "module.modulemap"), "w") as f:
            f.write(f"module {module} {{\n  {umbrella}\n  export *\n}}\n")
        built_module = run(["swift", "symbolgraph-extract", "-module-name", module, "-target", target, "-sdk", sdk,
                            "-resource-dir", os.path.join(cache, "resource-dir"),
                            "-module-cache-path", os.path.join(cache, "module-cache"), "-I", module_dir, *includes,
                            "-output-dir", graphs, "-minimum-access-level", "public"])
    seconds = time.time() - began
    if built_module.returncode != 0 or not os.path.exists(os.path.join(graphs, module + ".symbols.json")):
        errors = [line for line in built_module.stderr.splitlines() if "error:" in line]
        return None, None, seconds, (errors[0] if errors else built_module.stderr.strip()[:300])
    with open(stamp_file, "w") as f:
        f.write(stamp)
    return module_dir, graphs, seconds, None


def graph_directory(library, libraries, built, sdk_graphs, cache, sdk):
    """A directory of links: the graphs of `library`, of its dependencies (transitively) and of the SDK's modules."""
    directory = os.path.join(cache, "libraries", os.path.basename(sdk), library["name"], "all-graphs")
    run(["rm", "-rf", directory])
    os.makedirs(directory)
    sources = [sdk_graphs]
    pending, seen = [library["name"]], set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        sources.append(built[name][1])
        pending += libraries[name]["dependencies"]
    for source in sources:
        for file in os.listdir(source):
            if file.endswith(".symbols.json") and not os.path.exists(os.path.join(directory, file)):
                os.symlink(os.path.realpath(os.path.join(source, file)), os.path.join(directory, file))
    return directory


def module_includes(library, libraries, built):
    includes, pending, seen = [], [library["name"]], set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        includes += ["-I", built[name][0]]
        pending += libraries[name]["dependencies"]
    return includes


def build_corpus(libraries, present, corpus, sdk, cache):
    """Builds every library of `present`, in the order of the description (dependencies are listed first). Returns
    `built` (name -> (module directory, graph directory)) and `built_info` (name -> (language, floor, how)); a
    library whose dependency is not in the corpus is skipped (and leaves `present`), one that fails is reported."""
    built, built_info = {}, {}
    for name, library in libraries.items():
        if name not in present:
            continue
        absent = [d for d in library["dependencies"] if d not in present]
        if absent:
            print(f"skipped: {name} (its dependencies {', '.join(absent)} are not in the corpus)", flush=True)
            present.discard(name)
            continue
        missing = [d for d in library["dependencies"] if d not in built]
        if missing:
            print(f"BUILD    {name}: dependencies not built: {', '.join(missing)}", flush=True)
            built_info[name] = (library["language"], library["floor"], "dependency failed")
            continue
        module_dir, graphs, seconds, error = build_library(library, built, corpus, sdk, cache)
        if error:
            print(f"BUILD    {name}: {error}", flush=True)
            built_info[name] = (library["language"], library["floor"], "build failed")
            continue
        built[name] = (module_dir, graphs)
        built_info[name] = (library["language"], library["floor"], f"built ({int(seconds)} s)" if seconds else "cached")
        print(f"built    {name} ({library['module']}, {library['language']}, iOS {library['floor']}"
              f"{', %d s' % seconds if seconds else ', cached'})", flush=True)
    return built, built_info


def sdk_modules(libraries, present, corpus, sdk):
    """The SDK modules whose graphs the libraries' graph directories hold: BASE_MODULES and every framework of the SDK
    a present library imports (with those it re-exports, REEXPORTED), less NOT_EXTRACTED."""
    wanted = set(BASE_MODULES)
    for name in present:
        wanted |= imported_modules(source_files(corpus, libraries[name]))
    wanted |= {module for imported in list(wanted) for module in REEXPORTED.get(imported, [])}
    frameworks = os.path.join(sdk, "System/Library/Frameworks")
    own = {library["module"] for library in libraries.values()}
    return sorted(module for module in wanted - NOT_EXTRACTED - own
                  if os.path.isdir(os.path.join(frameworks, module + ".framework")))
