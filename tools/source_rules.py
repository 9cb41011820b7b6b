#!/usr/bin/env python3
"""Rules over Sources/ read as text, which `make test` runs (docs/tests.md, "Source rules").

1. One fact, one place: each definition below is written in exactly the one file named, and every other file
   calls it — the stable hash (FNV-1a), the seeded generator (SplitMix64), the median and quantiles, the extraction
   yield and beverage estimate, the CSV cell quoting, a day to local midnight, the date options' reader, the trend
   chart and its bucket model; no summary grouped by week averages ratings or extraction yields of its own.
2. Package.swift declares every module a target imports, and docs/architecture.md's table of targets is Package.swift's
   graph: a row per target, with the targets of ours it imports and its level (one more than the highest level it
   imports, 0 for none), so the one direction of imports it states is true.
3. Comments cite the repository's own docs, not sections (§) of an outside document.
4. Library targets name no command-line flag: no string literal outside Sources/brewstats and Sources/brewstats-bench
   (and BrewMCP's tool descriptions) holds `--flag` (doc comments and comments may). A library's error carries a typed
   reason; the command line adds the flag where it words errors (Sources/brewstats/ErrorMessage.swift).
5. Lines wrap at 120 characters: no line of a *.swift, *.py, *.c or *.sh file under Sources/ or tools/ is longer.

Exit status 0 when every rule holds; 1 with one line per breach (file:line: what, where it belongs).
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources")

# (what, the one file that defines it (relative to Sources/), the patterns that betray a copy)
ONE_PLACE = [
    ("FNV-1a (the stable hash)", "BrewHashing/FNV1a.swift",
     [r"(?i)cbf2_?9ce4_?8422_?2325", r"(?i)0x0*_?0*100_?0000_?01b3\b"]),
    ("SplitMix64 (the seeded generator)", "BrewHashing/SplitMix64.swift",
     [r"(?i)94d0_?49bb_?1331_?11eb", r"(?i)bf58_?476d_?1ce4_?e5b9\b.*>>\s*27|\(z >> 30\)"]),
    # A median or quantile: no sort-then-middle median, no type-7 interpolation written again, and no sort followed by
    # a call of the sorted forms (the tail of quantile(_:_:) and median(_:) copied): call quantile, quantiles, median.
    ("a median or quantile (BrewStats' Quantile)", "BrewStats/Quantile.swift",
     [r"\[\s*\w+(\.count)?\s*/\s*2\s*-\s*1\s*\]", r"\[\s*mid\s*-\s*1\s*\]",
      r"sort(ed)?\(\)\s*\[\s*\w+(\.count)?\s*/\s*2\s*\]", r"\b(quantile|median)OfSorted\b",
      r"Double\(\s*\w+(\.count)?\s*-\s*1\s*\)\s*\*\s*(p|q|prob\w*)\b"]),
    ("the extraction yield or beverage estimate (BrewStats' DerivedColumns)",
     "BrewStats/DerivedColumns+Definitions.swift",
     [r"(?i)\btds\s*\*\s*(beverage|bm|mass)\w*\s*/\s*d(ose)?\b", r"(?i)\*\s*d(ose)?\s*/\s*(beverage|bm)\b",
      r"(?i)\bw(ater)?\w*\s*-\s*(2(\.0)?|r|retention\w*)\s*\*\s*(\$0|d\b|dose)",
      r"ey\s*/\s*\(\s*ratio\s*-\s*retention"]),
    ("RFC 4180 quoting of a CSV cell (BrewColumns' CSVField)", "BrewColumns/CSVField.swift",
     [r'replacingOccurrences\(of: "\\"", with: "\\"\\""\)']),
    ("a day to local midnight (BrewStats' LocalCalendar)", "BrewStats/LocalCalendar.swift",
     [r"DateComponents\(year: \w+\.year, month: \w+\.month, day: \w+\.day\)"]),
    # One trend chart: the rating and extraction trends of every bucket (a week's chart weeks, a period's days, weeks
    # or months) are one design fed one bucket type; no week-only or period-only twin comes back.
    ("a trend chart (BrewCharts' one trend design)", "BrewCharts/ChartKinds/TrendCharts.swift",
     [r"static func \w*[Tt]rend\w*\s*\(", r"\bstruct \w*(Week|Period|Dated)\w*Value\b"]),
    ("a per-bucket trend model (BrewStats' PeriodTrend)", "BrewStats/PeriodTrend.swift",
     [r"\bstruct \w*Trend\s*[:{]", r"\bfunc (period|weekly|week|bucket)\w*Trend\s*\("]),
    # One bar design: brews per bucket (a week's chart weeks, a period's days, weeks or months) drawn by one builder.
    ("the brews bars (BrewCharts' one bars-per-bucket design)", "BrewCharts/ChartKinds/BrewsPerBucketChart.swift",
     [r"public static func brewsPer\w*\s*\(", r"\bstruct Week\w*Count\b"]),
    ("a date option's reader (BrewColumns' Day(flag:))", "BrewColumns/Temporal.swift",
     [r"\.count\s*[!=]=\s*10\b.*(Day\(iso|Array\(text\))", r"Day\(iso: [^)]*\)\s*==\s*nil\s*\|\|"]),
]


# The one bucket model: a summary grouped by week reads the week's brews, mean rating and mean extraction yield from
# PeriodTrend by week; it never averages ratings or extraction yields over week groups of its own.
WEEK_GROUPS = re.compile(r"\bweek(Codes|Groups)\(from:")
WEEK_MEAN = re.compile(r"summarize\(\s*(\w+\.)?(rating|extractionYield)\b")


def week_means():
    breaches = []
    for rel, path in swift_files(SOURCES):
        with open(path, encoding="utf-8") as f:
            lines = [code(line) for line in f]
        if not any(WEEK_GROUPS.search(line) for line in lines):
            continue
        for n, line in enumerate(lines, 1):
            if WEEK_MEAN.search(line):
                breaches.append(f"Sources/{rel}:{n}: a per-week mean beside the one bucket model; read "
                                "BrewStats' PeriodTrend by week (Sources/BrewStats/PeriodTrend.swift)")
    return breaches


def swift_files(root):
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(dirpath, name)
                yield os.path.relpath(path, root), path


def code(line):
    """The line without a `//` comment (doc comments may state a definition; code may not restate it)."""
    stripped = line.lstrip()
    if stripped.startswith("//"):
        return ""
    return line


def one_place():
    breaches = []
    for rel, path in swift_files(SOURCES):
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        for what, home, patterns in ONE_PLACE:
            if rel == home:
                continue
            for n, line in enumerate(lines, 1):
                text = code(line)
                if any(re.search(p, text) for p in patterns):
                    breaches.append(f"Sources/{rel}:{n}: {what} is defined in Sources/{home}; call it")
    for what, home, _ in ONE_PLACE:
        if not os.path.exists(os.path.join(SOURCES, home)):
            breaches.append(f"Sources/{home}: missing, the one home of {what}")
    return breaches


SYSTEM_MODULES = {"Foundation", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest",
                  "FoundationEssentials", "PackageDescription", "CCairo", "CPNG"}
TARGET = re.compile(r'\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(.*?)swiftSettings', re.S)
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:public |internal |package )?"
                    r"import (?:(?:struct|enum|class|func|protocol) )?(\w+)")


def declared_imports():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as f:
        manifest = f.read()
    breaches = []
    for m in TARGET.finditer(manifest):
        name, body = m.group(1), m.group(2).split("path:")[0]
        deps = set(re.findall(r'"([A-Za-z][\w.-]*)"', body)) | set(re.findall(r'\.product\(name:\s*"([^"]+)"', body))
        folder = next((d for d in (os.path.join(ROOT, "Sources", name), os.path.join(ROOT, "Tests", name))
                       if os.path.isdir(d)), None)
        if folder is None:
            continue
        for rel, path in swift_files(folder):
            with open(path, encoding="utf-8") as f:
                in_literal = False  # inside a multi-line string literal (a script a test runs)
                for n, line in enumerate(f, 1):
                    if line.count('"""') % 2 == 1:
                        in_literal = not in_literal
                        continue
                    i = None if in_literal else IMPORT.match(line)
                    if i and i.group(1) not in deps | SYSTEM_MODULES | {name}:
                        shown = os.path.relpath(path, ROOT)
                        breaches.append(f"{shown}:{n}: imports {i.group(1)}, which Package.swift does not declare "
                                        f"for {name}")
    return breaches


SYSTEM_LIBRARY = re.compile(r'\.systemLibrary\(\s*name:\s*"([^"]+)"')
ARCHITECTURE_ROW = re.compile(r"^\| (\d+) \| ([\w-]+) \| .* \| ([^|]*) \|$")


def architecture_table():
    """docs/architecture.md's targets table against Package.swift's targets (tests and their support left out)."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as f:
        manifest = f.read()
    graph = {name: set() for name in SYSTEM_LIBRARY.findall(manifest)}
    for m in TARGET.finditer(manifest):
        name, body = m.group(1), m.group(2)
        if m.group(0).lstrip(".").startswith("testTarget") or 'path: "Tests' in body:
            continue
        graph[name] = set(re.findall(r'"([A-Za-z][\w.-]*)"', body.split("path:")[0]))
    for name in graph:
        graph[name] &= set(graph)
    levels = {}

    def level(name):
        if name not in levels:
            levels[name] = 1 + max((level(d) for d in graph[name]), default=-1)
        return levels[name]

    doc = os.path.join(ROOT, "docs", "architecture.md")
    rows = {}
    with open(doc, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = ARCHITECTURE_ROW.match(line.rstrip("\n"))
            if m:
                cell = m.group(3).strip()
                rows[m.group(2)] = (n, int(m.group(1)), set() if cell == "—" else {x.strip() for x in cell.split(",")})
    breaches = []
    for name in sorted(graph):
        if name not in rows:
            breaches.append(f"docs/architecture.md: no row for the target {name} (level {level(name)})")
            continue
        n, shown_level, shown = rows[name]
        if shown != graph[name]:
            breaches.append(f"docs/architecture.md:{n}: {name} imports {', '.join(sorted(graph[name])) or '—'} "
                            f"by Package.swift, not {', '.join(sorted(shown)) or '—'}")
        if shown_level != level(name):
            breaches.append(f"docs/architecture.md:{n}: {name} is at level {level(name)}, not {shown_level}")
    for name in sorted(set(rows) - set(graph)):
        breaches.append(f"docs/architecture.md:{rows[name][0]}: {name} is not a target of Package.swift")
    return breaches


def own_docs():
    """Comments cite the repository's own docs (docs/definitions.md, docs/formats.md), not a contract's sections."""
    breaches = []
    for rel, path in swift_files(SOURCES):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if "§" in line:
                    breaches.append(f"Sources/{rel}:{n}: cites a section (§) of a document the repository does not "
                                    "hold; cite docs/definitions.md or docs/formats.md")
    return breaches


# The targets that are the command line: they may name their flags. BrewMCP's tool descriptions name the command
# each tool mirrors (`the same object as brewstats dial-in --json`), for the assistant reading them: its errors still
# come from the libraries' typed reasons. A CSS custom property (`var(--fg)`, `--fg:`) is no flag.
COMMAND_LINE = {"brewstats", "brewstats-bench", "BrewMCP"}
FLAG = re.compile(r"(?<![\w-])(?<!var\()--[a-z][a-z0-9]*(?:-[a-z0-9]+)*\b(?![:\w-])")


def string_literals(line, in_literal):
    """The text of the string literals on `line` (a `//` comment outside a literal ends the line) and whether a
    multi-line literal is still open at its end. Interpolations are read as part of their literal."""
    out, i, n = [], 0, len(line)
    current = [] if in_literal else None
    while i < n:
        if current is None:
            if line.startswith("//", i):
                break
            if line.startswith('"""', i):
                current, in_literal = [], True
                i += 3
                continue
            if line[i] == '"':
                current = []
            i += 1
            continue
        if line[i] == "\\":
            current.append(line[i:i + 2])
            i += 2
            continue
        if in_literal and line.startswith('"""', i):
            out.append("".join(current))
            current, in_literal = None, False
            i += 3
            continue
        if not in_literal and line[i] == '"':
            out.append("".join(current))
            current = None
            i += 1
            continue
        current.append(line[i])
        i += 1
    if current is not None:
        out.append("".join(current))
    return out, in_literal


def no_flags():
    """Library targets name no command-line flag in a string (rule 4)."""
    breaches = []
    for rel, path in swift_files(SOURCES):
        if rel.split(os.sep)[0] in COMMAND_LINE:
            continue
        with open(path, encoding="utf-8") as f:
            in_literal = False
            for n, line in enumerate(f, 1):
                literals, in_literal = string_literals(line.rstrip("\n"), in_literal)
                for text in literals:
                    m = FLAG.search(text)
                    if m:
                        breaches.append(f"Sources/{rel}:{n}: a library names the flag {m.group(0)}; give the error a "
                                        "typed reason and let the command line name the flag (ErrorMessage)")
    return breaches


LINE_LIMIT = 120
WRAPPED = (".swift", ".py", ".c", ".sh")


def line_length():
    """No line under Sources/ or tools/ is longer than LINE_LIMIT characters (rule 5)."""
    breaches = []
    for top in ("Sources", "tools"):
        for dirpath, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith(WRAPPED):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        length = len(line.rstrip("\r\n"))
                        if length > LINE_LIMIT:
                            shown = os.path.relpath(path, ROOT)
                            breaches.append(f"{shown}:{n}: {length} characters; lines wrap at {LINE_LIMIT}")
    return breaches


def main():
    breaches = (one_place() + week_means() + declared_imports() + architecture_table() + own_docs() + no_flags()
                + line_length())
    for b in breaches:
        print(b)
    if breaches:
        print(f"{len(breaches)} source rule breaches", file=sys.stderr)
        return 1
    print("source rules: every definition in one place; every import declared; the architecture table true; "
          f"no flag named by a library; no line over {LINE_LIMIT} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
