#!/usr/bin/env python3
"""Independent reference implementation of the BrewStats summaries (journal-format §3 and §4).

Reads a journal in the app's CSV export format (§2b; plain fixture subset: `.` decimals, no units,
`brewed_at` ISO 8601 with offset) and writes the five summaries, the per-brew derived columns and the
LOESS curves with full precision (`repr` floats) — the expected outputs BrewStats' tests compare against.
The expected values stay unrounded and timestamps stay in UTC: the tests compare brewstats' cells, rounded to
each column's precision and written as local times with their offset, against these at that precision.

It is written with pandas / numpy / scipy / statsmodels on purpose: nothing here shares code or
algorithms with the Swift implementation beyond the definitions of the contract.

Usage:  python3 tools/reference/reference.py CASE_DIR
        (CASE_DIR holds journal.csv and case.json: {"timezone": "...", "report_week": "YYYY-Www" | null})
Setup:  python3 -m venv .venv && .venv/bin/pip install numpy scipy pandas statsmodels
"""
import csv
import datetime as dt
import json
import math
import sqlite3
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import scipy.stats as st
from statsmodels.nonparametric.smoothers_lowess import lowess

RETENTION = 2.0
PLAUSIBLE = (0.0, 35.0)
FILTER_BOX = ((18.0, 22.0), (1.15, 1.35))
ESPRESSO_BOX = ((18.0, 22.0), (8.0, 12.0))
MIN_PER_BEAN = 8
LOESS_FRAC, LOESS_IT, LOESS_DELTA = 2.0 / 3.0, 3, 0.01


# ---------------------------------------------------------------- formatting
def num(v):
    if v is None:
        return ""
    v = float(v)
    if not math.isfinite(v):
        return ""
    return repr(v)


def integer(v):
    return "" if v is None else str(int(v))


def neutral(s):
    if s is None:
        return ""
    return "'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s


def short(v):
    """The Swift side's short number format, used inside text cells (best_brew)."""
    s = repr(float(v))
    return s[:-2] if s.endswith(".0") else s


def iso_utc(ts):
    if ts is None or pd.isna(ts):
        return ""
    ts = ts.tz_convert("UTC")
    out = ts.strftime("%Y-%m-%dT%H:%M:%S")
    if ts.microsecond:
        out += ".%06d" % ts.microsecond
    return out + "Z"


def write_csv(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\r\n")
        w.writerow(header)
        w.writerows(rows)


# ---------------------------------------------------------------- loading and derived columns
def objects(values, index):
    """A column of Python objects with None for missing (pandas 3 would turn None in a str column into NaN)."""
    return pd.Series(list(values), index=index, dtype=object)


def bean_labels(keys, names, roasters, roast_dates):
    """journal-format §4 identity → display label (the rule BrewStats documents in BeanLabels): the name; where
    names collide, `name (roaster)`; then `name (roaster, roasted DATE)`; then ` #k` in journal order."""
    labels = list(names)

    def refine(f):
        counts = pd.Series(labels).value_counts() if labels else {}
        shared = [i for i, l in enumerate(labels) if counts[l] > 1]
        new = {i: f(i) for i in shared}
        for i, l in new.items():
            labels[i] = l

    refine(lambda i: "%s (%s)" % (names[i], roasters[i] or "no roaster"))
    refine(lambda i: labels[i] if roast_dates[i] is None
           else labels[i][:-1] + ", roasted %s)" % roast_dates[i].isoformat())
    total = pd.Series(labels).value_counts() if labels else {}
    seen = {}
    for i, l in enumerate(labels):
        if total[l] > 1:
            seen[l] = seen.get(l, 0) + 1
            labels[i] = "%s #%d" % (l, seen[l])
    return dict(zip(keys, labels))


def load(case_dir):
    """The case's journal as one row per brew, plus its equipment lists.

    A case reads either `journal.csv` in its folder (the CSV export; entities identified as §4 says: methods
    and grinders by name, beans by roaster + name) or, when case.json names a `store`, that Core Data store
    (§2a) through Python's sqlite3, read-only (entities identified by Z_PK, equipment with zero brews and the
    cached brew counts included)."""
    case = json.loads((case_dir / "case.json").read_text())
    tz = case["timezone"]
    if case.get("store"):
        df, equipment = load_store(Path(__file__).resolve().parents[2] / case["store"])
    else:
        df, equipment = load_csv(case_dir / "journal.csv")
    local = df["instant"].dt.tz_convert(tz)
    df["local_date"] = objects((None if pd.isna(t) else t.date() for t in local), df.index)
    df["is_espresso"] = df["method_category"].fillna("other").str.lower() == "espresso"
    return case, df, equipment


def load_csv(path):
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    for c in ["dose_g", "water_g", "yield_g", "brew_time_s", "water_temp_c", "tds_pct", "rating", "grind_setting"]:
        df[c] = pd.to_numeric(df[c].replace("", np.nan), errors="coerce").astype(float)
    for c in ["method", "grinder", "bean", "roaster", "method_category", "brew_id"]:
        df[c] = objects((None if v == "" else v for v in df[c]), df.index)
    # Instants: parse each with its own offset, then to UTC.
    df["instant"] = pd.to_datetime(df["brewed_at"].replace("", None), utc=True, format="ISO8601")
    df["roast"] = objects((None if not s else dt.date.fromisoformat(s) for s in df["roast_date"]), df.index)
    df["method_key"], df["grinder_key"] = df["method"], df["grinder"]
    df["bean_key"] = objects((None if b is None else (r or "", b) for r, b in zip(df["roaster"], df["bean"])), df.index)
    keys = first_seen(df["bean_key"])
    roast = {}
    for k, d in zip(df["bean_key"], df["roast"]):
        if k is not None and k not in roast:
            roast[k] = d
    # In a CSV a bean is roaster + name, so two beans can only share a name across roasters.
    labels = bean_labels(keys, [k[1] for k in keys], [k[0] for k in keys], [None for k in keys])
    df["bean_label"] = objects((None if k is None else labels[k] for k in df["bean_key"]), df.index)
    equipment = {}
    for kind in ["method", "grinder"]:
        equipment[kind] = []
        for name in first_seen(df[kind]):
            cats = df.loc[df[kind] == name, "method_category"].dropna()
            equipment[kind].append((name, name, cats.iloc[0] if len(cats) else None, None))
    equipment["bean"] = keys  # bean keys in journal order
    return df, equipment


APPLE_EPOCH = dt.datetime(2001, 1, 1, tzinfo=dt.timezone.utc)


def apple_instant(v):
    return None if v is None else APPLE_EPOCH + dt.timedelta(seconds=float(v))


def uuid_text(blob):
    if blob is None:
        return None
    h = blob.hex().upper()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:]) if len(blob) == 16 else h


def load_store(path):
    con = sqlite3.connect("file:%s?mode=ro&immutable=1" % path, uri=True)
    entities = {n for (n,) in con.execute("select Z_NAME from Z_PRIMARYKEY")}
    assert {"BrewLog", "BrewMethod", "Grinder", "CoffeeBean"} <= entities, entities
    q = lambda sql: con.execute(sql).fetchall()
    methods = q("select Z_PK, ZNAME, ZCATEGORYRAWVALUE, ZBREWCOUNT from ZBREWMETHOD order by Z_PK")
    grinders = q("select Z_PK, ZNAME, ZBREWCOUNT from ZGRINDER order by Z_PK")
    beans = q("select Z_PK, ZNAME, ZROASTER, ZROASTDATE from ZCOFFEEBEAN order by Z_PK")
    brews = q("select ZID, ZBREWDATE, ZMETHOD, ZGRINDER, ZBEAN, ZDOSEGRAMS, ZWATERGRAMS, ZYIELDGRAMS, ZBREWTIMESECONDS,"
              " ZWATERTEMPERATURE, ZTDS, ZRATING, ZGRINDSETTING from ZBREWLOG order by Z_PK")
    con.close()
    method = {pk: (name or "Unnamed method", (cat or "other").lower()) for pk, name, cat, _ in methods}
    grinder = {pk: name or "Unnamed grinder" for pk, name, _ in grinders}
    # A roast date is the UTC day of ZROASTDATE (the app stores noon UTC of the roast day).
    bean = {pk: (name or "Unnamed bean", roaster, None if rd is None else apple_instant(rd).date())
            for pk, name, roaster, rd in beans}
    labels = bean_labels([b[0] for b in beans], [bean[b[0]][0] for b in beans], [bean[b[0]][1] for b in beans],
                         [bean[b[0]][2] for b in beans])
    rows = []
    for (bid, when, m, g, b, dose, water, yld, time, temp, tds, rating, grind) in brews:
        m = m if m in method else None
        g = g if g in grinder else None
        b = b if b in bean else None
        rows.append({
            "brew_id": None if bid is None else uuid_text(bid),
            "instant": apple_instant(when),
            "method_key": m, "method": None if m is None else method[m][0],
            "method_category": None if m is None else method[m][1],
            "grinder_key": g, "grinder": None if g is None else grinder[g],
            "bean_key": b, "bean": None if b is None else bean[b][0], "roaster": None if b is None else bean[b][1],
            "bean_label": None if b is None else labels[b], "roast": None if b is None else bean[b][2],
            "dose_g": dose, "water_g": water, "yield_g": yld, "brew_time_s": time, "water_temp_c": temp,
            "tds_pct": tds, "rating": rating, "grind_setting": grind,
        })
    df = pd.DataFrame(rows)
    for c in ["dose_g", "water_g", "yield_g", "brew_time_s", "water_temp_c", "tds_pct", "rating", "grind_setting"]:
        df[c] = pd.to_numeric(df[c], errors="coerce").astype(float)
    for c in ["brew_id", "method_key", "method", "method_category", "grinder_key", "grinder", "bean_key", "bean",
              "roaster", "bean_label", "roast"]:
        df[c] = objects((r[c] for r in rows), df.index)  # from the rows: ints and None, not floats and NaN
    df["instant"] = pd.to_datetime(df["instant"], utc=True)
    equipment = {
        "method": [(pk, method[pk][0], method[pk][1], count) for pk, _, _, count in methods],
        "grinder": [(pk, grinder[pk], None, count) for pk, _, count in grinders],
        "bean": [b[0] for b in beans],  # bean keys (Z_PK) in journal order
    }
    return df, equipment


def derive(df):
    ratio, mass, ey, implaus, zone = [], [], [], [], []
    for _, r in df.iterrows():
        dose, water, yld, tds, esp = r.dose_g, r.water_g, r.yield_g, r.tds_pct, r.is_espresso
        other = yld if esp else water
        ratio.append(other / dose if (not np.isnan(dose) and dose > 0 and not np.isnan(other)) else np.nan)
        if not np.isnan(yld):
            bm = yld
        elif not esp and not np.isnan(water) and not np.isnan(dose):
            bm = water - RETENTION * dose
        else:
            bm = np.nan
        mass.append(bm)
        e = np.nan
        bad = 0
        z = ""
        if not np.isnan(bm) and not np.isnan(dose) and dose > 0 and not np.isnan(tds):
            e = tds * bm / dose
            if not (PLAUSIBLE[0] <= e <= PLAUSIBLE[1]):
                e, bad = np.nan, 1
            else:
                (elo, ehi), (slo, shi) = ESPRESSO_BOX if esp else FILTER_BOX
                eb = "under" if e < elo else ("over" if e > ehi else "ideal")
                sb = "weak" if tds < slo else ("strong" if tds > shi else "ideal")
                z = f"{eb}/{sb}"
        ey.append(e)
        implaus.append(bad)
        zone.append(z)
    df["ratio"], df["mass"], df["ey"], df["implausible"], df["zone"] = ratio, mass, ey, implaus, zone
    df["esp_ratio"] = df["ratio"].where(df["is_espresso"])
    df["fil_ratio"] = df["ratio"].where(~df["is_espresso"])
    df["days_off_roast"] = [
        np.nan if (d is None or rd is None) else float((d - rd).days) for d, rd in zip(df["local_date"], df["roast"])
    ]
    df["week"] = [None if d is None else "%04d-W%02d" % d.isocalendar()[:2] for d in df["local_date"]]
    df["monday"] = [None if d is None else d - dt.timedelta(days=d.weekday()) for d in df["local_date"]]
    return df


def mean(s):
    s = s.dropna()
    return None if len(s) == 0 else float(s.mean())


def med(s):
    s = s.dropna()
    return None if len(s) == 0 else float(np.median(s.to_numpy()))


def q(s, p):
    s = s.dropna()
    return None if len(s) == 0 else float(np.quantile(s.to_numpy(), p))


def first_seen(values):
    out = []
    for v in values:
        if v is not None and v not in out:
            out.append(v)
    return out


# ---------------------------------------------------------------- summaries
def equipment_usage(df, equipment):
    rows = []
    total = len(df)
    for kind in ["method", "grinder"]:
        block = []
        for key, name, _, cached in equipment[kind]:
            g = df[df[kind + "_key"] == key]
            inst = g["instant"].dropna()
            block.append([
                kind, name, len(g), 100.0 * len(g) / total if total else None,
                inst.min() if len(inst) else None, inst.max() if len(inst) else None,
                mean(g["rating"]), med(g["esp_ratio"]), med(g["fil_ratio"]), mean(g["ey"]),
                cached if cached is not None and cached != len(g) else None,
            ])
        block.sort(key=lambda r: (-r[2], r[1]))  # stable: journal position breaks ties
        rows += block
    return [[k, neutral(n), integer(b), num(s), iso_utc(f), iso_utc(l), num(mr), num(me), num(mf), num(ey), integer(c)]
            for k, n, b, s, f, l, mr, me, mf, ey, c in rows]


def weekly(df):
    dated = df[df["monday"].notna()]
    if len(dated) == 0:
        return []
    rows = []
    monday, last = min(dated["monday"]), max(dated["monday"])
    while monday <= last:
        g = dated[dated["monday"] == monday]
        y, w, _ = monday.isocalendar()
        beans = {k for k in g["bean_key"] if k is not None}
        rows.append(["%04d-W%02d" % (y, w), integer(len(g)), num(mean(g["rating"])), num(med(g["esp_ratio"])),
                     num(med(g["fil_ratio"])), num(mean(g["ey"])), integer(len(beans))])
        monday += dt.timedelta(days=7)
    return rows


def method_stats(df, equipment):
    rows = []
    for key, name, cat, _ in equipment["method"]:
        g = df[df["method_key"] == key]
        cat = (cat or "other").lower()
        if cat not in ("espresso", "pour_over", "immersion", "other"):
            cat = "other"
        rows.append([name, cat, len(g), mean(g["ratio"]), med(g["ratio"]), q(g["ratio"], 0.25), q(g["ratio"], 0.75),
                     int(g["ey"].notna().sum()), mean(g["ey"]), med(g["ey"]), q(g["ey"], 0.25), q(g["ey"], 0.75),
                     mean(g["tds_pct"]), med(g["brew_time_s"])])
    rows.sort(key=lambda r: (-r[2], r[0]))
    return [[neutral(r[0]), r[1], integer(r[2])] + [num(v) for v in r[3:7]] + [integer(r[7])] + [num(v) for v in r[8:]]
            for r in rows]


def fit_group(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    n = len(x)
    xc, yc = n >= 2 and np.unique(x).size > 1, n >= 2 and np.unique(y).size > 1
    pr = float(st.pearsonr(x, y).statistic) if xc and yc else None
    sr = float(st.spearmanr(x, y).statistic) if xc and yc else None
    slope = intercept = None
    if xc:
        lr = st.linregress(x, y)
        slope, intercept = float(lr.slope), float(lr.intercept)
    sweet = None
    if n >= 3 and np.unique(x).size >= 3:
        c, b, a = np.polyfit(x, y, 2)
        if c < 0:
            v = -b / (2 * c)
            if x.min() <= v <= x.max():
                sweet = float(v)
    return [integer(n), num(pr), num(sr), num(slope), num(intercept), num(sweet)]


def loess_curve(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) == 0:
        return np.array([]), np.array([])
    order = np.lexsort((y, x))  # by x, then y: the order the Swift side uses for ties
    xs, ys = x[order], y[order]
    out = lowess(ys, xs, frac=LOESS_FRAC, it=LOESS_IT, delta=LOESS_DELTA * (xs[-1] - xs[0]), is_sorted=True)
    return out[:, 0], out[:, 1]


def grind_rating(df, equipment):
    use = df[df["grind_setting"].notna() & df["rating"].notna() & df["grinder_key"].notna() & df["method_key"].notna()]
    pos = {kind: {e[0]: i for i, e in enumerate(equipment[kind])} for kind in ["method", "grinder"]}
    name = {kind: {e[0]: e[1] for e in equipment[kind]} for kind in ["method", "grinder"]}
    pairs = sorted({(g, m) for g, m in zip(use["grinder_key"], use["method_key"])},
                   key=lambda p: (name["grinder"][p[0]], pos["grinder"][p[0]],
                                  name["method"][p[1]], pos["method"][p[1]]))
    rows, curves = [], []
    for gk, mk in pairs:
        g = use[(use["grinder_key"] == gk) & (use["method_key"] == mk)]
        gr, me = name["grinder"][gk], name["method"][mk]
        rows.append([neutral(gr), neutral(me), ""] + fit_group(g["grind_setting"], g["rating"]))
        for cx, cy in zip(*loess_curve(g["grind_setting"], g["rating"])):
            curves.append([gr, me, "", repr(float(cx)), repr(float(cy))])
        with_bean = g[g["bean_key"].notna()]
        order = equipment["bean"]
        keys = [k for k in first_seen(with_bean["bean_key"]) if (with_bean["bean_key"] == k).sum() >= MIN_PER_BEAN]
        first = {k: (bn, r or "") for k, bn, r in zip(df["bean_key"], df["bean"], df["roaster"]) if k is not None}
        keys.sort(key=lambda k: (first[k][0], first[k][1], order.index(k)))
        for k in keys:
            b = with_bean[with_bean["bean_key"] == k]
            label = b["bean_label"].iloc[0]
            rows.append([neutral(gr), neutral(me), neutral(label)] + fit_group(b["grind_setting"], b["rating"]))
            for cx, cy in zip(*loess_curve(b["grind_setting"], b["rating"])):
                curves.append([gr, me, label, repr(float(cx)), repr(float(cy))])
    return rows, curves


def week_summary(df, report_week):
    dated = df[df["week"].notna()]
    if report_week is None:
        if len(dated) == 0:
            return None
        report_week = max(dated["monday"]).isocalendar()
        report_week = "%04d-W%02d" % report_week[:2]
    y, w = int(report_week[:4]), int(report_week[6:])
    monday = dt.date.fromisocalendar(y, w, 1)
    prev = monday - dt.timedelta(days=7)

    def figures(m):
        g = dated[dated["monday"] == m]
        counts = g["method"].dropna().value_counts()
        top = None
        if len(counts):
            best = counts.max()
            top = sorted(n for n, c in counts.items() if c == best)[0]
        rated = g[g["rating"].notna()]
        bb = None
        if len(rated):
            rated = rated.assign(_id=rated["brew_id"].fillna(""))
            r = rated.sort_values(["rating", "instant", "_id"], ascending=[False, True, True], kind="stable").iloc[0]
            bb = "%s (%s)" % (r["brew_id"] if r["brew_id"] is not None else "(no id)", short(r["rating"]))
        return len(g), mean(g["rating"]), mean(g["ey"]), top, bb

    a, b = figures(monday), figures(prev)
    d = lambda u, v: None if u is None or v is None else u - v
    return [
        ["brews", integer(a[0]), integer(b[0]), integer(a[0] - b[0])],
        ["mean_rating", num(a[1]), num(b[1]), num(d(a[1], b[1]))],
        ["mean_ey_pct", num(a[2]), num(b[2]), num(d(a[2], b[2]))],
        ["top_method", neutral(a[3]), neutral(b[3]), ""],
        ["best_brew", neutral(a[4]), neutral(b[4]), ""],
    ]


def derived(df):
    zone = lambda z: z
    return [[r.brew_id or "", num(r.ratio), num(r.mass), num(r.ey), integer(r.implausible),
             "" if r.local_date is None else r.local_date.isoformat(), "" if pd.isna(r.week) else r.week,
             num(r.days_off_roast), zone(r.zone)] for r in df.itertuples()]


def run(case_dir):
    case_dir = Path(case_dir)
    case, df, equipment = load(case_dir)
    df = derive(df)
    write_csv(case_dir / "equipment_usage.csv",
              ["kind", "name", "brews", "share_pct", "first_used", "last_used", "mean_rating",
               "median_ratio_espresso", "median_ratio_filter", "mean_ey_pct", "cached_brew_count"],
              equipment_usage(df, equipment))
    write_csv(case_dir / "weekly.csv", ["week", "brews", "mean_rating", "median_ratio_espresso",
                                        "median_ratio_filter", "mean_ey_pct", "distinct_beans"], weekly(df))
    write_csv(case_dir / "method_stats.csv",
              ["method", "category", "n", "ratio_mean", "ratio_median", "ratio_p25", "ratio_p75", "n_ey", "ey_mean_pct",
               "ey_median_pct", "ey_p25_pct", "ey_p75_pct", "tds_mean_pct", "brew_time_median_s"],
              method_stats(df, equipment))
    rows, curves = grind_rating(df, equipment)
    write_csv(case_dir / "grind_rating.csv", ["grinder", "method", "bean", "n", "pearson_r", "spearman_rho",
                                              "slope_rating_per_unit", "intercept_rating", "sweet_spot_setting"], rows)
    write_csv(case_dir / "grind_loess.csv", ["grinder", "method", "bean", "x", "y"], curves)
    ws = week_summary(df, case.get("report_week"))
    week_path = case_dir / "week_summary.csv"
    if ws is None:
        week_path.unlink(missing_ok=True)
    else:
        write_csv(week_path, ["metric", "this_week", "previous_week", "change"], ws)
    both = df[df["days_off_roast"].notna() & df["rating"].notna()]
    rx, ry = loess_curve(both["days_off_roast"], both["rating"])
    write_csv(case_dir / "roast_loess.csv", ["x", "y"], [[repr(float(a)), repr(float(b))] for a, b in zip(rx, ry)])
    write_csv(case_dir / "derived.csv", ["brew_id", "ratio", "beverage_mass", "ey", "implausible", "local_day",
                                         "week", "days_off_roast", "zone"], derived(df))


if __name__ == "__main__":
    for d in sys.argv[1:]:
        run(d)
