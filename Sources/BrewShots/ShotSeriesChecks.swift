import BrewColumns
import BrewImport
import BrewStats

/// Checks of a validated shot series against what its numbers claim, so that a shot whose scale or brew does not
/// fit its series is said in the import's warnings instead of giving numbers that look measured.
///
/// - **A scale that ends empty** (``scaleEndsEmpty(_:)``): the weight channel reaches the first-drops weight
///   (``ShotMetricRules/firstDropsWeight``, so it is a scale) but its last valid sample is below it — a scale that
///   was reset or lost its connection during the shot (a Beanconqueror upload whose `actual_weight` is 0 in 130 of
///   137 samples). The cup cannot end emptier than its first drops, so the scale gives no yield: yield (unless the
///   brew records one), yield ratio and time to a third of the yield are blank (``ShotMetric/yield``).
/// - **A graph of another brew** (``otherBrew(seriesSeconds:brewSeconds:)``): a brew graph attached to a brew
///   whose own time disagrees with the graph's duration — more than twice as long or short, and more than 30 s apart
///   (a 340 s Chemex brew carrying a 35 s espresso-like graph). The graph is kept and drawn, but its yield ratio
///   (yield ÷ the brew's dose) mixes two brews and is left blank (``ShotRecord/otherBrew``).
enum ShotSeriesChecks {
    /// The factor and the seconds by which a graph's duration must differ from its brew's time to be another brew's.
    static let otherBrewFactor = 2.0
    static let otherBrewSeconds = 30.0

    /// `(zero samples, samples)` of the weight channel when the scale reached first drops and ends below it;
    /// `nil` otherwise (no weight channel, no scale, or a final weight of at least the first-drops weight).
    static func scaleEndsEmpty(_ series: ShotSeries) -> (zeros: Int, samples: Int)? {
        guard let weight = series.channels[.weight] else { return nil }
        let threshold = Float(ShotMetricRules.firstDropsWeight)
        let valid = weight.compactMap { $0 }.filter { $0 >= 0 && $0.isFinite }
        guard let last = valid.last, valid.contains(where: { $0 >= threshold }), last < threshold else { return nil }
        return (valid.filter { $0 == 0 }.count, weight.count)
    }

    /// A reason when a graph of `seriesSeconds` cannot be the graph of a brew of `brewSeconds`; `nil` when they
    /// fit or the brew records no time (> 0).
    static func otherBrew(seriesSeconds: Double?, brewSeconds: Double?) -> String? {
        guard let s = seriesSeconds, let b = brewSeconds, s > 0, b > 0 else { return nil }
        guard max(s, b) / min(s, b) > otherBrewFactor, abs(s - b) > otherBrewSeconds else { return nil }
        return "its graph spans \(ShotChecksText.seconds(s)), the brew \(ShotChecksText.seconds(b))"
    }

    /// The warning for `count` shots whose scale ends empty (`first` names one, with its zero samples).
    static func scaleWarning(count: Int, first: String?, zeros: Int, samples: Int) -> ImportWarning {
        ImportWarning(kind: .note, column: ShotChannel.weight.name, count: count, where: first,
                      message: "the scale's weight falls back below " +
                          "\(ShotChecksText.grams(ShotMetricRules.firstDropsWeight)) by the end of the shot "
                          + "(\(zeros) of \(samples) samples read 0 g): a scale reset or lost; yield, yield ratio "
                          + "and time to a third of the yield are left blank")
    }

    /// The warning for `count` brews whose graph is another brew's (`first` names one, with its reason).
    static func otherBrewWarning(count: Int, first: String?, reason: String) -> ImportWarning {
        ImportWarning(kind: .note, column: "brewFlow", count: count, where: first,
                      message: "a brew graph that cannot be its brew's (\(reason)): " +
                          "kept and drawn, its yield ratio left blank")
    }

    /// The warning for `count` shots whose roast date could not be read (`text` is the first one's).
    static func roastDateWarning(count: Int, first: String?, text: String) -> ImportWarning {
        ImportWarning(kind: .unreadableValue, column: "roast_date", count: count, where: first,
                      message: "roast date '\(text.prefix(40))' is not a date (dd.mm.yyyy, yyyy.mm.dd or " +
                          "yyyy-mm-dd): the bean has no roast date")
    }
}

/// Numbers as the warnings write them.
enum ShotChecksText {
    /// Whole seconds; a value past 10¹⁵ (a shot file may say 10³⁰⁰ or `inf`) as Swift writes it, never a trapping
    /// `Int(_:)`.
    static func seconds(_ v: Double) -> String { abs(v) < 1e15 ? "\(Int(v.rounded())) s" : "\(v) s" }
    static func grams(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? "\(Int(v)) g" : "\(v) g" }
}

/// The checks of brew graphs attached to brews (a Beanconqueror backup or upload), with their warnings.
struct GraphChecks {
    private var scaleEmpty = 0, otherBrew = 0
    private var firstScale: (file: String, zeros: Int, samples: Int)?
    private var firstOther: (file: String, reason: String)?

    /// Checks `record`'s series against its brew (row `record.journalRow` of `brews`), marking it when the graph is
    /// another brew's.
    mutating func check(_ record: inout ShotRecord, _ series: ShotSeries, brews: BrewTable) {
        if let empty = ShotSeriesChecks.scaleEndsEmpty(series) {
            scaleEmpty += 1
            if firstScale == nil { firstScale = (record.file, empty.zeros, empty.samples) }
        }
        let row = record.journalRow
        guard row >= 0, row < brews.count else { return }
        let seconds = series.channels[.time]?.last.flatMap { $0.map(Double.init) }
        if let reason = ShotSeriesChecks.otherBrew(seriesSeconds: seconds, brewSeconds: brews.brewTimeSeconds[row]) {
            record.otherBrew = reason
            otherBrew += 1
            if firstOther == nil { firstOther = (record.file, reason) }
        }
    }

    var warnings: [ImportWarning] {
        var out: [ImportWarning] = []
        if let f = firstScale {
            out.append(
                ShotSeriesChecks.scaleWarning(count: scaleEmpty, first: f.file, zeros: f.zeros, samples: f.samples))
        }
        if let f = firstOther {
            out.append(ShotSeriesChecks.otherBrewWarning(count: otherBrew, first: f.file, reason: f.reason))
        }
        return out
    }
}

extension ShotSeries {
    /// The water the shot pumped, ml: the trapezoid integral of the flow channel over the whole shot (adjacent
    /// samples both present and not negative; a gap adds nothing) — ``ShotMetric/water``'s rule. `nil` without a
    /// flow channel or a pair of such samples. A shot's brew logs it as its water, so a shot journal's totals count
    /// the water its shots used.
    var waterDispensed: Double? {
        guard let flow = channels[.flow], let time = channels[.time] else { return nil }
        var area = 0.0, pairs = 0
        for i in 0 ..< max(0, count - 1) {
            guard let a = flow[i], let b = flow[i + 1], a >= 0, b >= 0, let t0 = time[i],
                let t1 = time[i + 1] else { continue }
            area += (Double(a) + Double(b)) / 2 * (Double(t1) - Double(t0))
            pairs += 1
        }
        return pairs > 0 ? area : nil
    }
}
