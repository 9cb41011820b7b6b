import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The shot overlays of a shot journal: one ``ShotOverlayInput`` per profile × bean, filled from the shots table.
///
/// - **Groups.** Shots are grouped by their profile (``ShotRecord/profile``; "no profile" when the file names none)
///   and their brew's bean (the journal's bean label, ``BeanLabels``; "no bean" when the brew has none). Groups
///   come largest first; ties by profile, then bean, in UTF-8 order (``groups(_:shots:)``).
/// - **Order and latest.** A group's shots are in start order (shots without a start time first, in file order),
///   and the last one is the latest.
/// - **Series.** Each shot's series are the full shot view's (``ShotViews/series(_:samples:resistance:)``: pressure
///   and its goal, flow, its goal and the weight flow, weight, basket, mix and goal temperatures, resistance), on
///   the shot's own clock from its start; its first drops (``ShotMetric/firstDrops``) and end of pre-infusion
///   (``ShotMetric/preinfusion``) are marked (the chart draws the group's medians).
/// - **Bands.** Median and interquartile range per series on a 0.25 s grid from the earliest to the latest sample
///   of the group's shots (``CurveBand``; at most 2,000 grid times, the step widening for long shots), stated only
///   at grid times that enough shots cover: at least ``minimumShots(aligned:)`` = max(3, ⌈n ÷ 2⌉) of the group's n
///   shots. Near the ends of the shots fewer and fewer of them still run, and a median of the last few would jump
///   as each one stops; the band therefore ends where fewer than half the group (and never fewer than 3 shots)
///   reach. A group of one or two shots has no band; a series whose band has no value anywhere gets none.
/// - **Values.** Missing samples become NaN, which breaks a trace's line; samples are converted from `Float32`.
public enum ShotOverlays {
    /// One profile × bean group: its shots (indices into the shot table) in start order.
    public struct Group: Sendable, Hashable {
        public let profile: String
        public let bean: String
        public let shots: [Int]
    }

    /// The profile × bean groups of `journal`'s shots, largest first, every group with its series and bands; empty
    /// for a journal without shots.
    ///
    /// - Parameter timeZone: The zone the latest shot's label (its start, `yyyy-MM-dd HH:mm`) is written in.
    public static func inputs(_ journal: ShotJournal, timeZone: TimeZone = .current) -> [ShotOverlayInput] {
        guard let table = journal.shots, table.kept > 0 else { return [] }
        let metrics = ShotMetrics(table.samples, phaseStarts: table.phaseStarts),
            resistance = ShotMetrics.resistance(table.samples)
        return groups(journal).map {
            input(journal, group: $0, metrics: metrics, resistance: resistance, timeZone: timeZone)
        }
    }

    /// The profile × bean groups of the shots `shots` (indices into the shot table; every shot when `nil`) of
    /// `journal`, largest first, each group's shots in start order.
    public static func groups(_ journal: ShotJournal, shots selected: [Int]? = nil) -> [Group] {
        guard let table = journal.shots, table.kept > 0 else { return [] }
        let brews = journal.result.journal.brews
        let labels = BeanLabels.make(journal.result.journal)
        var groups: [GroupKey: [Int]] = [:]
        for i in selected ?? Array(table.shots.indices) {
            let shot = table.shots[i]
            let row = shot.journalRow
            let bean = row >= 0 && row < brews.count ? brews.bean.code(row).map { labels[Int($0)] } : nil
            let key = GroupKey(profile: shot.profile.flatMap { $0.isEmpty ? nil : $0 } ?? "no profile",
                               bean: bean ?? "no bean")
            groups[key, default: []].append(i)
        }
        let ordered = groups.sorted { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.key.profile != b.key.profile {
                return Array(a.key.profile.utf8).lexicographicallyPrecedes(b.key.profile.utf8)
            }
            return Array(a.key.bean.utf8).lexicographicallyPrecedes(b.key.bean.utf8)
        }
        return ordered.map { Group(profile: $0.key.profile, bean: $0.key.bean, shots: startOrder($0.value, table)) }
    }

    /// The overlay of `group`: its shots' series, marks and bands.
    public static func input(_ journal: ShotJournal, group: Group, timeZone: TimeZone = .current) -> ShotOverlayInput {
        guard let table = journal.shots else {
            return ShotOverlayInput(profile: group.profile, bean: group.bean, shots: [])
        }
        return input(journal, group: group, metrics: ShotMetrics(table.samples, phaseStarts: table.phaseStarts),
                     resistance: ShotMetrics.resistance(table.samples), timeZone: timeZone)
    }

    /// The overlay of `group` with the table's metrics (first drops, pre-infusion) and resistance series given.
    static func input(_ journal: ShotJournal, group: Group, metrics: ShotMetrics, resistance: PrimitiveColumn<Float>,
                      timeZone: TimeZone) -> ShotOverlayInput {
        guard let table = journal.shots else {
            return ShotOverlayInput(profile: group.profile, bean: group.bean, shots: [])
        }
        let traces = group.shots.enumerated().map { position, shot in
            trace(shot, samples: table.samples, record: table.shots[shot], metrics: metrics, resistance: resistance,
                  isLatest: position == group.shots.count - 1, timeZone: timeZone)
        }
        return withBands(ShotOverlayInput(profile: group.profile, bean: group.bean, shots: traces))
    }

    /// `shots` in start order: shots without a start time first, then by start; ties keep the given order.
    public static func startOrder(_ shots: [Int], _ table: ShotTable) -> [Int] {
        shots.enumerated().sorted { a, b in
            switch (table.shots[a.element].start, table.shots[b.element].start) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// The least number of shots that must cover a time for a group of `aligned` aligned shots to state its median
    /// and band there: max(3, ⌈aligned ÷ 2⌉) (3 for up to 6 shots, 4 for 7–8, 10 for 19–20, …).
    public static func minimumShots(aligned: Int) -> Int {
        max(CurveBand.defaultMinimumCurves, (aligned + 1) / 2)
    }

    /// Draws `input` into `url`, the format taken from its extension (.png at `pngScale`, .svg, .pdf).
    ///
    /// - Throws: ``ChartError`` naming the file when it cannot be rendered or written (nothing half-written appears).
    public static func write(_ input: ShotOverlayInput, to url: URL, theme: Theme, pngScale: Double = 2) throws {
        let chart = BrewstatsCharts.shotOverlay(input)
        let format: ChartImageFormat? = url.pathExtension.lowercased() == "png" ? .png(scale: pngScale) : nil
        try ChartRenderer.write(chart, to: url, format: format, theme: theme)
    }

    /// `input` with its median and interquartile band filled for every series some shot records, where at least
    /// ``minimumShots(aligned:)`` of its shots cover the time (``ShotOverlayInput/minimumCurves`` is set to it); a
    /// series whose band has no value anywhere is left without one.
    static func withBands(_ input: ShotOverlayInput) -> ShotOverlayInput {
        var input = input
        input.minimumCurves = minimumShots(aligned: input.shots.count)
        guard let range = input.timeRange else { return input }
        let grid = CurveBand.grid(from: range.lowerBound, through: range.upperBound, step: 0.25)
        for kind in input.seriesKinds {
            let curves = input.curves(kind.name).map { CurveBand.Curve(x: $0.x, y: $0.y) }
            guard curves.count >= input.minimumCurves else { continue }
            let band = CurveBand(curves: curves, grid: grid, minimumCurves: input.minimumCurves)
            guard band.median.contains(where: { $0 != nil }) else { continue }
            input.bands[kind.name] = ShotBand(
                grid: band.grid, lower: band.lower, median: band.median, upper: band.upper)
        }
        return input
    }

    /// One shot's trace: its time axis, the full view's series, its first drops and end of pre-infusion.
    static func trace(_ shot: Int, samples: ShotSamples, record: ShotRecord, metrics: ShotMetrics,
                      resistance: PrimitiveColumn<Float>, isLatest: Bool, timeZone: TimeZone) -> ShotTrace {
        // The start as the shots table writes it (`2026-11-19 06:35`, local): a DateFormatter made per shot was a
        // quarter of the shots section's time for a folder of 10,000 shots.
        let label = record.start.map { ShotSection.startText($0, timeZone) }
            ?? URL(fileURLWithPath: record.file).lastPathComponent
        let time = samples.values(.time, of: shot).map { $0.map(Double.init) ?? .nan }
        return ShotTrace(label: label, time: time,
                         series: ShotViews.series(shot, samples: samples, resistance: resistance),
                         firstDrops: metrics.value(.firstDrops, of: shot),
                         preinfusionEnd: metrics.value(.preinfusion, of: shot),
                         isLatest: isLatest)
    }

    struct GroupKey: Hashable {
        let profile: String
        let bean: String
    }
}
