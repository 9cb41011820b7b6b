#!/usr/bin/env python3
"""Reference: the five summaries of a journal with DuckDB or Polars, from data already in memory.

Usage:  summaries_ref.py duckdb|polars JOURNAL.csv [--tz Europe/Berlin] [--out DIR]

Loads the CSV export into the engine's memory (untimed): typed columns, brewed_at as a UTC instant,
method_category folded to an is-espresso flag and beans keyed by (roaster, bean) as an integer — what the
brewstats importer hands the statistics core. Then times, with every core the engine uses by default:

  1. the derived columns (journal-format §3): ratio by convention (espresso yield ÷ dose, else water ÷ dose,
     dose > 0), beverage mass (yield, else water − 2.0 × dose for non-espresso), EY = TDS × mass ÷ dose kept
     only within 0–35 %, the local day in the time zone and its ISO week (Monday);
  2. the five summaries (§4) with the same groupings and statistics as brewstats — equipment_usage (per method
     and per grinder: brews, share, first/last instant, mean rating, espresso and filter ratio medians, mean
     EY), weekly (every week of the span, empty ones included: brews, mean rating, ratio medians, mean EY,
     distinct beans), method_stats (ratio and EY mean and type-7 quartiles, EY count, mean TDS, median brew
     time), grind_rating (per grinder × method and per bean with ≥ 8 usable brews there: n, Pearson,
     Spearman on average ranks, OLS slope and intercept, least-squares quadratic and its sweet spot) and
     week_summary (latest week against the previous one: brews, mean rating, mean EY, top method, best brew);
  3. each summary's CSV text.

It prints {"seconds": …} for steps 1–3 of one run, after an untimed warm-up run. With --out DIR it also
writes the five CSVs there (for like-for-like checks against brewstats' output).
"""
import argparse
import csv
import datetime
import io
import json
import math
import time
from pathlib import Path

import numpy as np

RETENTION = 2.0
PLAUSIBLE = (0.0, 35.0)
MIN_PER_BEAN = 8

HEADERS = {
    "equipment_usage": ["kind", "name", "brews", "share_pct", "first_used", "last_used", "mean_rating",
                        "median_ratio_espresso", "median_ratio_filter", "mean_ey_pct", "cached_brew_count"],
    "weekly": ["week", "brews", "mean_rating", "median_ratio_espresso", "median_ratio_filter", "mean_ey_pct",
               "distinct_beans"],
    "method_stats": ["method", "category", "n", "ratio_mean", "ratio_median", "ratio_p25", "ratio_p75", "n_ey",
                     "ey_mean_pct", "ey_median_pct", "ey_p25_pct", "ey_p75_pct", "tds_mean_pct", "brew_time_median_s"],
    "grind_rating": ["grinder", "method", "bean", "n", "pearson_r", "spearman_rho", "slope_rating_per_unit",
                     "intercept_rating", "sweet_spot_setting"],
    "week_summary": ["metric", "this_week", "previous_week", "change"],
}


# ---------------------------------------------------------------- formatting (shared by both engines)
def num(v):
    if v is None:
        return ""
    v = float(v)
    if not math.isfinite(v):
        return ""
    s = repr(v)
    return s[:-2] if s.endswith(".0") else s


def neutral(s):
    """User text with a leading ' when it starts like a spreadsheet formula (the CSV formula guard)."""
    if s is None:
        return ""
    return "'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s


def integer(v):
    return "" if v is None else str(int(v))


def iso_utc(epoch_us):
    if epoch_us is None:
        return ""
    s, us = divmod(int(epoch_us), 1_000_000)
    out = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(s))
    return out + (".%06d" % us if us else "") + "Z"


def text(rows, name):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(HEADERS[name])
    w.writerows(rows)
    return buf.getvalue()


def fit(n, dx, dy, pearson, spearman, slope, intercept, xmin, xmax, mx, s, sums):
    """The grind-rating cells of one group from its aggregates; the quadratic is solved here (3 × 3)."""
    both = n >= 2 and dx > 1 and dy > 1
    sweet = None
    if n >= 3 and dx >= 3:
        s1, s2, s3, s4, sy, suy, su2y = sums
        m = np.array([[n, s1, s2], [s1, s2, s3], [s2, s3, s4]], float)
        try:
            al, be, ga = np.linalg.solve(m, np.array([sy, suy, su2y], float))
            c = ga / (s * s)
            if c < 0:
                v = mx + s * (-be / (2 * ga))
                if xmin <= v <= xmax:
                    sweet = v
        except np.linalg.LinAlgError:
            pass
    return [integer(n), num(pearson if both else None), num(spearman if both else None),
            num(slope if dx > 1 else None), num(intercept if dx > 1 else None), num(sweet)]


def grind_rows(overall, per_bean):
    """Orders grind-rating rows: grinder, method; the all-beans row, then beans by name and roaster."""
    rows = []
    beans = {}
    for r in per_bean:
        beans.setdefault((r[0], r[1]), []).append(r)
    for r in sorted(overall, key=lambda r: (r[0], r[1])):
        rows.append([neutral(r[0]), neutral(r[1]), ""] + r[4:])
        for b in sorted(beans.get((r[0], r[1]), []), key=lambda b: (b[2], b[3])):
            rows.append([neutral(b[0]), neutral(b[1]), neutral(b[2])] + b[4:])
    return rows


# ---------------------------------------------------------------- DuckDB
def duckdb_load(path):
    import duckdb
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"""
        CREATE TABLE brews AS
        SELECT brew_id, brewed_at::TIMESTAMPTZ AS brewed_at, method, grinder, bean, roaster,
               lower(coalesce(method_category, 'other')) AS category,
               lower(coalesce(method_category, 'other')) = 'espresso' AS esp,
               TRY_CAST(grind_setting AS DOUBLE) AS grind, dose_g, water_g, yield_g, brew_time_s, tds_pct, rating,
               CASE WHEN bean IS NOT NULL THEN dense_rank() OVER (ORDER BY roaster NULLS FIRST, bean) END AS bean_id
        FROM read_csv('{path}', header = true, all_varchar = false,
                      types = {{'brewed_at': 'VARCHAR', 'grind_setting': 'VARCHAR', 'brew_id': 'VARCHAR',
                               'dose_g': 'DOUBLE', 'water_g': 'DOUBLE', 'yield_g': 'DOUBLE',
                               'brew_time_s': 'DOUBLE', 'tds_pct': 'DOUBLE', 'rating': 'DOUBLE'}})""")
    return con


def duckdb_grind(con, keys):
    k = ", ".join(keys)
    having = f"HAVING count(*) >= {MIN_PER_BEAN}" if "bean_id" in keys else ""
    extra = ", any_value(bean), any_value(coalesce(roaster, ''))" if "bean_id" in keys else ", '', ''"
    where = "WHERE bean_id IS NOT NULL" if "bean_id" in keys else ""
    return con.execute(f"""
        WITH r AS (
            SELECT *, rank() OVER (PARTITION BY {k} ORDER BY x) + (count(*) OVER (PARTITION BY {k}, x) - 1) / 2.0 AS rx,
                      rank() OVER (PARTITION BY {k} ORDER BY y) + (count(*) OVER (PARTITION BY {k}, y) - 1) / 2.0 AS ry,
                      avg(x) OVER (PARTITION BY {k}) AS mx
            FROM usable {where}),
        c AS (SELECT *, max(abs(x - mx)) OVER (PARTITION BY {k}) AS s FROM r),
        q AS (SELECT *, (x - mx) / s AS u FROM c)
        SELECT grinder, method {extra}, count(*), count(DISTINCT x), count(DISTINCT y), corr(y, x), corr(ry, rx),
               regr_slope(y, x), regr_intercept(y, x), min(x), max(x), any_value(mx), any_value(s),
               sum(u), sum(u * u), sum(u * u * u), sum(u * u * u * u), sum(y), sum(u * y), sum(u * u * y)
        FROM q GROUP BY {k} {having}""").fetchall()


def duckdb_run(con, tz):
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE d AS
        SELECT *, CASE WHEN esp THEN ratio END AS esp_ratio, CASE WHEN NOT esp THEN ratio END AS fil_ratio,
               CASE WHEN ey0 BETWEEN {PLAUSIBLE[0]} AND {PLAUSIBLE[1]} THEN ey0 END AS ey,
               date_trunc('week', local_day) AS monday
        FROM (
            SELECT *, CASE WHEN dose_g > 0 THEN tds_pct * mass / dose_g END AS ey0
            FROM (
                SELECT *, CASE WHEN dose_g > 0 THEN (CASE WHEN esp THEN yield_g ELSE water_g END) / dose_g END AS ratio,
                       coalesce(yield_g, CASE WHEN NOT esp THEN water_g - {RETENTION} * dose_g END) AS mass,
                       timezone('{tz}', brewed_at)::DATE AS local_day
                FROM brews))""")
    out = {}
    usage = con.execute("""
        WITH t AS (SELECT count(*) AS total FROM d)
        SELECT kind, name, brews, 100.0 * brews / total, f, l, mr, me, mf, ey FROM (
            SELECT 0 AS o, 'method' AS kind, method AS name, count(*) AS brews, epoch_us(min(brewed_at)) AS f,
                   epoch_us(max(brewed_at)) AS l, avg(rating) AS mr, median(esp_ratio) AS me, median(fil_ratio) AS mf,
                   avg(ey) AS ey
            FROM d WHERE method IS NOT NULL GROUP BY method
            UNION ALL
            SELECT 1, 'grinder', grinder, count(*), epoch_us(min(brewed_at)), epoch_us(max(brewed_at)), avg(rating),
                   median(esp_ratio), median(fil_ratio), avg(ey)
            FROM d WHERE grinder IS NOT NULL GROUP BY grinder), t
        ORDER BY o, brews DESC, name""").fetchall()
    out["equipment_usage"] = text([[k, neutral(n), integer(b), num(s), iso_utc(f), iso_utc(l), num(mr), num(me),
                                    num(mf), num(ey), ""] for k, n, b, s, f, l, mr, me, mf, ey in usage],
                                  "equipment_usage")
    weekly = con.execute("""
        WITH g AS (SELECT monday, count(*) AS brews, avg(rating) AS mr, median(esp_ratio) AS me,
                          median(fil_ratio) AS mf, avg(ey) AS ey, count(DISTINCT bean_id) AS beans
                   FROM d WHERE monday IS NOT NULL GROUP BY monday),
             w AS (SELECT unnest(generate_series(min(monday), max(monday), INTERVAL 7 DAY)) AS monday FROM g)
        SELECT strftime(w.monday, '%G-W%V'), coalesce(brews, 0), mr, me, mf, ey, coalesce(beans, 0)
        FROM w LEFT JOIN g USING (monday) ORDER BY w.monday""").fetchall()
    out["weekly"] = text([[w, integer(b), num(mr), num(me), num(mf), num(ey), integer(nb)]
                          for w, b, mr, me, mf, ey, nb in weekly], "weekly")
    methods = con.execute("""
        SELECT method, any_value(category), count(*), avg(ratio),
               quantile_cont(ratio, [0.5, 0.25, 0.75]), count(ey), avg(ey), quantile_cont(ey, [0.5, 0.25, 0.75]),
               avg(tds_pct), median(brew_time_s)
        FROM d WHERE method IS NOT NULL GROUP BY method ORDER BY count(*) DESC, method""").fetchall()
    rows = []
    for m, cat, n, rm, rq, ne, em, eq, tm, bt in methods:
        rq, eq = rq or [None] * 3, eq or [None] * 3
        cat = cat if cat in ("espresso", "pour_over", "immersion", "other") else "other"
        rows.append([neutral(m), cat, integer(n), num(rm), num(rq[0]), num(rq[1]), num(rq[2]), integer(ne), num(em),
                     num(eq[0]), num(eq[1]), num(eq[2]), num(tm), num(bt)])
    out["method_stats"] = text(rows, "method_stats")
    con.execute("""
        CREATE OR REPLACE TEMP TABLE usable AS
        SELECT grinder, method, bean_id, bean, roaster, grind AS x, rating AS y FROM d
        WHERE grind IS NOT NULL AND NOT isnan(grind) AND rating IS NOT NULL AND grinder IS NOT NULL
          AND method IS NOT NULL""")
    groups = []
    for keys in (["grinder", "method"], ["grinder", "method", "bean_id"]):
        level = []
        for r in duckdb_grind(con, keys):
            gr, me, bean, roaster, n, dx, dy, pr, sr, sl, ic, lo, hi, mx, s = r[:15]
            level.append([gr, me, bean, roaster] + fit(n, dx, dy, pr, sr, sl, ic, lo, hi, mx, s, r[15:]))
        groups.append(level)
    out["grind_rating"] = text(grind_rows(*groups), "grind_rating")
    this, prev = con.execute("SELECT max(monday), max(monday) - INTERVAL 7 DAY FROM d").fetchone()
    weeks = {"a": this, "b": prev}
    base = {w: (n, mr, ey) for w, n, mr, ey in con.execute(
        "SELECT monday, count(*), avg(rating), avg(ey) FROM d WHERE monday IN ($a, $b) GROUP BY monday",
        weeks).fetchall()}
    top = {w: m for w, m in con.execute("""
        SELECT monday, method FROM d WHERE monday IN ($a, $b) AND method IS NOT NULL GROUP BY monday, method
        QUALIFY row_number() OVER (PARTITION BY monday ORDER BY count(*) DESC, method) = 1""", weeks).fetchall()}
    best = {w: "%s (%s)" % (i or "(no id)", num(r)) for w, i, r in con.execute("""
        SELECT monday, brew_id, rating FROM d WHERE monday IN ($a, $b) AND rating IS NOT NULL
        QUALIFY row_number() OVER (PARTITION BY monday
                                   ORDER BY rating DESC, brewed_at NULLS LAST, coalesce(brew_id, '')) = 1""",
        weeks).fetchall()}
    figures = [base.get(w, (0, None, None)) + (top.get(w), best.get(w)) for w in (this, prev)]
    out["week_summary"] = text(week_rows(*figures), "week_summary")
    return out


def week_rows(a, b):
    d = lambda u, v: None if u is None or v is None else u - v
    return [["brews", integer(a[0]), integer(b[0]), integer(a[0] - b[0])],
            ["mean_rating", num(a[1]), num(b[1]), num(d(a[1], b[1]))],
            ["mean_ey_pct", num(a[2]), num(b[2]), num(d(a[2], b[2]))],
            ["top_method", neutral(a[3]), neutral(b[3]), ""],
            ["best_brew", neutral(a[4]), neutral(b[4]), ""]]


# ---------------------------------------------------------------- Polars
def polars_load(path):
    import polars as pl
    df = pl.read_csv(path, infer_schema_length=0)  # every column as text; typed below
    f = lambda c: pl.col(c).cast(pl.Float64, strict=False)
    df = df.select(
        pl.col("brew_id"),
        pl.col("brewed_at").str.to_datetime("%Y-%m-%dT%H:%M:%S%z", time_zone="UTC", strict=False)
        .dt.cast_time_unit("us"),
        pl.col("method"), pl.col("grinder"), pl.col("bean"), pl.col("roaster"),
        pl.col("method_category").fill_null("other").str.to_lowercase().alias("category"),
        (pl.col("method_category").fill_null("other").str.to_lowercase() == "espresso").alias("esp"),
        f("grind_setting").alias("grind"), f("dose_g"), f("water_g"), f("yield_g"), f("brew_time_s"),
        f("tds_pct"), f("rating"),
        pl.when(pl.col("bean").is_not_null())
        .then(pl.struct(pl.col("roaster").fill_null(""), "bean").rank("dense")).alias("bean_id"),
    )
    return df.rechunk()


def polars_grind(usable, keys):
    import polars as pl
    x, y = pl.col("x"), pl.col("y")
    if "bean_id" in keys:
        usable = usable.filter(pl.col("bean_id").is_not_null())
    q = usable.with_columns(
        x.rank("average").over(keys).alias("rx"), y.rank("average").over(keys).alias("ry"),
        x.mean().over(keys).alias("mx"))
    q = q.with_columns((x - pl.col("mx")).abs().max().over(keys).alias("s"))
    q = q.with_columns(((x - pl.col("mx")) / pl.col("s")).alias("u"))
    u = pl.col("u")
    aggs = [pl.len().alias("n"), x.n_unique().alias("dx"), y.n_unique().alias("dy"), pl.corr(x, y).alias("pr"),
            pl.corr("rx", "ry").alias("sr"), (pl.cov(x, y) / x.var()).alias("slope"), x.mean().alias("xm"),
            y.mean().alias("ym"), x.min().alias("lo"), x.max().alias("hi"), pl.col("mx").first(),
            pl.col("s").first(), u.sum().alias("s1"), (u * u).sum().alias("s2"), (u * u * u).sum().alias("s3"),
            (u * u * u * u).sum().alias("s4"), y.sum().alias("sy"), (u * y).sum().alias("suy"),
            (u * u * y).sum().alias("su2y")]
    if "bean_id" in keys:
        aggs += [pl.col("bean").first(), pl.col("roaster").fill_null("").first()]
    g = q.group_by(keys).agg(aggs)
    if "bean_id" in keys:
        g = g.filter(pl.col("n") >= MIN_PER_BEAN)
    rows = []
    for r in g.iter_rows(named=True):
        sl = r["slope"]
        ic = None if sl is None else r["ym"] - sl * r["xm"]
        sums = [r[k] for k in ("s1", "s2", "s3", "s4", "sy", "suy", "su2y")]
        rows.append([r["grinder"], r["method"], r.get("bean", ""), r.get("roaster", "")] +
                    fit(r["n"], r["dx"], r["dy"], r["pr"], r["sr"], sl, ic, r["lo"], r["hi"], r["mx"], r["s"], sums))
    return rows


def polars_run(df, tz):
    import polars as pl
    esp, dose = pl.col("esp"), pl.col("dose_g")
    ratio = pl.when(dose > 0).then(pl.when(esp).then(pl.col("yield_g")).otherwise(pl.col("water_g")) / dose)
    mass = pl.coalesce(pl.col("yield_g"), pl.when(~esp).then(pl.col("water_g") - RETENTION * dose))
    d = df.with_columns(ratio.alias("ratio"), mass.alias("mass"),
                        pl.col("brewed_at").dt.convert_time_zone(tz).dt.date().alias("local_day"))
    ey0 = pl.when(dose > 0).then(pl.col("tds_pct") * pl.col("mass") / dose)
    d = d.with_columns(
        pl.when(esp).then(pl.col("ratio")).alias("esp_ratio"), pl.when(~esp).then(pl.col("ratio")).alias("fil_ratio"),
        pl.when(ey0.is_between(*PLAUSIBLE)).then(ey0).alias("ey"),
        pl.col("local_day").dt.truncate("1w").alias("monday"))
    out = {}
    total = d.height
    blocks = []
    for kind in ("method", "grinder"):
        g = d.filter(pl.col(kind).is_not_null()).group_by(kind).agg(
            pl.len().alias("brews"), pl.col("brewed_at").min().dt.epoch("us").alias("f"),
            pl.col("brewed_at").max().dt.epoch("us").alias("l"),
            pl.col("rating").mean().alias("mr"), pl.col("esp_ratio").median().alias("me"),
            pl.col("fil_ratio").median().alias("mf"), pl.col("ey").mean().alias("ey"))
        g = g.sort(["brews", kind], descending=[True, False])
        for name, b, f, l, mr, me, mf, ey in g.iter_rows():
            blocks.append([kind, neutral(name), integer(b), num(100.0 * b / total), iso_utc(f), iso_utc(l),
                           num(mr), num(me), num(mf), num(ey), ""])
    out["equipment_usage"] = text(blocks, "equipment_usage")
    dated = d.filter(pl.col("monday").is_not_null())
    g = dated.group_by("monday").agg(
        pl.len().alias("brews"), pl.col("rating").mean(), pl.col("esp_ratio").median(),
        pl.col("fil_ratio").median(), pl.col("ey").mean(), pl.col("bean_id").drop_nulls().n_unique().alias("beans"))
    weeks = pl.DataFrame({"monday": pl.date_range(g["monday"].min(), g["monday"].max(), "1w", eager=True)})
    w = weeks.join(g, on="monday", how="left").sort("monday").with_columns(
        pl.col("monday").dt.strftime("%G-W%V").alias("label"))
    out["weekly"] = text([[lb, integer(b or 0), num(mr), num(me), num(mf), num(ey), integer(nb or 0)]
                          for _, b, mr, me, mf, ey, nb, lb in w.iter_rows()], "weekly")
    r, e = pl.col("ratio"), pl.col("ey")
    ms = d.filter(pl.col("method").is_not_null()).group_by("method").agg(
        pl.col("category").drop_nulls().first(), pl.len().alias("n"), r.mean().alias("rm"),
        r.median().alias("r50"), r.quantile(0.25, "linear").alias("r25"), r.quantile(0.75, "linear").alias("r75"),
        e.count().alias("ne"), e.mean().alias("em"), e.median().alias("e50"),
        e.quantile(0.25, "linear").alias("e25"), e.quantile(0.75, "linear").alias("e75"),
        pl.col("tds_pct").mean().alias("tm"), pl.col("brew_time_s").median().alias("bt"),
    ).sort(["n", "method"], descending=[True, False])
    rows = []
    for m, cat, n, rm, r50, r25, r75, ne, em, e50, e25, e75, tm, bt in ms.iter_rows():
        cat = cat if cat in ("espresso", "pour_over", "immersion", "other") else "other"
        rows.append([neutral(m), cat, integer(n), num(rm), num(r50), num(r25), num(r75), integer(ne), num(em), num(e50),
                     num(e25), num(e75), num(tm), num(bt)])
    out["method_stats"] = text(rows, "method_stats")
    usable = d.filter(pl.col("grind").is_not_null() & pl.col("grind").is_not_nan() & pl.col("rating").is_not_null()
                      & pl.col("grinder").is_not_null() & pl.col("method").is_not_null()).select(
        "grinder", "method", "bean_id", "bean", "roaster", pl.col("grind").alias("x"), pl.col("rating").alias("y"))
    groups = [polars_grind(usable, ["grinder", "method"]), polars_grind(usable, ["grinder", "method", "bean_id"])]
    out["grind_rating"] = text(grind_rows(*groups), "grind_rating")
    this = dated["monday"].max()
    figures = []
    for m in (this, this - datetime.timedelta(days=7)):
        wk = dated.filter(pl.col("monday") == m)
        top = wk.filter(pl.col("method").is_not_null()).group_by("method").len().sort(
            ["len", "method"], descending=[True, False]).head(1)
        best = wk.filter(pl.col("rating").is_not_null()).with_columns(
            pl.col("brew_id").fill_null("").alias("_id")).sort(
            ["rating", "brewed_at", "_id"], descending=[True, False, False], nulls_last=True).head(1)
        figures.append((wk.height, wk["rating"].mean(), wk["ey"].mean(), top["method"][0] if top.height else None,
                        "%s (%s)" % (best["brew_id"][0] or "(no id)", num(best["rating"][0])) if best.height else None))
    out["week_summary"] = text(week_rows(*figures), "week_summary")
    return out


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine", choices=["duckdb", "polars"])
    ap.add_argument("csv")
    ap.add_argument("--tz", default="Europe/Berlin")
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.engine == "duckdb":
        con = duckdb_load(a.csv)
        run = lambda: duckdb_run(con, a.tz)
        rows = con.execute("SELECT count(*) FROM brews").fetchone()[0]
    else:
        df = polars_load(a.csv)
        run = lambda: polars_run(df, a.tz)
        rows = df.height
    run()  # warm-up (lazy imports, first allocations), untimed
    t = time.perf_counter()
    out = run()
    seconds = time.perf_counter() - t
    if a.out:
        folder = Path(a.out)
        folder.mkdir(parents=True, exist_ok=True)
        for name, body in out.items():
            (folder / f"{name}.csv").write_text(body, newline="")
    print(json.dumps({"seconds": seconds, "rows": rows}))


if __name__ == "__main__":
    main()
