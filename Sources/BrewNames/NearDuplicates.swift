import BrewColumns

/// Names of one kind that are probably two spellings of one thing, with the brews of each.
public struct NearDuplicateGroup: Sendable, Equatable {
    /// How two names of a group were found to be alike, the strongest reason first.
    public enum Reason: String, Sendable, Equatable, Comparable {
        /// Equal once case, accents, punctuation and spaces are ignored ("Nariño", "narino").
        case spelling
        /// Equal once a plural `s` is dropped ("Flying Roasters", "Flying Roaster").
        case plural
        /// Equal once words such as "Kaffee" or "Coffee Roasters" are dropped (roasters only).
        case tradeWord
        /// One word one letter apart, the word at least five letters long ("Santa Barbra", "Santa Barbara").
        case typo
        /// One name is the other with one more word in front, a maker's name (grinders and methods only:
        /// "Encore", "Baratza Encore"; "V60", "Hario V60").
        case maker
        /// One name is the other with one or two more words after it, a model or material (grinders and methods
        /// only: "V60", "V60 ceramic"; "Comandante C40", "Comandante C40 MK4").
        case variant

        /// The reason in words, as the import notes give it.
        public var words: String {
            switch self {
            case .spelling: "differ only in case, accents, spaces or punctuation"
            case .plural: "differ only by a plural"
            case .tradeWord: "differ only by a word such as \"Kaffee\" or \"Roasters\""
            case .typo: "are one letter apart"
            case .maker: "differ only by a maker's name in front"
            case .variant: "differ only by a word or two after the name, a model or material"
            }
        }

        public static func < (a: Reason, b: Reason) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .spelling: 0
            case .plural: 1
            case .tradeWord: 2
            case .typo: 3
            case .maker: 4
            case .variant: 5
            }
        }
    }

    public let kind: NameKind
    /// The names with their brews, most brews first.
    public let names: [NameCounts.Entry]
    /// The strongest reason that joined two names of the group.
    public let reason: Reason

    /// The import note: `roasters "Quijote Kaffee" (65 brews) and "Quijote" (44 brews) may be one roaster (they
    /// differ only by a word such as "Kaffee" or "Roasters"): map them to one name in an aliases file
    /// to count them together.`
    public var note: String {
        let listed = names.map { "\"\($0.name)\" (\($0.brews) brew\($0.brews == 1 ? "" : "s"))" }
        let joined = listed.count == 2 ? listed.joined(separator: " and ")
            : listed.dropLast().joined(separator: ", ") + " and " + listed.last!
        return "\(kind.table) \(joined) may be one \(kind.rawValue) (they \(reason.words)): map them to one name in an "
            + "aliases file to count them together"
    }
}

/// Finds names of one kind that are probably spellings of one thing (``NearDuplicateGroup/Reason``).
///
/// Two names are alike when their ``NameKey`` forms meet: the plain key (case, accents, punctuation and spaces
/// ignored), the singular key, for roasters the key without trade words, or the same number of words with exactly
/// one word one edit apart (``NameMatching/editDistance(_:_:)``) where both forms of that word have five letters or
/// more; shorter words ("AA" and "AB", "C2" and "C3") are told apart, since lots and models differ by one letter.
/// Grinders and methods are also alike when one name is the other with one word more in front (a maker's name:
/// "Encore" and "Baratza Encore") or with one or two words more after it (a model or material: "V60" and "V60
/// ceramic"); the shorter name must keep at least one word of three characters or more.
/// Alike is joined transitively into groups. Above ``pairwiseLimit`` names of one kind only the key rules run (typos
/// and makers' names need every pair: a million-brew journal of thousands of beans would spend seconds). Nothing is
/// merged: the groups are reported, and an aliases file merges what the user confirms.
public enum NearDuplicates {
    /// The groups among the names `journal`'s brews use, for every kind; within a kind, groups by most brews.
    public static func find(in journal: Journal) -> [NearDuplicateGroup] {
        NameKind.allCases.flatMap { find(in: NameCounts($0, in: journal)) }
    }

    /// The groups among `counts`' names, the group with most brews first.
    public static func find(in counts: NameCounts) -> [NearDuplicateGroup] {
        let entries = counts.entries
        guard entries.count > 1 else { return [] }
        var parent = Array(entries.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        var reasonOf: [Int: NearDuplicateGroup.Reason] = [:]
        let keys = entries.map { Forms($0.name, kind: counts.kind) }
        func join(_ a: Int, _ b: Int) {
            guard let reason = keys[a].alike(keys[b]) else { return }
            let (ra, rb) = (root(a), root(b))
            let strongest = [reason, reasonOf[ra], reasonOf[rb]].compactMap { $0 }.min()!
            if ra != rb { parent[rb] = ra }
            reasonOf[root(a)] = strongest
        }
        if entries.count <= pairwiseLimit {
            for a in entries.indices { for b in entries.indices where b > a { join(a, b) } }
        } else {
            // Many names (a generated or years-long journal): only names sharing a key are compared, in O(n); typos and
            // makers' names, which need every pair, are not looked for.
            for key in [\Forms.compact, \Forms.singular, \Forms.tradeKey] {
                var first: [String: Int] = [:]
                for i in entries.indices {
                    let k = keys[i][keyPath: key]
                    guard !k.isEmpty else { continue }
                    if let f = first[k] { join(f, i) } else { first[k] = i }
                }
            }
        }
        var members: [Int: [Int]] = [:]
        for i in entries.indices { members[root(i), default: []].append(i) }
        return members.filter { $0.value.count > 1 }
            .map { r, m in NearDuplicateGroup(kind: counts.kind, names: m.map { entries[$0] }, reason: reasonOf[r]!) }
            .sorted { a, b in
                let (na, nb) = (a.names.map(\.brews).reduce(0, +), b.names.map(\.brews).reduce(0, +))
                return na != nb ? na > nb
                    : a.names[0].name.unicodeScalars.lexicographicallyPrecedes(b.names[0].name.unicodeScalars)
            }
    }

    /// Above this many names of one kind, only names that share a key are compared (see ``find(in:)``).
    public static let pairwiseLimit = 1_000

    /// The forms of one name that are compared.
    struct Forms {
        let compact: String, singular: String, trade: String?, words: [String], equipment: Bool

        init(_ name: String, kind: NameKind) {
            compact = NameKey.compact(name)
            singular = NameKey.singular(name)
            trade = kind == .roaster ? NameKey.withoutTradeWords(name) : nil
            words = NameKey.of(name).split(separator: " ").map(String.init)
            equipment = kind == .grinder || kind == .method
        }

        /// The trade-word key, empty for a kind without one.
        var tradeKey: String { trade ?? "" }

        func alike(_ other: Forms) -> NearDuplicateGroup.Reason? {
            if compact == other.compact { return .spelling }
            if singular == other.singular { return .plural }
            if let trade, trade == other.trade { return .tradeWord }
            if equipment {
                let (short, long) = words.count < other.words.count ? (words, other.words) : (other.words, words)
                if long.count == short.count + 1, Array(long.dropFirst()) == short,
                    short.contains(where: { $0.count >= 3 }) {
                    return .maker
                }
                if !short.isEmpty, long.count > short.count, long.count <= short.count + 2,
                    Array(long.prefix(short.count)) == short,
                   short.contains(where: { $0.count >= 3 }) {
                    return .variant
                }
            }
            guard words.count == other.words.count else { return nil }
            let differing = zip(words, other.words).filter { $0 != $1 }
            guard differing.count == 1, let (x, y) = differing.first, x.count >= 5, y.count >= 5,
                  NameMatching.editDistance(x, y) == 1 else { return nil }
            return .typo
        }
    }
}

extension NearDuplicateGroup {
    /// For advice asked about `name` (one of this group's names): `method "V60 ceramic" (39 brews) may be the same
    /// as "V60" (…): this advice reads "V60" alone; to count them as one, add to an aliases file (--aliases):
    /// [methods] "V60" = "V60 ceramic"` — the others, each with its brews, and the alias lines that merge them into
    /// the name with most brews. `nil` when `name` is not in the group.
    public func lookAlikeNote(for name: String) -> String? {
        guard names.contains(where: { $0.name == name }) else { return nil }
        let others = names.filter { $0.name != name }
        let listed = others.map {
            "\"\($0.name)\" (\($0.brews) brew\($0.brews == 1 ? "" : "s"))"
        }.joined(separator: ", ")
        let target = names[0].name
        let lines = names.filter { $0.name != target }.map { "\(Self.quoted($0.name)) = \(Self.quoted(target))" }
        return "\(kind.rawValue) \(listed) may be the same as \"\(name)\" " +
            "(they \(reason.words)): this advice reads \"\(name)\" "
            + "alone; to count them as one, add to an aliases file: [\(kind.table)] " + lines.joined(separator: "; ")
    }

    /// A TOML basic string of `text`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where c.value < 0x20 || c.value == 0x7F: out += String(format: "\\u%04X", c.value)
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
