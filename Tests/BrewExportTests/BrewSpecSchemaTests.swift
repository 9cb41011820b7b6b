import BrewExport
import BrewImport
import BrewShots
import BrewSynth
import Foundation
import Testing
import TestSupport

/// The exported BrewSpec documents validate against BrewSpec's own JSON Schema, checked by the `jsonschema`
/// package from PyPI (`tools/reference/validate_brewspec.py`, installed into `.venv-test` by `make test`).
@Suite struct BrewSpecSchemaTests {
    static let python = Repo.root.appendingPathComponent(".venv-test/bin/python")
    static let script = Repo.root.appendingPathComponent("tools/reference/validate_brewspec.py")

    /// Runs the validator on `paths`: (exit status, output lines).
    static func validate(_ paths: [String], schema: URL) throws -> (Int32, [String]) {
        let p = Process()
        p.executableURL = python
        p.arguments = [script.path, schema.path] + paths
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func exportsValidate() throws {
        guard let peer = Repo.peerData else {
            Issue.record("../shared/peer-data is absent: the BrewSpec schema lives there")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            Issue.record("no \(Self.python.path): `make test-deps` installs the schema validator")
            return
        }
        let schema = peer.appendingPathComponent("brewspec/brewspec.schema.json")
        let folder = try Repo.scratch("brewspec-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
        var outputs: [String] = []
        var documents = 0
        func export(_ journal: ShotJournal, _ name: String, layout: BrewSpecLayout = .oneFile) throws {
            let out = folder.appendingPathComponent(name)
            let summary = try JournalExporter(format: .brewspec, brewSpecLayout: layout).export(journal, to: out)
            outputs.append(out.path)
            documents += layout == .perBrew ? summary.files : 1
        }
        let sample = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: utc)
        try export(sample, "sample.yaml")
        try export(sample, "sample.json")
        try export(sample, "sample-brews", layout: .perBrew)
        let store = folder.appendingPathComponent("gen.sqlite")
        try CoreDataStoreWriter().write(JournalGenerator(GeneratorOptions(brewCount: 1_500, seed: 7)), to: store)
        try export(try importAnyJournal(at: store, options: utc), "generated.yaml")
        for file in try FileManager.default.subpathsOfDirectory(atPath: peer.path).sorted() where !file.hasSuffix("SOURCE.txt") {
            let url = peer.appendingPathComponent(file)
            guard let journal = try? importAnyJournal(at: url, options: utc), journal.result.journal.brews.count > 0 else { continue }
            try export(journal, "peer-\(documents).yaml")
        }
        #expect(documents > 360 + 20)
        let (status, lines) = try Self.validate(outputs, schema: schema)
        #expect(status == 0, "\(lines.filter { $0.hasPrefix("invalid") }.prefix(10))")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == documents)
        // The validator does refuse what the schema forbids.
        let (bad, badLines) = try Self.validate([peer.appendingPathComponent("brewspec/invalid_rating_out_of_range.yaml").path], schema: schema)
        #expect(bad == 1 && badLines.contains { $0.contains("greater than the maximum of 9") })
    }
}
