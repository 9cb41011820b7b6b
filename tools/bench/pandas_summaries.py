"""The report's five summaries computed with pandas/numpy, following journal-format §3–4 and the CSV columns
of brewstats' summaries (weekly.csv, method_stats.csv, equipment_usage.csv, grind_rating.csv,
week_summary.csv). Used by report_pandas.py; each function returns a DataFrame with brewstats' columns.

Quantiles are numpy's default (linear, R type 7); means and quantiles skip missing values; ratio medians are
split into espresso and filter; implausible extraction yields (outside 0–35 %) were dropped by journal_frame.
"""
import numpy as np
import pandas as pd

from journal_frame import uuid_text, week_label

MIN_BREWS_PER_BEAN = 8


def weekly(j):
    """weekly.csv: every week from the first to the last dated brew, empty weeks included."""
    b = j.brews.dropna(subset=["week"])
    if b.empty:
        return pd.DataFrame(columns=["week", "brews", "mean_rating", "median_ratio_espresso", "median_ratio_filter",
                                     "mean_ey", "distinct_beans"])
    g = b.groupby("week")
    out = pd.DataFrame({
        "brews": g.size(),
        "mean_rating": g["rating"].mean(),
        "median_ratio_espresso": g["ratio_espresso"].median(),
        "median_ratio_filter": g["ratio_filter"].median(),
        "mean_ey": g["ey"].mean(),
        "distinct_beans": g["bean_key"].nunique(),
    })
    weeks = np.arange(int(b["week"].min()), int(b["week"].max()) + 1)
    out = out.reindex(weeks)
    out["brews"] = out["brews"].fillna(0).astype(int)
    out["distinct_beans"] = out["distinct_beans"].fillna(0).astype(int)
    out.insert(0, "week", [week_label(w) for w in weeks])
    return out.reset_index(drop=True)


def method_stats(j):
    """method_stats.csv: one row per method (unused ones with n 0), most brews first, then name."""
    b = j.brews
    g = b.groupby("method_key")
    ratio, ey = g["ratio"], g["ey"]
    stats = pd.DataFrame({
        "n": g.size(),
        "ratio_mean": ratio.mean(), "ratio_median": ratio.median(),
        "ratio_p25": ratio.quantile(0.25), "ratio_p75": ratio.quantile(0.75),
        "n_ey": ey.count(), "ey_mean": ey.mean(), "ey_median": ey.median(),
        "ey_p25": ey.quantile(0.25), "ey_p75": ey.quantile(0.75),
        "tds_mean": g["tds"].mean(), "brew_time_median": g["brew_time"].median(),
    })
    m = j.methods.reset_index(drop=True)
    out = stats.reindex(m["key"]).reset_index(drop=True)
    out["n"] = out["n"].fillna(0).astype(int)
    out["n_ey"] = out["n_ey"].fillna(0).astype(int)
    out.insert(0, "category", m["category"].fillna("other"))
    out.insert(0, "method", m["name"])
    out["_pos"] = np.arange(len(out))
    return out.sort_values(["n", "method", "_pos"], ascending=[False, True, True]).drop(columns="_pos")


def _iso(ts):
    return "" if pd.isna(ts) else ts.strftime("%Y-%m-%dT%H:%M:%SZ")


def _usage(j, kind, key_col, entities, total):
    b = j.brews
    g = b.groupby(key_col)
    stats = pd.DataFrame({
        "brews": g.size(), "first_used": g["brewed"].min(), "last_used": g["brewed"].max(),
        "mean_rating": g["rating"].mean(), "median_ratio_espresso": g["ratio_espresso"].median(),
        "median_ratio_filter": g["ratio_filter"].median(), "mean_ey": g["ey"].mean(),
    })
    e = entities.reset_index(drop=True)
    out = stats.reindex(e["key"]).reset_index(drop=True)
    out["brews"] = out["brews"].fillna(0).astype(int)
    out["share_pct"] = 100 * out["brews"] / total if total else np.nan
    cached = e["cached_count"]
    out["cached_brew_count"] = cached.where(cached.notna() & (cached != out["brews"]))
    out["first_used"] = out["first_used"].map(_iso)
    out["last_used"] = out["last_used"].map(_iso)
    out.insert(0, "name", e["name"])
    out.insert(0, "kind", kind)
    out["_pos"] = np.arange(len(out))
    out = out.sort_values(["brews", "name", "_pos"], ascending=[False, True, True]).drop(columns="_pos")
    return out[["kind", "name", "brews", "share_pct", "first_used", "last_used", "mean_rating",
                "median_ratio_espresso", "median_ratio_filter", "mean_ey", "cached_brew_count"]]


def equipment_usage(j):
    """equipment_usage.csv: methods then grinders, every one listed, most brews first."""
    total = len(j.brews)
    return pd.concat([_usage(j, "method", "method_key", j.methods, total),
                      _usage(j, "grinder", "grinder_key", j.grinders, total)], ignore_index=True)


def _pearson(x, y):
    if len(x) < 2 or np.var(x) == 0 or np.var(y) == 0:
        return np.nan
    return float(np.corrcoef(x, y)[0, 1])


def _rank(a):
    return pd.Series(a).rank(method="average").to_numpy()


def _fit(grind, rating):
    """n, Pearson, Spearman, OLS slope and intercept, sweet spot of one group (journal-format §4)."""
    n = len(grind)
    pearson = _pearson(grind, rating)
    spearman = _pearson(_rank(grind), _rank(rating)) if not np.isnan(pearson) else np.nan
    slope = intercept = np.nan
    if n >= 1 and np.var(grind) > 0:
        slope, intercept = np.polyfit(grind, rating, 1)
    sweet = np.nan
    if n >= 3 and len(np.unique(grind)) >= 3:
        c, b_, _a = np.polyfit(grind, rating, 2)
        if c < 0:
            v = -b_ / (2 * c)
            if grind.min() <= v <= grind.max():
                sweet = v
    return [n, pearson, spearman, slope, intercept, sweet]


def grind_rating(j, keep_points=False):
    """grind_rating.csv: per grinder × method, then per bean with ≥ 8 usable brews in that pair.

    With keep_points, also returns {(grinder, method, bean or None): (grind, rating)} for the charts."""
    b = j.brews
    use = b[b["grind"].notna() & b["rating"].notna() & b["grinder_key"].notna() & b["method_key"].notna()]
    rows, points = [], {}
    gpos = {k: i for i, k in enumerate(j.grinders["key"])}
    mpos = {k: i for i, k in enumerate(j.methods["key"])}
    pairs = sorted(use.groupby(["grinder_key", "method_key"], sort=False),
                   key=lambda kv: (str(use_name(j.grinders, kv[0][0])), gpos.get(kv[0][0], 0),
                                   str(use_name(j.methods, kv[0][1])), mpos.get(kv[0][1], 0)))
    for (gk, mk), grp in pairs:
        gname, mname = use_name(j.grinders, gk), use_name(j.methods, mk)
        x, y = grp["grind"].to_numpy(), grp["rating"].to_numpy()
        rows.append([gname, mname, ""] + _fit(x, y))
        if keep_points:
            points[(gname, mname, None)] = (x, y)
        counts = grp["bean_key"].value_counts()
        chosen = counts[counts >= MIN_BREWS_PER_BEAN].index
        # Beans by name, roaster, then position in the journal.
        beans = j.beans.assign(_pos=np.arange(len(j.beans)), _r=j.beans["roaster"].fillna(""))
        beans = beans[beans["key"].isin(chosen)].sort_values(["name", "_r", "_pos"]).set_index("key")
        for bk, bean in beans.iterrows():
            sel = grp["bean_key"].eq(bk).to_numpy()
            rows.append([gname, mname, bean["name"]] + _fit(x[sel], y[sel]))
            if keep_points:
                points[(gname, mname, bean["name"])] = (x[sel], y[sel])
    out = pd.DataFrame(rows, columns=["grinder", "method", "bean", "n", "pearson_r", "spearman_rho", "slope",
                                      "intercept", "sweet_spot"])
    return (out, points) if keep_points else out


def use_name(entities, key):
    hit = entities.loc[entities["key"] == key, "name"]
    return hit.iloc[0] if len(hit) else None


def _figures(j, rows):
    top = None
    counts = rows["method"].value_counts()
    if len(counts):
        best = counts.max()
        top = sorted(counts[counts == best].index)[0]
    best_label = None
    rated = rows[rows["rating"].notna()]
    if len(rated):
        cand = rated[rated["rating"] == rated["rating"].max()]
        cand = cand[cand["brewed"] == cand["brewed"].min()] if cand["brewed"].notna().any() else cand
        ids = cand["id"] if "id" in cand else cand["id_blob"].map(uuid_text)
        texts = [i for i in ids if isinstance(i, str)]
        # A brew without an id sorts first (brewstats' BestBrew).
        best_id = "(no id)" if len(texts) < len(ids) or not texts else min(texts)
        rating = float(cand["rating"].iloc[0])
        best_label = f"{best_id} ({rating:g})"
    return [len(rows), rows["rating"].mean(), rows["ey"].mean(), top, best_label]


def week_summary(j, week=None):
    """week_summary.csv: the report week (default: the latest week with a brew) against the week before."""
    b = j.brews
    if week is None:
        if b["week"].notna().sum() == 0:
            return pd.DataFrame(columns=["metric", "this_week", "previous_week", "change"]), None
        week = b["week"].max()
    this = _figures(j, b[b["week"] == week])
    prev = _figures(j, b[b["week"] == week - 1])

    def diff(a, c):
        return a - c if pd.notna(a) and pd.notna(c) else np.nan

    return pd.DataFrame([
        ["brews", this[0], prev[0], this[0] - prev[0]],
        ["mean_rating", this[1], prev[1], diff(this[1], prev[1])],
        ["mean_ey", this[2], prev[2], diff(this[2], prev[2])],
        ["top_method", this[3], prev[3], None],
        ["best_brew", this[4], prev[4], None],
    ], columns=["metric", "this_week", "previous_week", "change"]), week
