import BrewColumns

/// Every ``ShotMetric`` of every shot of a ``ShotSamples`` table, stored columnar: one `Float64` column per metric,
/// a null slot where the metric is undefined for that shot (see each metric's edge cases).
///
/// ```swift
/// let metrics = ShotMetrics(samples, dose: doses, yield: yields)
/// let firstDrops = metrics[.firstDrops]          // Float64Column, one slot per shot
/// let seconds = metrics.value(.duration, of: 0)  // Double?
/// ```
public struct ShotMetrics: Sendable {
    /// One column per ``ShotMetric`` (indexed by `rawValue`), each `shotCount` slots long.
    public let columns: [Float64Column]
    /// Which rule gave each shot's time to first drops (``ShotFirstDropsSource`` raw values); null where the
    /// time to first drops is null.
    public let firstDropsSource: PrimitiveColumn<UInt8>

    /// The number of shots.
    public var shotCount: Int { firstDropsSource.count }

    /// The column of `metric`.
    public subscript(metric: ShotMetric) -> Float64Column { columns[metric.rawValue] }

    /// Shot `shot`'s value of `metric`, `nil` when undefined.
    public func value(_ metric: ShotMetric, of shot: Int) -> Double? { columns[metric.rawValue][shot] }

    /// Which rule gave shot `shot`'s time to first drops, `nil` when it is undefined.
    public func firstDropsSource(of shot: Int) -> ShotFirstDropsSource? {
        firstDropsSource[shot].flatMap(ShotFirstDropsSource.init(rawValue:))
    }

    init(columns: [Float64Column], firstDropsSource: PrimitiveColumn<UInt8>) {
        precondition(columns.count == ShotMetric.allCases.count, "ShotMetrics: one column per metric")
        self.columns = columns
        self.firstDropsSource = firstDropsSource
    }

    /// Computes every metric of every shot of `samples`.
    ///
    /// `dose` and `yield` are the brews' own masses (g), one slot per shot in the samples' order, null where the
    /// brew has none; either may be `nil` (no brew carries it). A yield or dose of 0 or less counts as missing.
    /// One pass per shot over its slots, nothing allocated per sample: linear in the number of samples.
    ///
    /// `phaseStarts` are the starts of the phases each shot's file marks (BrewShots' `ShotTable.phaseStarts`), one list
    /// per shot, for the end of pre-infusion (``ShotMetricKernel/preinfusion(_:_:_:phaseStarts:)``); `nil` when none is
    /// known (the pressure rule alone).
    ///
    /// - Precondition: `dose` and `yield`, when given, have `samples.shotCount` slots.
    public init(_ samples: ShotSamples, dose: Float64Column? = nil, yield: Float64Column? = nil,
                phaseStarts: [[Double]]? = nil) {
        precondition(dose == nil || dose!.count == samples.shotCount, "ShotMetrics: one dose slot per shot")
        precondition(yield == nil || yield!.count == samples.shotCount, "ShotMetrics: one yield slot per shot")
        var builders = ShotMetric.allCases.map { _ in
            PrimitiveColumnBuilder<Double>(minimumCapacity: samples.shotCount)
        }
        var sources = PrimitiveColumnBuilder<UInt8>(minimumCapacity: samples.shotCount)
        let kernel = ShotMetricKernel(samples)
        for shot in 0 ..< samples.shotCount {
            // Samples' times are stored as Float32: a phase that starts at a sample starts at its stored time.
            let starts = (phaseStarts.flatMap { shot < $0.count ? $0[shot] : nil } ?? []).map { Double(Float($0)) }
            let row = kernel.metrics(of: shot, dose: dose?[shot], yield: yield?[shot], phaseStarts: starts)
            for metric in ShotMetric.allCases { builders[metric.rawValue].append(row.values[metric.rawValue]) }
            sources.append(row.firstDropsSource?.rawValue)
        }
        self.init(columns: builders.map { $0.finish() }, firstDropsSource: sources.finish())
    }

    /// Computes the metrics with the brews' masses given as optional arrays (a convenience over
    /// ``init(_:dose:yield:)``).
    public init(_ samples: ShotSamples, dose: [Double?], yield: [Double?], phaseStarts: [[Double]]? = nil) {
        func column(_ values: [Double?]) -> Float64Column {
            var builder = PrimitiveColumnBuilder<Double>(minimumCapacity: values.count)
            for value in values { builder.append(value) }
            return builder.finish()
        }
        self.init(samples, dose: column(dose), yield: column(yield), phaseStarts: phaseStarts)
    }

    /// The puck resistance P ÷ F² of every sample, in the samples' list layout (slot `i` belongs to the same
    /// shot and sample as slot `i` of `samples`' columns), bar·s²/ml².
    ///
    /// Visualizer's rule: null where the flow is 0 (or missing, or negative) or the pressure is missing, and null
    /// where P ÷ F² exceeds ``ShotMetricRules/maximumResistance`` (19; the flow is nearly zero and the ratio
    /// meaningless). All null for a shot without a pressure or a flow channel.
    public static func resistance(_ samples: ShotSamples) -> PrimitiveColumn<Float> {
        let kernel = ShotMetricKernel(samples)
        var builder = PrimitiveColumnBuilder<Float>(minimumCapacity: samples.sampleCount)
        for shot in 0 ..< samples.shotCount {
            let channels = kernel.views(of: shot)
            for i in samples.range(of: shot) {
                builder.append(ShotMetricKernel.resistance(channels.pressure, channels.flow, i).map(Float.init))
            }
        }
        return builder.finish()
    }

    /// The share of each shot's samples where `channel` holds a valid value (present, not null, finite, not
    /// negative), 0…1 — how much of the shot a sensor covered (a scale that dropped out, a sparse SEP series).
    /// 0 for a shot that does not record the channel; null for an empty shot.
    public static func coverage(_ samples: ShotSamples, _ channel: ShotChannel) -> Float64Column {
        let kernel = ShotMetricKernel(samples)
        var builder = PrimitiveColumnBuilder<Double>(minimumCapacity: samples.shotCount)
        for shot in 0 ..< samples.shotCount {
            let range = samples.range(of: shot)
            guard !range.isEmpty else { builder.append(nil); continue }
            let view = kernel.view(channel, shot)
            var valid = 0
            for i in range where view.isValid(i) { valid += 1 }
            builder.append(Double(valid) / Double(range.count))
        }
        return builder.finish()
    }
}
