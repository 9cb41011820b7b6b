import BrewColumns
import Foundation

/// Reads a Beanconqueror backup (docs/formats.md): a bare `Beanconqueror.json` (every layout from the 2020
/// app, which has no `VERSION` key and pre-`bean_information` beans, to the current one) or the `Beanconqueror.zip`
/// with its split brew and bean files.
///
/// Mapping: `grind_weight` → dose, `brew_quantity` → water, `brew_beverage_quantity` → yield, `tds`,
/// `brew_temperature`, `brew_time` (+ `brew_time_milliseconds` ÷ 1000) → time, `grind_size` → the grind setting when
/// it reads as a number, else the grind text; `note` → notes; `pressure_profile`; `config.unix_timestamp` →
/// brew date; `config.uuid` → id; `mill`, `method_of_preparation`, `bean` uuids → the grinder, method and bean.
/// Beanconqueror writes 0 for "not entered": a 0 dose, water, yield, TDS, temperature or time is missing.
/// Backups from before the app had a beverage quantity (no `brew_beverage_quantity` key on the brew) record an
/// espresso's shot weight in `brew_quantity`: for espresso methods it is then read as the yield, not as water.
///
/// Ratings: 0 and −1 (and any negative) mean unrated; others are rescaled to 0–5 from `SETTINGS[0].brew_rating`
/// (the slider's maximum). When the backup states no maximum, the smallest of 5, 10 and 100 that no rating
/// exceeds is assumed, and a ``ImportWarning/Kind/ratingScale`` warning says which.
///
/// Method category: `style_type` (`ESPRESSO`, `POUR_OVER`, `FULL_IMMERSION`; `PERCOLATION` → other), else the
/// preparation's `type` (`PORTAFILTER`, `V60`, `AEROPRESS`, …), else its name (see
/// ``BrewColumns/MethodCategory/inferred(fromName:)``). Beans: name, roaster, `roastingDate` (its calendar date as
/// written), `roast` → the roast level (`AMERICAN_ROAST` → medium, by the roast level's synonyms; `UNKNOWN` → none),
/// origin/variety/processing from the top level (old layout) or `bean_information[0]`, `finished` →
/// archived, `weight` (g) → the bag's weight and `cost` → its price, in `SETTINGS[0].currency` when the backup states
/// one (0 or less, or not a number, is "not entered"). No tasting notes are read (Beanconqueror's cupping scores use
/// another scale).
///
/// Dates: `config.unix_timestamp` is any JSON number; one that is not a representable date within
/// ``ImportSession/plausibleDates`` (`1e300`, year 30 000) rejects its brew (column `config.unix_timestamp`), and
/// drops an entity's creation date with a warning. 0 (and negative) means "not entered": such a brew has no date
/// and is rejected as such.
///
/// Also read: the **single-brew Visualizer upload** (`{bean, brew, mill, preparation, water, brewFlow}`,
/// ``ForeignJSON/beanconquerorUpload``) as a one-brew journal, its brew at `brew[0]`. Refused with a message naming
/// them: a brew-flow profile (`brews/<uuid>_flow_profile.json`) and other apps' shot logs (``ForeignJSON``).
///
/// A projection (``ImportOptions/columns``) skips the brew keys of the groups not read, and without
/// ``BrewColumnSet/rating`` the rating scale is neither looked for nor warned about.
///
/// The real 2020 backup `peer-data/beanconqueror/Beanconqueror_old.json` was checked by hand (see
/// `sample-data/README.md`): 222 brew records, 210 kept, 12 rejected as duplicates, 1 grinder, 3 methods.
enum BeanconquerorImporter {
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult {
        let path = url.path
        let documents = try BeanconquerorDocuments.load(url, maxBytes: options.maxArchiveBytes)
        let mainName = documents.isArchive ? path + "/Beanconqueror.json" : path
        return try read(try JSONValue.parse(documents.main, file: mainName), mainName: mainName, documents: documents,
                        path: path, options: options)
    }

    /// Reads an already parsed bare document (the JSON importer hands over a Visualizer upload this way).
    static func read(
        _ parsed: JSONValue.Parsed, file: String, options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        try read(parsed, mainName: file, documents: BeanconquerorDocuments(main: Data()), path: file, options: options)
    }

    private static func read(_ parsed: JSONValue.Parsed, mainName: String, documents: BeanconquerorDocuments,
                             path: String,
                             options: ImportOptions) throws(ImportError) -> ImportResult {
        guard var root = parsed.value as? [String: Any] else {
            throw ImportError(.notAJournal, file: mainName,
                "the JSON is \(JSONValue.typeName(parsed.value)), not a Beanconqueror backup")
        }
        var session = ImportSession(file: path, format: .beanconqueror, options: options)
        var brewsName = "BREWS"
        switch ForeignJSON.identify(root) {
        case .beanconquerorUpload?:
            root = BeanconquerorUpload.backup(fromUpload: root)
            brewsName = "brew"
            session.warn(.note, column: nil, at: nil,
                "\(ForeignJSON.beanconquerorUpload.description), read as a one-brew journal")
        case let foreign?:
            throw foreign.refusal(file: mainName)
        case nil:
            guard ["BREWS", "BEANS", "MILL", "PREPARATION"].contains(where: { root[$0] != nil }) else {
                throw ImportError(.notAJournal, file: mainName,
                    "no BREWS, BEANS, MILL or PREPARATION key: not a Beanconqueror backup")
            }
        }
        session.noteRepairs(parsed,
            document: documents.isArchive ? "Beanconqueror.json" : (mainName as NSString).lastPathComponent)
        var reader = BeanconquerorReader()
        var brewArrays: [(name: String, file: String, brews: [Any])] = [
            (brewsName, mainName, array(root, "BREWS", &session))]
        for part in documents.brewParts {
            let file = path + "/" + part.name
            brewArrays.append((part.name, file, try partArray(part.data, file: file, &session)))
        }
        if session.reads.contains(.rating) {  // no rating read, none converted: no scale to find or to say
            reader.readScale(root, highestRating: BeanconquerorReader.highestRating(brewArrays.map(\.brews)), &session)
        }
        var beanArrays: [(String, [Any])] = [("BEANS", array(root, "BEANS", &session))]
        for part in documents.beanParts {
            beanArrays.append((part.name, try partArray(part.data, file: path + "/" + part.name, &session)))
        }
        reader.currency = BeanconquerorReader.currency(root)
        for (name, beans) in beanArrays { reader.readBeans(beans, arrayName: name, &session) }
        reader.readMills(array(root, "MILL", &session), &session)
        reader.readPreparations(array(root, "PREPARATION", &session), &session)
        for part in brewArrays { reader.readBrews(part.brews, arrayName: part.name, file: part.file, &session) }
        return session.finish()
    }

    private static func array(_ root: [String: Any], _ key: String, _ session: inout ImportSession) -> [Any] {
        guard let v = root[key], !(v is NSNull) else { return [] }
        guard let a = v as? [Any] else {
            session.warn(.unreadableValue, column: key, at: nil,
                "\(key) is \(JSONValue.typeName(v)), not an array; ignored")
            return []
        }
        return a
    }

    private static func partArray(
        _ data: Data, file: String, _ session: inout ImportSession
    ) throws(ImportError) -> [Any] {
        let parsed = try JSONValue.parse(data, file: file)
        guard let a = parsed.value as? [Any] else {
            throw ImportError(.notAJournal, file: file,
                "a split backup file must hold an array, not \(JSONValue.typeName(parsed.value))")
        }
        session.noteRepairs(parsed, document: (file as NSString).lastPathComponent)
        return a
    }
}

extension BeanconquerorImporter: JournalFormatImporter {
    static let format = JournalFormat.beanconqueror
    /// A zip archive (the backup's `Beanconqueror.zip`), or JSON holding one of the keys `"BREWS"`, `"BEANS"`,
    /// `"MILL"`, `"PREPARATION"` (a bare `Beanconqueror.json`).
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim {
        if prefix.isZip { return .yes }
        guard prefix.isJSON else { return .no }
        return ["\"BREWS\"", "\"BEANS\"", "\"MILL\"", "\"PREPARATION\""].contains { prefix.jsonText.contains($0) }
            ? .yes : .no
    }
}
