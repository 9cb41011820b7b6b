"""Reference for the shots benchmark: the shot metrics of a folder of shot files with json + pandas, one file at a time.

Usage: shots_reference.py FOLDER [--out metrics.csv] [--overlays medians.csv] [--tz Europe/Berlin]
       shots_reference.py --cases Tests/Fixtures/shots/metric-cases.json

Does what brewstats' shot metrics (Sources/BrewShots/ShotMetric*.swift; README "Shot metrics") do, as a pandas
user would: each file is read with `json.load` into a pandas DataFrame (one column per channel), negative
values become NaN, and the same definitions are applied with numpy:

- duration: the last sample's time;
- pre-infusion: the first time the pressure reaches max(0.75 x peak, 2 bar), interpolated linearly from the
  previous valid sample;
- first drops: the first time the scale rises through 0.5 g (interpolated) after which the cup keeps filling:
  no reading (a negative one included, read from the raw column) falls below 0.5 g for 3 s nor before the weight
  reaches 1.5 g, which it must within 10 s (docs/shots.md, "First drops and scale bumps"); a bump is passed over;
  without a scale (never reaches 0.5 g) or when no crossing keeps filling, the end of pre-infusion;
- the extraction phase starts at pre-infusion's end (without a pressure channel: at the scale's first drops);
- time-weighted means: trapezoids over adjacent pairs of valid samples whose left sample lies in the phase,
  divided by their time; the plain mean when no pair spans time;
- water: trapezoid integral of the flow over adjacent valid pairs; yield: the brew's yield (> 0) else the
  scale's last valid weight; ratio: yield / dose; a third of the yield: the scale reaching a third of its
  final weight; resistance P / F^2 (undefined at F = 0 and above 19); temperature deviation |T - goal| with T
  the basket temperature when present, else the mix temperature.

Formats read: Decent JSON v2 (the brew's dose and yield from meta.in / meta.out) and the Decent Tcl .shot
(from settings grinder_dose_weight / drink_weight), Gaggiuino, GaggiMate and Meticulous JSON (no brew masses), and
the SEP / Pressensor CSV (pandas.read_csv; `Dose` and `Weight` meta rows). GaggiMate's weight is its scale's `v`
(when it ever reads above 0; `ev` is the machine's estimate, never a weight). Other files are skipped and counted.
Writes one CSV row per file.

With --overlays, also does what the weekly report's shot overlays do for the latest ISO week with shots (in --tz):
the week's shots grouped by profile x bean, each aligned at its first drops, and per group and channel (pressure,
flow, weight) the median and quartiles on a 0.25 s grid where at least max(3, ceil(n / 2)) of the group's n aligned
shots cover the time (np.interp within each shot's own span); one CSV row per group, channel and grid time.
With --cases, checks the hand-computed cases the Swift tests also check and exits 1 on a mismatch.
"""
import argparse
import json
import math
import os
import sys

import numpy as np
import pandas as pd

FIRST_DROPS_G = 0.5
GAIN_G = 1.0  # g the cup gains after first drops
HOLD_DROPS_S = 3.0  # s no reading may fall below FIRST_DROPS_G after first drops
GAIN_WITHIN_S = 10.0  # s within which the gain must come
PEAK_SHARE = 0.75
MIN_PRESSURE = 2.0
HOLD_S = 3.0  # s the pressure stays at or above the threshold for its crossing to end pre-infusion
BLOOM_FALL = 1.0  # bar a phase falls from its top to its end to be a bloom
MAX_RESISTANCE = 19.0
METRICS = ["duration_s", "first_drops_s", "preinfusion_s", "extraction_s", "peak_pressure_bar",
           "mean_pressure_bar", "mean_flow_ml_s", "peak_flow_ml_s", "water_ml", "yield_g", "yield_ratio",
           "third_yield_s", "mean_resistance", "temperature_deviation_c"]
CHANNELS = ["pressure", "flow", "weight", "basket", "mix", "goal"]


def _num(values):
    return pd.to_numeric(pd.Series(values, dtype=object), errors="coerce").to_numpy(dtype=float)


def load_tcl(text):
    """A Decent `.shot` file: `key {numbers}` lines; dose and yield from
    `settings { grinder_dose_weight, drink_weight }`."""
    lists, settings, in_settings = {}, {}, False
    for line in text.splitlines():
        if line.startswith("settings {"):
            in_settings = True
        elif in_settings and line.startswith("}"):
            in_settings = False
        elif in_settings:
            key, _, value = line.strip().partition(" ")
            settings[key] = value.strip("{}")
        elif line.startswith("espresso_") and line.endswith("}") and " {" in line:
            key, _, body = line.partition(" {")
            lists[key] = body[:-1].split()
    if "espresso_elapsed" not in lists:
        return None
    n = len(lists["espresso_elapsed"])
    cols = {"time": _num(lists["espresso_elapsed"])}
    src = {"pressure": "espresso_pressure", "flow": "espresso_flow", "weight": "espresso_weight",
           "basket": "espresso_temperature_basket", "mix": "espresso_temperature_mix",
           "goal": "espresso_temperature_goal"}
    for name, key in src.items():
        if lists.get(key):
            cols[name] = _num(lists[key][:n])
    frame = pd.DataFrame(cols)
    dose = pd.to_numeric(settings.get("grinder_dose_weight"), errors="coerce")
    brew_yield = pd.to_numeric(settings.get("drink_weight"), errors="coerce")
    clock = next((line.split()[1] for line in text.splitlines() if line.startswith("clock ")), None)
    info = {"start": pd.to_numeric(clock, errors="coerce"), "profile": settings.get("profile_title", ""),
            "bean": " ".join(x for x in (settings.get("bean_brand", ""), settings.get("bean_type", "")) if x),
            "phases": phase_starts(cols["time"], _num(lists.get("espresso_state_change", [])[:n]))}
    return frame, dose, brew_yield, info


def load_sep(raw):
    """A SEP / Pressensor CSV: `meta` rows (metatype, metadata) and `moment` rows (one sensor reading each)."""
    import io
    # A meta row may end in a stray comma (`Unit system,metric,metric or imperial,`): one spare column takes it.
    names = ["information_type", "elapsed", "pressure", "current_total_shot_weight", "flow_in", "flow_out",
             "water_temperature_boiler", "water_temperature_in", "water_temperature_basket", "metatype", "metadata",
             "comment", "spare"]
    table = pd.read_csv(io.BytesIO(raw), header=None, skiprows=1, names=names, dtype={"metatype": str, "metadata": str})
    meta = table[table["information_type"] == "meta"].set_index("metatype")["metadata"]
    moments = table[table["information_type"] == "moment"]
    # Rows of the same elapsed time are one sample (a sensor absent from a row is a missing value there).
    grouped = moments.groupby("elapsed", sort=True)[["pressure", "current_total_shot_weight"]].first().reset_index()
    cols = {"time": grouped["elapsed"].astype(float), "pressure": grouped["pressure"].astype(float)}
    if grouped["current_total_shot_weight"].notna().any():
        cols["weight"] = grouped["current_total_shot_weight"].astype(float)
    frame = pd.DataFrame(cols)
    start = pd.Timestamp(meta.get("Date")) if isinstance(meta.get("Date"), str) else None
    info = {"start": start, "profile": meta.get("Name", "") if isinstance(meta.get("Name"), str) else "",
            "bean": " ".join(x for x in (meta.get("Roastery"), meta.get("Beans")) if isinstance(x, str))}
    return (frame, pd.to_numeric(meta.get("Dose"), errors="coerce"),
            pd.to_numeric(meta.get("Weight"), errors="coerce"), info)


def load(path):
    """(frame, dose, yield, info) of one shot file, or None when the format is not one this reference reads.

    info: the shot's start (Unix seconds, or a pandas Timestamp without zone for SEP), profile and bean."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"clock") or raw.startswith(b"sequence_id") or raw.startswith(b"filename"):
        loaded = load_tcl(raw.decode("utf-8", errors="replace"))
        if loaded is None:
            return None
        frame, dose, brew_yield, info = loaded
        return _clean(frame), _positive(dose), _positive(brew_yield), info
    if raw.startswith(b"information_type,"):
        frame, dose, brew_yield, info = load_sep(raw)
        return _clean(frame), _positive(dose), _positive(brew_yield), info
    if not raw.lstrip().startswith(b"{"):
        return None
    d = json.loads(raw)
    if not isinstance(d, dict):
        return None
    dose = brew_yield = None
    info = {"start": pd.to_numeric(d.get("timestamp", d.get("time")), errors="coerce"), "profile": "", "bean": ""}
    profile = d.get("profile")
    if isinstance(profile, dict):
        info["profile"] = profile.get("title") or profile.get("name") or profile.get("label") or ""
    elif isinstance(profile, str):
        info["profile"] = profile
    if "profile_name" in d:
        info["profile"] = d["profile_name"]
    if "elapsed" in d:  # Decent JSON v2: every number a string; the series may be longer than elapsed
        n = len(d["elapsed"])
        cols = {"time": _num(d["elapsed"])}
        src = {"pressure": ("pressure", "pressure"), "flow": ("flow", "flow"), "weight": ("totals", "weight"),
               "basket": ("temperature", "basket"), "mix": ("temperature", "mix"), "goal": ("temperature", "goal")}
        for name, (group, key) in src.items():
            values = (d.get(group) or {}).get(key)
            if values:
                cols[name] = _num(values[:n])
        frame = pd.DataFrame(cols)
        info["phases"] = phase_starts(cols["time"], _num((d.get("state_change") or [])[:n]))
        meta = d.get("meta") or {}
        bean = meta.get("bean") or {}
        info["bean"] = " ".join(x for x in (bean.get("brand", ""), bean.get("type", "")) if x)
        dose = pd.to_numeric(meta.get("in"), errors="coerce")
        brew_yield = pd.to_numeric(meta.get("out"), errors="coerce")
    elif "datapoints" in d:  # Gaggiuino
        p = pd.DataFrame(d["datapoints"])
        frame = pd.DataFrame({"time": p["timeInShot"] / 1000, "pressure": p["pressure"], "flow": p["pumpFlow"],
                              "weight": p["shotWeight"], "basket": p["temperature"], "goal": p["targetTemperature"]})
    elif "samples" in d:  # GaggiMate
        p = pd.DataFrame(d["samples"])
        # The scale's `v` when it ever reads above 0; without a scale no weight (`ev` is an estimate, not a weighing).
        frame = pd.DataFrame({"time": p["t"] / 1000, "pressure": p["cp"], "flow": p["fl"], "mix": p["ct"],
                              "goal": p["tt"]})
        if "v" in p and (p["v"] > 0).any():
            frame["weight"] = p["v"]
    elif "profile_name" in d and "data" in d:  # Meticulous
        p = pd.json_normalize(d["data"])
        frame = pd.DataFrame({"time": p["time"] / 1000, "pressure": p["shot.pressure"], "flow": p["shot.flow"],
                              "weight": p["shot.weight"], "mix": p["sensors.tube"]})
        if "status" in p:
            status = p["status"].fillna("")
            change = (status != status.shift()) & (status != "")
            info["phases"] = [float(x) for x in frame["time"][change]]
    else:
        return None
    return _clean(frame), _positive(dose), _positive(brew_yield), info


def phase_starts(time, state_change):
    """A Decent shot's phases: a state change whose sign differs from the last nonzero one starts a phase."""
    t = np.asarray(time, dtype=float)[: len(state_change)]
    c = np.sign(np.asarray(state_change, dtype=float)[: len(t)])
    nz = np.flatnonzero(c != 0)
    if nz.size == 0:
        return []
    keep = np.concatenate(([True], c[nz][1:] != c[nz][:-1]))
    return [float(x) for x in t[nz][keep]]


def preinfusion_end(t, p, threshold, phases):
    """docs/shots.md: the first crossing held for 3 s (else the first), then the phases' bloom rule."""
    ok = ~np.isnan(p)
    tv, pv = t[ok], p[ok]
    above = pv >= threshold
    if not above.any():
        return None
    end = None
    # Runs of samples at or above the threshold: each starts with an upward crossing.
    starts = np.flatnonzero(above & ~np.concatenate(([False], above[:-1])))
    stops = np.flatnonzero(above & ~np.concatenate((above[1:], [False])))
    for a, b in zip(starts, stops):
        cross = tv[a] if a == 0 or not pv[a] > pv[a - 1] else \
            tv[a - 1] + (threshold - pv[a - 1]) / (pv[a] - pv[a - 1]) * (tv[a] - tv[a - 1])
        if b == len(pv) - 1 or tv[b] - cross >= HOLD_S:
            end = float(cross)
            break
    if end is None:
        end = crossing(t, p, threshold)
    if len(phases) < 2:
        return end
    bloom = None
    for k in range(len(phases) - 1):
        if phases[k + 1] > end:
            continue
        sel = (tv >= phases[k]) & (tv < phases[k + 1])
        if sel.any() and pv[sel].max() - pv[sel][-1] >= BLOOM_FALL:
            bloom = phases[k + 1]
    if bloom is not None:
        return bloom
    holding = [k for k in range(len(phases)) if phases[k] <= end]
    return phases[holding[-1]] if holding and holding[-1] >= 1 else end


def sustained_first_drops(t, raw):
    """The first rise of the raw weight (negatives kept: below 0.5 g) through 0.5 g that holds and gains a gram."""
    finite = np.isfinite(raw)
    tv, wv = t[finite], raw[finite]
    rises = np.flatnonzero((wv >= FIRST_DROPS_G) & np.concatenate(([True], wv[:-1] < FIRST_DROPS_G)))
    for i in rises:
        t0 = float(tv[i])
        if i > 0 and wv[i - 1] >= 0 and wv[i] > wv[i - 1]:
            t0 = float(tv[i - 1] + (FIRST_DROPS_G - wv[i - 1]) / (wv[i] - wv[i - 1]) * (tv[i] - tv[i - 1]))
        after = np.arange(i, len(tv))
        within = after[tv[after] <= t0 + GAIN_WITHIN_S]
        below = within[wv[within] < FIRST_DROPS_G]
        gains = within[wv[within] >= FIRST_DROPS_G + GAIN_G]
        if gains.size == 0:
            continue
        # Held: no reading below 0.5 g until both 3 s have passed and the gram is gained.
        until = max(t0 + HOLD_DROPS_S, float(tv[gains[0]]))
        if below.size == 0 or tv[below[0]] > until:
            return t0
    return None


def _clean(frame):
    """Negative values are missing, in every channel but time; the raw weight is kept for first drops."""
    if "weight" in frame.columns:
        frame["weight_raw"] = frame["weight"].astype(float)
    for c in frame.columns:
        if c == "weight_raw":
            continue
        if c != "time":
            frame[c] = frame[c].astype(float).where(frame[c] >= 0)
    return frame


def _positive(x):
    return float(x) if x is not None and not pd.isna(x) and float(x) > 0 else None


def crossing(t, v, threshold):
    ok = ~np.isnan(v)
    tv, vv = t[ok], v[ok]
    hits = np.flatnonzero(vv >= threshold)
    if hits.size == 0:
        return None
    i = hits[0]
    if i == 0 or not vv[i] > vv[i - 1]:
        return float(tv[i])
    return float(tv[i - 1] + (threshold - vv[i - 1]) / (vv[i] - vv[i - 1]) * (tv[i] - tv[i - 1]))


def time_mean(t, v, start):
    ok = ~np.isnan(v)
    sel = ok & (t >= start)
    if not sel.any():
        return None
    pair = sel[:-1] & ok[1:]
    dt = np.diff(t)
    span = dt[pair].sum()
    if span > 0:
        return float((((v[:-1] + v[1:]) / 2 * dt)[pair]).sum() / span)
    return float(v[sel].mean())


def integral(t, v):
    ok = ~np.isnan(v)
    pair = ok[:-1] & ok[1:]
    if not pair.any():
        return None
    return float((((v[:-1] + v[1:]) / 2 * np.diff(t))[pair]).sum())


def peak(t, v, start):
    sel = ~np.isnan(v) & (t >= start)
    return float(v[sel].max()) if sel.any() else None


def metrics(frame, dose=None, brew_yield=None, phases=()):
    m = dict.fromkeys(METRICS)
    source = None
    if len(frame) == 0:
        return m, source
    t = frame["time"].to_numpy(dtype=float)
    col = {c: (frame[c].to_numpy(dtype=float) if c in frame else None) for c in CHANNELS}
    m["duration_s"] = float(t[-1])
    p, f, w = col["pressure"], col["flow"], col["weight"]
    pk = peak(t, p, -math.inf) if p is not None else None
    m["peak_pressure_bar"] = pk
    pre = preinfusion_end(t, p, max(PEAK_SHARE * pk, MIN_PRESSURE), phases) if pk is not None else None
    m["preinfusion_s"] = pre
    reached = crossing(t, w, FIRST_DROPS_G) if w is not None else None
    raw = frame["weight_raw"].to_numpy(dtype=float) if "weight_raw" in frame else w
    drops = sustained_first_drops(t, raw) if reached is not None else None
    scale_yield = None
    if reached is not None:
        scale_yield = float(w[~np.isnan(w)][-1])
        if scale_yield >= FIRST_DROPS_G:
            m["third_yield_s"] = crossing(t, w, scale_yield / 3)
        else:
            scale_yield = None  # a scale that ends below first drops (reset or lost) gives no yield
    if drops is not None:
        m["first_drops_s"], source = drops, "scale"
    elif pre is not None:
        m["first_drops_s"], source = pre, "pressure"
    if m["first_drops_s"] is not None:
        m["extraction_s"] = max(0.0, m["duration_s"] - m["first_drops_s"])
    start = pre if pk is not None else drops
    if start is not None:
        if p is not None:
            m["mean_pressure_bar"] = time_mean(t, p, start)
        if f is not None:
            m["mean_flow_ml_s"] = time_mean(t, f, start)
            m["peak_flow_ml_s"] = peak(t, f, start)
        if p is not None and f is not None:
            with np.errstate(divide="ignore", invalid="ignore"):
                r = p / (f * f)
            r[~(f > 0) | (r > MAX_RESISTANCE)] = np.nan
            m["mean_resistance"] = time_mean(t, r, start)
    if f is not None:
        m["water_ml"] = integral(t, f)
    y = brew_yield if brew_yield is not None else scale_yield
    m["yield_g"] = y
    if y is not None and dose is not None:
        m["yield_ratio"] = y / dose
    temp = col["basket"] if col["basket"] is not None and (~np.isnan(col["basket"])).any() else col["mix"]
    if temp is not None and col["goal"] is not None:
        m["temperature_deviation_c"] = time_mean(t, np.abs(temp - col["goal"]), -math.inf)
    return m, source


def check_cases(path):
    with open(path) as fh:
        cases = json.load(fh)["cases"]
    bad = 0
    for case in cases:
        ch = case["channels"]
        names = {"pressure_bar": "pressure", "flow_ml_s": "flow", "weight_g": "weight",
                 "basket_temperature_c": "basket", "mix_temperature_c": "mix", "temperature_goal_c": "goal"}
        frame = pd.DataFrame({"time": np.array(ch["time_s"], dtype=float)})
        for key, name in names.items():
            if key in ch:
                frame[name] = np.array([np.nan if v is None else v for v in ch[key]], dtype=float)
                if name == "weight":
                    frame["weight_raw"] = frame[name]
                frame[name] = frame[name].where(frame[name] >= 0)
        got, source = metrics(frame, _positive(case.get("dose")), _positive(case.get("yield")))
        for key in METRICS:
            want = case["expected"].get(key)
            ok = (got[key] is None) if want is None else (
                got[key] is not None and math.isclose(got[key], want, rel_tol=1e-9, abs_tol=1e-9))
            if not ok:
                bad += 1
                print(f"{case['name']}: {key} = {got[key]}, expected {want}", file=sys.stderr)
        if case.get("first_drops_source") != source:
            bad += 1
            print(f"{case['name']}: source {source}, expected {case.get('first_drops_source')}", file=sys.stderr)
    print(f"{len(cases)} cases, {bad} mismatches")
    return 1 if bad else 0


def overlay_medians(shots, tz):
    """The report's overlays for the latest ISO week with shots: per profile x bean and channel, the quartiles of
    the aligned shots on a 0.25 s grid where at least max(3, ceil(n / 2)) of the n aligned shots cover the time."""
    def local(start):
        if start is None or (not isinstance(start, pd.Timestamp) and pd.isna(start)):
            return None
        if isinstance(start, pd.Timestamp):
            return start.tz_localize(tz)
        return pd.Timestamp(float(start), unit="s", tz="UTC").tz_convert(tz)
    dated = [(local(s["info"]["start"]), s) for s in shots]
    dated = [(t, s) for t, s in dated if t is not None]
    if not dated:
        return pd.DataFrame(columns=["profile", "bean", "channel", "t", "n", "p25", "median", "p75"])
    latest = max(t.isocalendar()[:2] for t, _ in dated)
    groups = {}
    for t, s in dated:
        if t.isocalendar()[:2] == latest and s["drops"] is not None:
            groups.setdefault((s["info"]["profile"] or "no profile", s["info"]["bean"] or "no bean"), []).append(s)
    out = []
    for (profile, bean), members in groups.items():
        need = max(3, (len(members) + 1) // 2)
        aligned = [(s["frame"]["time"].to_numpy(dtype=float) - s["drops"], s["frame"]) for s in members]
        lo = min(x[0].min() for x in aligned)
        hi = max(x[0].max() for x in aligned)
        step = max(0.25, (hi - lo) / 1999)
        grid = lo + step * np.arange(int((hi - lo) / step * (1 + 1e-12)) + 1)
        for channel in ("pressure", "flow", "weight"):
            curves = []
            for x, frame in aligned:
                if channel not in frame:
                    continue
                y = frame[channel].to_numpy(dtype=float)
                ok = ~np.isnan(y)
                if ok.sum() == 0:
                    continue
                xs, ys = x[ok], y[ok]
                v = np.interp(grid, xs, ys)
                v[(grid < xs[0]) | (grid > xs[-1])] = np.nan
                curves.append(v)
            if len(curves) < need:
                continue
            stack = np.vstack(curves)
            n = (~np.isnan(stack)).sum(axis=0)
            with np.errstate(all="ignore"), __import__("warnings").catch_warnings():
                __import__("warnings").simplefilter("ignore")
                q = np.nanquantile(stack, [0.25, 0.5, 0.75], axis=0)
            keep = n >= need
            for k in np.flatnonzero(keep):
                out.append((profile, bean, channel, grid[k], int(n[k]), q[0, k], q[1, k], q[2, k]))
    return pd.DataFrame(out, columns=["profile", "bean", "channel", "t", "n", "p25", "median", "p75"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?")
    ap.add_argument("--out")
    ap.add_argument("--overlays")
    ap.add_argument("--tz", default="Europe/Berlin")
    ap.add_argument("--cases")
    a = ap.parse_args()
    if a.cases:
        sys.exit(check_cases(a.cases))
    rows, skipped, kept = [], 0, []
    for name in sorted(os.listdir(a.folder)):
        path = os.path.join(a.folder, name)
        if not os.path.isfile(path):
            continue
        try:
            loaded = load(path)
        except (ValueError, KeyError):
            loaded = None
        if loaded is None:
            skipped += 1
            continue
        frame, dose, brew_yield, info = loaded
        m, source = metrics(frame, dose, brew_yield, info.get("phases", ()))
        rows.append({"file": name, **m, "first_drops_source": source})
        if a.overlays:
            kept.append({"frame": frame, "drops": m["first_drops_s"], "info": info})
    table = pd.DataFrame(rows, columns=["file"] + METRICS + ["first_drops_source"])
    if a.out:
        table.to_csv(a.out, index=False)
    if a.overlays:
        overlay_medians(kept, a.tz).to_csv(a.overlays, index=False)
    print(f"{len(rows)} shots, {skipped} skipped")


if __name__ == "__main__":
    main()
