import BrewColumns
import BrewImport
import Foundation
import GRDB
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

func scratchFile(_ name: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let url = try scratchFolder("import", sourceLocation: sourceLocation).appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// A fresh temporary folder (`brewstats-<label>-<uuid>`) that is removed when the running test ends.
///
/// Only inside a suite marked ``Trait/cleansScratch``: elsewhere the folder would outlive the test, so asking for
/// one records an issue (and the folder is still made, so the test itself can go on).
func scratchFolder(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let url = try Repo.scratch(label)
    if let folders = ScratchFolders.current {
        folders.add(url)
    } else {
        Issue.record("scratchFolder outside a .cleansScratch suite: \(url.path) would be left behind", sourceLocation: sourceLocation)
    }
    return url
}

/// The scratch folders made by one test, removed together when it ends.
final class ScratchFolders: @unchecked Sendable {
    /// The running test's folders (set by ``ScratchCleanup``).
    @TaskLocal static var current: ScratchFolders?

    // SAFETY of @unchecked Sendable: `urls` is only touched under `lock`.
    private let lock = NSLock()
    private var urls: [URL] = []

    func add(_ url: URL) { lock.withLock { urls.append(url) } }

    func removeAll() {
        for url in lock.withLock({ urls }) { try? FileManager.default.removeItem(at: url) }
    }
}

/// Gives every test of a suite (and each case of a parameterised test) its own ``ScratchFolders`` and removes
/// them after the test, whether it passed, failed or threw.
struct ScratchCleanup: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let folders = ScratchFolders()
        defer { folders.removeAll() }
        try await ScratchFolders.$current.withValue(folders) { try await function() }
    }
}

extension Trait where Self == ScratchCleanup {
    /// Removes the scratch folders each test makes (``scratchFolder(_:sourceLocation:)``) when it ends.
    static var cleansScratch: Self { ScratchCleanup() }
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

/// Runs `sql` against the SQLite file at `url` (created when missing) and closes it: hand-made stores for tests.
func executeSQL(_ sql: String, on url: URL) throws {
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in try db.execute(sql: sql) }
    try queue.close()
}
