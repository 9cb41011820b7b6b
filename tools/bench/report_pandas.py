"""Reference for the `report` benchmark: the weekly report done with sqlite3 + pandas + matplotlib.

Usage: report_pandas.py JOURNAL OUTDIR [--tz ZONE] [--formats png,svg,pdf] [--grind-charts 4]

Does what `brewstats report JOURNAL --out OUTDIR --formats …` does, as a pandas user would: reads the store
read-only with sqlite3 into pandas (a .csv path: the CSV export), derives ratio / beverage mass / EY / local
weeks / days off roast (journal_frame), computes the five summaries (pandas_summaries) and writes them as CSV,
draws the same charts as brewstats' report (three weekly charts, the grind-vs-rating panels of the groups
with most brews, equipment usage, both control charts, rest vs rating) in every format, a multi-page
report.pdf of the charts, an index.html with the tables and charts, and summary.md. The benchmark times the
whole process (interpreter start-up and imports included).
"""
import argparse
import os

import numpy as np
from matplotlib.backends.backend_pdf import PdfPages

import mpl_charts
import pandas_summaries as S
from journal_frame import load_csv, load_store, week_label


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("journal")
    ap.add_argument("out")
    ap.add_argument("--tz", default="UTC")
    ap.add_argument("--formats", default="png,svg,pdf")
    ap.add_argument("--grind-charts", type=int, default=4)
    a = ap.parse_args()
    formats = a.formats.split(",")
    j = load_csv(a.journal, a.tz) if a.journal.endswith(".csv") else load_store(a.journal, a.tz)
    os.makedirs(a.out, exist_ok=True)

    usage = S.equipment_usage(j)
    weekly = S.weekly(j)
    methods = S.method_stats(j)
    grind, points = S.grind_rating(j, keep_points=True)
    week_summary, week = S.week_summary(j)
    tables = {"equipment_usage.csv": usage, "weekly.csv": weekly, "method_stats.csv": methods,
              "grind_rating.csv": grind, "week_summary.csv": week_summary}
    for name, df in tables.items():
        df.to_csv(os.path.join(a.out, name), index=False, float_format="%.15g")

    series = mpl_charts.chart_series(j, points, grind_count=a.grind_charts)
    charts = [("brews-per-week", {}), ("rating-trend", {}), ("extraction-trend", {})]
    charts += [(f"grind-rating-{i + 1}", {"kind": "grind-rating", "grind_index": i})
               for i in range(len(series["grind"]))]
    charts += [("equipment-usage", {}), ("control-chart", {}),
               ("control-chart-espresso", {"kind": "control-chart", "espresso": True}),
               ("rest-rating", {})]
    images = []
    with PdfPages(os.path.join(a.out, "report.pdf")) as pdf:
        for stem, spec in charts:
            kind = spec.get("kind", stem)
            fig = mpl_charts.draw(kind, series, np.random.default_rng(0x6121D), grind_index=spec.get("grind_index", 0),
                                  espresso=spec.get("espresso", False))
            pdf.savefig(fig)
            mpl_charts.save(fig, [os.path.join(a.out, f"{stem}.{f}") for f in formats])
            images.append(f"{stem}.svg" if "svg" in formats else f"{stem}.{formats[0]}")

    label = week_label(week) if week is not None else "no dated brews"
    with open(os.path.join(a.out, "index.html"), "w", encoding="utf-8") as f:
        f.write(f"<!doctype html><meta charset=utf-8><title>Brew report {label}</title><h1>Brew report {label}</h1>\n")
        for name, df in tables.items():
            f.write(f"<h2>{name}</h2>\n" + df.to_html(index=False, na_rep="") + "\n")
        for img in images:
            f.write(f'<figure><img src="{img}" alt="{img}"></figure>\n')
    with open(os.path.join(a.out, "summary.md"), "w", encoding="utf-8") as f:
        f.write(f"# Brew report {label}\n\n" + week_summary.to_markdown(index=False) + "\n"
                if _has_tabulate() else f"# Brew report {label}\n\n" + week_summary.to_csv(index=False))


def _has_tabulate():
    try:
        import tabulate  # noqa: F401
        return True
    except ImportError:
        return False


if __name__ == "__main__":
    main()
