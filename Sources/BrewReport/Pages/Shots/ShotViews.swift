import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The full view of one shot (``BrewCharts/BrewstatsCharts/shotView(_:width:)``) filled from a shot journal: every
/// channel the shot records, on its own clock from the start of the shot.
///
/// | panel | series (line) |
/// | --- | --- |
/// | pressure | Pressure (solid), Pressure goal (dashed) |
/// | flow | Flow (solid), Flow goal (dashed), Weight flow (dotted) |
/// | weight | Weight (solid) |
/// | temperature | Basket (solid), Temperature goal (dashed), Water at the group (the mix temperature, dotted) |
/// | resistance | Resistance P ÷ F² (``BrewShots/ShotMetrics/resistance(_:)``), where the shot has pressure and flow |
///
/// Phases: the file's own (``BrewShots/ShotRecord/phases``). Marks: the first drops
/// (``BrewShots/ShotMetric/firstDrops``) and the end of pre-infusion (``BrewShots/ShotMetric/preinfusion``).
public enum ShotViews {
    /// Each drawn series: its name, panel, line style and the channel it comes from (`nil`: resistance).
    static let layout: [(name: String, panel: ShotViewPanel, style: Int, channel: ShotChannel?)] = [
        ("Pressure", .pressure, 0, .pressure), ("Pressure goal", .pressure, 1, .pressureGoal),
        ("Flow", .flow, 0, .flow), ("Flow goal", .flow, 1, .flowGoal), ("Weight flow", .flow, 2, .weightFlow),
        ("Weight", .weight, 0, .weight),
        ("Basket", .temperature, 0, .basketTemperature), ("Temperature goal", .temperature, 1, .temperatureGoal),
        ("Water at the group", .temperature, 2, .mixTemperature),
        ("Resistance", .resistance, 0, nil),
    ]

    /// The names of the series a shot recording `channels` is drawn with, in drawing order.
    public static func seriesNames(_ channels: ShotChannelSet) -> [String] {
        layout.filter { $0.channel.map(channels.has) ?? (channels.has(.pressure) && channels.has(.flow)) }.map(\.name)
    }

    /// The series shot `shot` is drawn with (``layout`` order, the channels it records; resistance where it records
    /// pressure and flow), parallel to its time channel, missing samples as NaN. `resistance` is
    /// ``BrewShots/ShotMetrics/resistance(_:)`` of `samples` (computed once for many shots). The full view and the
    /// group overlays (``ShotOverlays``) both draw these.
    static func series(_ shot: Int, samples: ShotSamples, resistance: PrimitiveColumn<Float>) -> [ShotViewSeries] {
        let channels = samples.channels(of: shot)
        var series: [ShotViewSeries] = []
        for item in layout {
            if let channel = item.channel {
                guard channels.has(channel) else { continue }
                let values = samples.values(channel, of: shot).map { $0.map(Double.init) ?? .nan }
                series.append(ShotViewSeries(name: item.name, panel: item.panel, values: values, style: item.style))
            } else if channels.has(.pressure), channels.has(.flow) {
                let v = samples.range(of: shot).map { resistance.isValid($0) ? Double(resistance.values[$0]) : .nan }
                series.append(ShotViewSeries(name: item.name, panel: item.panel, values: v, style: item.style))
            }
        }
        return series
    }

    /// The view of shot `shot` (an index into the journal's shot table).
    public static func input(_ journal: ShotJournal, shot: Int, timeZone: TimeZone) -> ShotViewInput? {
        guard let table = journal.shots, shot >= 0, shot < table.kept else { return nil }
        let samples = table.samples
        let record = table.shots[shot]
        let brews = journal.result.journal.brews
        let row = record.journalRow
        let valid = row >= 0 && row < brews.count
        let metrics = ShotMetrics(table.samples,
                                  dose: table.shots.map { valid && $0.journalRow == row ? brews.doseGrams[row] : nil },
                                  yield: table.shots.map { _ in nil }, phaseStarts: table.phaseStarts)
        let series = Self.series(shot, samples: samples, resistance: ShotMetrics.resistance(samples))
        func values(_ channel: ShotChannel) -> [Double] {
            samples.values(channel, of: shot).map { $0.map(Double.init) ?? .nan }
        }
        let labels = BeanLabels.make(journal.result.journal)
        let bean = valid ? brews.bean.code(row).map { labels[Int($0)] } : nil
        let profile = ShotFlagger.profileName(record.profile)
        var subtitle = [ShotSection.startText(record.start, timeZone),
            URL(fileURLWithPath: record.file).lastPathComponent]
        if let d = metrics.value(.duration, of: shot) { subtitle.append(String(format: "%.1f s", d)) }
        if !record.phases.isEmpty { subtitle.append("phases from the file") }
        return ShotViewInput(title: "Shot — \(profile) · \(bean ?? "no bean")",
                             subtitle: subtitle.joined(separator: " · "),
                             time: values(.time), series: series,
                             phases: record.phases.map { .init(start: $0.start, name: $0.name) },
                             firstDrops: metrics.value(.firstDrops, of: shot),
                             preinfusionEnd: metrics.value(.preinfusion, of: shot))
    }

    /// The latest shot (by start; undated shots count as earliest, then file order) whose profile and bean begin
    /// with `profile` and `bean` (case-insensitive; `nil` matches any), or `nil` when none does.
    public static func latest(_ journal: ShotJournal, profile: String?, bean: String?) -> Int? {
        guard let table = journal.shots, table.kept > 0 else { return nil }
        let brews = journal.result.journal.brews
        let labels = BeanLabels.make(journal.result.journal)
        let matching = table.shots.indices.filter { i in
            let record = table.shots[i]
            if let profile, !ShotFlagger.profileName(record.profile).lowercased().hasPrefix(profile.lowercased()) {
                return false
            }
            if let bean {
                let row = record.journalRow
                let name = row >= 0 && row < brews.count ? brews.bean.code(row).map { labels[Int($0)] } : nil
                guard (name ?? "no bean").lowercased().hasPrefix(bean.lowercased()) else { return false }
            }
            return true
        }
        return ShotOverlays.startOrder(matching, table).last
    }

    /// Draws `input` into `url`, the format taken from its extension (.png at `pngScale`, .svg, .pdf).
    public static func write(_ input: ShotViewInput, to url: URL, theme: Theme, pngScale: Double = 2) throws {
        let format: ChartImageFormat? = url.pathExtension.lowercased() == "png" ? .png(scale: pngScale) : nil
        try ChartRenderer.write(BrewstatsCharts.shotView(input), to: url, format: format, theme: theme)
    }
}
