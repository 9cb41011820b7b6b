import BrewColumns

/// Grind setting versus rating in one grinder × method group, or one bean within it (docs/definitions.md).
///
/// Uses the group's brews with both a numeric grind setting and a rating (`n` of them):
/// - `pearson`, `spearman`: need n ≥ 2 and non-constant grind and rating (``Regression/pearson(_:_:)``,
///   ``Regression/spearman(_:_:)``), else `nil`;
/// - `line`: OLS of rating on grind when grind is not constant (``Regression/ols(_:_:)``);
/// - `quadratic`: least-squares `rating = a + b·g + c·g²`, needs n ≥ 3 and ≥ 3 distinct settings;
/// - `sweetSpot`: `−b ÷ 2c` only when c < 0 and it lies within the observed settings (inclusive), else `nil`;
/// - `points`: the points as distinct (grind, rating) pairs with counts (``PairCounts``); `grind`/`rating`
///   expand them, ascending by (grind, rating); `curve`: their LOESS curve when asked for.
public struct GrindRatingGroup: Sendable, Equatable {
    public let grinderIndex: Int
    public let grinder: String
    public let methodIndex: Int
    public let method: String
    /// The bean (index into ``Journal/beans``) for a per-bean row; `nil` for the row over all beans.
    public let beanIndex: Int?
    /// The bean's label (``BeanLabels``: its name, with roaster or roast date added where names collide).
    public let bean: String?
    public let n: Int
    public let pearson: Double?
    public let spearman: Double?
    public let line: LinearFit?
    public let quadratic: QuadraticFit?
    public let sweetSpot: Double?
    /// The group's (grind, rating) points, each distinct pair once with how many brews logged it.
    public let points: PairCounts
    public let curve: LoessCurve?
    /// The quadratic fit's coefficient of determination, `1 − Σ(y − q(g))² ÷ Σ(y − ȳ)²`: the share of the rating's
    /// variance the single-peaked curve explains. `nil` without a quadratic fit or when every rating is equal.
    /// Findings quote it next to n instead of Spearman's ρ, which measures a monotone trend (``EvidenceRules``).
    public let quadraticR2: Double?
    /// How many distinct grind settings the group's brews used.
    public var distinctSettings: Int { points.distinctX.count }
    /// Whether the sweet spot is strong enough to be stated as a finding: it exists and the group meets
    /// ``EvidenceRules/statesSweetSpot(n:distinctSettings:)``, and the quadratic explains at least
    /// ``EvidenceRules/sweetSpotMinimumR2`` of the rating's variance. Otherwise ``sweetSpot`` is still the
    /// contract's statistic (written to `grind_rating.csv`) but no output calls it "best around".
    public var statesSweetSpot: Bool {
        sweetSpot != nil && EvidenceRules.statesSweetSpot(n: n, distinctSettings: distinctSettings, r2: quadraticR2)
    }

    /// Every point's grind setting, ascending by (grind, rating) (expanded from ``points``).
    public var grind: [Double] { points.expandedX }
    /// Every point's rating, in the order of ``grind``.
    public var rating: [Double] { points.expandedY }

    /// Fits every statistic to the points (``PairFit``), using `scratch` for intermediates.
    init(grinderIndex: Int, grinder: String, methodIndex: Int, method: String, beanIndex: Int?, bean: String?,
         grind: [Double], rating: [Double], curveOptions: StatsOptions?, scratch: inout [Double]) {
        self.grinderIndex = grinderIndex; self.grinder = grinder
        self.methodIndex = methodIndex; self.method = method
        self.beanIndex = beanIndex; self.bean = bean
        points = PairCounts(x: grind, y: rating)
        n = grind.count
        let fit = grind.withUnsafeBufferPointer { x in
            rating.withUnsafeBufferPointer { y in PairFit(x: x, y: y, scratch: &scratch) }
        }
        pearson = fit.pearson
        spearman = fit.spearman
        line = fit.line
        quadratic = fit.quadratic
        sweetSpot = fit.quadratic?.sweetSpot(within: fit.xRange)
        quadraticR2 = fit.quadratic.flatMap { q in Self.rSquared(q, x: grind, y: rating) }
        curve = curveOptions.map { o in
            loess(x: grind, y: rating, frac: o.loessFraction, iterations: o.loessIterations,
                  delta: fit.xRange.map { o.loessDeltaFraction * ($0.upperBound - $0.lowerBound) })
        }
    }
}

extension GrindRatingGroup {
    /// `1 − SSres ÷ SStot` of `q` on the points (each point once; repeat a point to weight it), clamped to 0…1;
    /// `nil` when the ratings do not vary. The one R² every output quotes.
    public static func rSquared(_ q: QuadraticFit, x: [Double], y: [Double]) -> Double? {
        guard !y.isEmpty else { return nil }
        let mean = pairwiseSum(y) / Double(y.count)
        var tot = [Double](repeating: 0, count: y.count), res = tot
        for i in y.indices {
            tot[i] = (y[i] - mean) * (y[i] - mean)
            let e = y[i] - q(x[i])
            res[i] = e * e
        }
        let ssTot = pairwiseSum(tot)
        guard ssTot > 0 else { return nil }
        return min(1, max(0, 1 - pairwiseSum(res) / ssTot))
    }
}

/// `grind_rating.csv`: one row per grinder × method pair with at least one usable brew, followed by one row
/// per bean with at least ``StatsOptions/minimumBrewsPerBean`` usable brews in that pair.
///
/// Row order: grinder name, method name (UTF-8 order; journal position breaks name ties), the all-beans row
/// first, then beans by name, roaster and journal position.
public struct GrindRatingSummary: Sendable, Equatable {
    public let groups: [GrindRatingGroup]

    public static let header = ["grinder", "method", "bean", "n", "pearson_r", "spearman_rho", "slope_rating_per_unit",
                                "intercept_rating", "sweet_spot_setting"]

    /// RFC 4180 text (see ``CSVCell``; numbers rounded to ``CSVPrecision``); `bean` is empty on the all-beans
    /// row. The slope is in rating points per unit of the grinder's setting scale.
    public func csv() -> String {
        CSVWriter.write(header: Self.header, rows: groups.map { g in
            [.text(g.grinder), .text(g.method), .text(g.bean), .integer(g.n),
             .decimal(g.pearson, places: CSVPrecision.correlation),
             .decimal(g.spearman, places: CSVPrecision.correlation),
             .decimal(g.line?.slope, places: CSVPrecision.slope),
             .decimal(g.line?.intercept, places: CSVPrecision.intercept),
             .decimal(g.sweetSpot, places: CSVPrecision.grindSetting)]
        })
    }
}

extension BrewAnalysis {
    /// Grind versus rating per grinder × method (and bean); see ``GrindRatingGroup``.
    ///
    /// - Parameter curves: also compute each group's LOESS curve (``StatsOptions/loessFraction`` etc.).
    public func grindRating(curves: Bool = false) -> GrindRatingSummary {
        let t = table
        let methodCount = t.method.dictionary.count, grinderCount = t.grinder.dictionary.count
        let n = t.count
        // Usable brews: numeric grind setting and rating, a grinder and a method.
        var codes = [Int32](repeating: -1, count: n)
        let methods = Int32(methodCount)
        codes.withUnsafeMutableBufferPointer { c in
            t.grindSetting.values.withUnsafeBufferPointer { gs in
                t.rating.values.withUnsafeBufferPointer { rs in
                    t.grinder.codes.values.withUnsafeBufferPointer { gc in
                        t.method.codes.values.withUnsafeBufferPointer { mc in
                            // SAFETY: every buffer is a column of the table, n slots each; only i < n is read.
                            for i in 0..<n where !gs[i].isNaN && !rs[i].isNaN && t.grindSetting.isValid(i)
                                && t.rating.isValid(i) && t.grinder.codes.isValid(i) && t.method.codes.isValid(i) {
                                c[i] = gc[i] &* methods &+ mc[i]
                            }
                        }
                    }
                }
            }
        }
        let groups = GroupIndex(codes: codes, validity: nil, groupCount: grinderCount * methodCount)
        let grindValues = t.grindSetting.values, ratingValues = t.rating.values
        let beanCodes = t.bean.codes
        let nonEmpty = (0..<groups.groupCount).filter { groups.count(of: $0) > 0 }
        let opts = curves ? options : nil
        let minPerBean = options.minimumBrewsPerBean
        let beans = journal.beans
        let beanLabels = BeanLabels.make(journal)
        let perPair: [[GrindRatingGroup]] = parallelMap(
            nonEmpty.count, work: groups.rows.count * (curves ? 50 : 1)) { k in
            let g = nonEmpty[k]
            let gi = g / methodCount, mi = g % methodCount
            let rows = groups.rows(of: g)
            let x = rows.map { grindValues[Int($0)] }, y = rows.map { ratingValues[Int($0)] }
            var scratch = [Double](repeating: 0, count: 7 * x.count)
            var out = [GrindRatingGroup(grinderIndex: gi, grinder: t.grinder.dictionary[gi], methodIndex: mi,
                                        method: t.method.dictionary[mi], beanIndex: nil, bean: nil,
                                        grind: x, rating: y, curveOptions: opts, scratch: &scratch)]
            var beanCounts = [Int](repeating: 0, count: beans.count)
            for r in rows where beanCodes.isValid(Int(r)) { beanCounts[Int(beanCodes.values[Int(r)])] += 1 }
            let chosen = beanCounts.indices.filter { beanCounts[$0] >= minPerBean }.sorted { a, b in
                let na = t.bean.dictionary[a], nb = t.bean.dictionary[b]
                if na != nb { return nameLess(na, nb) }
                let ra = beans[a].roaster ?? "", rb = beans[b].roaster ?? ""
                if ra != rb { return nameLess(ra, rb) }
                return a < b
            }
            // Positions of each chosen bean's brews within the group, by one counting pass.
            var slot = [Int](repeating: -1, count: beans.count)
            for (k, b) in chosen.enumerated() { slot[b] = k }
            var positions = chosen.map { b -> [Int] in
                var p = [Int](); p.reserveCapacity(beanCounts[b]); return p
            }
            for (pos, r) in rows.enumerated() where beanCodes.isValid(Int(r)) {
                let k = slot[Int(beanCodes.values[Int(r)])]
                if k >= 0 { positions[k].append(pos) }
            }
            for (k, b) in chosen.enumerated() {
                let pos = positions[k]
                out.append(GrindRatingGroup(grinderIndex: gi, grinder: t.grinder.dictionary[gi], methodIndex: mi,
                                            method: t.method.dictionary[mi], beanIndex: b, bean: beanLabels[b],
                                            grind: pos.map { x[$0] }, rating: pos.map { y[$0] }, curveOptions: opts,
                                            scratch: &scratch))
            }
            return out
        }
        let ordered = perPair.sorted { a, b in
            let x = a[0], y = b[0]
            if x.grinder != y.grinder { return nameLess(x.grinder, y.grinder) }
            if x.grinderIndex != y.grinderIndex { return x.grinderIndex < y.grinderIndex }
            if x.method != y.method { return nameLess(x.method, y.method) }
            return x.methodIndex < y.methodIndex
        }
        return GrindRatingSummary(groups: ordered.flatMap { $0 })
    }
}
