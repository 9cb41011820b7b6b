#!/usr/bin/env python3
"""Shares of a brewstats process's CPU samples by phase, from `perf script` output with call chains.

Usage: perf record -e cpu-clock -F 999 --call-graph dwarf -o perf.data -- brewstats report ...
       perf script -i perf.data --no-demangle -F comm,tid,ip,sym | python3 tools/bench/perf_phases.py

Each sample is charged to the innermost frame that belongs to one of brewstats' own modules (a Swift symbol
`$s<len><Module>…`); C libraries (cairo, libpng, zlib, SQLite, libm) are charged to the module that called them.
Samples with no brewstats frame (start-up, the runtime, the kernel) are "other". The phases:
advice (BrewAdvice), charts (BrewCharts, BrewCairo: layout and drawing of every chart, the bean pages' too),
pages (BrewReport, BrewPages: the report's pages, their tables and text, the writers), import (BrewImport,
BrewColumns, BrewOpen, BrewMerge, BrewNames, BrewShots), analysis (BrewStats), files (BrewFiles).
"""
import re
import sys
from collections import Counter

PHASE = {
    "BrewAdvice": "advice",
    "BrewCharts": "charts", "BrewCairo": "charts",
    "BrewReport": "pages", "BrewPages": "pages",
    "BrewImport": "import", "BrewColumns": "import", "BrewOpen": "import", "BrewMerge": "import",
    "BrewNames": "import", "BrewShots": "import",
    "BrewStats": "analysis", "BrewHashing": "analysis",
    "BrewFiles": "files",
}
MODULE = re.compile(r"\$s(\d+)(Brew[A-Za-z]+)")


def module_of(symbol):
    m = MODULE.search(symbol)
    if not m:
        return None
    length = int(m.group(1))
    return m.group(2)[:length] if length <= len(m.group(2)) else None


def main():
    counts = Counter()
    frames = []
    for line in list(sys.stdin) + [""]:
        if line.strip() == "":
            if frames:
                phase = "other"
                for symbol in frames[1:]:  # frames[0] is the sample's header line
                    module = module_of(symbol)
                    if module in PHASE:
                        phase = PHASE[module]
                        break
                counts[phase] += 1
            frames = []
            continue
        frames.append(line.strip().split()[-1] if not frames else line.strip().split(" ", 1)[-1])
    total = sum(counts.values())
    for phase, n in counts.most_common():
        print(f"{phase:10s} {100 * n / total:5.1f} %  ({n} samples)")
    print(f"{'total':10s} {total} samples")


if __name__ == "__main__":
    main()
