import BrewColumns

/// The end of pre-infusion (``ShotMetric/preinfusion``), from the pressure and, where the file marks them, its phases.
///
/// With T = max(0.75 × the shot's peak pressure, 2 bar) (``ShotMetricRules``):
///
/// 1. **Pressure.** The first upward crossing of T after which the pressure stays at or above T for
///    ``ShotMetricRules/preinfusionHold`` (3 s) or until the shot's last pressure sample — a pressurising bump
///    before a bloom, which falls back within a second or two, is not the end. The crossing is interpolated
///    between the valid sample below T and the first valid sample at or above it. When no crossing holds (a shot
///    whose peak is a short spike), the first crossing. Undefined when the pressure never reaches T.
/// 2. **Phases** (a Decent shot's state changes, a Meticulous shot's stages: BrewShots' `ShotRecord.phases`). Let e be
///    the time of rule 1. When a phase that ends at or before e is a **bloom** — its pressure falls by at least
///    ``ShotMetricRules/bloomPressureFall`` (1 bar) from its highest to its end (the pump off, the puck soaking) —
///    pre-infusion ends where the last such phase ends. Otherwise it ends at the start of the phase that holds e,
///    unless that is the file's first phase (then e). A shot whose file marks fewer than two phases takes e.
///
/// On the real blooming Decent shot (`20211019T100744`) rule 1 alone gave 6.7 s, the pressurising bump before the
/// bloom; the bloom phase (6.03–11.25 s, 5.2 → 2.0 bar) puts the end at 11.25 s, where the pump starts again.
extension ShotMetricKernel {
    func preinfusion(_ pressure: ShotChannelView, _ range: Range<Int>, _ threshold: Double,
                     phaseStarts: [Double]) -> Double? {
        guard let end = heldCrossing(pressure, range, threshold) ?? crossing(pressure, range, threshold) else {
            return nil
        }
        guard phaseStarts.count >= 2 else { return end }
        // Rule 2: the last bloom phase ending at or before `end`.
        var bloomEnd: Double?
        for k in 0 ..< phaseStarts.count - 1 where phaseStarts[k + 1] <= end {
            if let fall = pressureFall(pressure, range, from: phaseStarts[k], to: phaseStarts[k + 1]),
               fall >= ShotMetricRules.bloomPressureFall { bloomEnd = phaseStarts[k + 1] }
        }
        if let bloomEnd { return bloomEnd }
        guard let holding = phaseStarts.lastIndex(where: { $0 <= end }), holding >= 1 else { return end }
        return phaseStarts[holding]
    }

    /// Rule 1's crossing that holds, `nil` when none does.
    private func heldCrossing(_ pressure: ShotChannelView, _ range: Range<Int>, _ threshold: Double) -> Double? {
        guard pressure.present else { return nil }
        var previous: Int?
        var candidate: Double?
        for i in range where pressure.isValid(i) {
            let v = pressure[i], ti = Double(time[i])
            if v >= threshold {
                if candidate == nil {
                    if let j = previous, pressure[j] < threshold, v > pressure[j] {
                        let tj = Double(time[j])
                        candidate = tj + (threshold - pressure[j]) / (v - pressure[j]) * (ti - tj)
                    } else {
                        candidate = ti
                    }
                }
                if let c = candidate, ti - c >= ShotMetricRules.preinfusionHold { return c }
            } else {
                candidate = nil
            }
            previous = i
        }
        return candidate  // above T from the crossing to the last sample
    }

    /// The pressure's fall within [start, end): its highest valid sample minus its last valid sample there; `nil`
    /// without a valid sample.
    private func pressureFall(
        _ pressure: ShotChannelView, _ range: Range<Int>, from start: Double, to end: Double
    ) -> Double? {
        var high = -Double.infinity, last: Double?
        for i in range where pressure.isValid(i) {
            let t = Double(time[i])
            if t < start { continue }
            if t >= end { break }
            high = max(high, pressure[i])
            last = pressure[i]
        }
        return last.map { high - $0 }
    }
}
