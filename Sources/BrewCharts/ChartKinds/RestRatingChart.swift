import BrewStats
import Foundation

extension BrewstatsCharts {
    /// Chart 7 — rating against days off roast, with a LOESS curve computed by the statistics layer.
    ///
    /// The subtitle claims a peak only when the fit has a clear interior one and the brews back it
    /// (``CurvePeak/classify(_:days:ratings:threshold:minimumGroup:)``: the fit rises to it and falls after it by
    /// at least 0.25 rating points, and the brews near it rate clearly above those on each side), naming how many
    /// brews are near it and on each side; otherwise it says the fit is flat, or that there is no clear peak and
    /// where the fit is highest (often an end of the data, beyond which other rest times may be better still),
    /// and, when the curve alone would have peaked, why the brews do not back it. Jitter and
    /// the curve stay inside the 0–5 rating scale.
    ///
    /// - Parameters:
    ///   - days: Days between roast and brew per brew (parallel to `ratings`); negative values are kept (they
    ///     show data-entry errors).
    ///   - ratings: Rating 0–5 per brew.
    ///   - loess: Fitted curve, sorted by x; empty for none.
    ///   - groups: What each brew's marker encodes (parallel to `days`, e.g. "Espresso" and "Filter"), or `nil`.
    ///     With two or more groups each gets its own mark (series 1, 2, 3 by brews, most first; a fourth group
    ///     and beyond share series 3 as "Other"), told apart by shape and, in the colour theme, hue, and named in
    ///     the legend.
    /// - Returns: The chart; empty when no brew has both values.
    public static func ratingVsDaysOffRoast(days: [Double], ratings: [Double], loess: [CurvePoint] = [],
                                            groups: [String]? = nil) -> Chart {
        let coded = groups.map { codes(of: $0, count: min(days.count, ratings.count)) }
        return ratingVsDaysOffRoast(days: days, ratings: ratings, loess: loess, groupCodes: coded?.codes,
                                    groupNames: coded?.names ?? [])
    }

    /// ``ratingVsDaysOffRoast(days:ratings:loess:groups:)`` with each brew's group as a code: `groupNames[c]` names
    /// code `c`, and the names are distinct. The same chart as with the names per brew, without a string per brew
    /// (a million brews' names are 16 MB, their codes 4 MB).
    public static func ratingVsDaysOffRoast(days: [Double], ratings: [Double], loess: [CurvePoint] = [],
                                            groupCodes: [Int32]?, groupNames: [String]) -> Chart {
        let title = "Rating vs days off roast"
        let n = min(days.count, ratings.count)
        var count = 0
        for i in 0..<n where days[i].isFinite && ratings[i].isFinite { count += 1 }
        guard count > 0 else { return .empty(title: title, message: emptyMessage) }
        // Non-finite pairs are dropped by the point mark's statistic stage (and by `merged`): no copy here.
        let x = days.count == n ? days : Array(days.prefix(n)),
            y = ratings.count == n ? ratings : Array(ratings.prefix(n))
        var subtitle = "n = \(TickFormatter.plain(Double(count), decimals: 0))"
        switch CurvePeak.classify(loess, days: days, ratings: ratings) {
        case .peak(let at, let evidence):
            subtitle += " · fitted rating peaks at \(number(at, decimals: 0)) days"
                + (evidence.map { " (\($0.counts))" } ?? "")
        case .flat: subtitle += " · fitted rating is flat: no clear best rest time"
        case .edge(let at): subtitle += " · no clear peak (fit highest at \(number(at, decimals: 0)) days)"
        case .unsupported(let at, let evidence):
            subtitle += " · no clear peak (fit highest at \(number(at, decimals: 0)) days; \(evidence.reason))"
        case .none: break
        }
        var marks: [Mark] = []
        let split = groupCodes.map { restGroups(codes: $0, names: groupNames, count: n) } ?? [(Array(0..<n), 1, "Brew")]
        for group in split {
            let gx = group.indices.map { x[$0] }, gy = group.indices.map { y[$0] }
            let points = group.indices.count == n ? PointMark.merged(x: x, y: y) : PointMark.merged(x: gx, y: gy)
            marks.append(.point(PointMark(x: .numbers(points.x), y: .numbers(points.y), series: group.series,
                                          label: group.label, jitter: Jitter(width: 0.6, height: 0.16, seed: 0xD4A5),
                                          weights: points.weights)))
        }
        if loess.count >= 2 {
            marks.append(.line(LineMark(x: .numbers(loess.map(\.x)), y: .numbers(loess.map(\.y)), series: 0,
                                        label: "Smooth curve", width: 2.4)))
        }
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Days off roast"),
            y: ratingAxis,
            marks: marks)
    }

    /// The marks of the rest chart's first `n` brews, given as codes (`names[c]` names code `c`; the names are
    /// distinct): one ("Brew", series 1) with fewer than `n` codes or with one group; else one per group (see
    /// ``ratingVsDaysOffRoast(days:ratings:loess:groups:)``).
    static func restGroups(
        codes: [Int32], names: [String], count n: Int
    ) -> [(indices: [Int], series: Int, label: String)] {
        guard codes.count >= n else { return [(Array(0..<n), 1, "Brew")] }
        var sizes = [Int](repeating: 0, count: names.count)
        for i in 0..<n {
            precondition(names.indices.contains(Int(codes[i])), "rest chart: group code \(codes[i]) has no name")
            sizes[Int(codes[i])] += 1
        }
        let present = names.indices.filter { sizes[$0] > 0 }
        guard present.count > 1 else { return [(Array(0..<n), 1, "Brew")] }
        var members = sizes.map { size -> [Int] in
            var m: [Int] = []
            m.reserveCapacity(size)
            return m
        }
        for i in 0..<n { members[Int(codes[i])].append(i) }
        // By brews, most first; ties by name.
        let ordered = present.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : names[$0] < names[$1] }
        let named = ordered.count <= 3 ? ordered.count : 2
        var out: [(indices: [Int], series: Int, label: String)] = ordered.prefix(named).enumerated().map {
            (members[$1], $0 + 1, names[$1])
        }
        let rest = ordered.dropFirst(named).flatMap { members[$0] }.sorted()
        if !rest.isEmpty { out.append((rest, 3, "Other")) }
        return out
    }

    /// The first `n` names (none, when there are fewer; see ``restGroups(codes:names:count:)``) as codes, in
    /// order of first appearance, and the distinct names. A name is hashed only where it differs from the brew
    /// before's (a group runs over many brews, and two short names compare faster than one hashes).
    static func codes(of groups: [String], count n: Int) -> (codes: [Int32], names: [String]) {
        guard groups.count >= n else { return ([], []) }
        var ids: [String: Int32] = [:], names: [String] = []
        var codes = [Int32](repeating: 0, count: n)
        var last: (name: String, id: Int32)?
        for i in 0..<n {
            let name = groups[i]
            let id: Int32
            if let last, last.name == name {
                id = last.id
            } else if let known = ids[name] {
                id = known
            } else {
                id = Int32(names.count)
                ids[name] = id
                names.append(name)
            }
            last = (name, id)
            codes[i] = id
        }
        return (codes, names)
    }
}
