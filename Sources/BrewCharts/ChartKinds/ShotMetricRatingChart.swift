import Foundation

extension BrewstatsCharts {
    /// A shot metric against rating, per bean (e.g. time to first drops against rating).
    ///
    /// Every rated shot with the metric is drawn at its value and rating, never moved: shots at the same (value,
    /// rating) share one marker whose area is proportional to their count (``PointMark/sizedByCount``, as the
    /// grind-vs-rating chart does), with a size key when any marker stands for more than one shot. Beans are told
    /// apart by the theme's series encodings (shape and fill in monochrome, hue as well in colour): the three beans
    /// with most shots (ties: name A–Z) are named in the legend with their n; any others share
    /// one series as "k other beans".
    ///
    /// Shots without a rating or without the metric are not drawn; a note counts them. Empty inputs say why: "No
    /// shots in this period" (no shots), "No shot is rated", "No shot has <the metric>", or "No rated shot has <the
    /// metric>".
    ///
    /// The three named beans are series 0, 2 and 3 (filled disc, triangle, square in monochrome), other beans series
    /// 4 (light diamonds); a legend name longer than 18 characters is shortened with an ellipsis.
    ///
    /// - Parameter input: The metric, ratings and beans per shot.
    /// - Returns: The chart.
    public static func shotMetricVsRating(_ input: ShotMetricRatingInput) -> Chart {
        let title = "\(input.metric) vs rating"
        let n = min(input.values.count, input.ratings.count, input.beans.count)
        guard n > 0 else { return .empty(title: title, message: "No shots in this period") }
        let rated = (0..<n).filter { input.ratings[$0].isFinite }
        let measured = (0..<n).filter { input.values[$0].isFinite }
        let both = rated.filter { input.values[$0].isFinite }
        let metric = input.metric.prefix(1).lowercased() + input.metric.dropFirst()
        guard !both.isEmpty else {
            let message = rated.isEmpty ? "No shot is rated" : measured.isEmpty ? "No shot has a \(metric) value"
                                                                                : "No rated shot has a \(metric) value"
            return .empty(title: title, subtitle: "\(count(n, "shot"))", message: message)
        }
        var byBean: [String: [Int]] = [:]
        for i in both {
            byBean[input.beans[i].isEmpty ? "Unnamed \(input.groupNoun)" : input.beans[i], default: []].append(i)
        }
        let ordered = byBean.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        let named = ordered.count <= 4 ? ordered.count : 3
        // Filled shapes only (disc, triangle, square, and the light diamond for the rest): count-sized markers are
        // drawn filled, so a hollow series would not look like its legend swatch.
        // Four groups are all named, the fourth in the light diamonds (no "other" series is needed then).
        let series = [0, 2, 3, Theme.guideSeries]
        var groups = ordered.prefix(named).enumerated().map { (k, g) in
            (indices: g.value, series: series[k], label: "\(shortName(g.key)) (\(g.value.count))")
        }
        let rest = ordered.dropFirst(named).flatMap(\.value).sorted()
        if !rest.isEmpty {
            groups.append(
                (rest, Theme.guideSeries, "\(ordered.count - named) other \(input.groupNoun)s (\(rest.count))"))
        }
        let marks: [Mark] = groups.map { g in
            .point(PointMark(x: .numbers(g.indices.map { input.values[$0] }),
                             y: .numbers(g.indices.map { input.ratings[$0] }),
                             series: g.series, label: g.label, noun: "shots", sizedByCount: true))
        }
        var subtitle = "n = \(count(both.count, "rated shot"))"
        subtitle += ordered.count == 1 ? " · \(ordered[0].key)" : " · \(ordered.count) \(input.groupNoun)s"
        var notes: [String] = []
        let unrated = n - rated.count, missing = rated.count - both.count
        if unrated > 0 || missing > 0 {
            var parts: [String] = []
            if unrated > 0 { parts.append("\(count(unrated, "shot")) without a rating") }
            if missing > 0 { parts.append("\(count(missing, "rated shot")) without a \(metric) value") }
            notes.append(parts.joined(separator: " and ") + " not drawn")
        }
        let unit = input.unit.isEmpty ? "" : " (\(input.unit))"
        return Chart(title: title, subtitle: subtitle, x: AxisSpec(title: input.metric + unit), y: ratingAxis,
                     marks: marks, notes: notes)
    }

    /// A bean name for a legend: at most 18 characters, else its first 17 and an ellipsis (four names and the size key
    /// fit one legend row of a 720-point chart).
    static func shortName(_ name: String) -> String {
        name.count <= 18 ? name : String(name.prefix(17)) + "…"
    }
}
