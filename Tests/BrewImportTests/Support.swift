import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Imports `url` and checks the report's invariant (`read == kept + rejected`, one reject each) and that the
/// journal holds exactly the kept brews.
@discardableResult
func importChecked(_ url: URL, _ options: ImportOptions = .init(),
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportResult {
    let result = try importJournal(at: url, options: options)
    expectBalanced(result, sourceLocation: sourceLocation)
    return result
}

func expectBalanced(_ result: ImportResult, sourceLocation: SourceLocation = #_sourceLocation) {
    let b = result.report.brews
    #expect(b.read == b.kept + b.rejected, "read \(b.read) != kept \(b.kept) + rejected \(b.rejected)",
            sourceLocation: sourceLocation)
    #expect(result.report.rejects.count == b.rejected, sourceLocation: sourceLocation)
    #expect(result.journal.brews.count == b.kept, sourceLocation: sourceLocation)
}

/// Writes `text` to a fresh scratch file and returns its URL.
func scratchFile(_ name: String, _ text: String) throws -> URL {
    try scratchFile(name, Data(text.utf8))
}

func scratchFile(_ name: String, _ data: Data) throws -> URL {
    let url = try Repo.scratch("import").appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// The error an import throws, or `nil`.
func importError(_ url: URL, _ options: ImportOptions = .init()) -> ImportError? {
    do {
        _ = try importJournal(at: url, options: options)
        return nil
    } catch {
        return error
    }
}

extension ImportReport {
    func warning(_ kind: ImportWarning.Kind, column: String? = nil) -> ImportWarning? {
        warnings.first { $0.kind == kind && (column == nil || $0.column == column) }
    }
}

let utc = TimeZone(identifier: "UTC")!
