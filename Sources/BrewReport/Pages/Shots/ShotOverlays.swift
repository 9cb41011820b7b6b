import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The shot overlays of a shot journal: one ``ShotOverlayInput`` per profile × bean, filled from the shots table.
///
/// - **Groups.** Shots are grouped by their profile (``ShotRecord/profile``; "no profile" when the file names none)
///   and their brew's bean (the journal's bean label, ``BeanLabels``; "no bean" when the brew has none). Groups
///   come largest first; ties by profile, then bean, in UTF-8 order.
/// - **Order and latest.** A group's shots are in start order (shots without a start time first, in file order),
///   and the last one is the latest, drawn on top.
/// - **Alignment.** Each shot's first-drops time is ``ShotMetric/firstDrops`` (the scale's 0.5 g, else the end of
///   pre-infusion); a shot without one is counted in the chart's note and left out of the drawing.
/// - **Bands.** Median and interquartile range per channel on a 0.25 s grid over the aligned span (``CurveBand``;
///   at most 2,000 grid times, the step widening for long shots), stated only at grid times that enough shots
///   cover: at least ``minimumShots(aligned:)`` = max(3, ⌈n ÷ 2⌉) of the group's n aligned shots. Near the ends of
///   the shots fewer and fewer of them still run, and a median of the last few would jump as each one stops; the
///   band therefore ends where fewer than half the group (and never fewer than 3 shots) reach. A group of one or two
///   shots has no band; a channel whose band has no value anywhere gets none (the chart then says so).
/// - **Values.** Missing samples become NaN, which breaks a trace's line; samples are converted from `Float32`.
public enum ShotOverlays {
    /// The profile × bean groups of `journal`'s shots, largest first; empty for a journal without shots.
    ///
    /// - Parameter timeZone: The zone the latest shot's label (its start, `yyyy-MM-dd HH:mm`) is written in.
    public static func inputs(_ journal: ShotJournal, timeZone: TimeZone = .current) -> [ShotOverlayInput] {
        guard let table = journal.shots, table.kept > 0 else { return [] }
        return inputs(journal, shots: Array(table.shots.indices), metrics: ShotMetrics(table.samples), timeZone: timeZone)
    }

    /// The profile × bean groups of the shots `shots` (indices into the shot table) of `journal`, largest first.
    ///
    /// `metrics` holds the shots' first-drops times (every shot of the table); the groups, the order, the latest
    /// shot and the bands follow the rules above, over the given shots only.
    static func inputs(_ journal: ShotJournal, shots selected: [Int], metrics: ShotMetrics,
                       timeZone: TimeZone) -> [ShotOverlayInput] {
        guard let table = journal.shots, !selected.isEmpty else { return [] }
        let samples = table.samples
        let brews = journal.result.journal.brews
        let labels = BeanLabels.make(journal.result.journal)
        var groups: [GroupKey: [Int]] = [:]
        for i in selected {
            let shot = table.shots[i]
            let row = shot.journalRow
            let bean = row >= 0 && row < brews.count ? brews.bean.code(row).map { labels[Int($0)] } : nil
            let key = GroupKey(profile: shot.profile.flatMap { $0.isEmpty ? nil : $0 } ?? "no profile",
                               bean: bean ?? "no bean")
            groups[key, default: []].append(i)
        }
        let ordered = groups.sorted { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.key.profile != b.key.profile { return Array(a.key.profile.utf8).lexicographicallyPrecedes(b.key.profile.utf8) }
            return Array(a.key.bean.utf8).lexicographicallyPrecedes(b.key.bean.utf8)
        }
        return ordered.map { key, members in
            let sorted = startOrder(members, table)
            let traces = sorted.enumerated().map { position, shot in
                trace(shot, samples: samples, record: table.shots[shot], firstDrops: metrics.value(.firstDrops, of: shot),
                      isLatest: position == sorted.count - 1, timeZone: timeZone)
            }
            return withBands(ShotOverlayInput(profile: key.profile, bean: key.bean, shots: traces))
        }
    }

    /// `shots` in start order (``startOrder(_:_:)``), for the command line.
    public static func startOrderPublic(_ shots: [Int], _ table: ShotTable) -> [Int] { startOrder(shots, table) }

    /// `shots` in start order: shots without a start time first, then by start; ties keep the given order.
    static func startOrder(_ shots: [Int], _ table: ShotTable) -> [Int] {
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

    /// `input` with its median and interquartile band filled for every channel some aligned shot records, where at
    /// least ``minimumShots(aligned:)`` shots cover the time (``ShotOverlayInput/minimumCurves`` is set to it); a
    /// channel whose band has no value anywhere is left without one.
    static func withBands(_ input: ShotOverlayInput) -> ShotOverlayInput {
        var input = input
        input.minimumCurves = minimumShots(aligned: input.shots.filter { $0.alignedTime != nil }.count)
        guard let range = input.alignedTimeRange else { return input }
        let grid = CurveBand.grid(from: range.lowerBound, through: range.upperBound, step: 0.25)
        for channel in ShotTraceChannel.allCases {
            let curves = input.alignedCurves(channel).map { CurveBand.Curve(x: $0.x, y: $0.y) }
            guard curves.count >= input.minimumCurves else { continue }
            let band = CurveBand(curves: curves, grid: grid, minimumCurves: input.minimumCurves)
            guard band.median.contains(where: { $0 != nil }) else { continue }
            input.bands[channel] = ShotBand(grid: band.grid, lower: band.lower, median: band.median, upper: band.upper)
        }
        return input
    }

    /// One shot's trace: its time axis and the channels it records, missing samples as NaN.
    static func trace(_ shot: Int, samples: ShotSamples, record: ShotRecord, firstDrops: Double?, isLatest: Bool,
                      timeZone: TimeZone) -> ShotTrace {
        func series(_ channel: ShotChannel) -> [Double]? {
            guard samples.channels(of: shot).has(channel) else { return nil }
            return samples.values(channel, of: shot).map { $0.map(Double.init) ?? .nan }
        }
        let label: String
        if let start = record.start {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            label = formatter.string(from: Date(timeIntervalSince1970: Double(start.microseconds) / 1_000_000))
        } else {
            label = URL(fileURLWithPath: record.file).lastPathComponent
        }
        return ShotTrace(label: label, time: series(.time) ?? [], pressure: series(.pressure), flow: series(.flow),
                         weight: series(.weight), firstDrops: firstDrops, isLatest: isLatest)
    }

    struct GroupKey: Hashable {
        let profile: String
        let bean: String
    }
}
