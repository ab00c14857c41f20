"""The package's debug build as the test uses it (Tools: swiftc's flags with the macro plugin,
`multiplex-generate`, the runtime's object files), running a command, and the main file of a drive executable.
"""

import os
import subprocess
import sys


def main_source(names):
    table = "\n".join('  ("%s", drive_%s),' % (n, n) for n in names)
    return """\
import Foundation

let drives: [(String, () async -> [String])] = [
%s
]
let only = Set(CommandLine.arguments.dropFirst())
func say(_ line: String) { FileHandle.standardError.write(Data((line + "\\n").utf8)) }
for (name, drive) in drives where only.isEmpty || only.contains(name) {
  say("START \\(name)")
  for failure in await drive() { say("FAIL \\(name): \\(failure)") }
  say("DONE \\(name)")
}
""" % table


class Tools:
    def __init__(self, bin_path):
        self.bin = bin_path
        self.modules = os.path.join(bin_path, "Modules")
        if not os.path.isdir(self.modules):
            self.modules = bin_path
        plugin = None
        for candidate in ("MultiplexMacrosPlugin-tool", "MultiplexMacrosPlugin"):
            path = os.path.join(bin_path, candidate)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                plugin = path
                break
        self.generate = os.path.join(bin_path, "multiplex-generate")
        missing = [p for p in (plugin, self.generate) if not p or not os.path.exists(p)]
        if missing or not os.path.isdir(os.path.join(bin_path, "Multiplex.build")):
            sys.exit("shape-test: build the package first (swift build --product multiplex-generate; swift build "
                     "--target MultiplexMacros); nothing usable in " + bin_path)
        self.plugin = plugin
        self.objects = []
        for target in ("Multiplex", "_MultiplexShims"):
            folder = os.path.join(bin_path, target + ".build")
            self.objects += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".o"))
        self.module_map = os.path.join(bin_path, "_MultiplexShims.build", "module.modulemap")

    def swiftc(self):
        flags = ["swiftc", "-continue-building-after-errors", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
                 "-enable-upcoming-feature", "MemberImportVisibility", "-I", self.modules,
                 "-load-plugin-executable", self.plugin + "#MultiplexMacrosPlugin"]
        if os.path.exists(self.module_map):
            flags += ["-Xcc", "-fmodule-map-file=" + self.module_map]
        return flags


def run(command, cwd=None, timeout=1800):
    process = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=timeout)
    return process.returncode, process.stdout
