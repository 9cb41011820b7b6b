import BrewColumns

extension NearDuplicates {
    /// The look-alike notes of an answer about `names` (``NearDuplicateGroup/lookAlikeNote(for:)``): for each name the
    /// answer used, the journal's near-duplicate spellings of it with their brews and the alias line that would count
    /// them as one (docs/names.md). `dial-in` and the MCP server's dial-in tool add them to the advice, so both say the
    /// same thing about "V60" and "V60 ceramic".
    ///
    /// Empty when no name has a look-alike.
    public static func lookAlikeNotes(in journal: Journal, _ names: [(NameKind, String)]) -> [String] {
        names.flatMap { kind, name in
            find(in: NameCounts(kind, in: journal)).compactMap { $0.lookAlikeNote(for: name) }
        }
    }
}
