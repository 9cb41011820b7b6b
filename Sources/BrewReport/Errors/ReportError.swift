import Foundation

/// The report layer's one error type: what failed, and on which journal or output path.
public enum ReportError: Error, CustomStringConvertible, Sendable {
    /// The output location could not be prepared or committed.
    case output(path: String, reason: String)
    /// No brews fall in the requested week or filter; `remedy`, when there is one, says what to ask for instead.
    case noBrews(what: String, remedy: ReportRemedy? = nil)
    /// A week label could not be parsed (`2026-W47` expected).
    case invalidWeek(String)
    /// A filter names nothing in the journal; `known` lists the journal's names, the closest to `value` first.
    case noMatch(filter: String, value: String, known: [String])
    /// A filter is the beginning of more than one of the journal's names (`candidates`, the closest first).
    case ambiguousMatch(filter: String, value: String, candidates: [String])
    /// A chart kind or option is not known.
    case invalidArgument(String)
    /// An output path exists and is not a folder brewstats wrote (or is, or holds, an input journal), so it is
    /// left alone (``OwnedFolder``).
    case refusedOutput(path: String, reason: String)
    /// A batch's inputs hold no journal file at all.
    case noJournals(inputs: [String])
    /// The brews left after filtering hold nothing the chart draws, e.g. no filter brew with TDS for the
    /// filter control chart; `missing` says what, and `remedy` what might help.
    case nothingToDraw(chart: String, missing: String, remedy: ReportRemedy? = nil)
    /// A list of chart formats that names none (the list is empty, or only commas).
    case noFormats
    /// A merge of shards whose output folder `out` is one of the shards' own (`shard`, as given).
    case mergeIntoShard(out: String, shard: String)

    public var description: String {
        switch self {
        case let .output(path, reason): "cannot write \(path): \(reason)"
        case let .noBrews(what, remedy): "no brews \(what)" + (remedy.map { "; \($0)" } ?? "")
        case let .invalidWeek(s): "invalid week '\(s)': expected YYYY-Www, e.g. 2026-W47"
        case let .noMatch(filter, value, known):
            "no \(filter) matches '\(value)'"
                + (known.isEmpty ? "; the journal names none" : "; the journal has, closest first: " + Self.list(known))
        case let .ambiguousMatch(filter, value, candidates):
            "'\(value)' begins more than one \(filter) name: \(Self.list(candidates)); give more of the name"
        case let .invalidArgument(s): s
        case let .refusedOutput(path, reason): "refusing to replace \(path): \(reason)"
        case let .noJournals(inputs):
            "no journal files found in \(inputs.joined(separator: ", ")) (looked for " +
                "\(BatchOptions.journalExtensions.sorted().map { "." + $0 }.joined(separator: ", ")))"
        case let .nothingToDraw(chart, missing, remedy):
            "nothing to draw for \(chart): \(missing)" + (remedy.map { "; \($0)" } ?? "")
        case .noFormats: "no chart format given: name at least one of png, svg, pdf"
        case let .mergeIntoShard(out, shard):
            "the merge's output \(out) is one of the shard outputs (\(shard)); merge into a new folder"
        }
    }
}

extension ReportError {
    /// At most 12 names, then how many more there are: `A, B, C, … (7 more)`. Callers order the names, so
    /// the cut never hides the ones that matter most.
    static func list(_ names: [String]) -> String {
        names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", … (\(names.count - 12) more)" : "")
    }
}

/// Text safe to print on a terminal or store in a CSV cell: control characters (C0, DEL, C1 — ESC
/// sequences, carriage returns, bells) are written as `\u{1B}`-style escapes, so a hostile file's bytes
/// quoted in an error message cannot move the cursor, clear the screen or break a line.
public func printable(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
