import BrewExport
import Foundation
import Testing
import TestSupport

@Suite struct ExportFileTests {
    @Test func neverReplacesWithoutForce() throws {
        let folder = try Repo.scratch("export-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.csv")
        try Data("mine".utf8).write(to: target)
        #expect(throws: ExportError.self) { _ = try ExportFile(target: target, replacing: false) }
        // A file that appears after the export started is not replaced either (link(2) refuses).
        try FileManager.default.removeItem(at: target)
        let file = try ExportFile(target: target, replacing: false)
        file.buffer = Array("export".utf8)
        try Data("late".utf8).write(to: target)
        #expect(throws: ExportError.self) { try file.publish(replacing: false) }
        #expect(String(decoding: try Data(contentsOf: target), as: UTF8.self) == "late")
        // Nothing else is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    }

    @Test func forceReplacesWhole() throws {
        let folder = try Repo.scratch("export-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.csv")
        try Data("old".utf8).write(to: target)
        let file = try ExportFile(target: target, replacing: true)
        file.buffer = Array(repeating: 0x41, count: 3 * ExportFile.blockSize + 17)
        try file.flushIfNeeded()
        // Until published, the old file is what a reader sees.
        #expect(String(decoding: try Data(contentsOf: target), as: UTF8.self) == "old")
        try file.publish(replacing: true)
        #expect(try Data(contentsOf: target).count == 3 * ExportFile.blockSize + 17)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    }

    @Test func discardedLeavesNothing() throws {
        let folder = try Repo.scratch("export-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let file = try ExportFile(target: folder.appendingPathComponent("x.json"), replacing: false)
            file.buffer = [1, 2, 3]
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func folderReplacesOnlyAnExport() throws {
        let folder = try Repo.scratch("export-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        #expect(throws: ExportError.self) { _ = try ExportFolder(target: mine, replacing: true) }
        let out = folder.appendingPathComponent("shots")
        let first = try ExportFolder(target: out, replacing: false)
        try first.write(Array("a".utf8), name: "a.json")
        try first.publish(replacing: false)
        #expect(throws: ExportError.self) { _ = try ExportFolder(target: out, replacing: false) }
        let second = try ExportFolder(target: out, replacing: true)
        try second.write(Array("b".utf8), name: "b.json")
        try second.publish(replacing: true)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == ["b.json", ExportFolder.markerName])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["photos", "shots"])
    }
}
