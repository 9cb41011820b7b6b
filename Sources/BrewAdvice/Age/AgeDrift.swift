import Foundation

/// A rated brew with its bag age (``BrewStats/BagAge``, days): the drift's evidence.
public struct AgedPoint: Sendable, Hashable {
    public var setting: Double
    public var rating: Double
    public var age: Double
    public init(setting: Double, rating: Double, age: Double) {
        self.setting = setting; self.rating = rating; self.age = age
    }
}

/// How a bag's sweet spot moves as it ages: `s_j(t) = s_j + δ·(age − age_ref)`, one δ (settings per day) shared by
/// the bags of a grinder × method, learned from the earlier bags' rated brews and the bag's own.
///
/// The fit: with each bag's curve `r = p_j − k·(x − s_j − δ·c)²`, where `c` is the brew's age less its bag's mean
/// age, the rating is linear in bag-wise intercepts, settings and ages, and common `x²`, `x·c` and `c²` terms
/// (`−k`, `2kδ`, `−kδ²`). Least squares over every bag with at least ``minimumBrews`` rated brews on
/// ``minimumSettings`` settings and two ages gives `q` (of `x²`) and `g` (of `x·c`), so `δ̂ = −g ÷ 2q`, its standard
/// error by the delta method from their covariance. The estimate is then shrunk towards no drift by a normal prior
/// `δ ~ N(0, τ²)`, τ = ``priorSD`` settings per day: posterior mean `δ̂·τ² ÷ (τ² + se²)`, s.d.
/// `√(τ²·se² ÷ (τ² + se²))`. One δ for every bag; a bag's own drift differing from the others' is not modelled.
///
/// Evidence (``shows``): at least two bags fitted, the residual degrees of freedom at least ``minimumResidualDF``,
/// the curve peaked (`q < 0` by two standard errors) and `δ̂` two standard errors from 0. Without it the advisor
/// ignores age and gives today's answer, number for number.
public struct AgeDrift: Sendable, Equatable {
    /// The least-squares `δ̂` and its standard error, settings per day.
    public let raw: Double, rawSE: Double
    /// The posterior mean and s.d. of δ after shrinking towards 0.
    public let delta: Double, sd: Double
    /// The bags and rated brews the fit rests on.
    public let bags: Int, brews: Int
    /// The curvature's estimate and standard error (`q = −k`).
    public let curvature: Double, curvatureSE: Double
    /// The residual degrees of freedom.
    public let residualDF: Int

    /// The prior s.d. of δ: a quarter of a setting per day.
    public static let priorSD = 0.25
    /// A bag enters the fit with this many rated brews, on ``minimumSettings`` settings and two ages.
    public static let minimumBrews = 4, minimumSettings = 3
    /// Residual degrees of freedom needed.
    public static let minimumResidualDF = 5

    /// Whether the evidence shows a drift (see ``AgeDrift``).
    public var shows: Bool {
        bags >= 2 && residualDF >= Self.minimumResidualDF && curvature < 0 && curvature + 2 * curvatureSE < 0
            && abs(raw) >= 2 * rawSE
    }

    /// The central 80 % interval of δ (posterior mean ± 1.2816 s.d.).
    public var interval80: (low: Double, high: Double) { (delta - 1.2816 * sd, delta + 1.2816 * sd) }

    /// The fit over `bags` (each bag's rated brews with their ages); `nil` when fewer than two bags qualify or the
    /// design is singular.
    public static func fit(_ bags: [[AgedPoint]]) -> AgeDrift? {
        let used = bags.filter { b in
            b.count >= minimumBrews && Set(b.map(\.setting)).count >= minimumSettings && Set(b.map(\.age)).count >= 2
        }
        guard used.count >= 2 else { return nil }
        let all = used.flatMap { $0 }
        let xMean = all.map(\.setting).reduce(0, +) / Double(all.count)
        // Columns: per bag (intercept, x, c), then x², x·c, c².
        let p = 3 * used.count + 3
        var rows: [[Double]] = [], y: [Double] = []
        for (j, bag) in used.enumerated() {
            let ageMean = bag.map(\.age).reduce(0, +) / Double(bag.count)
            for pt in bag {
                let x = pt.setting - xMean, c = pt.age - ageMean
                var row = [Double](repeating: 0, count: p)
                row[3 * j] = 1; row[3 * j + 1] = x; row[3 * j + 2] = c
                row[p - 3] = x * x; row[p - 2] = x * c; row[p - 1] = c * c
                rows.append(row); y.append(pt.rating)
            }
        }
        let n = rows.count
        guard n - p >= 1, let (beta, inverse) = LeastSquares.solve(rows, y) else { return nil }
        var rss = 0.0
        for i in 0..<n {
            var fit = 0.0
            for k in 0..<p { fit += rows[i][k] * beta[k] }
            rss += (y[i] - fit) * (y[i] - fit)
        }
        let s2 = rss / Double(n - p)
        let q = beta[p - 3], g = beta[p - 2]
        let vq = s2 * inverse[p - 3][p - 3], vg = s2 * inverse[p - 2][p - 2], cqg = s2 * inverse[p - 3][p - 2]
        guard q != 0 else { return nil }
        let raw = -g / (2 * q)
        // δ = −g/(2q): ∂δ/∂g = −1/(2q), ∂δ/∂q = g/(2q²).
        let dg = -1 / (2 * q), dq = g / (2 * q * q)
        let se = sqrt(max(0, dg * dg * vg + dq * dq * vq + 2 * dg * dq * cqg))
        let tau2 = priorSD * priorSD, se2 = se * se
        let shrink = tau2 / (tau2 + se2)
        return AgeDrift(raw: raw, rawSE: se, delta: raw * shrink, sd: sqrt(tau2 * se2 / (tau2 + se2)),
                        bags: used.count, brews: n, curvature: q, curvatureSE: sqrt(max(0, vq)), residualDF: n - p)
    }

    /// `points` moved to age `age`: each setting less `delta × (its age − age)`, where the bag's sweet spot would put
    /// it then (the model's coordinates; `δ = 0` leaves every setting as it was).
    public func moved(_ points: [AgedPoint], to age: Double) -> [BrewPoint] {
        points.map { BrewPoint(setting: $0.setting - delta * ($0.age - age), rating: $0.rating) }
    }
}

/// Least squares by the normal equations, solved by Gauss–Jordan elimination with partial pivoting.
enum LeastSquares {
    /// The coefficients `β` minimising `‖y − Xβ‖²` and `(XᵀX)⁻¹`; `nil` when `XᵀX` is singular (a pivot below
    /// 1e-10 of the largest diagonal entry).
    static func solve(_ x: [[Double]], _ y: [Double]) -> (beta: [Double], inverse: [[Double]])? {
        guard let p = x.first?.count, p > 0 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 2 * p), count: p)
        var b = [Double](repeating: 0, count: p)
        for (r, row) in x.enumerated() {
            for i in 0..<p {
                b[i] += row[i] * y[r]
                for k in 0..<p { a[i][k] += row[i] * row[k] }
            }
        }
        for i in 0..<p { a[i][p + i] = 1 }
        let scale = (0..<p).map { a[$0][$0] }.max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<p {
            guard let pivot = (col..<p).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }),
                  abs(a[pivot][col]) > 1e-10 * scale else { return nil }
            a.swapAt(col, pivot)
            let d = a[col][col]
            for k in 0..<(2 * p) { a[col][k] /= d }
            for r in 0..<p where r != col {
                let f = a[r][col]
                if f != 0 { for k in 0..<(2 * p) { a[r][k] -= f * a[col][k] } }
            }
        }
        let inverse = a.map { Array($0[p...]) }
        let beta = (0..<p).map { i in (0..<p).reduce(0.0) { $0 + inverse[i][$1] * b[$1] } }
        return (beta, inverse)
    }
}
