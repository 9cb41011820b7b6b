import Foundation

extension DialInAdvice {
    /// The answer as one JSON object (`brewstats dial-in --json`), keys sorted, numbers rounded to 0.01:
    ///
    /// `{"grinder", "method", "bean", "brews", "earlier_bags", "earlier_brews", "next": {"grind_setting",
    /// "expected_rating", "tried"}, "best": {"grind_setting", "low", "high", "level", "expected_rating"} | null,
    /// "verdict": "peak" | "no_dependence", "why", "earlier_peaks": {"low", "high"} | null,
    /// "scale": {"min", "max", "step"}, "bayes_factor_flat", "excluded": {"no_rating", "no_grind_setting"},
    /// "notes", "curve": [{"grind_setting", "expected_rating", "low", "high"}]}`.
    /// `bean` is null for brews logged without a bean; `step` is null for a stepless grinder; the next setting's
    /// `expected_rating` is null before any brew on the grinder × method.
    public var json: String {
        let e = estimate
        var object: [String: Any] = [
            "grinder": grinder, "method": method, "bean": bean.map { $0 as Any } ?? NSNull(),
            "brews": points.count, "earlier_bags": e.earlierBags, "earlier_brews": earlierBrews,
            "next": ["grind_setting": Self.round(e.next), "tried": e.nextTried,
                     "expected_rating": hasExpectation ? Self.round(e.nextExpected) as Any : NSNull()],
            "verdict": e.verdict.rawValue, "why": why, "notes": notes,
            "scale": ["min": Self.round(e.scale.lower), "max": Self.round(e.scale.upper),
                      "step": e.scale.step.map { Self.round($0) as Any } ?? NSNull()],
            "excluded": ["no_rating": unrated, "no_grind_setting": unset],
            "bayes_factor_flat": e.flatBayesFactor.map { Self.round($0, 3) as Any } ?? NSNull(),
            "curve": e.curve.map { ["grind_setting": Self.round($0.setting), "expected_rating": Self.round($0.mean),
                                    "low": Self.round($0.low), "high": Self.round($0.high)] },
        ]
        if let best = e.best, let lo = e.low, let hi = e.high, let r = e.bestExpected {
            object["best"] = ["grind_setting": Self.round(best), "low": Self.round(lo), "high": Self.round(hi),
                              "level": e.level, "expected_rating": Self.round(r)]
        } else {
            object["best"] = NSNull()
        }
        if let lo = e.earlierPeakLow, let hi = e.earlierPeakHigh {
            object["earlier_peaks"] = ["low": Self.round(lo), "high": Self.round(hi)]
        } else {
            object["earlier_peaks"] = NSNull()
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `x` rounded to `places` decimals (exact for the printed digits).
    static func round(_ x: Double, _ places: Int = 2) -> Double {
        guard x.isFinite else { return 0 }
        let f = pow(10, Double(places))
        return (x * f).rounded() / f
    }
}
