#!/usr/bin/env python3
"""Fails when a doc or a comment points at something that is not in the repository.

    python3 Scripts/check-references.py          # CI runs this; exit 1 and one line per broken reference

Checks, over the files git tracks:
  1. Markdown links to a relative path (`[Guarantees](Sources/Multiplex/Multiplex.docc/Guarantees.md)`) resolve,
     from the linking file's folder, to a tracked file or folder.
  2. Repository paths in backticks in Markdown prose and in the comments of Swift, shell and Python files
     (`Tests/MultiplexTests`, `Scripts/generated-files.sh`, `DESIGN.md`) name a tracked file or folder. A path
     counts as a repository path when it starts with a top-level folder of the repository or is a file at its
     root (`DESIGN.md` also without backticks). A path in a file of another package of the repository
     (`Benchmarks`, `Tests/PluginSample`) may be relative to that package. Fenced code blocks, placeholders
     (`<Name>`, `*`, `…`, `$VAR`, `X.Y`), paths under `.build` and lines about a client's package (OTHER_PACKAGES
     below) are left alone.
  3. The tests that `Guarantees.md` and `ThreadsActorsAndStreams.md` name exist where they say: `Suite.test()` is a test function of type `Suite`
     in `Tests/MultiplexTests`, `Target/Suite.test()` one in `Tests/Target`, `Suite` and `Target/Suite` a suite;
     in a table's "Test" column, a bare `test()` belongs to the suite named last before it in the same table.
  4. A section of the design notes cited by number (`DESIGN.md §5`) is a section of `DESIGN.md`.
  5. Each recipe's Swift file (`Scripts/recipes/<Name>.swift`, compiled against the SDK by Scripts/apple-check.sh)
     holds, verbatim, every Swift code block of its article (`Sources/Multiplex/Multiplex.docc/<Name>.md`).
Recorded benchmark results (`Benchmarks/Results`), the shape test's regressions and the CHANGELOG are records, not
docs: skipped.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)

tracked = subprocess.run(["git", "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")
tracked = [path for path in tracked if path]
tracked_set = set(tracked)
folders = {os.path.dirname(path) for path in tracked}
for folder in list(folders):
    while folder:
        folders.add(folder)
        folder = os.path.dirname(folder)
top_level = {path.split("/", 1)[0] for path in tracked if "/" in path}
root_files = {path for path in tracked if "/" not in path}

# Records, not docs: recorded benchmark output, the shape test's regressions, and the CHANGELOG (whose entries may
# name files that a later change removed).
SKIPPED_PREFIXES = ("Benchmarks/Results/", "Tests/ShapeRegressions/", "CHANGELOG.md")
# Folders of a client's package that docs show in examples (`--output Sources/App/…`).
OTHER_PACKAGES = ("Sources/App/", "Sources/App`")
package_roots = sorted((os.path.dirname(path) for path in tracked if path.endswith("/Package.swift")), key=len,
                       reverse=True)

errors = []


def exists(path, file):
    """Whether `path` is a tracked file or folder, from the repository's root or from the root of the package
    (`Benchmarks`, `Tests/PluginSample`…) that holds `file`."""
    candidates = [path]
    for root in package_roots:
        if file.startswith(root + "/"):
            candidates.append(os.path.join(root, path))
            break
    return any(os.path.normpath(c) in tracked_set or os.path.normpath(c) in folders for c in candidates)


def repository_path(token):
    """The token as a repository path, or None when it does not look like one."""
    token = token.strip().rstrip(".,:;)")
    token = re.sub(r"[:#].*$", "", token)  # `file.swift:12`, `File.md#Section`
    if not token or " " in token or re.search(r"(^|/)\.build", token):
        return None
    if any(mark in token for mark in ("<", ">", "*", "…", "$", "{", "X.Y", "...", "%", "(")):
        return None
    if token in root_files or re.fullmatch(r"[A-Z][A-Z_-]*\.md", token):
        return token
    if "/" in token and token.split("/", 1)[0] in top_level:
        return token
    return None


def check_path(file, line_number, line, token):
    path = repository_path(token)
    if path is None or exists(path, file) or any(other in line for other in OTHER_PACKAGES):
        return
    errors.append(f"{file}:{line_number}: `{token}` is not a file or folder of this repository")


def markdown_prose(text):
    """(line number, line) of each line outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def comments(file, text):
    """(line number, comment text) of each comment line of a Swift, shell or Python file."""
    marker = "//" if file.endswith(".swift") else "#"
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if stripped.startswith(marker) or stripped.startswith('"""') or stripped.startswith("///"):
            yield number, stripped
        elif marker in line and not file.endswith(".py"):
            yield number, line[line.index(marker):]


for file in tracked:
    if file.startswith(SKIPPED_PREFIXES) or not os.path.isfile(file):
        continue
    is_markdown = file.endswith(".md")
    is_code = file.endswith((".swift", ".sh", ".py")) or file in (".ci/run",)
    if not (is_markdown or is_code):
        continue
    with open(file, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    if text.startswith("// Generated by multiplex-generate"):
        continue
    lines = markdown_prose(text) if is_markdown else comments(file, text)
    for number, line in lines:
        line = re.sub(r"``[^`]+``", "", line)  # DocC symbol links: docc checks them
        if is_markdown:
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#") or target.startswith("doc:"):
                    continue
                path = os.path.join(os.path.dirname(file), target.split("#", 1)[0])
                if not exists(path, ""):
                    errors.append(f"{file}:{number}: link to `{target}`, which is not in the repository")
        for token in re.findall(r"`([^`\s]+)`", line) + re.findall(r"(?<![\w/`.-])([A-Z][A-Z_-]*\.md)\b", line):
            check_path(file, number, line, token)


# 3. The tests Guarantees.md names.
def test_functions(target, suite):
    """Names of the functions in the files of `Tests/<target>` that declare or extend `suite`."""
    names = set()
    found = False
    folder = os.path.join("Tests", target)
    for file in tracked:
        if not file.startswith(folder + "/") or not file.endswith(".swift"):
            continue
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
        if re.search(rf"\b(struct|class|enum|extension)\s+{suite}\b", text):
            found = True
            names.update(re.findall(r"\bfunc\s+`?(\w+)`?", text))
    return found, names


# The articles whose "| Rule | Test |" tables name tests.
ARTICLES_WITH_TESTS = ["Sources/Multiplex/Multiplex.docc/Guarantees.md",
                       "Sources/Multiplex/Multiplex.docc/ThreadsActorsAndStreams.md"]
TEST = re.compile(r"(?:(\w+)/)?(?:([A-Z]\w*Tests)\.)?([a-z]\w*)\(.*\)")
SUITE = re.compile(r"(?:(\w+)/)?([A-Z]\w*Tests)")
cache = {}


def check_test(number, target, suite, name):
    key = (target or "MultiplexTests", suite)
    if key not in cache:
        cache[key] = test_functions(*key)
    found, names = cache[key]
    if not found:
        errors.append(f"{guarantees}:{number}: no suite `{suite}` in `Tests/{key[0]}`")
    elif name and name not in names:
        errors.append(f"{guarantees}:{number}: no test `{name}()` in `{suite}` (`Tests/{key[0]}`)")


for guarantees in ARTICLES_WITH_TESTS:
    with open(guarantees, encoding="utf-8") as handle:
        text = handle.read()
    # In a table, the last cell of a row (the "Test" column) names tests only: the first with its suite, the others
    # bare when they belong to the suite named last before them in the table. In prose, only names with their suite
    # are tests.
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"``[^`]+``", "", line)  # DocC symbol links, not tests
        row = line.startswith("|") and not re.fullmatch(r"[|\s:-]+", line)
        cell = line.strip().strip("|").split("|")[-1] if row else line
        if not line.startswith("|"):
            current = None
        for token in re.findall(r"`([^`]+)`", cell):
            test, suite = TEST.fullmatch(token), SUITE.fullmatch(token)
            if suite and suite.group(1) != "Tests":
                current = (suite.group(1), suite.group(2))
                check_test(number, *current, None)
            elif test and test.group(2):
                current = (test.group(1), test.group(2))
                check_test(number, *current, test.group(3))
            elif test and row and cell.strip() != "Test":
                if current is None:
                    errors.append(f"{guarantees}:{number}: `{token}`: name the first test of a table with its suite")
                else:
                    check_test(number, *current, test.group(3))


# 4. Sections of the design notes cited by number (`DESIGN.md §5`) exist.
with open("DESIGN.md", encoding="utf-8") as handle:
    sections = set(re.findall(r"^## §(\d+)\b", handle.read(), re.MULTILINE))
for file in tracked:
    if file.startswith(SKIPPED_PREFIXES) or not file.endswith((".md", ".swift", ".sh", ".py")) and file != ".ci/run":
        continue
    if not os.path.isfile(file):
        continue
    with open(file, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            for name, section in re.findall(r"\b(DESIGN(?:\.md)?)(?:'s)? §(\d+)", line):
                if name != "DESIGN.md" or section not in sections:
                    errors.append(f"{file}:{number}: `{name} §{section}`: DESIGN.md has no section §{section}"
                                  if section not in sections else f"{file}:{number}: write `DESIGN.md §{section}`")


# 5. Each recipe's code (`Scripts/recipes/<Name>.swift`, which Scripts/apple-check.sh compiles against the SDK) is
# what its article (`Sources/Multiplex/Multiplex.docc/<Name>.md`) shows: every Swift code block of the article
# appears verbatim in the file, and the article has at least one.
RECIPES = "Scripts/recipes/"
CATALOG = "Sources/Multiplex/Multiplex.docc/"
for recipe in sorted(path for path in tracked if path.startswith(RECIPES) and path.endswith(".swift")):
    article = CATALOG + os.path.basename(recipe)[:-len(".swift")] + ".md"
    if article not in tracked_set:
        errors.append(f"{recipe}: no article `{article}` shows this recipe")
        continue
    with open(recipe, encoding="utf-8") as handle:
        code = handle.read()
    with open(article, encoding="utf-8") as handle:
        blocks = re.findall(r"^```swift\n(.*?)^```$", handle.read(), re.MULTILINE | re.DOTALL)
    if not blocks:
        errors.append(f"{article}: a recipe's article shows its code (`{recipe}`) in a ```swift block")
    for block in blocks:
        if block not in code:
            errors.append(f"{article}: a Swift code block (`{block.splitlines()[0]}`…) is not verbatim in `{recipe}`")


for error in errors:
    print(error)
if errors:
    print(f"{len(errors)} broken references")
    sys.exit(1)
print("references: every cited path and test exists")
