#!/usr/bin/env python3
"""Generates the BrewStats fixture journals and their expected outputs into Tests/Fixtures/stats/.

One command regenerates everything (inputs are seeded, so the output is reproducible):

    python3 -m venv .venv && .venv/bin/pip install numpy scipy pandas statsmodels
    .venv/bin/python tools/reference/make_fixtures.py

Each case is a folder with journal.csv (the app's CSV export format, §2b) or, for `sample_store`, a case.json
that names the bundled Core Data store instead; case.json (time zone and report week); and the expected
outputs that reference.py computes.
"""
import csv
import datetime as dt
import json
import shutil
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import reference  # noqa: E402

ROOT = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "stats"
HEADER = ["brew_id", "brewed_at", "method", "method_category", "grinder", "grind_setting", "bean", "roaster", "origin",
          "roast_date", "roast_level", "dose_g", "water_g", "yield_g", "brew_time_s", "water_temp_c", "tds_pct",
          "rating", "acidity", "body", "sweetness", "flavor_tags", "notes"]
BERLIN = ZoneInfo("Europe/Berlin")


def stamp(local, zone=BERLIN):
    """ISO 8601 with the zone's offset at that local time (fold=0 picks the first of an ambiguous hour)."""
    return local.replace(tzinfo=zone).isoformat()


def fmt(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(round(v, 4))
    return str(v)


def brew(i, when, method, cat, grinder=None, grind=None, bean=None, roaster=None, roast=None, dose=None, water=None,
         yld=None, time=None, tds=None, rating=None, notes=""):
    return {"brew_id": f"b{i:04d}", "brewed_at": when, "method": method, "method_category": cat,
            "grinder": grinder, "grind_setting": grind, "bean": bean, "roaster": roaster, "origin": "",
            "roast_date": roast, "roast_level": "", "dose_g": dose, "water_g": water, "yield_g": yld,
            "brew_time_s": time, "water_temp_c": 93.0, "tds_pct": tds, "rating": rating, "acidity": "",
            "body": "", "sweetness": "", "flavor_tags": "", "notes": notes}


def write_case(name, brews, timezone="Europe/Berlin", report_week=None):
    d = ROOT / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    with open(d / "journal.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        for b in brews:
            w.writerow([fmt(b.get(h)) for h in HEADER])
    (d / "case.json").write_text(json.dumps({"timezone": timezone, "report_week": report_week}, indent=2) + "\n")
    reference.run(d)


def write_store_case(name, store, timezone="Europe/Berlin", report_week=None):
    """A case over a Core Data store of the repository (path relative to its root), read by the reference itself."""
    d = ROOT / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    (d / "case.json").write_text(json.dumps({"timezone": timezone, "report_week": report_week, "store": store},
                                            indent=2) + "\n")
    reference.run(d)


def edge_cases():
    b = []
    i = iter(range(1, 1000))
    V60, ESP, FP = ("V60", "pour_over"), ("Espresso", "espresso"), ("French Press", "immersion")
    # DST spring forward in Berlin (2026-03-29 02:00 → 03:00): evening before, early morning, and after.
    b.append(brew(next(i), stamp(dt.datetime(2026, 3, 28, 23, 30)), *V60, "Comandante", 22, "Kochere", "Tim Wendelboe",
                  "2026-03-10", 15, 250, None, 165, 1.38, 4.0))
    b.append(brew(next(i), stamp(dt.datetime(2026, 3, 29, 1, 30)), *V60, "Comandante", 24, "Kochere", "Tim Wendelboe",
                  "2026-03-10", 15, 250, None, 170, 1.30, 4.5))
    b.append(brew(next(i), stamp(dt.datetime(2026, 3, 29, 3, 30)), *ESP, "Comandante", 8, "Kochere", "Tim Wendelboe",
                  "2026-03-10", 18, None, 36, 28, 9.5, 4.5))
    # Monday after (new ISO week) at 00:10 local = Sunday 22:10 UTC.
    b.append(brew(next(i), stamp(dt.datetime(2026, 3, 30, 0, 10)), *ESP, "Comandante", 9, "Kochere", "Tim Wendelboe",
                  "2026-03-10", 18, None, 40, 30, 10.2, 3.5))
    # DST fall back (2026-10-25 03:00 → 02:00): both 02:30s, with explicit offsets.
    b.append(brew(next(i), "2026-10-25T02:30:00+02:00", *FP, "Niche Zero", 30, "Gesha", "Onyx", "2026-10-01",
                  20, 320, None, 240, 1.25, 3.0))
    b.append(brew(next(i), "2026-10-25T02:30:00+01:00", *FP, "Niche Zero", 30, "Gesha", "Onyx", "2026-10-01",
                  20, 320, 280, 240, 1.25, 3.0))
    # Sunday 2026-10-25 23:30 local is still week 43; after a gap of empty weeks, ISO week 53 of 2026.
    b.append(brew(next(i), stamp(dt.datetime(2026, 10, 25, 23, 30)), *FP, "Niche Zero", 30, "Gesha", "Onyx",
                  "2026-10-01", 20, 320, None, 240, 1.20, 3.0))
    # Zero dose (ratio, EY undefined), missing water, implausible EY (way over 35 %), negative EY.
    b.append(brew(next(i), stamp(dt.datetime(2026, 11, 3, 8, 0)), *V60, "Comandante", 22, "Gesha", "Onyx",
                  "2026-10-01", 0, 250, None, 180, 1.35, 4.0))
    b.append(brew(next(i), stamp(dt.datetime(2026, 11, 4, 8, 0)), *V60, "Comandante", 23, "Gesha", "Onyx",
                  "2026-10-01", 15, None, None, 180, 1.35, 4.0))
    b.append(brew(next(i), stamp(dt.datetime(2026, 11, 5, 8, 0)), *V60, "Comandante", 21, "Gesha", "Onyx",
                  "2026-10-01", 15, 250, None, 180, 4.0, 2.0))
    b.append(brew(next(i), stamp(dt.datetime(2026, 11, 6, 8, 0)), *V60, "Comandante", 20, "Gesha", "Onyx",
                  "2026-10-01", 15, 20, None, 180, 1.3, 2.5))
    # Identical grind settings with ties in rating (Niche Zero × French Press is all setting 30 above and here).
    for day in (7, 8):
        b.append(brew(next(i), stamp(dt.datetime(2026, 11, day, 9, 0)), *FP, "Niche Zero", 30, "Gesha", "Onyx",
                      "2026-10-01", 20, 320, None, 240, None, 3.0))
    # ISO week 53 (2026-12-28 .. 2027-01-03) and the year end around it.
    for k, (y, m, dd, h) in enumerate([(2026, 12, 27, 12), (2026, 12, 28, 7), (2026, 12, 31, 23), (2027, 1, 1, 0),
                                       (2027, 1, 3, 23), (2027, 1, 4, 6)]):
        b.append(brew(next(i), stamp(dt.datetime(y, m, dd, h, 15)), *V60, "Comandante", 20 + k % 3, "Kochere Dec",
                      "Tim Wendelboe", "2026-12-01", 15, 250, None, 170, 1.25 + 0.02 * k, 3.5 + 0.5 * (k % 3)))
    # Ties in the best brew of the report week (2027-W01): same rating, earlier one wins.
    b.append(brew(next(i), stamp(dt.datetime(2027, 1, 5, 6, 0)), *ESP, "Comandante", 9, "Kochere Dec", "Tim Wendelboe",
                  "2026-12-01", 18, None, 38, 29, 9.8, 5.0))
    b.append(brew(next(i), stamp(dt.datetime(2027, 1, 6, 6, 0)), *V60, "Comandante", 22, "Kochere Dec", "Tim Wendelboe",
                  "2026-12-01", 15, 250, None, 160, 1.31, 5.0))
    # A brew whose names would be spreadsheet formulas, and one without a date.
    b.append(brew(next(i), stamp(dt.datetime(2027, 1, 4, 9, 0)), "=Moka", "other", "-Hand grinder", 12, "@Bean",
                  "+Roaster", "2026-12-01", 14, 120, 90, 200, 3.0, 3.5))
    b.append(brew(next(i), "", *V60, "Comandante", 25, "Kochere Dec", "Tim Wendelboe", "2026-12-01", 15, 250, None, 170,
                  1.3, 4.0))
    return b


def random_journal(seed, n):
    rng = np.random.default_rng(seed)
    methods = [("V60", "pour_over"), ("Espresso", "espresso"), ("Aeropress", "immersion"), ("Kalita Wave", "pour_over"),
               ("Moka pot", "other")]
    grinders = [("Comandante", 28), ("Niche Zero", 18), ("1Zpresso K-Ultra", 60)]
    beans = [("Kochere", "Tim Wendelboe"), ("Gesha Village", "Onyx"), ("Halo Beriti", "Square Mile"),
             ("Kochere", "Square Mile"), ("La Esperanza", "Onyx")]
    roast = [dt.date(2026, 1, 5) + dt.timedelta(days=int(d)) for d in rng.integers(0, 300, size=len(beans))]
    start = dt.datetime(2026, 1, 1, 6, 0)
    out = []
    for i in range(n):
        when = start + dt.timedelta(minutes=int(rng.integers(0, 365 * 24 * 60)))
        if dt.date(2026, 8, 3) <= when.date() <= dt.date(2026, 8, 23):   # holidays: empty weeks
            when += dt.timedelta(days=28)
        m = methods[int(rng.choice(len(methods), p=[0.35, 0.3, 0.15, 0.15, 0.05]))]
        g = grinders[int(rng.choice(len(grinders), p=[0.5, 0.3, 0.2]))]
        bi = int(rng.integers(0, len(beans)))
        esp = m[1] == "espresso"
        dose = round(float(rng.normal(18 if esp else 15, 1)), 1)
        grind = float(rng.integers(max(1, g[1] // 3), g[1])) if rng.random() > 0.05 else None
        water = None if esp else round(float(rng.normal(250, 20)), 0)
        yld = (round(float(rng.normal(38, 4)), 1) if esp
               else (round(float(rng.normal(215, 10)), 1) if rng.random() < 0.2 else None))
        tds = ((round(float(rng.normal(9.5, 1.2)), 2) if esp else round(float(rng.normal(1.3, 0.08)), 2))
               if rng.random() < 0.6 else None)
        sweet = g[1] * 0.55
        rating = None
        if rng.random() > 0.1 and grind is not None:
            r = 4.5 - 0.02 * (grind - sweet) ** 2 + rng.normal(0, 0.4)
            rating = float(min(5.0, max(0.0, round(r * 2) / 2)))
        elif rng.random() > 0.5:
            rating = float(rng.integers(0, 11)) / 2
        if rng.random() < 0.01:
            tds = 9.0  # filter with espresso TDS → implausible EY
        out.append(brew(i + 1, stamp(when), *m, g[0], grind, beans[bi][0], beans[bi][1], roast[bi].isoformat(), dose,
                        water, yld, round(float(rng.normal(30 if esp else 180, 10)), 0), tds, rating))
    out.sort(key=lambda b: b["brewed_at"])
    for k, b in enumerate(out):
        b["brew_id"] = f"r{k + 1:05d}"
    return out


def main():
    ROOT.mkdir(parents=True, exist_ok=True)
    write_case("empty", [])
    write_case("one_brew", [brew(1, "2026-11-16T07:42:00+01:00", "V60", "pour_over", "Comandante", 22, "Kochere",
                                 "Tim Wendelboe", "2026-11-02", 15, 250, None, 165, 1.38, 4.0)])
    write_case("no_ratings", [brew(k, stamp(dt.datetime(2026, 5, 1 + k, 8, 0)), "Espresso", "espresso", "Niche Zero",
                                   10 + k % 3, "Gesha", "Onyx", "2026-04-20", 18, None, 36 + k, 28, 9 + 0.1 * k, None)
                              for k in range(1, 10)])
    write_case("edge", edge_cases(), report_week="2027-W01")
    write_case("random", random_journal(20261116, 1500))
    write_case("random_utc", random_journal(7, 400), timezone="UTC")
    # The bundled sample journal's store: what `make report` summarises (zero-brew equipment, stale cached
    # counters, repurchased bags with the same name and roaster).
    write_store_case("sample_store", "sample-data/journal.sqlite")


if __name__ == "__main__":
    main()
