import Foundation

/// How a grinder's dial is written.
///
/// - ``decimal``: plain numbers (24, 5.5, 1.19); one unit of the model is one step of the dial, or for a stepless
///   dial a fortieth of its range (``DialInScale/unit``).
/// - ``thirds``: the Fellow Ode Gen 2's dial, 1–11 with two clicks between whole numbers, written as the apps log
///   it: `1, 1.1, 1.2, 2, 2.1, 2.2, 3, …, 11` (31 settings). "5.2" is five and two thirds, and 5.2 → 6 is one
///   click. The model counts clicks (``thirdsClicks(_:)``), and every suggestion is one of the 31 settings.
public enum DialNotation: String, Sendable, Equatable, CaseIterable {
    case decimal
    case thirds

    /// Clicks from 1 on a dial in thirds: `(whole − 1) × 3 + tenths` for a setting on the dial (5.2 → 14). Between
    /// dial settings (a logged 4.5, a curve point) the value is placed continuously: tenths 0–0.2 are clicks 0–2
    /// of the whole number, the rest of the way to the next whole number is the third click.
    public static func thirdsClicks(_ v: Double) -> Double {
        let whole = (v + 1e-9).rounded(.down)
        let f = max(0, v - whole)
        let within = f <= 0.2 + 1e-9 ? f * 10 : 2 + (f - 0.2) / 0.8
        return (whole - 1) * 3 + within
    }

    /// The setting `c` clicks from 1 on a dial in thirds (``thirdsClicks(_:)`` inverted): 14 → 5.2.
    public static func thirdsValue(_ c: Double) -> Double {
        let whole = (c / 3 + 1e-9).rounded(.down)
        let r = max(0, c - 3 * whole)
        let f = r <= 2 + 1e-9 ? r / 10 : 0.2 + (r - 2) * 0.8
        return 1 + whole + f
    }

    /// Whether `v` is one of a thirds dial's settings (`n`, `n.1` or `n.2`, to a thousandth).
    public static func onThirdsDial(_ v: Double) -> Bool {
        guard v.isFinite else { return true }
        let whole = (v + 1e-9).rounded(.down)
        let tenths = (v - whole) * 10
        return abs(tenths - tenths.rounded()) < 1e-2 && tenths.rounded() <= 2
    }
}
