import BrewColumns

/// The names of one kind a journal's brews use, each with its number of brews.
///
/// Read from the brew table's dictionary columns (roaster, bean, grinder, method): a name is counted once per
/// brew whose slot holds it; two entities that share a name (two bags of one bean) count together; a name no brew
/// uses is not listed. Names in descending order of brews, ties in code-point order.
public struct NameCounts: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let brews: Int
    }

    public let kind: NameKind
    public let entries: [Entry]

    /// The counts of `kind` in `journal`.
    public init(_ kind: NameKind, in journal: Journal) {
        self.kind = kind
        let column = Self.column(kind, of: journal.brews)
        var perCode = [Int](repeating: 0, count: column.dictionary.count)
        for i in 0..<column.count { if let c = column.code(i) { perCode[Int(c)] += 1 } }
        var byName: [String: Int] = [:]
        for (code, n) in perCode.enumerated() where n > 0 {
            let name = column.dictionary[code]
            guard !name.isEmpty else { continue }
            byName[name, default: 0] += n
        }
        entries = byName.map { Entry(name: $0.key, brews: $0.value) }
            .sorted { a, b in
                a.brews != b.brews ? a.brews > b.brews
                    : a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars)
            }
    }

    /// The brews of `name`, 0 when none uses it.
    public func brews(of name: String) -> Int { entries.first { $0.name == name }?.brews ?? 0 }

    static func column(_ kind: NameKind, of table: BrewTable) -> DictionaryColumn {
        switch kind {
        case .roaster: table.roaster
        case .bean: table.bean
        case .grinder: table.grinder
        case .method: table.method
        }
    }
}
