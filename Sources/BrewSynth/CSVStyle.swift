import BrewColumns
import BrewFormatSchemas

/// How ``CSVExportWriter`` spells the CSV export: the app's clean form, or the ways people and spreadsheets
/// mangle it (docs/formats.md), for importer tests.
public struct CSVStyle: Sendable, Equatable {
    /// Line endings.
    public enum LineEnding: String, Sendable {
        case lf = "\n", crlf = "\r\n"
    }

    /// Lead the file with a UTF-8 byte order mark.
    public var byteOrderMark: Bool
    public var lineEnding: LineEnding
    /// Masses as `18 g`, temperatures as `93°C`.
    public var unitsInCells: Bool
    /// Decimal commas (`18,5`); such cells are quoted.
    public var decimalComma: Bool
    /// Brew times as `m:ss` (`2:45`).
    public var minutesSeconds: Bool
    /// `brewed_at` as local `YYYY-MM-DD HH:MM` without an offset (the reader's time zone then applies).
    public var brewedAtWithoutOffset: Bool
    /// Header names as people write them (`Brew ID`, `Dose (g)`, `Water Temp (°C)`).
    public var spacedHeader: Bool
    /// Shuffle the column order with this seed; `nil` keeps the contract's order.
    public var columnOrderSeed: UInt64?
    /// Columns left out, by their contract name (`origin`, `sweetness` …).
    public var omittedColumns: [String]

    /// The app's own export: contract column order, LF, `.` decimals, plain numbers, ISO times with offsets.
    public init(byteOrderMark: Bool = false, lineEnding: LineEnding = .lf, unitsInCells: Bool = false,
                decimalComma: Bool = false, minutesSeconds: Bool = false, brewedAtWithoutOffset: Bool = false,
                spacedHeader: Bool = false, columnOrderSeed: UInt64? = nil, omittedColumns: [String] = []) {
        self.byteOrderMark = byteOrderMark; self.lineEnding = lineEnding; self.unitsInCells = unitsInCells
        self.decimalComma = decimalComma; self.minutesSeconds = minutesSeconds
        self.brewedAtWithoutOffset = brewedAtWithoutOffset; self.spacedHeader = spacedHeader
        self.columnOrderSeed = columnOrderSeed; self.omittedColumns = omittedColumns
    }

    /// The contract's clean export.
    public static let standard = CSVStyle()

    /// Everything at once: BOM, CRLF, units, decimal commas, `m:ss`, local times without offset, spaced
    /// header names, columns shuffled with `seed`, and `origin` and `sweetness` left out.
    public static func messy(seed: UInt64 = 1) -> CSVStyle {
        CSVStyle(byteOrderMark: true, lineEnding: .crlf, unitsInCells: true, decimalComma: true,
                 minutesSeconds: true, brewedAtWithoutOffset: true, spacedHeader: true,
                 columnOrderSeed: seed, omittedColumns: ["origin", "sweetness"])
    }

    /// The contract's columns, in order (BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema``): what the generator
    /// writes.
    public static let fields = CSVSchema.contract

    /// The names of ``fields``, in order.
    public static let columns = CSVSchema.contractNames

    /// Header names as a person would type them, by contract column (``BrewFormatSchemas/CSVSchema/Field/spelled``).
    static let spacedNames: [String: String] =
        Dictionary(uniqueKeysWithValues: CSVSchema.fields.map { ($0.name, $0.spelled) })

    /// Column indices (into ``columns``) in output order.
    var columnOrder: [Int] {
        var order = Array(CSVStyle.columns.indices).filter { !omittedColumns.contains(CSVStyle.columns[$0]) }
        if let seed = columnOrderSeed {
            var rng = SynthRandom(seed: seed, stream: 7)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
        }
        return order
    }
}
