import BrewStats
import Foundation

/// The model of one grinder × method fitted to its earlier bags, ready to estimate any number of new bags
/// (the simulator asks it after every brew; the history part is fitted once).
public struct DialInModel: Sendable {
    public let scale: DialInScale
    public let options: DialInOptions
    let grid: DialInGrid
    let prior: DialInPrior
    /// Where the grinder × method has been brewed (``DialInMap``), before this bag's brews.
    let map: DialInMap
    /// Earlier brews the robust step weighed down as probable mishaps (``DialInRobust``).
    public let discountedEarlier: [BrewPoint]
    /// The central interval of the sweet spot the earlier bags predict for a new bag.
    let earlierInterval: (low: Double, high: Double)?
    /// The earlier bags' ratings the robust step kept (not probable mishaps), ascending: the floor's evidence.
    let keptRatings: [Double]
    /// Rated brews of the earlier bags: without them and without a rated brew of the bag, no rating informs an
    /// expected rating (``cueStep(cues:window:)``).
    let earlierRated: Int
    /// The most recent earlier bag's last cue: where a bag without a brew of its own starts when only cues exist.
    let lastEarlierCue: GrindCue?
    /// Seconds per step and the target time learned from the earlier bags' shots (``ShotTimeModel``); `nil` when
    /// they show no slope (shot times are then direction cues).
    let shotTime: ShotTimeModel?
    /// The earlier bags' timed shots: with the bag's own, the slope stated (not used) when the earlier bags show none.
    let earlierShots: [[TimedShot]]

    /// The rating a cup brewed far from the sweet spot is expected to get, which the fitted curve falls towards
    /// instead of 0: the lower decile of the grinder × method's ratings (earlier bags' and this bag's, probable
    /// mishaps left out), at most ``floorDrop`` below the mean peak of the earlier bags (a bag with only good cups
    /// has not shown its floor), never below 0. Without ratings there is no floor (`nil`: the parabola itself).
    func ratingFloor(adding ratings: [Double]) -> Double? {
        let all = (keptRatings + ratings).sorted()
        let cap = prior.peakMean - Self.floorDrop
        guard !all.isEmpty else { return nil }
        // The lower decile by the nearest-rank rule.
        let q = all[max(0, Int((0.1 * Double(all.count)).rounded(.up)) - 1)]
        return max(0, min(q, cap))
    }

    /// How far below the mean peak rating the floor lies at most: 2 rating points.
    static let floorDrop = 2.0
    /// Expected ratings closer than this are level for the safe pick and the stated best (a millionth of a point).
    static let level = 1e-6

    /// Fits the prior to `history` (earlier bags, most recent first; the caller limits how many).
    ///
    /// - Parameters:
    ///   - historyCues: The earlier bags' grind cues (``GrindCue``), same order as `history` (missing bags: none).
    ///   - used: Every setting brewed on the grinder × method (rated or not), for the map; `nil` takes the settings
    ///     of `history`.
    ///   - historyShots: The earlier bags' timed shots (``TimedShot``), same order as `history`: the slope and target
    ///     of ``ShotTimeModel``. When they show a slope, shot-time direction cues (``GrindCue/fromShotTime``) are
    ///     replaced by the times themselves.
    ///   - otherProfiles: The shots of the grinder × method's other espresso profiles, each profile's by bag: their
    ///     slopes pool with this profile's (``ShotTimePooling``).
    ///   - attributes: What each earlier bag is (``BagAttributes``), in the order of `history` then the further
    ///     bags of `historyCues`; `[]` for none known.
    ///   - bag: What the new bag is; `nil` (or no earlier bag like it) fits one population of sweet spots, the
    ///     prior without attributes (``AttributePrior``).
    public init(scale: DialInScale, history: [[BrewPoint]], historyCues: [[GrindCue]] = [], used: [Double]? = nil,
                attributes: [BagAttributes] = [], bag: BagAttributes? = nil,
                options: DialInOptions = DialInOptions(), historyShots: [[TimedShot]] = [],
                otherProfiles: [[[TimedShot]]] = []) {
        self.init(scale: scale, history: history, historyCues: historyCues, used: used, attributes: attributes,
                  bag: bag, options: options, terms: DialInTerms(), historyShots: historyShots,
                  otherProfiles: otherProfiles)
    }

    /// ``init(scale:history:historyCues:used:attributes:bag:options:historyShots:otherProfiles:)`` with the earlier
    /// bags' step-1 terms kept in `terms` (``DialInTerms``), shared with the other models fitted on the same
    /// grinder × method: the same model.
    init(scale: DialInScale, history: [[BrewPoint]], historyCues rawCues: [[GrindCue]], used: [Double]?,
         attributes: [BagAttributes] = [], bag: BagAttributes? = nil, options: DialInOptions, terms: DialInTerms,
         historyShots: [[TimedShot]] = [], otherProfiles: [[[TimedShot]]] = []) {
        self.scale = scale; self.options = options
        let grid = DialInGrid(scale: scale, options: options)
        let shotTime = ShotTimeModel(scale: scale, bags: historyShots, otherProfiles: otherProfiles)
        self.shotTime = shotTime
        earlierShots = historyShots
        let historyCues = shotTime == nil ? rawCues : rawCues.map { $0.filter { !$0.fromShotTime } }
        let settings = used ?? (history.flatMap { $0.map(\.setting) } + historyCues.flatMap { $0.map(\.setting) })
        let brewCount = used?.count ?? settings.count
        let map = DialInMap(scale: scale, settings: settings, brews: brewCount, options: options)
        var cueLogs = history.indices.map { j in
            historyCues.indices.contains(j) ? DialInCues.logLikelihood(historyCues[j], scale: scale, grid: grid) : []
        } + (history.count..<max(history.count, historyCues.count)).map {
            DialInCues.logLikelihood(historyCues[$0], scale: scale, grid: grid)
        }
        // An earlier bag without a rated brew speaks through its shots' times as well (a rated one through its
        // ratings, whose best shots set the target).
        if let shotTime {
            for j in historyShots.indices where !(history.indices.contains(j) && !history[j].isEmpty) {
                let times = shotTime.logLikelihood(historyShots[j], grid: grid)
                guard !times.isEmpty else { continue }
                while cueLogs.count <= j { cueLogs.append([]) }
                cueLogs[j] = cueLogs[j].isEmpty ? times : zip(cueLogs[j], times).map(+)
            }
        }
        let window = map.logWindow(grid: grid)
        // The robust step (``DialInRobust``): fit once at face value, weigh down brews far below what the rest
        // predicts, refit when any was.
        let weighted = DialInRobust.historyWeights(history: history, scale: scale, grid: grid, options: options,
                                                   cues: cueLogs, window: window,
                                                   attribute: AttributeGroups.roastLevels(attributes, new: bag),
                                                   terms: terms)
        self.grid = grid; self.prior = weighted.prior; self.map = map
        discountedEarlier = weighted.discounted
        var kept = history.flatMap { $0.map(\.rating) }
        for d in weighted.discounted { if let i = kept.firstIndex(of: d.rating) { kept.remove(at: i) } }
        keptRatings = kept.sorted()
        earlierRated = history.reduce(0) { $0 + $1.count }
        lastEarlierCue = historyCues.first { !$0.isEmpty }?.last
        if prior.bags > 0 {
            let tail = (1 - options.level) / 2
            let p0 = DialInPosterior(grid: grid, prior: prior, bag: RatingMoments())
            earlierInterval = (scale.setting(units: p0.quantile(tail)), scale.setting(units: p0.quantile(1 - tail)))
        } else {
            earlierInterval = nil
        }
    }

    /// The estimate for a bag whose rated brews so far are `current`, in brewing order, with its grind cues.
    ///
    /// - Parameters:
    ///   - brewed: Every setting this bag was brewed at, rated or not: the map includes them.
    ///   - shots: The bag's timed shots, rated or not: with a learned slope (``ShotTimeModel``) their times are
    ///     evidence of the sweet spot (``ShotTimeLikelihood``), and shot-time direction cues are left out.
    public func estimate(current: [BrewPoint], cues rawCues: [GrindCue] = [], brewed rawBrewed: [Double] = [],
                         shots: [TimedShot] = []) -> DialInEstimate {
        let scale = self.scale, options = self.options, grid = self.grid, prior = self.prior
        let u = { (g: Double) in scale.units(g) }
        let g = { (x: Double) in scale.setting(units: x) }
        let cues = shotTime == nil ? rawCues : rawCues.filter { !$0.fromShotTime }
        let timed = shotTime?.usable(shots) ?? []
        let brewed = rawBrewed + timed.map(\.setting)
        var cueLog = DialInCues.logLikelihood(cues, scale: scale, grid: grid)
        if let times = shotTime?.logLikelihood(timed, grid: grid), !times.isEmpty {
            cueLog = cueLog.isEmpty ? times : zip(cueLog, times).map(+)
        }
        let robust = DialInRobust.currentWeights(current, scale: scale, grid: grid, prior: prior,
                                                 cues: cueLog.isEmpty ? nil : cueLog)
        var moments = RatingMoments()
        for (p, w) in zip(current, robust) { moments.add(u: u(p.setting), y: p.rating, weight: w) }
        let post = DialInPosterior(grid: grid, prior: prior, bag: moments, cues: cueLog.isEmpty ? nil : cueLog)
        let cells = post.gather(post.heavyCells())

        let n = current.count
        let tried = Set(current.map(\.setting))
        let allEqual = n >= 2 && current.allSatisfy { $0.rating == current[0].rating }
        let bayesFactor: Double? = n > 0 ? exp(post.logEvidenceFlat - post.logEvidence) : nil
        let flat = EvidenceRules.statesSweetSpot(n: n, distinctSettings: tried.count)
            && (bayesFactor ?? 0) > options.flatBayesFactor
        var bestSoFar: BrewPoint?
        for p in current where bestSoFar == nil || p.rating >= bestSoFar!.rating { bestSoFar = p }

        let tail = (1 - options.level) / 2
        let floor = ratingFloor(adding: zip(current, robust).filter { $0.1 >= 0.5 }.map(\.0.rating))
        let expected = { (x: Double) in
            floor.map { post.expectedRating(at: u(x), cells: cells, floor: $0) }
                ?? post.expectedRating(at: u(x), cells: cells)
        }

        // Where suggestions may go: the map with this bag's own settings, left only on strong evidence.
        let own = current.map(\.setting) + cues.map(\.setting) + brewed
        var window = map.window(adding: own, scale: scale)
        let brewedRange = map.extent(adding: own, scale: scale)
        if current.isEmpty, earlierRated == 0 {
            return cueStep(cues: cues, window: window, brewedRange: brewedRange)
        }
        var leftMap: DialInEstimate.Side?
        if post.massBelow(window.lower) >= options.leaveMapMass {
            window.lower = max(0, window.lower - map.margin); leftMap = .below
        } else if 1 - post.massBelow(window.upper) >= options.leaveMapMass {
            window.upper = min(scale.span, window.upper + map.margin); leftMap = .above
        }
        var candidates = scale.settings.filter { u($0) >= window.lower - 1e-9 && u($0) <= window.upper + 1e-9 }
        if candidates.isEmpty { candidates = [scale.snap(g((window.lower + window.upper) / 2))] }
        // The sweet spot's interval kept to the window: a tail of the posterior beyond the map and its margin is
        // stated at the window's edge, as far as the advice may go (an answer on one cup at 20 does not print 10–30).
        let lowU = min(window.upper, max(window.lower, post.quantile(tail)))
        let highU = min(window.upper, max(window.lower, post.quantile(1 - tail)))
        // The dialable setting inside the window nearest to `x` units: the printed ends of the interval.
        let nearest = { (x: Double) in candidates.min { abs(u($0) - x) < abs(u($1) - x) }! }

        // The safe pick: the highest expected rating on the candidates. Where the floor makes it level (a prior with
        // nothing to say puts the same bump everywhere), the parabola's expected rating decides (the middle of what
        // the evidence allows), then the lower setting.
        let parabola = { (x: Double) in post.expectedRating(at: u(x), cells: cells).mean }
        var safe = candidates[0], safeMean = -Double.infinity, safeRaw = -Double.infinity
        for c in candidates {
            let m = expected(c).mean
            if m > safeMean + Self.level || (m >= safeMean - Self.level && parabola(c) > safeRaw + 1e-12) {
                safe = c; safeMean = m; safeRaw = parabola(c)
            }
        }
        // The next setting: the safe pick, or the setting of highest expected improvement (the experiment) when it
        // gives up at most `experimentCost` of expected rating against the safe pick.
        var next = safe, nextMean = safeMean
        var explore = safe, exploreMean = safeMean, exploreValue = -Double.infinity
        if flat, let b = bestSoFar {
            next = b.setting; nextMean = expected(next).mean
        } else if n == 0 || options.nextRule == .greedy {
            // Safe pick.
        } else {
            let incumbent = tried.map { expected($0).mean }.max() ?? -Double.infinity
            for c in candidates {
                let ei = post.expectedImprovement(at: u(c), over: incumbent, cells: cells)
                let m = expected(c).mean
                if ei > exploreValue + 1e-12 || (abs(ei - exploreValue) <= 1e-12 && m > exploreMean) {
                    explore = c; exploreValue = ei; exploreMean = m
                }
            }
            if safeMean - exploreMean <= options.experimentCost { next = explore; nextMean = exploreMean }
        }

        // The curve and its band, on the rating scale, evenly in model units over the window (the map and its margin):
        // never drawn where nothing was brewed.
        let clip = { (r: Double) in min(5, max(0, r)) }
        let z = DialInEngine.normalQuantile(1 - tail)
        let curve = (0...80).map { i -> CurveBand in
            let x = g(window.lower + (window.upper - window.lower) * Double(i) / 80)
            let e = expected(x)
            return CurveBand(
                setting: x, mean: clip(e.mean), low: clip(e.mean - z * e.sd), high: clip(e.mean + z * e.sd))
        }

        // The stated best: where the fitted curve peaks, inside the window (quarter units, then its dial setting).
        var bestU = u(safe), bestMean = safeMean, bestRaw = safeRaw
        var x = window.lower
        while x <= window.upper + 1e-9 {
            let m = floor.map { post.expectedRating(at: x, cells: cells, floor: $0).mean }
                ?? post.expectedRating(at: x, cells: cells).mean
            let raw = post.expectedRating(at: x, cells: cells).mean
            if m > bestMean + Self.level || (m >= bestMean - Self.level && raw > bestRaw + 1e-12) {
                bestU = x; bestMean = m; bestRaw = raw
            }
            x += 0.25
        }
        let best = flat ? nil : scale.snap(g(bestU))
        // Never below a cup the bag already brewed without saying so: when the next setting is expected more than
        // ``belowCupMargin`` under the bag's best cup (a probable mishap aside) brewed elsewhere, that cup's setting
        // becomes the safe pick, and the answer says why.
        var keptBest: BrewPoint?
        for (p, w) in zip(current, robust) where w >= 0.5 && (keptBest == nil || p.rating >= keptBest!.rating) {
            keptBest = p
        }
        var belowCup: BrewPoint?
        // A cup at `next` itself rated as well (two 3.5s, at 26 and 30) is not a better cup elsewhere.
        let atNext = current.filter { $0.setting == next }.map(\.rating).max() ?? -Double.infinity
        if !flat, let b = keptBest, b.setting != next, nextMean < b.rating - Self.belowCupMargin,
           atNext < b.rating - Self.belowCupMargin {
            belowCup = b
            safe = b.setting; safeMean = expected(b.setting).mean
        }
        let experiment: DialInEstimate.Experiment?
        if belowCup != nil {
            // The model's pick is then an experiment against the cup the bag already has: what it settles is the side
            // of the cup's setting the sweet spot lies on.
            let side = u(next) > u(safe) ? 1 - post.massBelow(u(safe)) : post.massBelow(u(safe))
            experiment = .init(setting: next, expected: clip(nextMean), chanceBeyondSafe: side)
        } else if !flat, n > 0, explore != safe {
            // What the experiment teaches: the chance that the sweet spot lies on its side of the safe pick.
            let side = u(explore) > u(safe) ? 1 - post.massBelow(u(safe)) : post.massBelow(u(safe))
            experiment = .init(setting: explore, expected: clip(exploreMean), chanceBeyondSafe: side)
        } else {
            experiment = nil
        }
        // The interval as printed: each end at the dialable setting nearest to it (``DialInEstimate/low``), and the
        // bag's best-rated setting outside it decided on those settings, so the words agree with what is read. Then
        // the answer says so, and "high" is not claimed.
        let lowShown = nearest(lowU), highShown = nearest(highU)
        let bestRatedOutside = !flat
            && keptBest.map { $0.setting < lowShown - 1e-9 || $0.setting > highShown + 1e-9 } == true
        // The posterior mass of the sweet spot within one step (one model unit) of the stated best: "high" needs 0.9.
        let nearBest = best.map { b in post.massBelow(u(b) + 1) - post.massBelow(u(b) - 1) }
        var confidence = DialInEstimate.Confidence.judge(widthUnits: highU - lowU, massNearBest: nearBest ?? 0,
                                                         ratedBrews: n, cues: cues.count + timed.count, flat: flat)
        if bestRatedOutside, confidence == .high { confidence = .medium }
        var answer = DialInEstimate(
            scale: scale, verdict: flat ? .noDependence : .peak, next: next, nextExpected: clip(nextMean),
            nextTried: tried.contains(next), bestRaw: flat ? nil : g(bestU), best: best,
            low: flat ? nil : lowShown, high: flat ? nil : highShown,
            level: options.level, bestExpected: best.map { clip(expected($0).mean) },
            earlierPeakLow: earlierInterval?.low, earlierPeakHigh: earlierInterval?.high, earlierBags: prior.bags,
            flatBayesFactor: bayesFactor, bestSoFar: bestSoFar, brews: n, distinctSettings: tried.count,
            allRatingsEqual: allEqual, curve: curve, safe: safe, safeExpected: clip(safeMean), experiment: experiment,
            confidence: confidence, mapLow: g(brewedRange.lower), mapHigh: g(brewedRange.upper), leftMap: leftMap,
            discounted: zip(current, robust).filter { $0.1 < 0.5 }.map(\.0), cues: cues, belowCup: belowCup,
            bestRatedOutside: bestRatedOutside ? keptBest : nil)
        if let shotTime {
            answer.shotTime = shotTime.fit(timed, level: options.level)
        } else if !shots.isEmpty, let all = ShotTimeModel(scale: scale, bags: earlierShots + [shots]) {
            answer.shotTime = all.fit([], level: options.level, used: false)
        }
        answer.attributeEffect = prior.effect
        answer.massNearBest = nearBest
        // Where the curve runs under this bag's own cups: each setting the bag rated (a probable mishap aside) more
        // than ``underCupMargin`` above the rating expected there.
        let kept = zip(current, robust).filter { $0.1 >= 0.5 }.map(\.0)
        for x in Set(kept.map(\.setting)).sorted() {
            let r = kept.filter { $0.setting == x }.map(\.rating).max()!, m = clip(expected(x).mean)
            if m < r - Self.underCupMargin {
                answer.cupsAboveCurve.append(.init(cup: BrewPoint(setting: x, rating: r), expected: m))
            }
        }
        return answer
    }

    /// How far under a cup the bag already brewed the next setting's expected rating may lie before the answer says
    /// so and offers that cup's setting as the safe pick: ``DialInOptions/experimentCost``'s quarter point, the cost
    /// an experiment may have.
    static let belowCupMargin = 0.25
    /// How far under a cup the bag rated the curve may run there before a note says so: half a point, the step people
    /// rate in.
    static let underCupMargin = 0.5
}

extension DialInModel {
    /// The answer when no rating informs one — the bag has no rated brew and no earlier bag on the grinder × method
    /// has one — but cues exist: a step from the last cue's setting, never an expected rating or a curve.
    ///
    /// From the bag's last cue (or, for a bag without a cue, the most recent earlier bag's): towards the setting its
    /// note names ("try 17.5"); one step (a click; on a stepless dial one model unit, a fortieth of its range) the
    /// way a sour or bitter cue points; or the cue's own setting for a balanced cup. Inside the map's window
    /// (``DialInMap``), on the dial. Confidence is low: nothing has been rated.
    func cueStep(cues: [GrindCue], window: (lower: Double, upper: Double),
                 brewedRange: (lower: Double, upper: Double)) -> DialInEstimate {
        let scale = self.scale
        let base = cues.last ?? lastEarlierCue
        var target: Double
        if let base {
            if let named = base.named {
                target = scale.units(named)
            } else {
                target = scale.units(base.setting) + base.towardsCoarser * (scale.coarserIsHigher ? 1 : -1)
            }
        } else {
            target = (window.lower + window.upper) / 2
        }
        target = min(window.upper, max(window.lower, target))
        var next = scale.snap(scale.setting(units: target))
        // Snapping may step past the window's edge on a coarse dial: keep to the window.
        if scale.units(next) > window.upper + 1e-9 || scale.units(next) < window.lower - 1e-9 {
            next = scale.snap(scale.setting(units: (window.lower + window.upper) / 2))
        }
        return DialInEstimate(
            scale: scale, verdict: .cuesOnly, next: next, nextExpected: 0,
            nextTried: cues.contains { $0.setting == next },
            bestRaw: nil, best: nil, low: nil, high: nil, level: options.level, bestExpected: nil,
            earlierPeakLow: nil, earlierPeakHigh: nil, earlierBags: prior.bags, flatBayesFactor: nil, bestSoFar: nil,
            brews: 0, distinctSettings: 0, allRatingsEqual: false, curve: [], safe: next, safeExpected: 0,
            experiment: nil, confidence: .low, mapLow: scale.setting(units: brewedRange.lower),
            mapHigh: scale.setting(units: brewedRange.upper), leftMap: nil, discounted: [], cues: cues)
    }
}
