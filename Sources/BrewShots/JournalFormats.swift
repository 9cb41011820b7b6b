import BrewImport

extension JournalFormat {
    /// Espresso shot files (docs/formats.md): one shot file, or a folder or zip of them, read by BrewShots' importers
    /// (``importAnyJournal(at:options:)``; each file's format is one of ``ShotFormat``).
    public static let shots = JournalFormat(rawValue: "shots", cliName: "shots", aliases: ["shot"],
                                            displayName: "espresso shot files")
}

/// Every journal format brewstats reads, from every layer: the list `--format` is checked against.
///
/// BrewImport's registry gives its formats (``BrewImport/JournalFormat/readByBrewImport``); BrewShots, the layer
/// above it that reads shot files, adds ``BrewImport/JournalFormat/shots``. A format is added to its own layer's
/// registry, never here.
public enum JournalFormats {
    /// BrewImport's formats in its registry's order, then the shot files.
    public static let all: [JournalFormat] = JournalFormat.readByBrewImport + [.shots]

    /// The formats' command-line names as a help text lists them: "sqlite, csv, json, brewspec, beanconqueror or
    /// shots" (registry order).
    public static var spelledOut: String {
        let names = all.map(\.cliName)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The format `name` spells (a ``BrewImport/JournalFormat/names`` entry, case-insensitively), or `nil`.
    public static func named(_ name: String) -> JournalFormat? {
        JournalFormat.named(name, among: all)
    }
}
