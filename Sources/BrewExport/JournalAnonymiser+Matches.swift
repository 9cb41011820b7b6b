import BrewMerge

extension JournalAnonymiser {
    /// The matches of a merge made fit to share beside an anonymised export (`export --anonymise --list-matches`):
    /// each source named `journal 1`, `journal 2` … in the order given (`sources`, the names the matches use), and
    /// both brews of a match named by the one brew they became in the anonymised journal (`brew-N`, N its row in
    /// the merged journal + 1, as ``anonymise(_:)`` numbers brews). Rules and seconds apart are kept; no original
    /// brew id or source path remains.
    public func anonymise(_ matches: [MergeMatch], sources: [String]) -> [MergeMatch] {
        var numbers: [String: Int] = [:]
        for (k, name) in sources.enumerated() where numbers[name] == nil { numbers[name] = k + 1 }
        func source(_ name: String) -> String {
            let n = numbers[name] ?? { numbers[name] = numbers.count + 1; return numbers.count }()
            return "journal \(n)"
        }
        return matches.map { m in
            let brew = "brew-\(m.row + 1)"
            return MergeMatch(kept: (source(m.kept.source), brew), merged: (source(m.merged.source), brew),
                              rule: m.rule,
                              secondsApart: m.secondsApart, row: m.row)
        }
    }
}
