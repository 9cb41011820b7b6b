import Foundation

/// The model's grid in model units `u = (setting − lower) ÷ unit` of a ``DialInScale``: candidate sweet spots,
/// curvatures and noise levels, with their prior weights.
///
/// - Sweet spots `s`: every half unit from 0 to `U = (upper − lower) ÷ unit` (at most 201 points; finer ranges
///   are cut into 200 equal cells, whatever their size; a span that is not a number, into one).
/// - Curvatures `k = 1/w²`: 14 widths `w` log-spaced from 0.75 units to `max(3, U/2)`, prior
///   `log w ~ N(log priorWidth, priorWidthLogSD²)` renormalised on the grid.
/// - Noise `σ`: 0.15 … 1.4 rating points (nine values, about √2 apart), uniform prior on the grid (log-uniform).
struct DialInGrid: Sendable {
    let span: Double
    let s: [Double]
    let spacing: Double
    let k: [Double]
    let logPriorK: [Double]
    let sigma: [Double]
    let logPriorSigma: [Double]

    static let sigmas = [0.15, 0.2, 0.27, 0.35, 0.45, 0.6, 0.8, 1.05, 1.4]

    init(scale: DialInScale, options: DialInOptions) {
        let span = scale.span
        // Counted in Double first: a span past `Int`'s range (a grinder recorded as 0–10¹⁹) would trap `Int(_:)`; a
        // span that is not a number gets one cell.
        let wanted = (span * 2).rounded(.up)
        let cells = wanted > 200 ? 200 : wanted >= 1 ? Int(wanted) : 1
        self.span = span
        spacing = span / Double(cells)
        s = (0...cells).map { Double($0) * span / Double(cells) }
        let wLow = 0.75, wHigh = max(3, span / 2)
        let widths = (0..<14).map { wLow * pow(wHigh / wLow, Double($0) / 13) }
        k = widths.map { 1 / ($0 * $0) }
        let mu = log(options.priorWidth), sd = options.priorWidthLogSD
        let raw = widths.map { -0.5 * pow((log($0) - mu) / sd, 2) }
        let z = Gauss.logSumExp(raw)
        logPriorK = raw.map { $0 - z }
        sigma = Self.sigmas
        logPriorSigma = Array(repeating: -log(Double(Self.sigmas.count)), count: Self.sigmas.count)
    }

    var cellCount: Int { s.count * k.count * sigma.count }
}
