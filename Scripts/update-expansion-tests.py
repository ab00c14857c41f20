#!/usr/bin/env python3
"""Writes the expansions recorded by the macro tests into their expected literals.

    MULTIPLEX_RECORD_EXPANSIONS=/tmp/expansions swift test --filter MultiplexMacrosPluginTests
    python3 Scripts/update-expansion-tests.py /tmp/expansions

Each recorded file is named `<kind>:<TestFile>.swift:<line>`: the line of an `assertExpansion(` call (kind
`expansion`: its `expandedSource:` literal gets the text) or of an `expansion.member(` call compared with a literal
that opens on the same line (kind `member`; other uses of `member` are left alone). The text is indented like the
literal's closing delimiter. For an intended change of the generated code only: review the diff.
"""
import os
import sys

directory = sys.argv[1]
tests = os.path.join(os.path.dirname(__file__), "..", "Tests", "MultiplexMacrosPluginTests")
records = {}
for name in os.listdir(directory):
    kind, file, line = name.rsplit(":", 2)
    records.setdefault(file, []).append((int(line), kind, open(os.path.join(directory, name)).read()))
changed = 0
for file, entries in records.items():
    path = os.path.join(tests, file)
    lines = open(path).read().split("\n")
    for line, kind, text in sorted(entries, reverse=True):
        index = line - 1
        if kind.startswith("member="):
            # `#line` inside `#expect(` is the line of `#expect(`: the call may be on one of the next lines.
            call = 'member("%s"' % kind[len("member="):]
            found = [
                i for i in range(index, min(index + 3, len(lines)))
                if lines[i].rstrip().endswith('"""') and call in lines[i]
            ]
            if not found:
                continue
            index = found[0]
        else:
            found = [i for i in range(index, min(index + 60, len(lines))) if 'expandedSource: """' in lines[i]]
            if not found:
                continue
            index = found[0]
        end = index + 1
        while not lines[end].lstrip().startswith('"""'):
            end += 1
        indentation = lines[end][: len(lines[end]) - len(lines[end].lstrip())]
        body = [indentation + row if row else "" for row in text.replace("\\", "\\\\").split("\n")]
        if lines[index + 1 : end] != body:
            lines[index + 1 : end] = body
            changed += 1
    open(path, "w").write("\n".join(lines))
print(f"{changed} literals updated")
