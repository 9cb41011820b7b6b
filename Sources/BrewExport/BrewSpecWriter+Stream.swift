import BrewColumns
import BrewProgress
import Foundation
import Yams

extension BrewSpecWriter {
    /// Writes every brew of `journal` as one BrewSpec YAML document into `file`, brew by brew: in time and memory
    /// linear in the brews (memory bounded by one brew and ``ExportFile/blockSize``), where encoding the whole
    /// document at once (``encode(_:as:)``) builds one YAML tree of every brew and grows quadratically (10,000 brews
    /// took 9.3 s and 339 MB, 40,000 took 108 s and 1.28 GB).
    ///
    /// The document is the one ``encode(_:as:)`` writes: `brewspec_version: '1.0'`, then `brews:` and each brew as
    /// an entry of its block sequence. Each brew is encoded on its own as a YAML mapping (``yamlEntry(_:)``) and
    /// written as the entry `- ` + its first line, every following line indented by two spaces: YAML's block
    /// structure is relative indentation, so a mapping (with its nested mappings, sequences and block scalars) put
    /// two columns further in is the same node one level down.
    ///
    /// - Throws: ``ExportError`` when a brew cannot be encoded or the file cannot be written.
    public func writeYAML(_ journal: Journal, to file: ExportFile, dropped: inout DroppedFields,
                          progress: WorkProgress = .none) throws(ExportError) {
        let coffees = self.coffees(journal, dropped: &dropped)
        let encoder = Self.yamlEncoder()
        file.buffer.append(contentsOf: Array("brewspec_version: '1.0'\nbrews:\n".utf8))
        if journal.brews.count == 0 {
            file.buffer.removeLast()
            file.buffer.append(contentsOf: Array(" []\n".utf8))
        }
        for i in 0..<journal.brews.count {
            if i % WorkProgress.stride == 0 { progress.report("brews written", done: i, of: journal.brews.count) }
            let brew = brew(journal, row: i, coffees: coffees, dropped: &dropped)
            try Self.appendEntry(brew, encoder: encoder, to: &file.buffer)
            try file.flushIfNeeded()
        }
    }

    /// The YAML encoder of every BrewSpec document: Unicode kept as it is, lines never folded.
    static func yamlEncoder() -> YAMLEncoder {
        let encoder = YAMLEncoder()
        encoder.options.allowUnicode = true
        encoder.options.width = -1
        return encoder
    }

    /// `brew` as one entry of a block sequence at column 0 (see ``writeYAML(_:to:dropped:)``).
    static func yamlEntry(_ brew: Brew) throws(ExportError) -> [UInt8] {
        var out: [UInt8] = []
        try appendEntry(brew, encoder: yamlEncoder(), to: &out)
        return out
    }

    /// Appends `brew` as one entry of a block sequence at column 0 to `out`.
    private static func appendEntry(_ brew: Brew, encoder: YAMLEncoder, to out: inout [UInt8]) throws(ExportError) {
        let text: String
        do {
            text = try encoder.encode(brew)
        } catch {
            throw ExportError(.output, path: "", "a brew could not be encoded as BrewSpec: \(error)")
        }
        var first = true
        for line in text.utf8.split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            if first {
                out.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: " ")])
                first = false
            } else if !line.isEmpty {
                out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            }
            out.append(contentsOf: line)
            out.append(UInt8(ascii: "\n"))
        }
    }
}
