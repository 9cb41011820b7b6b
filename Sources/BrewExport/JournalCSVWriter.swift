import BrewColumns
import BrewFormatSchemas
import BrewProgress

/// Writes a journal as the app's CSV export (docs/formats.md): one row per brew in table order, the columns of
/// BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema`` in its order (the contract's, then the optional columns
/// brewstats reads back: `pressure_profile`, `bag_weight_g`, `bag_price`, `currency`). UTF-8 without a byte-order
/// mark, LF line ends, RFC 4180 quoting, `.` decimals (``DecimalText``), `brewed_at` in UTC (`2026-11-16T06:42:00Z`),
/// roast dates `YYYY-MM-DD`. Text cells carry the formula guard unless ``guardsFormulas`` is off (``CSVCells``).
///
/// What a CSV cannot hold is listed in ``DroppedFields``:
/// - the entities' own fields (a grinder's range and step, a method's notes, a bean's variety, processing, notes and
///   archive flag): a CSV row holds names, not entities;
/// - equipment and beans no brew uses (a CSV has rows for brews only);
/// - a bean's identity when two beans share a roaster and a name (the CSV reader identifies a bean by roaster +
///   name, so their brews read back as one bean with the first one's roast date);
/// - the method or grinder of a brew whose method or grinder has no name.
public struct JournalCSVWriter: Sendable {
    /// The header, in column order: BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema``, the one list of the
    /// format's columns.
    public static let header = CSVSchema.names

    /// Whether text cells that a spreadsheet would run as a formula are written with the formula guard, a leading
    /// `'` that brewstats' CSV reader removes (``BrewColumns/CSVFormulaGuard``); `false` writes every cell as it is
    /// (`export --raw-cells`). Numbers are never guarded.
    public var guardsFormulas: Bool

    public init(guardsFormulas: Bool = true) {
        self.guardsFormulas = guardsFormulas
    }

    /// Writes `journal` to `file` and lists what was dropped into `dropped`, telling `progress` how many brews are
    /// written.
    public func write(_ journal: Journal, to file: ExportFile, dropped: inout DroppedFields,
                      progress: WorkProgress = .none) throws(ExportError) {
        let t = journal.brews
        let entities = EntityCells(journal, guarded: guardsFormulas, dropped: &dropped)
        var cells = CSVCells(into: file.buffer, guarded: guardsFormulas)
        file.buffer = []
        for name in Self.header { cells.text(name) }
        cells.endRow()
        let noMethod = [UInt8]()
        let categoryCells = MethodCategory.allCases.map { Array($0.rawString.utf8) }
        for i in 0..<t.count {
            if i % WorkProgress.stride == 0 { progress.report("brews written", done: i, of: t.count) }
            let bean = t.bean.code(i).map { entities.bean[Int($0)] }
            for column in CSVSchema.columns {
                switch column {
                case .brewID: cells.bytes(t.id, i)
                case .brewedAt:
                    if t.brewDate.isValid(i) {
                        cells.raw([])
                        ExportDates.appendInstant(Timestamp(microseconds: t.brewDate.values[i]), to: &cells.out)
                    } else {
                        cells.empty()
                    }
                case .method:
                    let m = t.method.code(i).map(Int.init)
                    cells.raw(m.map { entities.methodName[$0] } ?? noMethod)
                    if let m, entities.methodName[m].isEmpty {
                        dropped.note("method", record: t.id[i] ?? "row \(i + 1)",
                            "the method has no name; a CSV names a brew's method")
                    }
                case .methodCategory: cells.raw(categoryCells[Int(t.category(at: i).rawValue)])
                case .grinder:
                    let g = t.grinder.code(i).map(Int.init)
                    if let g, entities.grinderName[g].isEmpty {
                        dropped.note("grinder", record: t.id[i] ?? "row \(i + 1)",
                            "the grinder has no name; a CSV names a brew's grinder")
                    }
                    cells.raw(g.map { entities.grinderName[$0] } ?? [])
                case .grindSetting:
                    if t.grindSetting.isValid(i) {
                        cells.number(t.grindSetting, i)
                    } else {
                        cells.bytes(t.grindText, i)
                    }
                case .bean: cells.raw(bean?.name ?? [])
                case .roaster: cells.raw(bean?.roaster ?? [])
                case .origin: cells.raw(bean?.origin ?? [])
                case .roastDate: cells.raw(bean?.roastDate ?? [])
                case .roastLevel: cells.raw(bean?.roastLevel ?? [])
                case .doseGrams: cells.number(t.doseGrams, i)
                case .waterGrams: cells.number(t.waterGrams, i)
                case .yieldGrams: cells.number(t.yieldGrams, i)
                case .brewTimeSeconds: cells.number(t.brewTimeSeconds, i)
                case .waterTemperature: cells.number(t.waterTemperature, i)
                case .tds: cells.number(t.tds, i)
                case .rating: cells.number(t.rating, i)
                case .acidity: cells.number(t.acidity, i)
                case .body: cells.number(t.body, i)
                case .sweetness: cells.number(t.sweetness, i)
                case .flavorTags: cells.bytes(t.flavorTags, i)
                case .notes: cells.bytes(t.notes, i)
                case .pressureProfile: cells.bytes(t.pressureProfile, i)
                case .bagWeightGrams: cells.raw(bean?.bagWeight ?? [])
                case .bagPrice: cells.raw(bean?.bagPrice ?? [])
                case .currency: cells.raw(bean?.currency ?? [])
                }
            }
            cells.endRow()
            if cells.out.count >= ExportFile.blockSize {
                file.buffer = cells.out
                try file.flush()
                cells.out = file.buffer
                file.buffer = []
            }
        }
        file.buffer = cells.out
    }
}

/// Each entity's cells, quoted once (a journal has few entities and many brews).
private struct EntityCells {
    struct Bean {
        var name, roaster, origin, roastDate, roastLevel, bagWeight, bagPrice, currency: [UInt8]
    }

    var methodName: [[UInt8]]
    var grinderName: [[UInt8]]
    var bean: [Bean]

    init(_ journal: Journal, guarded: Bool, dropped: inout DroppedFields) {
        func cell(_ text: String?) -> [UInt8] {
            var c = CSVCells(into: [], guarded: guarded)
            c.text(text)
            return c.out
        }
        func number(_ v: Double?) -> [UInt8] {
            var c = CSVCells(into: [])
            c.number(v)
            return c.out
        }
        methodName = journal.methods.map { cell($0.name) }
        grinderName = journal.grinders.map { cell($0.name) }
        bean = journal.beans.map { b in
            Bean(name: cell(b.name), roaster: cell(b.roaster), origin: cell(b.origin),
                 roastDate: cell(b.roastDate?.description), roastLevel: cell(b.roastLevel?.rawString),
                 bagWeight: number(b.bagWeightGrams), bagPrice: number(b.bagPrice), currency: cell(b.currency))
        }
        let used = UsedEntities(journal.brews)
        EntityDrops.note(journal, used: used, into: &dropped, holdsEntityFields: false)
        // Beans the CSV reader cannot tell apart: same roaster and name.
        var seen: [String: Int] = [:]
        for (i, b) in journal.beans.enumerated() where used.beans.contains(i) {
            let key = (b.roaster ?? "") + "\u{0}" + (b.name ?? "")
            if seen[key] != nil {
                dropped.note("bean", .changed, record: b.displayName + (b.roastDate.map { " (roasted \($0))" } ?? ""),
                             "beans with the same roaster and name read back as " +
                                 "one bean (a CSV identifies a bean by roaster + name)")
            } else {
                seen[key] = i
            }
        }
    }
}
