import BrewColumns

/// One channel of one shot as the metric kernel reads it: a slot is valid when the shot records the channel,
/// the slot is not null, and its value is finite and not negative (negative = missing, Visualizer's rule).
struct ShotChannelView {
    let values: [Float]
    let validity: Bitmap?
    let present: Bool

    @inline(__always)
    func isValid(_ i: Int) -> Bool {
        guard present, validity?.isSet(i) ?? true else { return false }
        let v = values[i]
        return v >= 0 && v.isFinite
    }

    @inline(__always)
    subscript(i: Int) -> Double { Double(values[i]) }
}

/// The per-shot channels the metrics use.
struct ShotChannelViews {
    let time: [Float]
    let pressure, flow, weight, temperature, temperatureGoal: ShotChannelView
}

/// One shot's metrics before they go into columns.
struct ShotMetricRow {
    var values = [Double?](repeating: nil, count: ShotMetric.allCases.count)
    var firstDropsSource: ShotFirstDropsSource?

    subscript(metric: ShotMetric) -> Double? {
        get { values[metric.rawValue] }
        set { values[metric.rawValue] = newValue }
    }
}

/// The metric computations over one shot's slots (definitions: ``ShotMetric``).
struct ShotMetricKernel {
    let samples: ShotSamples
    let time: [Float]

    init(_ samples: ShotSamples) {
        self.samples = samples
        self.time = samples.column(.time).values
    }

    func view(_ channel: ShotChannel, _ shot: Int) -> ShotChannelView {
        let column = samples.column(channel)
        return ShotChannelView(values: column.values, validity: column.validity,
            present: samples.present[shot].has(channel))
    }

    /// The channels of `shot`; the temperature is the basket's when the shot records it with a valid sample,
    /// else the mix temperature.
    func views(of shot: Int) -> ShotChannelViews {
        let basket = view(.basketTemperature, shot)
        let range = samples.range(of: shot)
        let hasBasket = basket.present && range.contains { basket.isValid($0) }
        return ShotChannelViews(time: time, pressure: view(.pressure, shot), flow: view(.flow, shot),
                                weight: view(.weight, shot),
                                temperature: hasBasket ? basket : view(.mixTemperature, shot),
                                temperatureGoal: view(.temperatureGoal, shot))
    }

    /// P ÷ F² at slot `i`, `nil` where undefined (no valid pressure or flow, F = 0, or above the maximum).
    @inline(__always)
    static func resistance(_ pressure: ShotChannelView, _ flow: ShotChannelView, _ i: Int) -> Double? {
        guard pressure.isValid(i), flow.isValid(i) else { return nil }
        let f = flow[i]
        guard f > 0 else { return nil }
        let r = pressure[i] / (f * f)
        return r > ShotMetricRules.maximumResistance ? nil : r
    }

    func metrics(of shot: Int, dose: Double?, yield brewYield: Double?, phaseStarts: [Double] = []) -> ShotMetricRow {
        var row = ShotMetricRow()
        let range = samples.range(of: shot)
        guard !range.isEmpty else { return row }
        let c = views(of: shot)
        let t = time
        row[.duration] = Double(t[range.upperBound - 1])

        // Pressure: peak, then the pre-infusion threshold crossing.
        let peak = maximum(c.pressure, range, from: -.infinity)
        row[.peakPressure] = peak
        var preinfusionEnd: Double?
        if let peak {
            let threshold = max(ShotMetricRules.preinfusionPeakShare * peak, ShotMetricRules.preinfusionMinimumPressure)
            preinfusionEnd = preinfusion(c.pressure, range, threshold, phaseStarts: phaseStarts)
        }
        row[.preinfusion] = preinfusionEnd

        // Scale: first drops, final weight, a third of it. The weight channel is a scale when it reaches the
        // first-drops weight at all; its first drops are the first crossing after which the cup keeps filling.
        let scaleReached = crossing(c.weight, range, ShotMetricRules.firstDropsWeight)
        let scaleFirstDrops = scaleReached == nil ? nil : sustainedFirstDrops(c.weight, range)
        var scaleYield: Double?
        // A scale that ends below the first-drops weight (reset or lost) gives no yield (BrewShots'
        // `ShotSeriesChecks`).
        if scaleReached != nil, let last = range.last(where: { c.weight.isValid($0) }),
           c.weight[last] >= ShotMetricRules.firstDropsWeight {
            scaleYield = c.weight[last]
            row[.thirdYield] = crossing(c.weight, range, scaleYield! / 3)
        }
        if let scaleFirstDrops {
            row[.firstDrops] = scaleFirstDrops
            row.firstDropsSource = .scale
        } else if let preinfusionEnd {
            row[.firstDrops] = preinfusionEnd
            row.firstDropsSource = .pressure
        }
        if let drops = row[.firstDrops], let duration = row[.duration] { row[.extraction] = max(0, duration - drops) }

        // The extraction phase: from pre-infusion's end; without a pressure channel, from the scale's first drops.
        let hasPressure = peak != nil
        // A filter brew made on the machine (its pressure never past the pre-infusion minimum, over at least
        // ``ShotMetricRules/filterMinimumDuration``) never leaves pre-infusion: its phase is the cup's filling, from
        // the scale's first drops (or the first sample) to the end, so it has flow metrics of its own.
        let filterBrew = peak.map { $0 <= ShotMetricRules.preinfusionMinimumPressure } ?? false
            && (row[.duration] ?? 0) >= ShotMetricRules.filterMinimumDuration
        let phaseStart = filterBrew ? (scaleFirstDrops ?? Double(t[range.lowerBound])) : hasPressure ? preinfusionEnd
            : scaleFirstDrops
        if let start = phaseStart {
            row[.meanPressure] = timeMean(range, from: start, valid: { c.pressure.isValid($0) },
                value: { c.pressure[$0] })
            row[.meanFlow] = timeMean(range, from: start, valid: { c.flow.isValid($0) }, value: { c.flow[$0] })
            row[.peakFlow] = maximum(c.flow, range, from: start)
            row[.meanResistance] = timeMean(range, from: start,
                                            valid: { Self.resistance(c.pressure, c.flow, $0) != nil },
                                            value: { Self.resistance(c.pressure, c.flow, $0)! })
        }
        row[.water] = integral(c.flow, range)

        let yield = (brewYield.map { $0 > 0 } ?? false) ? brewYield : scaleYield
        row[.yield] = yield
        if let yield, let dose, dose > 0 { row[.ratio] = yield / dose }

        row[.temperatureDeviation] = timeMean(range, from: -.infinity,
                                              valid: { c.temperature.isValid($0) && c.temperatureGoal.isValid($0) },
                                              value: { abs(c.temperature[$0] - c.temperatureGoal[$0]) })
        return row
    }

    /// The largest valid value at or after time `start`, `nil` when none.
    private func maximum(_ channel: ShotChannelView, _ range: Range<Int>, from start: Double) -> Double? {
        guard channel.present else { return nil }
        var best: Double?
        for i in range where channel.isValid(i) && Double(time[i]) >= start {
            let v = channel[i]
            if best == nil || v > best! { best = v }
        }
        return best
    }

    /// The time the channel first reaches `threshold`, interpolated linearly from the previous valid sample when
    /// that one lies below; `nil` when it never does.
    func crossing(_ channel: ShotChannelView, _ range: Range<Int>, _ threshold: Double) -> Double? {
        guard channel.present else { return nil }
        var previous: Int?
        for i in range where channel.isValid(i) {
            let v = channel[i]
            if v >= threshold {
                let ti = Double(time[i])
                guard let j = previous, channel[j] < threshold, v > channel[j] else { return ti }
                let tj = Double(time[j])
                return tj + (threshold - channel[j]) / (v - channel[j]) * (ti - tj)
            }
            previous = i
        }
        return nil
    }

    /// The scale's first drops (``ShotMetric/firstDrops``, docs/shots.md): the first time the weight rises through
    /// ``ShotMetricRules/firstDropsWeight`` after which no reading falls below it, for
    /// ``ShotMetricRules/firstDropsHold`` seconds and until the weight has gained ``ShotMetricRules/firstDropsGain``,
    /// a gain that must come within ``ShotMetricRules/firstDropsGainWithin`` seconds (a shot that ends sooner needs
    /// only the gain). A scale bump (the machine filling, a cup set down, a tare) falls back or never gains, and the
    /// next crossing is tried. The crossing is interpolated from the reading before when that one is a valid weight
    /// below the threshold; a reading below zero is missing for the other metrics but, as a weight, is below the
    /// threshold here. `nil` when no crossing qualifies.
    func sustainedFirstDrops(_ channel: ShotChannelView, _ range: Range<Int>) -> Double? {
        guard channel.present else { return nil }
        let threshold = ShotMetricRules.firstDropsWeight, target = threshold + ShotMetricRules.firstDropsGain
        /// A finite reading, negatives included (nil for a null or non-finite slot).
        func reading(_ i: Int) -> Double? {
            guard channel.validity?.isSet(i) ?? true else { return nil }
            let v = channel.values[i]
            return v.isFinite ? Double(v) : nil
        }
        var previous: Int?
        for i in range {
            guard let v = reading(i) else { continue }
            defer { previous = i }
            guard v >= threshold, previous.map({ reading($0)! < threshold }) ?? true else { continue }
            var start = Double(time[i])
            if let j = previous, let w = reading(j), w >= 0, v > w {
                start = Double(time[j]) + (threshold - w) / (v - w) * (Double(time[i]) - Double(time[j]))
            }
            var held = true, gained: Double?
            for k in i..<range.upperBound {
                let tk = Double(time[k])
                if gained != nil, tk > start + ShotMetricRules.firstDropsHold { break }
                if tk > start + ShotMetricRules.firstDropsGainWithin { break }
                guard let u = reading(k) else { continue }
                if u < threshold { held = false; break }
                if gained == nil, u >= target { gained = tk }
            }
            if held, gained != nil { return start }
        }
        return nil
    }

    /// The time-weighted mean from `start` on: trapezoids over adjacent pairs both valid whose left sample is at or
    /// after `start`, divided by the time they span; the plain mean of the valid samples when no pair spans time.
    @inline(__always)
    private func timeMean(_ range: Range<Int>, from start: Double, valid: (Int) -> Bool,
                          value: (Int) -> Double) -> Double? {
        var area = 0.0, span = 0.0, sum = 0.0, count = 0
        var i = range.lowerBound
        while i < range.upperBound {
            if Double(time[i]) >= start, valid(i) {
                let v = value(i)
                sum += v; count += 1
                if i + 1 < range.upperBound, valid(i + 1) {
                    let dt = Double(time[i + 1]) - Double(time[i])
                    area += (v + value(i + 1)) / 2 * dt
                    span += dt
                }
            }
            i += 1
        }
        if span > 0 { return area / span }
        return count > 0 ? sum / Double(count) : nil
    }

    /// The trapezoid integral over adjacent valid pairs; `nil` without such a pair.
    private func integral(_ channel: ShotChannelView, _ range: Range<Int>) -> Double? {
        guard channel.present else { return nil }
        var area = 0.0, pairs = 0
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if channel.isValid(i), channel.isValid(i + 1) {
                area += (channel[i] + channel[i + 1]) / 2 * (Double(time[i + 1]) - Double(time[i]))
                pairs += 1
            }
            i += 1
        }
        return pairs > 0 ? area : nil
    }
}
