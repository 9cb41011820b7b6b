import Foundation
import Testing
import TestSupport
@testable import BrewReport
#if canImport(Glibc)
import Glibc
#endif

/// A staging folder named with this process's own id, left by an earlier process that had the same id (every
/// run in a container can be PID 1: a killed pod and its retry share the output volume), is swept; the
/// folders this process has open are not.
@Suite struct StagingOfSamePIDTests {
    @Test func aFolderWithOurPIDThatWeDoNotHoldIsSwept() throws {
        let parent = try Repo.scratch("staged-same-pid")
        defer { try? FileManager.default.removeItem(at: parent) }
        let me = getpid()
        let leftover = ".out.staging-\(me)-C52979A5"
        let leftoverOld = ".out.old-\(me)-44921C6E"
        for name in [leftover, leftoverOld] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
            try Data("partial".utf8).write(to: parent.appendingPathComponent(name).appendingPathComponent("weekly.csv"))
        }
        let first = try StagedDirectory(target: parent.appendingPathComponent("out"), kind: .report)
        let names = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        #expect(!names.contains(leftover) && !names.contains(leftoverOld))
        #expect(names == [first.staging.lastPathComponent], "only the open staging folder is left: \(names)")

        // A second target staged while the first is open does not sweep the first's folder (another name),
        // and a new staging folder for the same target leaves the open one alone (this process holds it).
        let other = try StagedDirectory(target: parent.appendingPathComponent("other"), kind: .report)
        #expect(FileManager.default.fileExists(atPath: first.staging.path))
        StagedDirectory.sweepStale(in: parent, name: "out")
        #expect(FileManager.default.fileExists(atPath: first.staging.path))
        try first.commit()
        try other.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["other", "out"])
    }
}
