#!/usr/bin/env python3
"""Independent reference for the shot-time slope (docs/advisor.md, "Shot times: seconds per step").

Reads a CSV of shots (`bag,u,seconds`: the bag's label, the setting in model units, the shot's time) and prints
one JSON object: the within-bag slope of time against setting, fitted by statsmodels' robust linear model (Huber's
T norm, t = 1.345, MAD scale) on a design of one intercept per bag and the setting, with its standard error, and
the plain least-squares slope of the same design (numpy) for comparison.

It shares no code with the Swift fit: the bags enter as dummy columns of the design instead of being centred,
and the robust weights and covariance are statsmodels' own.

With `--journal`, the shots are read from a journal in the app's CSV export (`brewstats export J --to csv`): the
brews of one grinder × method (and pressure profile, when given), with a finite grind setting and a positive
brew time, each bean a bag; the setting is then in the dial's own numbers. It also prints `bags_with_slope`, the
bags shot at two or more settings. Shots whose yield (`yield_g`) lies more than 15 % from the median yield of the
grinder × method's (or profile's) shots are left out first; `median_yield` and `yield_left_out` say so.

With `--pool`, the shots carry a `profile` column (`profile,bag,u,seconds`; with `--journal`, every profile of the
grinder × method, names compared without case): each profile with a slope (at least 4 shots in bags shot at two or
more settings) is fitted as above, and the profiles' slopes are combined by statsmodels' random-effects meta-analysis
(`combine_effects(..., method_re="dl")`, DerSimonian-Laird); a CSV `profile,slope,se` gives the profiles' slopes
directly. It prints the pooled mean and its standard error, tau^2, and per profile its slope, standard error and the
empirical-Bayes shrunk slope `(b/s^2 + mu/tau^2) / (1/s^2 + 1/tau^2)` with standard deviation
`sqrt(s^2 tau^2 / (s^2 + tau^2) + B^2 se(mu)^2)`, `B = s^2 / (s^2 + tau^2)` (mu itself, with se(mu), when tau^2 = 0).
One profile alone is its own pool (tau^2 = 0); none gives nulls.

Usage:  .venv/bin/python tools/reference/shot_slope_reference.py shots.csv
        .venv/bin/python tools/reference/shot_slope_reference.py --journal J.csv GRINDER METHOD [PROFILE]
        .venv/bin/python tools/reference/shot_slope_reference.py --pool shots.csv
        .venv/bin/python tools/reference/shot_slope_reference.py --pool --journal J.csv GRINDER METHOD
"""
import csv
import json
import math
import sys

import numpy as np
import statsmodels.api as sm
from statsmodels.stats.meta_analysis import combine_effects


def journal_rows(path, grinder, method, profile):
    out = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["grinder"] != grinder or r["method"] != method:
                continue
            if profile is not None and r["pressure_profile"].strip().lower() != profile.lower():
                continue
            try:
                u, t = float(r["grind_setting"]), float(r["brew_time_s"])
            except ValueError:
                continue
            try:
                y = float(r["yield_g"])
            except (KeyError, ValueError):
                y = None
            if math.isfinite(u) and math.isfinite(t) and t > 0:
                out.append({"bag": r["bean"], "u": u, "seconds": t, "profile": r["pressure_profile"].strip().lower(),
                            "yield": y if y is not None and math.isfinite(y) and y > 0 else None})
    return out


def steady_yield(rows):
    """`rows` less the shots whose yield lies more than 15 % from the median of the rows' yields; the median and
    how many were left out."""
    yields = [r["yield"] for r in rows if r.get("yield") is not None]
    if not yields:
        return rows, None, 0
    m = float(np.median(yields))
    kept = [r for r in rows if r.get("yield") is None or abs(r["yield"] - m) <= 0.15 * m]
    return kept, m, len(rows) - len(kept)


def robust_fit(rows):
    """The Huber fit of `rows` on a design of one intercept per bag (bags shot at two or more settings) and u."""
    with_slope = [b for b in {r["bag"] for r in rows} if len({r["u"] for r in rows if r["bag"] == b}) >= 2]
    if not with_slope:
        return None
    rows = [r for r in rows if r["bag"] in with_slope]
    bags = sorted({r["bag"] for r in rows})
    x = np.array([[1.0 if r["bag"] == b else 0.0 for b in bags] + [float(r["u"])] for r in rows])
    y = np.array([float(r["seconds"]) for r in rows])
    ols, *_ = np.linalg.lstsq(x, y, rcond=None)
    fit = sm.RLM(y, x, M=sm.robust.norms.HuberT(t=1.345)).fit(maxiter=100, tol=1e-10)
    return {"slope": float(fit.params[-1]), "se": float(fit.bse[-1]), "ols_slope": float(ols[-1]),
            "shots": len(rows), "bags": len(bags), "bags_with_slope": len(with_slope)}


def pool(effects):
    """DerSimonian-Laird pool of `effects` ({profile: (slope, se)}) and each profile's shrunk slope."""
    if not effects:
        return {"mean": None, "se": None, "tau2": None, "profiles": {}}
    names = sorted(effects)
    b = np.array([effects[n][0] for n in names])
    v = np.array([effects[n][1] ** 2 for n in names])
    if len(names) == 1:
        mu, se, tau2 = float(b[0]), float(math.sqrt(v[0])), 0.0
    else:
        r = combine_effects(b, v, method_re="dl")
        mu, se, tau2 = float(r.mean_effect_re), float(r.sd_eff_w_re), float(r.tau2)
    out = {}
    for n, bi, vi in zip(names, b, v):
        if tau2 > 0:
            shrink = vi / (vi + tau2)
            mean = (bi / vi + mu / tau2) / (1 / vi + 1 / tau2)
            sd = math.sqrt(vi * tau2 / (vi + tau2) + shrink ** 2 * se ** 2)
        else:
            mean, sd = mu, se
        out[n] = {"slope": float(bi), "se": float(math.sqrt(vi)), "shrunk": float(mean), "shrunk_sd": float(sd)}
    return {"mean": mu, "se": se, "tau2": tau2, "predictive_sd": math.sqrt(se ** 2 + tau2), "profiles": out}


def main_pool(args):
    if args[0] == "--journal":
        rows = journal_rows(args[1], args[2], args[3], None)
    else:
        with open(args[0], newline="") as f:
            rows = list(csv.DictReader(f))
    if rows and "slope" in rows[0]:
        effects = {r["profile"]: (float(r["slope"]), float(r["se"])) for r in rows}
    else:
        effects = {}
        for name in sorted({r["profile"] for r in rows}):
            fit = robust_fit(steady_yield([r for r in rows if r["profile"] == name])[0])
            if fit is not None and fit["shots"] >= 4:
                effects[name] = (fit["slope"], fit["se"])
    print(json.dumps(pool(effects), sort_keys=True))


def main(args):
    if args[0] == "--pool":
        main_pool(args[1:])
        return
    median, left_out = None, 0
    if args[0] == "--journal":
        rows, median, left_out = steady_yield(journal_rows(args[1], args[2], args[3],
                                                           args[4] if len(args) > 4 else None))
    else:
        with open(args[0], newline="") as f:
            rows = list(csv.DictReader(f))
    with_slope = [b for b in {r["bag"] for r in rows} if len({r["u"] for r in rows if r["bag"] == b}) >= 2]
    if not with_slope:
        print(json.dumps({"slope": None, "se": None, "ols_slope": None, "shots": len(rows), "bags_with_slope": 0,
                          "median_yield": median, "yield_left_out": left_out}))
        return
    rows = [r for r in rows if r["bag"] in with_slope]
    bags = sorted({r["bag"] for r in rows})
    x = np.array([[1.0 if r["bag"] == b else 0.0 for b in bags] + [float(r["u"])] for r in rows])
    y = np.array([float(r["seconds"]) for r in rows])
    ols, *_ = np.linalg.lstsq(x, y, rcond=None)
    fit = sm.RLM(y, x, M=sm.robust.norms.HuberT(t=1.345)).fit(maxiter=100, tol=1e-10)
    print(json.dumps({"slope": float(fit.params[-1]), "se": float(fit.bse[-1]), "ols_slope": float(ols[-1]),
                      "shots": len(rows), "bags": len(bags), "bags_with_slope": len(with_slope),
                      "median_yield": median, "yield_left_out": left_out}))


if __name__ == "__main__":
    main(sys.argv[1:])
