import Foundation

extension DialInAdvice {
    /// The answer as one JSON object (`brewstats dial-in --json`), keys sorted, numbers rounded to 0.01:
    ///
    /// `{"grinder", "method", "bean", "brews", "earlier_bags", "earlier_brews", "next": {"grind_setting",
    /// "expected_rating", "tried"}, "best": {"grind_setting", "low", "high", "level", "expected_rating"} | null,
    /// "verdict": "peak" | "no_dependence" | "cues_only", "why", "earlier_peaks": {"low", "high"} | null,
    /// "scale": {"min", "max", "step"}, "bayes_factor_flat", "excluded": {"no_rating", "no_grind_setting"},
    /// "notes", "curve": [{"grind_setting", "expected_rating", "low", "high"}]}`.
    /// Also `"safe": {"grind_setting", "expected_rating"}`, `"experiment": {"grind_setting", "expected_rating",
    /// "settles", "chance"} | null` (`settles`: "finer" or "coarser" than the safe pick; `chance`: the posterior
    /// probability of that), `"confidence": "low" | "medium" | "high"`, `"map": {"low", "high"}` (settings brewed on
    /// the grinder × method before this bag), `"profile"` (null unless espresso shots name profiles), `"cues"` (this
    /// bag's taste and shot cues: `{"grind_setting", "towards": "finer" | "coarser" | "here", "weight"}`),
    /// `"unrated_warning"` (null or the sentence) and `scale.notation` (`"decimal"` or `"thirds"`).
    /// `bean` is null for brews logged without a bean; `step` is null for a stepless grinder; the next setting's
    /// `expected_rating` is null where no rating informs it (no rated brew of the bag or an earlier bag: `cues_only`,
    /// whose `curve` is empty). `"evidence": {"brews", "rated", "earlier_bags", "earlier_brews", "earlier_rated"}`
    /// counts every brew, rated or not; `"below_cup": {"grind_setting", "rating"} | null` is the bag's best cup when
    /// `next` is expected more than a quarter point below it (then `safe` is that cup's setting); `map` is the settings
    /// brewed, rated or not, this bag's included; each cue has
    /// `named`, the setting its note names, or null. `"shot_time"` is null unless the grinder × profile's timed shots
    /// show a slope (``ShotTimeFit``): `{"seconds_per_step", "low", "high", "level", "between_bags", "noise", "shots",
    /// "bags", "bag_shots", "setting_per_step", "used", "own": {"seconds_per_step", "low", "high"} | null,
    /// "pooled": {"seconds_per_step", "low", "high", "between_profiles", "profiles", "shots", "yield_left_out"},
    /// "yield_left_out", "median_yield" (grams, or null), "target": {"seconds",
    /// "low", "high", "source": "best_rated" | "default", "shots", "best_low", "best_high"}}`: the slope read (the
    /// profile's own shrunk towards the pool of the grinder's profiles), the profile's own before shrinking (null
    /// without one) and the pool (``ShotTimePooling``); `yield_left_out` the shots stopped more than 15 % from the
    /// profile's median yield and left out of the slope (``ShotTimeYield``); `used` false when the earlier bags show no
    /// slope and the one stated is every bag's, this one's included (not read as evidence: ``ShotTimeFit/used``).
    /// `"above_curve": [{"grind_setting", "rating", "expected_rating"}]` lists the bag's cups rated more than half a
    /// point above the curve there (a note says the curve runs under them).
    /// `"attribute_effect": {"attribute", "value", "bags",
    /// "known_bags", "shift", "spread", "towards"} | null` is the new bag's roast level's effect on its prior
    /// (``AttributeEffect``: `shift` and `spread` in model units, steps or clicks; `towards` "finer" or "coarser"),
    /// null when the prior is the one population of every earlier bag. `"age_drift": {"per_day", "low", "high",
    /// "level", "least_squares", "least_squares_se", "bags", "brews", "next_age_days"} | null` is the drift of the
    /// sweet spot with bag age the answer accounts for (``AgeDrift``: settings per day of age, the posterior mean and
    /// its 80 % interval, the least-squares estimate before shrinking), null when the bags show none.
    public var json: String { Self.serialised(jsonObject) }

    /// ``json``'s object before it is written, for an answer that carries more (`dial-in --backtest`).
    public var jsonObject: [String: Any] {
        let e = estimate
        var object: [String: Any] = [
            "grinder": grinder, "method": method, "bean": bean.map { $0 as Any } ?? NSNull(),
            "brews": points.count, "earlier_bags": e.earlierBags, "earlier_brews": earlierBrews,
            "next": ["grind_setting": Self.round(e.next), "tried": e.nextTried,
                     "expected_rating": hasExpectation ? Self.round(e.nextExpected) as Any : NSNull()],
            "verdict": e.verdict.rawValue, "why": why, "notes": notes,
            "scale": ["min": Self.round(e.scale.lower), "max": Self.round(e.scale.upper),
                      "step": e.scale.step.map { Self.round($0) as Any } ?? NSNull(),
                      "notation": e.scale.notation.rawValue],
            "safe": ["grind_setting": Self.round(e.safe),
                     "expected_rating": hasExpectation ? Self.round(e.safeExpected) as Any : NSNull()],
            "experiment": e.experiment.map { x -> Any in
                ["grind_setting": Self.round(x.setting), "expected_rating": Self.round(x.expected),
                 "settles": e.coarserWord(e.scale.units(x.setting) > e.scale.units(e.safe)),
                 "chance": Self.round(x.chanceBeyondSafe)] } ?? NSNull(),
            "confidence": e.confidence.rawValue,
            "below_cup": e.belowCup.map {
                ["grind_setting": Self.round($0.setting), "rating": Self.round($0.rating)] as Any
            } ?? NSNull(),
            "map": ["low": Self.round(e.mapLow), "high": Self.round(e.mapHigh)],
            "above_curve": e.cupsAboveCurve.map {
                ["grind_setting": Self.round($0.cup.setting), "rating": Self.round($0.cup.rating),
                 "expected_rating": Self.round($0.expected)]
            },
            "profile": profile.map { $0 as Any } ?? NSNull(),
            "cues": e.cues.map { c -> [String: Any] in
                ["grind_setting": Self.round(c.setting),
                 "towards": c.towardsCoarser > 0 ? "coarser" : (c.towardsCoarser < 0 ? "finer" : "here"),
                 "weight": Self.round(c.weight), "named": c.named.map { Self.round($0) as Any } ?? NSNull()] },
            "evidence": ["brews": evidence.brews, "rated": evidence.rated, "earlier_bags": evidence.earlierBags,
                         "earlier_brews": evidence.earlierBrews, "earlier_rated": evidence.earlierRated],
            "unrated_warning": unratedWarning.map { $0 as Any } ?? NSNull(),
            "attribute_effect": e.attributeEffect.map { x -> Any in
                ["attribute": x.attribute, "value": x.value, "bags": x.bags, "known_bags": x.knownBags,
                 "shift": Self.round(x.shiftUnits), "spread": Self.round(x.spreadUnits),
                 "towards": x.shiftUnits == 0 ? "here" : e.coarserWord(x.shiftUnits > 0)] } ?? NSNull(),
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
        object["shot_time"] = e.shotTime.map { Self.json($0) } ?? NSNull()
        object["age_drift"] = age.map { a -> Any in
            let (lo, hi) = a.drift.interval80
            return ["per_day": Self.round(a.drift.delta, 3), "low": Self.round(lo, 3), "high": Self.round(hi, 3),
                    "level": 0.8, "least_squares": Self.round(a.drift.raw, 3),
                    "least_squares_se": Self.round(a.drift.rawSE, 3), "bags": a.drift.bags, "brews": a.drift.brews,
                    "next_age_days": a.nextAge]
        } ?? NSNull()
        if let lo = e.earlierPeakLow, let hi = e.earlierPeakHigh {
            object["earlier_peaks"] = ["low": Self.round(lo), "high": Self.round(hi)]
        } else {
            object["earlier_peaks"] = NSNull()
        }
        return object
    }

    /// `object` as ``json`` writes it: keys sorted, slashes unescaped, one line.
    public static func serialised(_ object: [String: Any]) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The `"shot_time"` object of ``json``.
    static func json(_ f: ShotTimeFit) -> [String: Any] {
        let optional = { (x: Double?) -> Any in x.map { round($0) as Any } ?? NSNull() }
        let slope = { (s: ShotTimeFit.Slope) -> [String: Any] in
            ["seconds_per_step": round(s.secondsPerStep, 3), "low": round(s.low, 3), "high": round(s.high, 3)]
        }
        return [
            "seconds_per_step": round(f.secondsPerStep, 3), "low": round(f.low, 3), "high": round(f.high, 3),
            "level": f.level, "between_bags": round(f.betweenBags, 3), "noise": round(f.noise, 3), "shots": f.shots,
            "bags": f.bags, "bag_shots": f.bagShots.count, "setting_per_step": round(f.settingPerStep, 4),
            "used": f.used,
            "own": f.own.map { slope($0) } ?? NSNull(),
            "pooled": slope(f.pooled).merging(["between_profiles": round(f.betweenProfiles, 3),
                                               "profiles": f.profiles, "shots": f.pooledShots,
                                               "yield_left_out": f.pooledYieldLeftOut]) { a, _ in a },
            "yield_left_out": f.yieldLeftOut, "median_yield": optional(f.medianYield),
            "target": ["seconds": round(f.targetSeconds), "low": round(f.targetLow), "high": round(f.targetHigh),
                       "source": f.targetSource, "shots": f.targetShots, "best_low": optional(f.bestLow),
                       "best_high": optional(f.bestHigh)],
        ]
    }

    /// `x` rounded to `places` decimals (exact for the printed digits).
    static func round(_ x: Double, _ places: Int = 2) -> Double {
        guard x.isFinite else { return 0 }
        let f = pow(10, Double(places))
        return (x * f).rounded() / f
    }
}
