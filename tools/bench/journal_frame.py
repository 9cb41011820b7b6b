"""Loads a brew journal into one pandas frame and derives the contract's quantities (journal-format §3).

Shared by the benchmark references (report_pandas.py, charts_matplotlib.py). It mirrors what brewstats does
before any summary: one row per brew with its method, category, grinder and bean resolved; the derived brew
ratio (split by convention), beverage mass, plausible extraction yield, local day, ISO week and days off roast.
"""
import sqlite3
import uuid

import numpy as np
import pandas as pd

APPLE_EPOCH = 978_307_200  # 2001-01-01T00:00:00Z in Unix seconds
RETENTION = 2.0  # g of water the grounds keep per g of dose
PLAUSIBLE_EY = (0.0, 35.0)
EPOCH_MONDAY = pd.Timestamp("1970-01-05")  # a Monday: ISO week indices count from here


class Journal:
    """The brews frame plus the equipment lists (kept whole: unused equipment still gets a row)."""

    def __init__(self, brews, methods, grinders, beans):
        self.brews = brews  # one row per brew (see _finish for the columns)
        self.methods = methods  # frame: key, name, category, cached_count (journal order)
        self.grinders = grinders  # frame: key, name, cached_count (journal order)
        self.beans = beans  # frame: key, name, roaster


def _apple_time(seconds):
    return pd.to_datetime((seconds + APPLE_EPOCH) * 1e6, unit="us", utc=True)


def load_store(path, tz):
    """Reads the app's Core Data store (read-only) with sqlite3 + pandas."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    brews = pd.read_sql_query(
        "SELECT ZID AS id_blob, ZBREWDATE, ZDOSEGRAMS AS dose, ZWATERGRAMS AS water, ZYIELDGRAMS AS yield_g, "
        "ZBREWTIMESECONDS AS brew_time, ZGRINDSETTING AS grind, ZRATING AS rating, ZTDS AS tds, "
        "ZMETHOD AS method_key, ZGRINDER AS grinder_key, ZBEAN AS bean_key FROM ZBREWLOG ORDER BY Z_PK", con)
    methods = pd.read_sql_query(
        "SELECT Z_PK AS key, ZNAME AS name, ZCATEGORYRAWVALUE AS category, ZBREWCOUNT AS cached_count "
        "FROM ZBREWMETHOD ORDER BY Z_PK", con)
    grinders = pd.read_sql_query(
        "SELECT Z_PK AS key, ZNAME AS name, ZBREWCOUNT AS cached_count FROM ZGRINDER ORDER BY Z_PK", con)
    beans = pd.read_sql_query(
        "SELECT Z_PK AS key, ZNAME AS name, ZROASTER AS roaster, ZROASTDATE AS roast "
        "FROM ZCOFFEEBEAN ORDER BY Z_PK", con)
    con.close()
    brews["brewed"] = _apple_time(brews.pop("ZBREWDATE"))
    roast_day = _local_days(_apple_time(beans["roast"]), tz)
    beans = beans.drop(columns="roast")
    roast_by_key = pd.Series(roast_day.values, index=beans["key"])
    brews["roast_day"] = brews["bean_key"].map(roast_by_key)
    return _finish(brews, methods, grinders, beans, tz)


def load_csv(path, tz):
    """Reads the app's CSV export (contract §2b, the app's clean form) with pandas."""
    df = pd.read_csv(path, dtype={"brew_id": str, "method": str, "grinder": str, "bean": str, "roaster": str,
                                  "method_category": str, "roast_date": str},
                     usecols=["brew_id", "brewed_at", "method", "method_category", "grinder", "grind_setting",
                              "bean", "roaster", "roast_date", "dose_g", "water_g", "yield_g", "brew_time_s",
                              "tds_pct", "rating"])
    # Equipment by name (a CSV export has no ids), in order of first appearance; a bean by roaster + name.
    methods = df.dropna(subset=["method"]).drop_duplicates("method")[["method", "method_category"]]
    methods = pd.DataFrame({"key": methods["method"].values, "name": methods["method"].values,
                            "category": methods["method_category"].fillna("other").values, "cached_count": np.nan})
    gr = df["grinder"].dropna().unique()
    grinders = pd.DataFrame({"key": gr, "name": gr, "cached_count": np.nan})
    bean_key = df["roaster"].fillna("") + "\x1f" + df["bean"].fillna("")
    bean_key = bean_key.where(df["bean"].notna())
    first = df.assign(bean_key=bean_key).dropna(subset=["bean_key"]).drop_duplicates("bean_key")
    beans = pd.DataFrame({"key": first["bean_key"].values, "name": first["bean"].values,
                          "roaster": first["roaster"].values})
    brewed = pd.to_datetime(df["brewed_at"], utc=True, format="ISO8601")
    roast = pd.to_datetime(df["roast_date"], format="%Y-%m-%d")
    brews = pd.DataFrame({
        "id": df["brew_id"], "brewed": brewed, "dose": df["dose_g"], "water": df["water_g"],
        "yield_g": df["yield_g"], "brew_time": df["brew_time_s"],
        "grind": pd.to_numeric(df["grind_setting"], errors="coerce"),
        "rating": df["rating"], "tds": df["tds_pct"], "method_key": df["method"], "grinder_key": df["grinder"],
        "bean_key": bean_key, "roast_day": (roast - pd.Timestamp("1970-01-01")).dt.days,
    })
    return _finish(brews, methods, grinders, beans, tz)


def _local_days(instants, tz):
    """Calendar day index (days since 1970-01-01) of each instant in `tz`; NaN where missing."""
    local = instants.dt.tz_convert(tz).dt.tz_localize(None).dt.normalize()
    return (local - pd.Timestamp("1970-01-01")).dt.days


def _finish(brews, methods, grinders, beans, tz):
    cat = brews["method_key"].map(pd.Series(methods["category"].values, index=methods["key"]))
    brews["category"] = cat.fillna("other")
    brews["method"] = brews["method_key"].map(pd.Series(methods["name"].values, index=methods["key"]))
    brews["grinder"] = brews["grinder_key"].map(pd.Series(grinders["name"].values, index=grinders["key"]))
    brews["bean"] = brews["bean_key"].map(pd.Series(beans["name"].values, index=beans["key"]))
    espresso = brews["category"].eq("espresso")
    dose = brews["dose"].where(brews["dose"] > 0)
    other = brews["yield_g"].where(espresso, brews["water"])
    ratio = other / dose
    brews["ratio"] = ratio
    brews["ratio_espresso"] = ratio.where(espresso)
    brews["ratio_filter"] = ratio.where(~espresso)
    mass = brews["yield_g"].fillna((brews["water"] - RETENTION * brews["dose"]).where(~espresso))
    ey = brews["tds"] * mass / dose
    lo, hi = PLAUSIBLE_EY
    plausible = ey.between(lo, hi)
    brews["ey"] = ey.where(plausible)
    brews["implausible_ey"] = ey.notna() & ~plausible
    day = _local_days(brews["brewed"], tz)
    brews["day"] = day
    # ISO week index: weeks since the Monday 1970-01-05 (day 4), Monday first.
    brews["week"] = np.floor((day - 4) / 7)
    brews["days_off_roast"] = day - brews["roast_day"]
    brews["espresso"] = espresso
    return Journal(brews, methods, grinders, beans)


def week_start(index):
    """The Monday (a naive date) of ISO week `index`."""
    return EPOCH_MONDAY + pd.Timedelta(days=7 * int(index))


def week_label(index):
    y, w, _ = week_start(index).isocalendar()
    return f"{y}-W{w:02d}"


def uuid_text(blob):
    """A 16-byte UUID blob as the upper-case text brewstats uses (other values: as they are)."""
    if isinstance(blob, (bytes, bytearray)) and len(blob) == 16:
        return str(uuid.UUID(bytes=bytes(blob))).upper()
    return None if blob is None else str(blob)
