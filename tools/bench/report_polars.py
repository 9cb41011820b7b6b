"""Reference for the `report` benchmark (b): the report's five summaries from the CSV export with Polars.

Usage: report_polars.py JOURNAL.csv OUTDIR [--tz ZONE]

Reads the CSV export with Polars (all threads), derives ratio, beverage mass, plausible EY, local ISO weeks
and computes only the five summaries brewstats' report writes (weekly, method stats, equipment usage,
grind vs rating with Pearson/Spearman/OLS/quadratic sweet spot, week summary), writing them as CSV. No charts,
no HTML, no PDF. The benchmark times the whole process. Definitions: journal-format §3–4 (a CSV export
identifies equipment by name and a bean by roaster + name; quantiles are linear, type 7).
"""
import argparse
import os

import numpy as np
import polars as pl

RETENTION = 2.0
MIN_BREWS_PER_BEAN = 8


def load(path, tz):
    df = pl.read_csv(path, columns=["brew_id", "brewed_at", "method", "method_category", "grinder",
                                    "grind_setting", "bean", "roaster", "roast_date", "dose_g", "water_g", "yield_g",
                                    "brew_time_s", "tds_pct", "rating"],
                     schema_overrides={"grind_setting": pl.Utf8, "roast_date": pl.Utf8, "brewed_at": pl.Utf8})
    esp = (pl.col("method_category") == "espresso").fill_null(False)
    dose = pl.when(pl.col("dose_g") > 0).then(pl.col("dose_g"))
    ratio = pl.when(esp).then(pl.col("yield_g")).otherwise(pl.col("water_g")) / dose
    mass = pl.coalesce(pl.col("yield_g"), pl.when(~esp).then(pl.col("water_g") - RETENTION * pl.col("dose_g")))
    ey = pl.col("tds_pct") * mass / dose
    local = (pl.col("brewed_at").str.to_datetime(time_zone="UTC", time_unit="us")
             .dt.convert_time_zone(tz).dt.date())
    return df.with_columns(
        esp.fill_null(False).alias("espresso"),
        ratio.alias("ratio"),
        pl.when(esp).then(ratio).alias("ratio_espresso"),
        pl.when(~esp.fill_null(False)).then(ratio).alias("ratio_filter"),
        pl.when(ey.is_between(0, 35)).then(ey).alias("ey"),
        pl.col("grind_setting").cast(pl.Float64, strict=False).alias("grind"),
        pl.when(pl.col("bean").is_not_null())
        .then(pl.col("roaster").fill_null("") + "\x1f" + pl.col("bean")).alias("bean_key"),
        local.alias("day"),
    ).with_columns(
        ((pl.col("day").cast(pl.Int32) - 4) // 7).alias("week"),
        pl.col("brewed_at").str.to_datetime(time_zone="UTC", time_unit="us").alias("instant"),
    )


def weekly(df):
    w = df.filter(pl.col("week").is_not_null()).group_by("week").agg(
        pl.len().alias("brews"), pl.col("rating").mean().alias("mean_rating"),
        pl.col("ratio_espresso").median().alias("median_ratio_espresso"),
        pl.col("ratio_filter").median().alias("median_ratio_filter"),
        pl.col("ey").mean().alias("mean_ey"), pl.col("bean_key").drop_nulls().n_unique().alias("distinct_beans"))
    lo, hi = w["week"].min(), w["week"].max()
    allw = pl.DataFrame({"week": pl.int_range(lo, hi + 1, eager=True).cast(pl.Int32)})
    out = allw.join(w, on="week", how="left").with_columns(pl.col("brews").fill_null(0),
                                                           pl.col("distinct_beans").fill_null(0))
    monday = pl.lit(np.datetime64("1970-01-05")).cast(pl.Date) + pl.duration(days=pl.col("week") * 7)
    return out.with_columns(monday.dt.strftime("%G-W%V").alias("week")).sort("week")


def method_stats(df):
    q = lambda c, p: pl.col(c).quantile(p, interpolation="linear")  # noqa: E731
    return df.filter(pl.col("method").is_not_null()).group_by("method").agg(
        pl.col("method_category").first().alias("category"), pl.len().alias("n"),
        pl.col("ratio").mean().alias("ratio_mean"), pl.col("ratio").median().alias("ratio_median"),
        q("ratio", 0.25).alias("ratio_p25"), q("ratio", 0.75).alias("ratio_p75"),
        pl.col("ey").count().alias("n_ey"), pl.col("ey").mean().alias("ey_mean"),
        pl.col("ey").median().alias("ey_median"),
        q("ey", 0.25).alias("ey_p25"), q("ey", 0.75).alias("ey_p75"),
        pl.col("tds_pct").mean().alias("tds_mean"), pl.col("brew_time_s").median().alias("brew_time_median"),
    ).sort(["n", "method"], descending=[True, False])


def equipment_usage(df):
    total = df.height
    parts = []
    for kind, col in (("method", "method"), ("grinder", "grinder")):
        parts.append(df.filter(pl.col(col).is_not_null()).group_by(col).agg(
            pl.len().alias("brews"), pl.col("instant").min().alias("first_used"),
            pl.col("instant").max().alias("last_used"),
            pl.col("rating").mean().alias("mean_rating"),
            pl.col("ratio_espresso").median().alias("median_ratio_espresso"),
            pl.col("ratio_filter").median().alias("median_ratio_filter"), pl.col("ey").mean().alias("mean_ey"),
        ).with_columns(pl.lit(kind).alias("kind"), (100 * pl.col("brews") / total).alias("share_pct"),
                       pl.col("first_used").dt.strftime("%Y-%m-%dT%H:%M:%SZ"),
                       pl.col("last_used").dt.strftime("%Y-%m-%dT%H:%M:%SZ"))
            .rename({col: "name"}).sort(["brews", "name"], descending=[True, False]))
    return pl.concat(parts).select(["kind", "name", "brews", "share_pct", "first_used", "last_used", "mean_rating",
                                    "median_ratio_espresso", "median_ratio_filter", "mean_ey"])


def _fits(groups):
    """Pearson, Spearman, OLS and the quadratic's sweet spot from per-group power sums (numpy, vectorised)."""
    g = groups
    n = g["n"].to_numpy().astype(float)
    sx, sy, sxx, syy, sxy = (g[c].to_numpy() for c in ("sx", "sy", "sxx", "syy", "sxy"))
    sx3, sx4, sx2y = (g[c].to_numpy() for c in ("sx3", "sx4", "sx2y"))
    vx, vy, cxy = sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n
    with np.errstate(invalid="ignore", divide="ignore"):
        ok = (n >= 2) & (vx > 0) & (vy > 0)
        pearson = np.where(ok, cxy / np.sqrt(vx * vy), np.nan)
        slope = np.where(vx > 0, cxy / vx, np.nan)
        intercept = np.where(vx > 0, (sy - slope * sx) / n, np.nan)
        sweet = np.full(len(n), np.nan)
        for i in range(len(n)):
            if n[i] >= 3 and g["distinct"][i] >= 3:
                m = np.array([[n[i], sx[i], sxx[i]], [sx[i], sxx[i], sx3[i]], [sxx[i], sx3[i], sx4[i]]])
                a, b, c = np.linalg.solve(m, [sy[i], sxy[i], sx2y[i]])
                if c < 0 and g["min"][i] <= -b / (2 * c) <= g["max"][i]:
                    sweet[i] = -b / (2 * c)
    return g.select(["grinder", "method", "bean", "n"]).with_columns(
        pl.Series("pearson_r", pearson), pl.col("n").alias("_n"), pl.Series("slope", slope),
        pl.Series("intercept", intercept), pl.Series("sweet_spot", sweet)).drop("_n")


def grind_rating(df):
    use = df.filter(pl.col("grind").is_not_null() & pl.col("rating").is_not_null() & pl.col("grinder").is_not_null()
                    & pl.col("method").is_not_null())
    # Spearman: Pearson on average ranks, ranked within each group.
    aggs = lambda: [  # noqa: E731
        pl.len().alias("n"), pl.col("grind").sum().alias("sx"), pl.col("rating").sum().alias("sy"),
        (pl.col("grind") ** 2).sum().alias("sxx"), (pl.col("rating") ** 2).sum().alias("syy"),
        (pl.col("grind") * pl.col("rating")).sum().alias("sxy"), (pl.col("grind") ** 3).sum().alias("sx3"),
        (pl.col("grind") ** 4).sum().alias("sx4"), (pl.col("grind") ** 2 * pl.col("rating")).sum().alias("sx2y"),
        pl.col("grind").n_unique().alias("distinct"), pl.col("grind").min().alias("min"),
        pl.col("grind").max().alias("max"),
        pl.corr("grind", "rating", method="spearman").alias("spearman_rho")]
    pairs = use.group_by(["grinder", "method"]).agg(aggs()).with_columns(pl.lit(None, pl.Utf8).alias("bean"),
                                                                               pl.lit(None, pl.Utf8).alias("roaster"))
    beans = use.filter(pl.col("bean_key").is_not_null()).group_by(["grinder", "method", "bean_key"]).agg(
        aggs() + [pl.col("bean").first(), pl.col("roaster").first()]).filter(pl.col("n") >= MIN_BREWS_PER_BEAN)
    out = []
    for g in (pairs, beans):
        f = _fits(g).with_columns(g["spearman_rho"], g["roaster"])
        out.append(f.with_columns(pl.when(pl.col("n") >= 2).then(pl.col("spearman_rho"))))
    rows = pl.concat(out, how="vertical_relaxed").with_columns(pl.col("bean").is_null().alias("_all"))
    return rows.sort(["grinder", "method", "_all", "bean", "roaster"],
                     descending=[False, False, True, False, False]).select(
        ["grinder", "method", "bean", "n", "pearson_r", "spearman_rho", "slope", "intercept", "sweet_spot"])


def week_summary(df):
    week = df["week"].max()

    def figures(w):
        rows = df.filter(pl.col("week") == w)
        top = rows.filter(pl.col("method").is_not_null()).group_by("method").len().sort(
            ["len", "method"], descending=[True, False])
        best = rows.filter(pl.col("rating").is_not_null()).sort(
            ["rating", "instant", "brew_id"], descending=[True, False, False], nulls_last=True)
        label = f"{best['brew_id'][0]} ({best['rating'][0]:g})" if best.height else None
        return [rows.height, rows["rating"].mean(), rows["ey"].mean(), top["method"][0] if top.height else None, label]

    this, prev = figures(week), figures(week - 1)
    diff = lambda a, b: None if a is None or b is None else a - b  # noqa: E731
    return pl.DataFrame({"metric": ["brews", "mean_rating", "mean_ey", "top_method", "best_brew"],
                         "this_week": [str(v) if v is not None else None for v in this],
                         "previous_week": [str(v) if v is not None else None for v in prev],
                         "change": [str(this[0] - prev[0]), str(diff(this[1], prev[1])),
                                    str(diff(this[2], prev[2])), None, None]})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("journal")
    ap.add_argument("out")
    ap.add_argument("--tz", default="UTC")
    a = ap.parse_args()
    df = load(a.journal, a.tz)
    os.makedirs(a.out, exist_ok=True)
    for name, table in (("equipment_usage.csv", equipment_usage(df)), ("weekly.csv", weekly(df)),
                        ("method_stats.csv", method_stats(df)), ("grind_rating.csv", grind_rating(df)),
                        ("week_summary.csv", week_summary(df))):
        table.write_csv(os.path.join(a.out, name))


if __name__ == "__main__":
    main()
