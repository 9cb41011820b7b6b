import BrewColumns
import Foundation

/// Reads a BrewSpec v1.0 document (docs/formats.md; `peer-data/brewspec/`), YAML or JSON: one brew per
/// element of `brews`.
///
/// **The document.** It must be an object with `brewspec_version: "1.0"` (the number 1.0, which an unquoted YAML
/// `1.0` is, is read too, with a note) and a non-empty `brews` array; anything else refuses the file
/// (``ImportError/Kind/notAJournal``), and text that is neither YAML nor JSON is ``ImportError/Kind/corrupt`` with
/// the line and column of the syntax error. Another top-level key is a note (the schema allows none).
///
/// **Each brew** is checked against the schema (``BrewSpecSchema``) and rejected with the rule it breaks — column
/// the value's path (`result.ratings.overall`), where `brews[i], line n` (YAML) or `brews[i]` (JSON), reason as
/// the schema puts it ("10 is greater than the maximum of 9"). A valid brew then passes the rules every importer
/// applies (a missing or unparseable date rejects it, implausible values warn; ``Reject``).
///
/// **Mapping** (result = the measurement, brew = the recipe target; a measurement wins over its target):
/// - date: `YYYY-MM-DDTHH:MM:SSZ` is that instant; a date alone is midnight in the import's time zone;
/// - method: `method`, else `equipment.brewer`, else the category's name; category from `type` (`espresso`,
///   `pour_over`, `immersion`; `hybrid` → other), else inferred from the method's name;
/// - dose `result.dose_g` ?? `dose_g`; water `result.water_g` ?? `water_g`; time `result.duration_s` ??
///   `duration_s`; temperature `water_temp_c`; TDS `result.tds`;
/// - yield: `result.yield_g` only. The brew-level `yield_g` is a target, and `brew_ratio` is never read: the
///   spec's own espresso example gives it no clear meaning, so every ratio is computed from the masses (espresso:
///   yield ÷ dose). An espresso with a target yield but no measured one says so in a note;
///   a filter `brew_ratio` that disagrees with water ÷ dose by more than 1 % is a note (the spec asks for a warning);
/// - EY: computed, as for every source, from TDS, the beverage mass and the dose; a stated `result.ey` that differs
///   from it by more than 0.5 points is a note, and a stated EY without TDS gives TDS = EY × dose ÷ beverage mass
///   (a note says so);
/// - grinder `equipment.grinder`; grind setting `equipment.grinder_setting`, else the `grind` word as grind text;
/// - bean: `coffee.name` (else the origins' names, else their countries, joined with " + "), `roaster`,
///   `roast_date`, `roast_level`; origin, variety and processing from `origins` (countries with regions, varietals,
///   processes, each joined with " + "). Brews with the same bean fields share one bean;
/// - rating: `result.ratings.overall` (CVA hedonic 1–9) rescaled linearly to 0–5, (r − 1) ÷ 8 × 5, and one
///   ``ImportWarning/Kind/ratingScale`` warning says so. The other CVA dimensions (acidity, sweetness, mouthfeel, …)
///   are liking scores, not the intensities a tasting note holds, and are not read;
/// - notes: `process_notes` and `result.tasting_notes`, one per line; pressure profile from
///   `equipment.pressure_bar` and `flow_rate_ml_s` ("9 bar · 2.5 ml/s").
///
/// The schema is checked on the whole brew whatever ``ImportOptions/columns`` reads: whether a document is valid
/// does not depend on what a report needs.
enum BrewSpecImporter {
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult {
        try read(try JournalImporter.mappedContents(url), file: url.path, options: options)
    }

    /// Reads a document's bytes, `path` naming it in errors and rejects (the file, or an in-memory input).
    static func read(_ data: Data, file path: String, options: ImportOptions) throws(ImportError) -> ImportResult {
        guard data.count <= options.maxArchiveBytes else {
            throw ImportError(.notAJournal, file: path,
                              "\(data.count) bytes: larger than the " +
                                  "\(options.maxArchiveBytes) bytes a BrewSpec document may have")
        }
        guard !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw ImportError(.notAJournal, file: path, "empty file")
        }
        return try read(BrewSpecDocument(data, file: path), file: path, options: options)
    }

    static func read(
        _ document: BrewSpecDocument, file: String, options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        let root = document.root
        guard case .object(let pairs) = root.value else {
            throw ImportError(.notAJournal, file: file,
                "the document is \(BrewSpecSchema.article(root.typeName)), not a BrewSpec object")
        }
        var session = ImportSession(file: file, format: .brewSpec, options: options)
        if let offset = document.repairedUTF8At {
            session.warn(.invalidUTF8, column: nil, at: nil,
                         "bytes that are not UTF-8 (the first at byte offset \(offset)) replaced by U+FFFD")
        }
        switch root["brewspec_version"]?.value {
        case .string("1.0")?: break
        case .number(1.0)?:
            session.warn(.note, column: "brewspec_version", at: nil,
                         "brewspec_version is the number 1.0, not the string \"1.0\" the schema asks for; read as 1.0")
        case nil:
            throw ImportError(.notAJournal, file: file, "no brewspec_version key: not a BrewSpec document")
        case let other?:
            let shown = BrewSpecNode(value: other).string.map { "'\($0.prefix(20))'" }
                ?? BrewSpecNode(value: other).typeName
            throw ImportError(.notAJournal, file: file, location: "brewspec_version",
                              "BrewSpec version \(shown) is not supported (this reader follows BrewSpec 1.0)")
        }
        guard let brewsNode = root["brews"] else {
            throw ImportError(.notAJournal, file: file, "no brews array: a BrewSpec document holds at least one brew")
        }
        guard let brews = brewsNode.array else {
            throw ImportError(.notAJournal, file: file, location: "brews",
                              "brews is \(BrewSpecSchema.article(brewsNode.typeName)), not an array")
        }
        guard !brews.isEmpty else {
            throw ImportError(.notAJournal, file: file, location: "brews",
                "brews is empty (BrewSpec requires at least one brew)")
        }
        for (key, node) in pairs where key != "brewspec_version" && key != "brews" {
            session.warn(.note, column: key, at: node.line.map { .line($0) },
                         "top-level key '\(QuotedInput.short(String(key)))' is not part of BrewSpec 1.0; ignored")
        }
        var mapper = BrewSpecMapper(resolver: LocalTimeResolver(timeZone: options.timeZone))
        session.reserve(brews: brews.count)
        for (i, brew) in brews.enumerated() {
            let location = RecordLocation.documentElement(array: "brews", index: i, line: brew.line)
            if let violation = BrewSpecSchema.violation(of: brew) {
                let at = violation.line.map { RecordLocation.documentElement(array: "brews", index: i, line: $0) }
                    ?? location
                session.reject(at: at, column: violation.path.isEmpty ? nil : violation.path, reason: violation.reason,
                               record: document.recordText(brewAt: i, brews: brews))
                continue
            }
            switch mapper.row(brew, at: location, &session) {
            case .success(let row):
                session.offer(row, at: location, record: { document.recordText(brewAt: i, brews: brews) })
            case .failure(let rejection):
                session.reject(at: location, column: rejection.column, reason: rejection.reason,
                               record: document.recordText(brewAt: i, brews: brews))
            }
        }
        return session.finish()
    }
}

extension BrewSpecImporter: JournalFormatImporter {
    static let format = JournalFormat.brewSpec
    /// JSON naming its `brewspec_version` (``BrewSpecSniffing/namesVersion(_:)``), or a YAML document with a
    /// top-level `brewspec_version:` or `brews:` key (``BrewSpecSniffing/isYAMLDocument(_:)``) — never a zip, whose
    /// stored entries may hold such a line.
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim {
        if prefix.isJSON { return BrewSpecSniffing.namesVersion(prefix.jsonText) ? .yes : .no }
        return !prefix.isZip && BrewSpecSniffing.isYAMLDocument(prefix.text) ? .yes : .no
    }
}
