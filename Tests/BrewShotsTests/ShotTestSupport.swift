import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// Where the real shot files are: `../shared/peer-data` beside the repository (the main checkout), or two levels
/// up (a worktree under `wt/`).
enum Peer {
    static var root: URL? {
        if let url = Repo.peerData { return url }
        let url = Repo.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/peer-data")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func file(_ path: String) throws -> URL {
        try #require(root, "peer-data not found").appendingPathComponent(path)
    }

    /// Imports one shot file as a journal of one shot, requiring it kept.
    static func one(_ path: String, zone: TimeZone = TimeZone(identifier: "UTC")!) throws -> (ShotJournal, ShotTable) {
        let journal = try importAnyJournal(at: try file(path), options: ImportOptions(timeZone: zone))
        let table = try #require(journal.shots)
        #expect(table.kept == 1, "\(path): \(journal.result.report.rejects)")
        return (journal, table)
    }
}

/// A journal's brew column value at row `row`.
extension ShotJournal {
    func value(_ column: KeyPath<BrewColumns.BrewTable, BrewColumns.Float64Column>, _ row: Int = 0) -> Double? {
        result.journal.brews[keyPath: column][row]
    }
}

import BrewColumns

/// Writes `text` to a new file in `folder`.
@discardableResult
func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}
