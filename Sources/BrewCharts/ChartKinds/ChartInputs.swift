import BrewStats
import Foundation

/// How often a piece of equipment was used.
public struct UsageCount: Sendable, Hashable {
    /// Display name (any script; long names are shortened with an ellipsis).
    public var name: String
    /// Number of brews.
    public var count: Int
    /// Creates a usage count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// A fitted parabola `y = a + b·x + c·x²` (the least-squares quadratic of rating on grind, computed by the
/// statistics layer). Its vertex `−b ÷ 2c` is the sweet spot when `c < 0`.
public struct QuadraticCurve: Sendable, Hashable {
    /// Constant term.
    public var a: Double
    /// Linear coefficient.
    public var b: Double
    /// Quadratic coefficient (negative for a peak).
    public var c: Double
    /// Creates the curve.
    public init(a: Double, b: Double, c: Double) {
        self.a = a
        self.b = b
        self.c = c
    }
    /// The fitted value at `x`.
    public func callAsFunction(_ x: Double) -> Double { a + b * x + c * x * x }
}

/// Grind settings and ratings for one grinder × method (× bean), with the statistics computed elsewhere.
public struct GrindRatingInput: Sendable, Hashable {
    /// Grinder name.
    public var grinder: String
    /// Brew method name.
    public var method: String
    /// Bean name, or `nil` when pooled over beans.
    public var bean: String?
    /// Grind setting per brew (parallel to `ratings`).
    public var grindSettings: [Double]
    /// Rating 0–5 per brew.
    public var ratings: [Double]
    /// How many brews each (`grindSettings[i]`, `ratings[i]`) stands for, when the points come merged
    /// (``PointMark/merged(x:y:counts:)``); `nil`: one brew each.
    public var counts: [Int]?
    /// LOESS fit of rating on grind, sorted by x; empty for none.
    public var loess: [CurvePoint]
    /// The sweet spot: by contract the vertex of the quadratic fit (when it is a peak inside the observed
    /// settings), or `nil`. It is not the maximum of the LOESS curve, which may dip there.
    public var sweetSpot: Double?
    /// R² of the quadratic fit (the share of the ratings' variance the fitted curve explains), or `nil` when
    /// there is no fit. The caption gives it next to n; rank correlations are not shown (a single-peaked curve
    /// has none worth stating).
    public var rSquared: Double?
    /// The quadratic fit whose vertex is the sweet spot, drawn so the sweet spot sits on a visible peak; `nil`
    /// for none.
    public var quadratic: QuadraticCurve?
    /// The grinder's setting step (e.g. 1, 0.5 or 0.25): the sweet spot is drawn and labelled at the nearest
    /// setting of its grid, and the grind axis ticks on multiples of it; `nil` when unknown (then 1 if every
    /// setting is whole).
    public var settingStep: Double?
    /// The origin of the step's grid (the grinder's lowest setting): settings are `settingAnchor + k × settingStep`.
    public var settingAnchor: Double

    /// Creates the input.
    public init(grinder: String, method: String, bean: String? = nil, grindSettings: [Double], ratings: [Double],
                counts: [Int]? = nil, loess: [CurvePoint] = [], sweetSpot: Double? = nil, rSquared: Double? = nil,
                quadratic: QuadraticCurve? = nil, settingStep: Double? = nil, settingAnchor: Double = 0) {
        self.grinder = grinder
        self.method = method
        self.bean = bean
        self.grindSettings = grindSettings
        self.ratings = ratings
        self.counts = counts
        self.loess = loess
        self.sweetSpot = sweetSpot
        self.rSquared = rSquared
        self.quadratic = quadratic
        self.settingStep = settingStep
        self.settingAnchor = settingAnchor
    }
}

/// One brew's extraction yield and strength, for the brewing control chart.
public struct ExtractionPoint: Sendable, Hashable {
    /// Extraction yield, %.
    public var extraction: Double
    /// Total dissolved solids, %.
    public var tds: Double
    /// What the point's marker encodes (the brew method's name), or `nil`: see
    /// ``BrewstatsCharts/brewingControlChart(_:kind:ratios:emptyMessage:)``.
    public var group: String?
    /// Creates a point.
    public init(extraction: Double, tds: Double, group: String? = nil) {
        self.extraction = extraction
        self.tds = tds
        self.group = group
    }
}

/// The seven brewstats charts as builders from plain typed inputs. Each returns a ``Chart`` that renders to any
/// backend and format; empty inputs give a "No brews in this period" chart, never an error.
public enum BrewstatsCharts {
    /// The message shown by every empty chart.
    public static let emptyMessage = "No brews in this period"

    /// "1 brew", "2 brews".
    static func count(_ n: Int, _ noun: String) -> String {
        "\(TickFormatter.plain(Double(n), decimals: 0)) \(noun)\(n == 1 ? "" : "s")"
    }

    /// A number with at most `decimals` decimals, trailing zeros removed, typographic minus.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        var text = TickFormatter.plain(value, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
