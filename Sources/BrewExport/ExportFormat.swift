/// The formats ``JournalExporter`` writes.
///
/// - ``csv``: the app's CSV export (docs/formats.md), plus the optional columns brewstats reads back
///   (`pressure_profile`, `bag_weight_g`, `bag_price`, `currency`); written as one `.csv`
/// - ``json``: the app's JSON export (docs/formats.md): methods, grinders, beans, brews and tasting notes by id;
///   written as one `.json`
/// - ``brewspec``: BrewSpec v1.0 (YAML, or JSON when the output ends in `.json`); all brews in one document, or one
///   document per brew; written as a file, or a folder with ``BrewSpecLayout/perBrew``
/// - ``decentJSON``: each shot as Decent's v2 shot JSON (what Visualizer and the Decent tools import); written as a
///   folder, one `.json` per shot
/// - ``beanconqueror``: a Beanconqueror backup zip (`Beanconqueror.json` and its split files), new or the user's own
///   with our brews added; written as one `.zip`
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv
    case json
    case brewspec
    case decentJSON = "decent-json"
    case beanconqueror

    /// Whether the output is a folder of files (one per brew or shot) rather than one file.
    public func writesFolder(brewSpecLayout: BrewSpecLayout) -> Bool {
        switch self {
        case .csv, .json, .beanconqueror: false
        case .brewspec: brewSpecLayout == .perBrew
        case .decentJSON: true
        }
    }
}

/// How BrewSpec brews are laid out: one multi-brew document (BrewSpec's `brews` array), or one document per brew.
public enum BrewSpecLayout: String, Sendable, CaseIterable {
    case oneFile = "one-file"
    case perBrew = "per-brew"
}

/// BrewSpec's two encodings; the output's extension chooses (`.json` is JSON, anything else YAML).
public enum BrewSpecEncoding: Sendable {
    case yaml
    case json

    /// `.json` → JSON; anything else → YAML.
    public init(path: String) {
        self = path.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}
