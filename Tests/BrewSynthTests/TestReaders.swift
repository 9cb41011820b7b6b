import Foundation
import GRDB
import TestSupport

/// Small, independent readers of the store for checking the writers (CSV: `TestCSV` in TestSupport).
enum TestStore {
    /// Every row of `table`, ordered by `Z_PK`, as database values (for comparing stores).
    static func dump(_ path: String, table: String) throws -> [[DatabaseValue]] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { Array($0.databaseValues) }
        }
    }
}

/// Parses `2026-11-16T07:42:00+01:00` or `…Z` / `…SS.mmmZ` to seconds since 1970 (independent of the writers).
func testParseISO(_ s: String) -> Double? {
    let f = ISO8601DateFormatter()
    f.formatOptions = s.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    return f.date(from: s)?.timeIntervalSince1970
}

/// The 16 bytes of a UUID string, via Foundation.
func testUUIDBytes(_ s: String) -> [UInt8]? {
    guard let u = UUID(uuidString: s) else { return nil }
    return withUnsafeBytes(of: u.uuid) { Array($0) }
}
