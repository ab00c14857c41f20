#!/usr/bin/env python3
"""Reads Apple SDKs' text stubs (`.tbd`) for Scripts/apple-link.sh.

    python3 Scripts/apple-tbd.py sysroot SDK OUT
        OUT becomes a link sysroot of SDK: every `.tbd` of SDK, in the same place, with the `tapi-tbd-v3` ones
        rewritten as `tapi-tbd` version 4 (ziglang 0.17's linker reads version 4 only: it refuses a version 3 stub
        with "failed to parse TBD file: NotLibStub", and the iPhoneOS SDK here has 3,562 of them). Nothing else is
        copied: the linker reads only stubs from a sysroot. OUT is written once (OUT/.complete).
    python3 Scripts/apple-tbd.py check APP SYSROOT ARCH PLATFORM
        Every undefined symbol of the Mach-O executable APP (`llvm-nm -m`: the dylib each one binds to, two-level
        namespace) must be exported, for ARCH-PLATFORM (`arm64-ios`, `arm64-maccatalyst`…), by that dylib's stub in
        SYSROOT or by a library it re-exports. Prints a count; exits 1 naming each symbol that no stub exports.

Only the parts of the format that these SDKs use are read: flow lists (`[ a, 'b' ]`, over several lines), scalars,
and the list-of-mappings sections (`exports`, `reexports`, `reexported-libraries`, `parent-umbrella`,
`undefineds`…).
"""

import os
import re
import subprocess
import sys

# Version 3 platform names, as version 4 spells them.
PLATFORMS = {"macosx": "macos", "ios": "ios", "tvos": "tvos", "watchos": "watchos", "iosmac": "maccatalyst",
             "bridgeos": "bridgeos", "driverkit": "driverkit"}
# Version 3's keys of an export section, as version 4 spells them (`re-exports` moves to `reexported-libraries`).
EXPORT_KEYS = {"symbols": "symbols", "objc-classes": "objc-classes", "objc-eh-types": "objc-eh-types",
               "objc-ivars": "objc-ivars", "weak-def-symbols": "weak-symbols",
               "thread-local-symbols": "thread-local-symbols"}
UNDEFINED_KEYS = {"symbols": "symbols", "objc-classes": "objc-classes", "objc-eh-types": "objc-eh-types",
                  "objc-ivars": "objc-ivars", "weak-ref-symbols": "weak-symbols"}


def documents(text):
    """Splits a stub into its documents (a library and those it re-exports), each a list of lines."""
    docs, current = [], None
    for line in text.splitlines():
        if line.startswith("---"):
            current = [line]
            docs.append(current)
        elif line.startswith("..."):
            current = None
        elif current is not None:
            current.append(line)
    return docs


def entries(lines):
    """Yields (indent, is_list_item, key, raw value) for each `key: value` of a document, a flow list joined."""
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        match = re.match(r"^( *)(- +)?([A-Za-z0-9_-]+): *(.*)$", line)
        if not match:
            continue
        indent, item, key, value = match.groups()
        if value.startswith("[") and "]" not in strip_quoted(value):
            parts = [value]
            while i < len(lines):
                parts.append(lines[i].strip())
                i += 1
                if "]" in strip_quoted(parts[-1]):
                    break
            value = " ".join(parts)
        column = len(indent) + (len(item) if item else 0)
        yield column, bool(item), key, value.strip()


def strip_quoted(value):
    return re.sub(r"'[^']*'|\"[^\"]*\"", "", value)


def items(value):
    """The items of a flow list, unquoted."""
    value = value.strip()
    if not (value.startswith("[") and value.endswith("]")):
        return [unquote(value)] if value else []
    return [unquote(item) for item in re.findall(r"'[^']*'|\"[^\"]*\"|[^,\[\]\s][^,\[\]]*", value[1:-1])
            if item.strip()]


def unquote(item):
    item = item.strip()
    if len(item) >= 2 and item[0] == item[-1] and item[0] in "'\"":
        return item[1:-1]
    return item


def parse(lines):
    """A document as {key: value} for top-level keys and {key: [section…]} for list-of-mappings keys."""
    result, sections, section_key = {}, None, None
    for column, is_item, key, value in entries(lines[1:]):
        if column == 0:
            section_key = key
            if value:
                result[key] = value
            else:
                sections = result.setdefault(key, [])
        elif is_item:
            sections = result.setdefault(section_key, [])
            sections.append({key: value})
        elif sections:
            sections[-1][key] = value
    return result


def quote(name):
    return "'" + name + "'" if re.search(r"[^A-Za-z0-9_$./+-]", name) or name[:1] in "$.-" else name


def flow(names):
    return "[ " + ", ".join(quote(name) for name in names) + " ]"


def convert_v3(lines):
    """One `tapi-tbd-v3` document as `tapi-tbd` version 4 text."""
    doc = parse(lines)
    platform = PLATFORMS.get(doc.get("platform", "").strip(), doc.get("platform", "").strip())

    def targets(value):
        return [f"{arch}-{platform}" for arch in items(value)]

    out = ["--- !tapi-tbd", "tbd-version: 4", "targets: " + flow(targets(doc.get("archs", "[]")))]
    if "flags" in doc:
        out.append("flags: " + doc["flags"])
    out.append("install-name: " + doc["install-name"])
    for key in ("current-version", "compatibility-version"):
        if key in doc:
            out.append(f"{key}: {doc[key]}")
    if "swift-version" in doc:
        out.append("swift-abi-version: " + doc["swift-version"])
    all_targets = flow(targets(doc.get("archs", "[]")))
    if "parent-umbrella" in doc:
        out += ["parent-umbrella:", "  - targets: " + all_targets, "    umbrella: " + doc["parent-umbrella"]]
    if "allowable-clients" in doc:
        out += ["allowable-clients:", "  - targets: " + all_targets, "    clients: " + doc["allowable-clients"]]
    reexports, exports, undefineds = [], [], []
    for section in doc.get("exports", []):
        section_targets = flow(targets(section.get("archs", "[]")))
        if "re-exports" in section:
            reexports += ["  - targets: " + section_targets, "    libraries: " + section["re-exports"]]
        body = [f"    {EXPORT_KEYS[key]}: {value}" for key, value in section.items() if key in EXPORT_KEYS]
        if body:
            exports += ["  - targets: " + section_targets] + body
    for section in doc.get("undefineds", []):
        body = [f"    {UNDEFINED_KEYS[key]}: {value}" for key, value in section.items() if key in UNDEFINED_KEYS]
        if body:
            undefineds += ["  - targets: " + flow(targets(section.get("archs", "[]")))] + body
    if reexports:
        out += ["reexported-libraries:"] + reexports
    if exports:
        out += ["exports:"] + exports
    if undefineds:
        out += ["undefineds:"] + undefineds
    return "\n".join(out) + "\n"


def make_sysroot(sdk, out):
    if os.path.exists(os.path.join(out, ".complete")):
        return
    converted = copied = 0
    for directory, subdirectories, files in os.walk(sdk, followlinks=True):
        relative = os.path.relpath(directory, sdk)
        # Headers, module maps and Swift modules are the compiler's, not the linker's.
        subdirectories[:] = [d for d in subdirectories
                             if d not in ("Headers", "PrivateHeaders", "Modules", "include", "share")
                             and not d.endswith(".swiftmodule")]
        for name in files:
            if not name.endswith(".tbd"):
                continue
            with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as file:
                text = file.read()
            target = os.path.join(out, relative, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if "!tapi-tbd-v3" in text.split("\n", 1)[0] or "\n--- !tapi-tbd-v3" in text:
                parts = []
                for doc in documents(text):
                    parts.append(convert_v3(doc) if "tapi-tbd-v3" in doc[0] else "\n".join(doc) + "\n")
                text = "".join(parts) + "...\n"
                converted += 1
            else:
                copied += 1
            with open(target, "w", encoding="utf-8") as file:
                file.write(text)
    with open(os.path.join(out, ".complete"), "w") as file:
        file.write(f"{converted} converted from tapi-tbd-v3, {copied} copied\n")
    print(f"apple-tbd: link sysroot of {os.path.basename(sdk)}: {converted} stubs converted from tapi-tbd-v3 to "
          f"version 4, {copied} copied", file=sys.stderr)


class Stubs:
    """The libraries' exports in a sysroot, by install name, read on demand."""

    def __init__(self, sysroot, target):
        self.sysroot, self.target, self.libraries, self.read = sysroot, target, {}, set()

    def candidates(self, install_name):
        path = install_name.lstrip("/")
        base = os.path.splitext(path)[0]
        yield os.path.join(self.sysroot, base + ".tbd")
        match = re.match(r"(.*/([^/]+)\.framework)/", path)
        if match:
            yield os.path.join(self.sysroot, match.group(1), match.group(2) + ".tbd")
            yield os.path.join(self.sysroot, match.group(1), "Versions/A", match.group(2) + ".tbd")

    def library(self, install_name):
        if install_name not in self.libraries:
            for candidate in self.candidates(install_name):
                if candidate in self.read or not os.path.exists(candidate):
                    continue
                self.read.add(candidate)
                with open(candidate, encoding="utf-8", errors="replace") as file:
                    for doc in documents(file.read()):
                        self.add(parse(doc))
                if install_name in self.libraries:
                    break
        return self.libraries.get(install_name)

    def add(self, doc):
        if "install-name" not in doc:
            return
        names, reexports = set(), []

        def applies(section):
            return self.target in items(section.get("targets", "[]"))

        # `reexports`: symbols of another library that this one exports as its own.
        for section in doc.get("exports", []) + doc.get("reexports", []):
            if not applies(section):
                continue
            names.update(items(section.get("symbols", "[]")))
            names.update(items(section.get("weak-symbols", "[]")))
            names.update(items(section.get("thread-local-symbols", "[]")))
            for cls in items(section.get("objc-classes", "[]")):
                names.update({"_OBJC_CLASS_$_" + cls, "_OBJC_METACLASS_$_" + cls})
            for ehtype in items(section.get("objc-eh-types", "[]")):
                names.add("_OBJC_EHTYPE_$_" + ehtype)
            for ivar in items(section.get("objc-ivars", "[]")):
                names.add("_OBJC_IVAR_$_" + ivar)
        for section in doc.get("reexported-libraries", []):
            if applies(section):
                reexports += items(section.get("libraries", "[]"))
        self.libraries[unquote(doc["install-name"])] = (names, reexports)

    def exports(self, install_name, symbol, seen=None):
        seen = seen or set()
        if install_name in seen:
            return False
        seen.add(install_name)
        library = self.library(install_name)
        if library is None:
            return False
        names, reexports = library
        return symbol in names or any(self.exports(reexport, symbol, seen) for reexport in reexports)


def check(app, sysroot, arch, platform):
    dylibs = subprocess.run(["llvm-objdump", "--macho", "--dylibs-used", app], check=True, capture_output=True,
                            text=True).stdout.splitlines()[1:]
    by_short_name = {}
    for line in dylibs:
        install_name = line.strip().split(" (compatibility")[0]
        base = os.path.basename(install_name)
        short = base.split(".")[0]
        by_short_name[short] = install_name
    undefined = subprocess.run(["llvm-nm", "-m", "-u", app], check=True, capture_output=True,
                               text=True).stdout.splitlines()
    stubs = Stubs(sysroot, f"{arch}-{platform}")
    missing, count, per_library = [], 0, {}
    for line in undefined:
        match = re.match(r"^\s*\(undefined\) (?:weak )?external (\S+) \(from ([^)]+)\)$", line)
        if not match:
            missing.append(f"{line.strip()} (not bound to a library)")
            continue
        symbol, short = match.groups()
        install_name = by_short_name.get(short)
        count += 1
        if install_name is None or not stubs.exports(install_name, symbol):
            missing.append(f"{symbol} (from {short}: {install_name or 'no such library'})")
        else:
            per_library[short] = per_library.get(short, 0) + 1
    if missing:
        print("apple-tbd: undefined symbols that no stub of the SDK exports:", file=sys.stderr)
        for line in missing[:40]:
            print("  " + line, file=sys.stderr)
        if len(missing) > 40:
            print(f"  … and {len(missing) - 40} more", file=sys.stderr)
        sys.exit(1)
    print(f"{count} undefined symbols, each exported by its library's stub in the SDK "
          f"({len(per_library)} libraries)")


def main(argv):
    if len(argv) == 4 and argv[1] == "sysroot":
        make_sysroot(argv[2], argv[3])
    elif len(argv) == 6 and argv[1] == "check":
        check(*argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
