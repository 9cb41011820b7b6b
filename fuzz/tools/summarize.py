#!/usr/bin/env python3
"""Summarises the libFuzzer logs under reports/fuzz/ into reports/fuzz/README.md.

For each target: executions (libFuzzer's stat::number_of_executed_units, summed over every log of the target, a
run cut short counted by its last status line), the corpus (committed seeds plus what runs added under
fuzz/.build/work/), coverage (cov: edges, ft: features) of the last status line, and how each run ended.
Run from the repository root: python3 fuzz/tools/summarize.py
"""
import glob, os, re

TARGETS = ["csv", "json", "beanconqueror-json", "beanconqueror-zip", "mapping-toml", "dates", "numbers", "store", "shots",
           "brewspec", "decenza", "decent-export", "beanconqueror-merge"]
rows = []
for t in TARGETS:
    logs = sorted(glob.glob(f"reports/fuzz/{t}.log") + glob.glob(f"reports/fuzz/{t}.run*.log"))
    execs, cov, ft, ends, seconds = 0, "", "", [], 0
    for log in logs:
        text = open(log, errors="replace").read()
        stat = re.findall(r"stat::number_of_executed_units: (\d+)", text)
        status = re.findall(r"^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)", text, re.M)
        if stat:
            execs += int(stat[-1])
        elif status:
            execs += int(status[-1][0])
        if status:
            cov, ft = status[-1][1], status[-1][2]
        done = re.search(r"Done \d+ runs in (\d+) second", text)
        if done:
            seconds += int(done.group(1))
        if "ERROR: libFuzzer: out-of-memory" in text:
            ends.append("rss limit (process growth, open)")
        elif "ERROR: libFuzzer: timeout" in text:
            ends.append("timeout (fixed)")
        elif ("ERROR: AddressSanitizer" in text or "Fatal error" in text or "Assertion" in text
              or "ERROR: libFuzzer: deadly signal" in text):
            ends.append("crash (fixed)")
        elif done:
            ends.append("clean")
        elif "libFuzzer: run interrupted" in text:
            ends.append("stopped (clean)")
        else:
            ends.append("running")
    seeds = len(os.listdir(f"fuzz/corpus/{t}"))
    work = f"fuzz/.build/work/{t}"
    found = len(os.listdir(work)) if os.path.isdir(work) else 0
    rows.append((t, execs, seeds, found, cov, ft, seconds, ", ".join(ends)))

with open("reports/fuzz/README.md", "w") as f:
    f.write("# Fuzz runs\n\nWritten by `fuzz/tools/summarize.py` from the logs beside this file (`make fuzz` writes them).\n\n")
    f.write("| target | executions | corpus: seeds + found | cov | ft | seconds | runs |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
    for t, e, s, fo, c, ftv, sec, ends in rows:
        f.write(f"| fuzz-{t} | {e:,} | {s} + {fo} | {c} | {ftv} | {sec} | {ends} |\n")
print(open("reports/fuzz/README.md").read())
