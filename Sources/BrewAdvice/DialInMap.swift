import Foundation

/// Where a grinder × method has been brewed: the extent of every setting logged with it (rated or not), in model
/// units, and the margin the advice may go beyond it.
///
/// **Margin**: ``DialInOptions/mapMargin`` units (2: two steps, two clicks) when the grinder × method has at least
/// ``DialInOptions/richHistory`` brews; twice that with fewer; never less than one setting of the dial
/// (``DialInScale/settingUnits``: a stepless grinder suggested every 0.1 on a range of 2.1–2.7 widens by 0.1).
/// Two steps because a bag's sweet spot lies within about two steps of the earlier bags' own in the journals we
/// read (the sample generator's spread is 3 steps around a mean the earlier bags already cover), while a third
/// step beyond anything ever brewed is where a wild suggestion starts; a thin history has not yet shown its
/// extent, so it gets four.
///
/// The map acts twice: the new bag's prior on its sweet spot is multiplied by `exp(−½(d/margin)²)` for a sweet
/// spot `d` units outside the widened map (``logWindow(grid:)``), and suggestions (`next`, the safe pick, the stated
/// best), the sweet spot's interval and the fitted curve lie inside it — unless the bag's own posterior puts at
/// least ``DialInOptions/leaveMapMass`` of the sweet spot beyond one edge (then one margin more on that side, said
/// in words).
struct DialInMap: Sendable {
    /// The extent of the settings brewed, in units; the whole range without any.
    let lower: Double
    let upper: Double
    let margin: Double
    let span: Double
    /// Whether any setting was brewed.
    let known: Bool

    init(scale: DialInScale, settings: [Double], brews: Int, options: DialInOptions) {
        let u = settings.filter(\.isFinite).map { scale.units($0) }
        span = scale.span
        margin = max(brews >= options.richHistory ? options.mapMargin : 2 * options.mapMargin, scale.settingUnits)
        if let lo = u.min(), let hi = u.max() {
            lower = max(0, lo); upper = min(span, hi); known = true
        } else {
            lower = 0; upper = span; known = false
        }
    }

    /// The window for suggestions with `settings` of this bag added, in units: the map widened by the margin,
    /// inside the range.
    func window(adding settings: [Double], scale: DialInScale? = nil) -> (lower: Double, upper: Double) {
        guard known || !settings.isEmpty else { return (0, span) }
        var lo = known ? lower : Double.infinity, hi = known ? upper : -Double.infinity
        if let scale { for s in settings { lo = min(lo, scale.units(s)); hi = max(hi, scale.units(s)) } }
        return (max(0, lo - margin), min(span, hi + margin))
    }

    /// The extent brewed with `settings` of this bag added, in units (the whole range when nothing was brewed).
    func extent(adding settings: [Double], scale: DialInScale) -> (lower: Double, upper: Double) {
        var lo = known ? lower : Double.infinity, hi = known ? upper : -Double.infinity
        for s in settings where s.isFinite { lo = min(lo, scale.units(s)); hi = max(hi, scale.units(s)) }
        return lo <= hi ? (max(0, lo), min(span, hi)) : (0, span)
    }

    /// `log` of the prior's window at every grid point of `s`; `nil` without a map.
    func logWindow(grid: DialInGrid) -> [Double]? {
        guard known else { return nil }
        let lo = lower - margin, hi = upper + margin
        return grid.s.map { s in
            let d = s < lo ? lo - s : (s > hi ? s - hi : 0)
            return -0.5 * (d / margin) * (d / margin)
        }
    }
}

/// Grind cues (``GrindCue``) as a likelihood of the sweet spot.
///
/// A cue at setting `g` (units `u_g`) pointing coarser says the sweet spot lies coarser than `g`:
/// `P(cue | s) = ε + (1 − 2ε)·Φ(d·(s − u_g)/1 unit)` with `d = +1` for coarser on a dial where a higher number is
/// coarser (−1 finer; reversed on a dial numbered the other way) and ε = ``wrongShare`` (one cue in five is
/// wrong or about something else). A balanced cup (direction 0) says the sweet spot is near `g`:
/// `P(cue | s) = ε + (1 − 2ε)·exp(−½((s − u_g)/1.5 units)²)`. A cue of weight ½ enters as the square root of that.
/// Cues of one bag multiply.
enum DialInCues {
    static let wrongShare = 0.2

    /// Per grid point of `s`, the log-likelihood of `cues`; `[]` without cues.
    static func logLikelihood(_ cues: [GrindCue], scale: DialInScale, grid: DialInGrid) -> [Double] {
        guard !cues.isEmpty else { return [] }
        var out = [Double](repeating: 0, count: grid.s.count)
        for c in cues {
            let uc = scale.units(c.setting)
            let d = c.towardsCoarser * (scale.coarserIsHigher ? 1 : -1)
            for i in grid.s.indices {
                let x = grid.s[i] - uc
                let p = wrongShare
                    + (1 - 2 * wrongShare) * (d == 0 ? exp(-0.5 * x * x / (1.5 * 1.5)) : Gauss.cdf(d * x))
                out[i] += c.weight * log(p)
            }
        }
        return out
    }
}
