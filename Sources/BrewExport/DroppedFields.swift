import BrewColumns

/// What an export could not carry into its target format, field by field: never lost silently.
///
/// A field is *dropped* when the source holds a value the target has no place for (BrewSpec has no flavour tags),
/// and *changed* when the target holds it only in another form (BrewSpec's integer 1–9 rating cannot hold a 0–5
/// rating's half steps; its dates have no fractions of a second). Each entry counts the values concerned and names
/// the first record it met, so a user can look one up.
///
/// The list is printed as one summary line (``summary``) and, with `--report-dropped FILE`, written as a CSV
/// (``csv()``): `field,action,count,first_record,reason`.
public struct DroppedFields: Sendable, Equatable {
    /// One field's entry.
    public struct Entry: Sendable, Equatable {
        /// The field, by the source journal's column name (`pressure_profile`, `bean.variety`, `shot.temperature`).
        public var field: String
        /// `dropped` or `changed`.
        public var action: Action
        /// Values concerned.
        public var count: Int
        /// The first record concerned (a brew id, a bean's name, a shot's file).
        public var firstRecord: String
        /// Why, in words.
        public var reason: String
    }

    public enum Action: String, Sendable {
        case dropped
        case changed
    }

    /// Entries in the order first met.
    public private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// Counts one value of `field` that the target cannot hold as it is.
    public mutating func note(_ field: String, _ action: Action = .dropped, record: @autoclosure () -> String,
                              _ reason: @autoclosure () -> String) {
        let key = field + "\u{1}" + action.rawValue
        if let i = index[key] {
            entries[i].count += 1
        } else {
            index[key] = entries.count
            entries.append(Entry(field: field, action: action, count: 1, firstRecord: record(), reason: reason()))
        }
    }

    /// Adds `count` values of `field` at once (an entity table's rows).
    public mutating func note(
        _ field: String, _ action: Action = .dropped, count: Int, record: String, _ reason: String
    ) {
        guard count > 0 else { return }
        let key = field + "\u{1}" + action.rawValue
        if let i = index[key] {
            entries[i].count += count
        } else {
            index[key] = entries.count
            entries.append(Entry(field: field, action: action, count: count, firstRecord: record, reason: reason))
        }
    }

    /// Whether nothing was dropped or changed.
    public var isEmpty: Bool { entries.isEmpty }

    /// One line: `nothing dropped`, or `dropped: pressure_profile (12), bean.variety (3); changed: rating (40)`.
    public var summary: String {
        if entries.isEmpty { return "nothing dropped" }
        var parts: [String] = []
        for action in [Action.dropped, .changed] {
            let these = entries.filter { $0.action == action }
            guard !these.isEmpty else { continue }
            parts.append("\(action.rawValue): " + these.map { "\($0.field) (\($0.count))" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }

    /// The list as CSV (`field,action,count,first_record,reason`), RFC 4180 quoting; a text cell that a spreadsheet
    /// would run as a formula (leading `=`, `+`, `-`, `@`, tab or CR) is prefixed with `'`
    /// (``BrewColumns/CSVFormulaGuard``).
    public func csv() -> String {
        var out = "field,action,count,first_record,reason\n"
        for e in entries {
            out += [Self.cell(e.field), e.action.rawValue, String(e.count), Self.cell(e.firstRecord),
                Self.cell(e.reason)]
                .joined(separator: ",") + "\n"
        }
        return out
    }

    static func cell(_ text: String) -> String { CSVField.guarded(text) }
}
