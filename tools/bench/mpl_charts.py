"""The seven brewstats chart kinds drawn with matplotlib (Agg), for the benchmark references.

Each `draw_*` function takes the prepared series (the same ones brewstats draws: see `chart_series`) and
returns a figure with the same marks as brewstats' chart: bars, points (jittered where brewstats jitters),
LOESS lines, the ideal band/box, ratio lines and region labels, titles, subtitles and axis titles.
`chart_series` prepares those series from a journal_frame.Journal; it is not part of the drawing time.
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from statsmodels.nonparametric.smoothers_lowess import lowess  # noqa: E402

from journal_frame import RETENTION, week_label, week_start  # noqa: E402

CHART_WEEKS = 26
ROLLING_WEEKS = 4
LOESS_FRAC, LOESS_IT, LOESS_DELTA = 2 / 3, 3, 0.01
SIZE = (7.2, 4.2)  # inches at 100 dpi: 720 × 420 pt, brewstats' default chart size
KINDS = ["brews-per-week", "rating-trend", "extraction-trend", "grind-rating", "equipment-usage",
         "control-chart", "rest-rating"]


def loess_curve(x, y):
    if len(x) < 2:
        return np.array([]), np.array([])
    span = float(np.max(x) - np.min(x))
    fit = lowess(y, x, frac=LOESS_FRAC, it=LOESS_IT, delta=LOESS_DELTA * span, return_sorted=True)
    return fit[:, 0], fit[:, 1]


def weekly_window(j):
    """Brews, mean rating, its 4-week rolling mean and mean EY for the 26 weeks ending at the latest week."""
    b = j.brews.dropna(subset=["week"])
    end = int(b["week"].max())
    first = end - (CHART_WEEKS - 1 + ROLLING_WEEKS - 1)
    w = b[b["week"] >= first].groupby("week")
    frame = pd.DataFrame({"brews": w.size(), "rating": w["rating"].mean(), "ey": w["ey"].mean()})
    frame = frame.reindex(np.arange(first, end + 1))
    frame["brews"] = frame["brews"].fillna(0)
    frame["rolling"] = frame["rating"].rolling(ROLLING_WEEKS, min_periods=1).mean()
    return frame.iloc[-CHART_WEEKS:]


def grind_groups(points, count):
    """The `count` grind-vs-rating groups with most brews (n ≥ 3), as brewstats' report picks them."""
    groups = [(k, v) for k, v in points.items() if len(v[0]) >= 3]
    groups.sort(key=lambda kv: (-len(kv[1][0]), kv[0][0], kv[0][1], kv[0][2] or ""))
    return groups[:count]


def grind_series(key, x, y):
    cx, cy = loess_curve(x, y)
    sweet = None
    if len(x) >= 3 and len(np.unique(x)) >= 3:
        c, b, _ = np.polyfit(x, y, 2)
        if c < 0 and x.min() <= -b / (2 * c) <= x.max():
            sweet = -b / (2 * c)
    return {"key": key, "x": x, "y": y, "cx": cx, "cy": cy, "sweet": sweet}


def chart_series(j, points, grind_count=1, kinds=KINDS):
    """The input series of the chart `kinds` from the journal (`points`: pandas_summaries.grind_rating's points)."""
    b = j.brews
    s = {}
    if {"brews-per-week", "rating-trend", "extraction-trend"} & set(kinds):
        s["window"] = weekly_window(j)
    if "grind-rating" in kinds:
        s["grind"] = [grind_series(k, *v) for k, v in grind_groups(points, grind_count)]
    if "equipment-usage" in kinds:
        s["usage"] = (b.groupby("method").size().sort_values(ascending=False),
                      b.groupby("grinder").size().sort_values(ascending=False))
    if "control-chart" in kinds:
        ctl = b[b["ey"].notna() & b["tds"].notna()]
        s["control"] = (ctl.loc[~ctl["espresso"], ["ey", "tds"]].to_numpy(),
                        ctl.loc[ctl["espresso"], ["ey", "tds"]].to_numpy())
    if "rest-rating" in kinds:
        age = b[b["days_off_roast"].notna() & b["rating"].notna()]
        ax, ay = age["days_off_roast"].to_numpy(float), age["rating"].to_numpy(float)
        s["rest"] = (ax, ay, *loess_curve(ax, ay))
    return s


def _fig(title, subtitle=None):
    fig, ax = plt.subplots(figsize=SIZE, dpi=100)
    fig.suptitle(title, x=0.02, ha="left", fontsize=14, fontweight="bold")
    if subtitle:
        ax.set_title(subtitle, loc="left", fontsize=9, color="#555555")
    ax.grid(True, color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    return fig, ax


def _weeks(window):
    return [week_start(w) for w in window.index]


def draw_brews_per_week(s):
    w = s["window"]
    fig, ax = _fig("Brews per week", f"last {CHART_WEEKS} weeks · {int(w['brews'].sum())} brews")
    ax.bar(np.arange(len(w)), w["brews"], color="#222222", width=0.8)
    ax.set_xticks(np.arange(0, len(w), 4), [week_label(i) for i in w.index[::4]], fontsize=8)
    ax.set_ylabel("Brews")
    return fig


def draw_rating_trend(s):
    w = s["window"]
    fig, ax = _fig("Rating trend", f"weekly mean and {ROLLING_WEEKS}-week rolling mean")
    d = _weeks(w)
    ax.scatter(d, w["rating"], s=18, color="#222222", label="Weekly mean")
    ax.plot(d, w["rolling"], color="#222222", linewidth=2, label=f"{ROLLING_WEEKS}-week mean")
    ax.set_ylim(-0.25, 5.25)
    ax.set_ylabel("Rating (0–5)")
    ax.legend(loc="lower left", fontsize=8)
    fig.autofmt_xdate()
    return fig


def draw_extraction_trend(s):
    w = s["window"]
    fig, ax = _fig("Extraction yield per week", "weekly mean EY · ideal 18–22 %")
    d = _weeks(w)
    ax.axhspan(18, 22, color="#eeeeee", label="Ideal 18–22 %")
    ax.plot(d, w["ey"], color="#222222", linewidth=1.6, marker="o", markersize=4, label="Mean EY")
    ax.set_ylabel("Extraction yield (%)")
    ax.legend(loc="lower left", fontsize=8)
    fig.autofmt_xdate()
    return fig


def draw_grind_rating(g, rng):
    grinder, method, bean = g["key"]
    x, y = g["x"], g["y"]
    distinct = np.unique(x)
    step = np.min(np.diff(distinct)) if len(distinct) > 1 else 1.0
    sub = (f"{bean} · " if bean else "") + f"n = {len(x)}"
    if g["sweet"] is not None:
        sub += f" · sweet spot at {g['sweet']:.2f}"
    fig, ax = _fig(f"Grind vs rating — {grinder} · {method}", sub)
    jx = x + (rng.random(len(x)) - 0.5) * step * 0.5
    jy = y + (rng.random(len(y)) - 0.5) * 0.16
    ax.scatter(jx, jy, s=6, color="#222222", alpha=0.5, linewidths=0, label="Brew")
    if len(g["cx"]) >= 2:
        ax.plot(g["cx"], g["cy"], color="#000000", linewidth=2.4, label="LOESS fit")
    if g["sweet"] is not None:
        ax.axvline(g["sweet"], color="#000000", linewidth=1.4, label=f"Sweet spot {g['sweet']:.2f}")
    ax.set_ylim(-0.25, 5.25)
    ax.set_xlabel(f"Grind setting ({grinder})")
    ax.set_ylabel("Rating (0–5)")
    ax.legend(loc="lower right", fontsize=8)
    return fig


def _top(counts, limit=10):
    if len(counts) <= limit:
        return counts
    head = counts.iloc[: limit - 1]
    rest = counts.iloc[limit - 1:]
    return pd.concat([head, pd.Series({f"Other ({len(rest)})": rest.sum()})])


def draw_equipment_usage(s):
    methods, grinders = (_top(c) for c in s["usage"])
    fig, (a1, a2) = plt.subplots(2, 1, figsize=SIZE, dpi=100, height_ratios=[len(methods), len(grinders)])
    fig.suptitle("Equipment usage", x=0.02, ha="left", fontsize=14, fontweight="bold")
    for ax, c, name in ((a1, methods, "Methods"), (a2, grinders, "Grinders")):
        ax.barh(np.arange(len(c))[::-1], c.values, color="#222222")
        ax.set_yticks(np.arange(len(c))[::-1], c.index, fontsize=8)
        ax.set_title(name, loc="left", fontsize=10)
        for i, v in enumerate(c.values):
            ax.text(v, len(c) - 1 - i, f" {int(v)}", va="center", fontsize=7)
    a2.set_xlabel("Brews")
    return fig


def draw_control_chart(s, espresso=False):
    pts = s["control"][1 if espresso else 0]
    kind = "espresso" if espresso else "filter"
    ey_box, tds_box = (18, 22), ((8, 12) if espresso else (1.15, 1.35))
    inside = np.mean((pts[:, 0] >= 18) & (pts[:, 0] <= 22) & (pts[:, 1] >= tds_box[0]) & (pts[:, 1] <= tds_box[1]))
    fig, ax = _fig(f"Brewing control chart — {kind}", f"n = {len(pts)} · {inside * 100:.0f} % in the ideal box")
    x0, x1 = min(14, pts[:, 0].min() - 0.5), max(26, pts[:, 0].max() + 0.5)
    base = (6, 14) if espresso else (0.9, 1.7)
    pad = 0.5 if espresso else 0.05
    y0, y1 = min(base[0], pts[:, 1].min() - pad), max(base[1], pts[:, 1].max() + pad)
    ax.add_patch(plt.Rectangle((18, tds_box[0]), 4, tds_box[1] - tds_box[0], color="#e6e6e6", zorder=0,
                               label="Ideal"))
    ratios = [1.5, 2, 2.5, 3] if espresso else [14, 15, 16, 17, 18, 19, 20]
    for r in ratios:
        slope = 1 / r if espresso else 1 / (r - RETENTION)
        xa, xb = max(x0, y0 / slope), min(x1, y1 / slope)
        if xb > xa:
            ax.plot([xa, xb], [xa * slope, xb * slope], color="#999999", linewidth=0.9)
            ax.text(xb, xb * slope, f"1:{r:g}", fontsize=7, color="#666666")
    ax.scatter(pts[:, 0], pts[:, 1], s=10, color="#222222", alpha=0.5, linewidths=0,
               label="Shot" if espresso else "Brew")
    mid_x, mid_y = 20, sum(tds_box) / 2
    for x, y, t, ha in ((x0, y1, "Strong · under-extracted", "left"), (x1, y1, "Strong · over-extracted", "right"),
                        (x0, y0, "Weak · under-extracted", "left"), (x1, y0, "Weak · over-extracted", "right"),
                        (mid_x, y1, "Strong", "center"), (mid_x, y0, "Weak", "center"),
                        (x0, mid_y, "Under-extracted", "left"), (x1, mid_y, "Over-extracted", "right")):
        ax.text(x, y, t, ha=ha, fontsize=8, color="#444444")
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_xlabel("Extraction yield (%)")
    ax.set_ylabel("Strength, TDS (%)")
    return fig


def draw_rest_rating(s, rng):
    x, y, cx, cy = s["rest"]
    sub = f"n = {len(x)}"
    if len(cy):
        sub += f" · fitted rating peaks at {cx[np.argmax(cy)]:.0f} days"
    fig, ax = _fig("Rating vs days off roast", sub)
    ax.scatter(x + (rng.random(len(x)) - 0.5) * 0.6, y + (rng.random(len(y)) - 0.5) * 0.16, s=6,
               color="#222222", alpha=0.5, linewidths=0, label="Brew")
    if len(cx) >= 2:
        ax.plot(cx, cy, color="#000000", linewidth=2.4, label="LOESS fit")
    ax.set_ylim(-0.25, 5.25)
    ax.set_xlabel("Days off roast")
    ax.set_ylabel("Rating (0–5)")
    ax.legend(loc="lower right", fontsize=8)
    return fig


def draw(kind, s, rng, grind_index=0, espresso=False):
    """The figure of one chart kind from the prepared series."""
    if kind == "brews-per-week":
        return draw_brews_per_week(s)
    if kind == "rating-trend":
        return draw_rating_trend(s)
    if kind == "extraction-trend":
        return draw_extraction_trend(s)
    if kind == "grind-rating":
        return draw_grind_rating(s["grind"][grind_index], rng)
    if kind == "equipment-usage":
        return draw_equipment_usage(s)
    if kind == "control-chart":
        return draw_control_chart(s, espresso)
    if kind == "rest-rating":
        return draw_rest_rating(s, rng)
    raise ValueError(kind)


def save(fig, paths, dpi=200):
    """Saves the figure in every path's format (PNG at 2× like brewstats' default scale) and closes it."""
    for p in paths:
        fig.savefig(p, dpi=dpi if str(p).endswith(".png") else 100)
    plt.close(fig)
