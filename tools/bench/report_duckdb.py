"""Reference for the `report` benchmark (b): the report's five summaries from the CSV export with DuckDB.

Usage: report_duckdb.py JOURNAL.csv OUTDIR [--tz ZONE]

The DuckDB counterpart of report_polars.py: reads the CSV export with DuckDB (all threads) and computes only the
five summaries brewstats' report writes, with the queries of summaries_ref.py (same derived columns, groupings and
statistics; journal-format §3–4), writing them as CSV. No charts, no HTML, no PDF. Unlike summaries_ref.py there is
no warm-up run: the benchmark times the whole process, start-up, CSV read and summaries, once.
"""
import argparse
from pathlib import Path

from summaries_ref import duckdb_load, duckdb_run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("journal")
    ap.add_argument("out")
    ap.add_argument("--tz", default="UTC")
    a = ap.parse_args()
    con = duckdb_load(a.journal)
    out = duckdb_run(con, a.tz)
    folder = Path(a.out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, body in out.items():
        (folder / f"{name}.csv").write_text(body, newline="")


if __name__ == "__main__":
    main()
