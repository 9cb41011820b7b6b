"""Independent reference for the advisor's drift of the sweet spot with bag age (docs/advisor.md, "Age").

Reads {"bags": [[{"setting", "rating", "age"}, ...], ...]} from the file named as the argument (else stdin) and
prints {"raw", "raw_se", "delta", "sd",
"curvature", "curvature_se", "bags", "brews", "residual_df"} (or null when fewer than two bags qualify): ordinary
least squares with numpy's lstsq on bag-wise intercepts, settings and centred ages and the common x², x·c and c²
terms; delta = -g / 2q with its delta-method standard error, shrunk towards 0 by a normal prior of s.d. 0.25.
"""
import json
import sys

import numpy as np

PRIOR_SD = 0.25


def fit(bags):
    used = [b for b in bags
            if len(b) >= 4 and len({p["setting"] for p in b}) >= 3 and len({p["age"] for p in b}) >= 2]
    if len(used) < 2:
        return None
    x_mean = np.mean([p["setting"] for b in used for p in b])
    p = 3 * len(used) + 3
    rows, y = [], []
    for j, b in enumerate(used):
        age_mean = np.mean([q["age"] for q in b])
        for q in b:
            x, c = q["setting"] - x_mean, q["age"] - age_mean
            row = np.zeros(p)
            row[3 * j], row[3 * j + 1], row[3 * j + 2] = 1, x, c
            row[p - 3], row[p - 2], row[p - 1] = x * x, x * c, c * c
            rows.append(row)
            y.append(q["rating"])
    X, y = np.array(rows), np.array(y)
    n = len(y)
    beta, *_ = np.linalg.lstsq(X, y, rcond=None)
    resid = y - X @ beta
    s2 = resid @ resid / (n - p)
    cov = s2 * np.linalg.inv(X.T @ X)
    q, g = beta[p - 3], beta[p - 2]
    raw = -g / (2 * q)
    grad = np.zeros(p)
    grad[p - 2] = -1 / (2 * q)
    grad[p - 3] = g / (2 * q * q)
    se = float(np.sqrt(grad @ cov @ grad))
    tau2 = PRIOR_SD ** 2
    return {"raw": float(raw), "raw_se": se, "delta": float(raw * tau2 / (tau2 + se * se)),
            "sd": float(np.sqrt(tau2 * se * se / (tau2 + se * se))), "curvature": float(q),
            "curvature_se": float(np.sqrt(cov[p - 3, p - 3])), "bags": len(used), "brews": n,
            "residual_df": n - p}


if __name__ == "__main__":
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    print(json.dumps(fit(json.load(source)["bags"])))
