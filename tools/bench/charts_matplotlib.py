"""Reference for the `charts` benchmark: brewstats' seven chart kinds drawn with matplotlib (Agg).

Usage: charts_matplotlib.py JOURNAL.csv OUTDIR [--formats png,svg,pdf] [--kinds k1,k2] [--tz ZONE]

Loads the journal's CSV export with pandas (timed: "load_seconds") and prepares each chart kind's series
(weekly window, LOESS curves, control-chart points …; timed per kind: "prepare"), then, per chart kind and
format, times creating the figure, drawing it and saving it. Prints one JSON line: {"seconds": total drawing
time, "charts": {kind: {format: seconds}}, "bytes": {kind: {format: file size}}, "load_seconds": s,
"prepare": {kind: seconds}}. Interpreter and import time are measured by the benchmark apart (a process that
only imports matplotlib.pyplot), so a process per chart and format costs start-up + load + prepare[kind] +
charts[kind][format].
"""
import argparse
import json
import os
import time

import numpy as np

import mpl_charts
from journal_frame import load_csv
from pandas_summaries import grind_rating


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("journal")
    ap.add_argument("out")
    ap.add_argument("--formats", default="png,svg,pdf")
    ap.add_argument("--kinds", default=",".join(mpl_charts.KINDS))
    ap.add_argument("--tz", default="UTC")
    a = ap.parse_args()
    formats = a.formats.split(",")
    kinds = a.kinds.split(",")
    t = time.perf_counter()
    j = load_csv(a.journal, a.tz)
    load_seconds = time.perf_counter() - t
    prepare, series = {}, {}
    for kind in kinds:
        t = time.perf_counter()
        points = grind_rating(j, keep_points=True)[1] if kind == "grind-rating" else {}
        series.update(mpl_charts.chart_series(j, points, grind_count=1, kinds=[kind]))
        prepare[kind] = time.perf_counter() - t
    os.makedirs(a.out, exist_ok=True)
    times, sizes, total = {}, {}, 0.0
    for kind in kinds:
        times[kind], sizes[kind] = {}, {}
        for fmt in formats:
            path = os.path.join(a.out, f"{kind}.{fmt}")
            rng = np.random.default_rng(0x6121D)
            t = time.perf_counter()
            fig = mpl_charts.draw(kind, series, rng)
            mpl_charts.save(fig, [path])
            dt = time.perf_counter() - t
            times[kind][fmt] = dt
            sizes[kind][fmt] = os.path.getsize(path)
            total += dt
    print(json.dumps({"seconds": total, "charts": times, "bytes": sizes, "load_seconds": load_seconds,
                      "prepare": prepare,
                      "points": {"grind-rating": int(len(series["grind"][0]["x"])) if series.get("grind") else 0}}))


if __name__ == "__main__":
    main()
