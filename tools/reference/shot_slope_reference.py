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
bags shot at two or more settings.

Usage:  .venv/bin/python tools/reference/shot_slope_reference.py shots.csv
        .venv/bin/python tools/reference/shot_slope_reference.py --journal J.csv GRINDER METHOD [PROFILE]
"""
import csv
import json
import math
import sys

import numpy as np
import statsmodels.api as sm


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
            if math.isfinite(u) and math.isfinite(t) and t > 0:
                out.append({"bag": r["bean"], "u": u, "seconds": t})
    return out


def main(args):
    if args[0] == "--journal":
        rows = journal_rows(args[1], args[2], args[3], args[4] if len(args) > 4 else None)
    else:
        with open(args[0], newline="") as f:
            rows = list(csv.DictReader(f))
    with_slope = [b for b in {r["bag"] for r in rows} if len({r["u"] for r in rows if r["bag"] == b}) >= 2]
    if not with_slope:
        print(json.dumps({"slope": None, "se": None, "ols_slope": None, "shots": len(rows), "bags_with_slope": 0}))
        return
    rows = [r for r in rows if r["bag"] in with_slope]
    bags = sorted({r["bag"] for r in rows})
    x = np.array([[1.0 if r["bag"] == b else 0.0 for b in bags] + [float(r["u"])] for r in rows])
    y = np.array([float(r["seconds"]) for r in rows])
    ols, *_ = np.linalg.lstsq(x, y, rcond=None)
    fit = sm.RLM(y, x, M=sm.robust.norms.HuberT(t=1.345)).fit(maxiter=100, tol=1e-10)
    print(json.dumps({"slope": float(fit.params[-1]), "se": float(fit.bse[-1]), "ols_slope": float(ols[-1]),
                      "shots": len(rows), "bags": len(bags), "bags_with_slope": len(with_slope)}))


if __name__ == "__main__":
    main(sys.argv[1:])
