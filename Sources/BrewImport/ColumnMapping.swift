import BrewColumns
import BrewFormatSchemas
import Foundation
import TOMLKit

/// How to read a foreign CSV: which of its headers are which of the app's columns, and how its values are written.
///
/// Loaded from a TOML file (`brewstats inspect foreign.csv --map mapping.toml`):
///
/// ```toml
/// [columns]                       # foreign header = app column (see ``CSVColumn``)
/// "Coffee dose (grams)" = "dose_g"
/// when = "brewed_at"
///
/// [values]
/// date_format = "dd.MM.yyyy HH:mm" # yyyy yy MM M dd d HH H mm ss SSS XXX; default ISO 8601
/// decimal_comma = true             # true: 18,5 and 1.234,5; false: 1,234.5; absent: decided per value
/// delimiter = ";"                  # one character; default ","
/// time_zone = "Europe/Berlin"      # for dates without an offset; default the import's zone
/// missing = ["?", "n/a", "-"]      # cells that mean "not logged" (any case, blanks trimmed)
/// ```
///
/// String keys at the top level are read as column mappings too (`coffee_dose_grams = "dose_g"`).
/// Headers are compared after ``CSVColumn/normalize(_:)``; a mapped header wins over the built-in names,
/// and headers the mapping does not name are still matched by the built-in names and aliases.
public struct ColumnMapping: Sendable, Equatable {
    /// Foreign header (as written in the mapping) → app column.
    public var columns: [String: CSVColumn] { didSet { byNormalizedHeader = Self.index(columns) } }
    /// The pattern of `brewed_at` and `roast_date` values; `nil` reads ISO 8601.
    public var dateFormat: String?
    /// How a `,` in numbers is read.
    public var decimalSeparator: DecimalSeparator
    /// The field delimiter (`,`, `;`, tab, `|`).
    public var delimiter: UInt8
    /// The zone of dates without an offset; overrides ``ImportOptions/timeZone`` when set.
    public var timeZone: TimeZone?
    /// Cell texts that mean "not logged" in the number and date columns (`?`, `n/a`, `-`), compared trimmed and
    /// ignoring ASCII case: such a cell is missing, as if blank, and not warned about.
    public var missingMarkers: [String] = []

    let datePattern: DatePattern?
    /// ``columns`` by normalised header (``CSVColumn/normalize(_:)``), computed once: a CSV's headers are looked up
    /// here, not by normalising every key of the mapping for each header.
    private var byNormalizedHeader: [String: CSVColumn]

    /// Creates a mapping.
    ///
    /// - Throws: ``ImportError`` (``ImportError/Kind/invalidMapping``) when `dateFormat` is not a usable pattern.
    public init(columns: [String: CSVColumn] = [:], dateFormat: String? = nil,
                decimalSeparator: DecimalSeparator = .automatic,
                delimiter: UInt8 = UInt8(ascii: ","), timeZone: TimeZone? = nil,
                file: String = "mapping") throws(ImportError) {
        self.columns = columns
        self.byNormalizedHeader = Self.index(columns)
        self.dateFormat = dateFormat
        self.decimalSeparator = decimalSeparator
        self.delimiter = delimiter
        self.timeZone = timeZone
        if let dateFormat {
            guard let pattern = DatePattern(dateFormat) else {
                throw ImportError(.invalidMapping, file: file, location: "values.date_format",
                                  "date_format '\(QuotedInput.short(dateFormat))' needs yyyy (or yy), MM and dd, and " +
                                      "only the letters y M d H m s S X")
            }
            datePattern = pattern
        } else {
            datePattern = nil
        }
    }

    /// Reads a mapping file.
    ///
    /// - Throws: ``ImportError`` — ``ImportError/Kind/fileNotFound``/``ImportError/Kind/unreadable`` for the file,
    ///   ``ImportError/Kind/invalidMapping`` for TOML errors, unknown target columns and bad values.
    public static func load(from url: URL) throws(ImportError) -> ColumnMapping {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ImportError(.fileNotFound, file: url.path, "no such mapping file")
        }
        // A regular file only, its size checked before it is read (``InputFile/whole(_:limit:)``): a FIFO given as the
        // mapping would block the read forever, a 2 GiB one would be read whole before any check.
        let data = try InputFile.whole(url.path, limit: InputFile.maxSideFileBytes)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportError(.unreadable, file: url.path, "cannot read the mapping file as UTF-8 text")
        }
        return try ColumnMapping(toml: text, file: url.path)
    }

    /// Parses a mapping from TOML text (layout in the type's discussion).
    ///
    /// - Throws: ``ImportError`` (``ImportError/Kind/invalidMapping``) naming the line or key at fault.
    public init(toml: String, file: String = "mapping") throws(ImportError) {
        if let line = MappingSyntax.firstUnsupportedLine(toml) {
            throw ImportError(.invalidMapping, file: file, location: "line \(line)",
                              "a mapping line is a [table], key = \"text\", key = " +
                                  "true/false or key = a whole number (comments allowed)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw ImportError(.invalidMapping, file: file, location: "line \(error.source.begin.line)",
                error.description)
        } catch {
            throw ImportError(.invalidMapping, file: file, "\(error)")
        }
        var columns: [String: CSVColumn] = [:]
        func addColumns(_ t: TOMLTable, prefix: String) throws(ImportError) {
            for key in t.keys {
                guard let target = t[key]?.string else {
                    throw ImportError(.invalidMapping, file: file, location: prefix + key,
                        "a column mapping must be a string")
                }
                guard let column = CSVColumn(name: target) ?? CSVColumn(header: target) else {
                    let known = CSVSchema.names.joined(separator: ", ")
                    throw ImportError(.invalidMapping, file: file, location: prefix + key,
                                      "unknown column '\(QuotedInput.short(target))' (known: \(known))")
                }
                columns[key] = column
            }
        }
        var dateFormat: String?, separator = DecimalSeparator.automatic, delimiter = UInt8(ascii: ","), zone: TimeZone?
        var missing: [String] = []
        func markers(_ v: TOMLValueConvertible, _ location: String) throws(ImportError) -> [String] {
            guard let list = v.array, list.allSatisfy({ $0.string != nil }) else {
                throw ImportError(.invalidMapping, file: file, location: location,
                    "must be a list of strings such as [\"?\", \"n/a\"]")
            }
            return list.compactMap(\.string).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }.filter { !$0.isEmpty }
        }
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "columns":
                guard let t = value.table else {
                    throw ImportError(.invalidMapping, file: file, location: key, "[columns] must be a table")
                }
                try addColumns(t, prefix: "columns.")
            case "values":
                guard let t = value.table else {
                    throw ImportError(.invalidMapping, file: file, location: key, "[values] must be a table")
                }
                for option in t.keys {
                    let v = t[option]!
                    switch option {
                    case "date_format":
                        guard let s = v.string else {
                            throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                "must be a string")
                        }
                        dateFormat = s
                    case "decimal_comma":
                        guard let b = v.bool else {
                            throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                "must be true or false")
                        }
                        separator = b ? .comma : .point
                    case "delimiter":
                        guard let s = v.string, s.utf8.count == 1 || s == "\\t" else {
                            throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                "must be one ASCII character")
                        }
                        delimiter = s == "\\t" ? 0x09 : s.utf8.first!
                        guard delimiter != UInt8(ascii: "\""), delimiter != 0x0A, delimiter != 0x0D else {
                            throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                "cannot be a quote or a line break")
                        }
                    case "time_zone":
                        guard let s = v.string, let z = TimeZone(identifier: s) else {
                            throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                "must be a time zone name such as Europe/Berlin")
                        }
                        zone = z
                    case "missing":
                        missing = try markers(v, "values.\(option)")
                    default:
                        throw ImportError(.invalidMapping, file: file, location: "values.\(option)",
                                          "unknown option (known: date_format, " +
                                              "decimal_comma, delimiter, time_zone, missing)")
                    }
                }
            case "missing":
                missing = try markers(value, key)
            default:
                guard value.string != nil else {
                    throw ImportError(.invalidMapping, file: file, location: key, "unknown table or option")
                }
                try addColumns(TOMLTable([key: value.string!]), prefix: "")
            }
        }
        try self.init(columns: columns, dateFormat: dateFormat, decimalSeparator: separator, delimiter: delimiter,
                      timeZone: zone, file: file)
        self.missingMarkers = missing
    }

    /// The column a foreign header is mapped to, if the mapping names it: the key written exactly as the header,
    /// else the key that normalises as the header does (of two keys that normalise alike, the first in code-point
    /// order).
    func column(forHeader header: String) -> CSVColumn? {
        columns[header] ?? byNormalizedHeader[CSVColumn.normalize(header)]
    }

    private static func index(_ columns: [String: CSVColumn]) -> [String: CSVColumn] {
        var index: [String: CSVColumn] = [:]
        for key in columns.keys.sorted() where index[CSVColumn.normalize(key)] == nil {
            index[CSVColumn.normalize(key)] = columns[key]
        }
        return index
    }
}
