#!/usr/bin/env python3
"""Lists the public API of a built Swift module, one declaration a line, and compares it with a committed list.

    python3 .ci/public-api.py MODULE MODULES_DIR [--module-map FILE]... --expected FILE [--update]

It runs `swift api-digester -dump-sdk` on MODULES_DIR/MODULE.swiftmodule and lists every `public` declaration
(`package` ones are left out; underscored ones stay in: they are public too, only hidden from the docs). Exit 1 with
a diff when the list differs from FILE, so the public surface cannot grow (or shrink) by accident; `--update`
rewrites FILE instead, for a change that means it.
"""

import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile

DECLARATIONS = {"TypeDecl", "Function", "Constructor", "Var", "TypeAlias", "AssociatedType", "Subscript",
                "EnumElement", "Macro"}
CONTAINERS = {"Class", "Struct", "Enum", "Protocol", "Extension"}


def declarations(node, path, out):
    is_declaration = node.get("kind") in DECLARATIONS or node.get("declKind") == "Macro"
    if is_declaration and not node.get("isInternal"):
        name = node.get("printedName", node.get("name"))
        kind = node.get("declKind", node["kind"])
        spi = node.get("spi_group_names")
        line = f"{kind} {'.'.join(path + [name])}"
        if spi:
            line += f" @_spi({','.join(sorted(spi))})"
        out.add(line)
        if kind in CONTAINERS:
            path = path + [name]
    elif is_declaration:
        return  # a `package` declaration: neither it nor its members are public
    for child in node.get("children", []):
        declarations(child, path, out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("modules_dir")
    parser.add_argument("--module-map", action="append", default=[])
    parser.add_argument("--expected", required=True)
    parser.add_argument("--update", action="store_true")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as directory:
        dump = os.path.join(directory, "api.json")
        command = ["swift", "api-digester", "-dump-sdk", "-module", options.module, "-I", options.modules_dir,
                   "-o", dump, "-abort-on-module-fail"]
        for module_map in options.module_map:
            command += ["-Xcc", f"-fmodule-map-file={module_map}"]
        subprocess.run(command, check=True)
        with open(dump) as file:
            root = json.load(file)["ABIRoot"]

    found = set()
    declarations(root, [], found)
    lines = sorted(found)
    if not lines:
        sys.exit(f"error: no public declaration found in {options.module}: the dump is not what this script expects")

    if options.update:
        with open(options.expected, "w") as file:
            file.write("\n".join(lines) + "\n")
        print(f"public-api: wrote {len(lines)} declarations of {options.module} to {options.expected}")
        return
    with open(options.expected) as file:
        expected = file.read().splitlines()
    if expected != lines:
        sys.stdout.writelines(line + "\n" for line in
                              difflib.unified_diff(expected, lines, options.expected, "built module", lineterm=""))
        sys.exit(f"error: the public API of {options.module} changed. If that is intended, run\n"
                 f"  python3 .ci/public-api.py {options.module} {options.modules_dir} "
                 + "".join(f"--module-map {m} " for m in options.module_map)
                 + f"--expected {options.expected} --update\n"
                 "and commit the list with the change (and a CHANGELOG entry).")
    print(f"public-api: {options.module} has the {len(lines)} public declarations of {options.expected}")


if __name__ == "__main__":
    main()
