import BrewFiles
import Foundation

/// The table of a comparison of two or three shots or brews: one row per quantity, one column per item, then each
/// item's difference from the first.
///
/// - **Differences.** `diff_k_1` = item k's value − item 1's, empty where either is empty.
/// - **Cells.** Values at 3 decimals (`%.3f`, a point as decimal separator); an empty cell where the item has no
///   value.
/// - **CSV** (`compare.csv`): `quantity`, `<item>_1` …, `diff_2_1` …. The page (``ComparePage``) shows the same rows
///   with plain names and units.
struct ComparisonTable: Sendable {
    /// What a column holds: `shot` or `brew`.
    let item: String
    /// The row names, in order (`dose_g`, …).
    let quantities: [String]
    /// Per item, its value of each quantity (`values[item][quantity]`).
    let values: [[Double?]]
    /// Rows whose differences are left empty: values of two conventions that no subtraction compares.
    var noDifference: Set<Int> = []

    /// Item `k`'s value of quantity `q` minus item 0's, `nil` where either is missing or the row is in
    /// ``noDifference``.
    func difference(_ q: Int, item k: Int) -> Double? {
        guard !noDifference.contains(q), let a = values[0][q], let b = values[k][q] else { return nil }
        return b - a
    }

    static func cell(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "" }

    /// Each row's cells: the items' values, then their differences from the first.
    private func cells(_ q: Int) -> [String] {
        values.map { Self.cell($0[q]) } + values.indices.dropFirst().map { Self.cell(difference(q, item: $0)) }
    }

    /// `compare.csv`.
    func csv() -> String {
        var lines = [
            (
                ["quantity"] + values.indices.map {
                    "\(item)_\($0 + 1)"
                } + values.indices.dropFirst().map { "diff_\($0 + 1)_1" })
            .joined(separator: ",")]
        for (q, name) in quantities.enumerated() {
            lines.append(([name] + cells(q)).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
