import BrewColumns

/// What applying an aliases file to a journal did.
public struct AliasOutcome: Sendable {
    /// One spelling the journal used, now counted under the name it stands for.
    public struct Applied: Sendable, Equatable {
        public let kind: NameKind
        public let spelling: String
        public let target: String
        public let brews: Int
    }

    /// The journal with the names merged.
    public let journal: Journal
    /// The spellings replaced, by kind (roasters, beans, grinders, methods) and then most brews first.
    public let applied: [Applied]
    /// Spellings of the file that no name of the journal matches, by kind.
    public let unused: [(kind: NameKind, spelling: String)]
}

extension NameAliases {
    /// `journal` with every name an alias matches replaced by the name it stands for.
    ///
    /// - Roasters: the brews' roaster column and each bean's roaster; spellings of one roaster become one value.
    /// - Beans: each bean's name (the bags stay apart: a bag is a bean, roaster and roast date).
    /// - Grinders and methods: each entity's name, and entities that now share a name with an entity an alias
    ///   renamed become one (the first in the journal's order keeps its settings), so their brews group together.
    ///
    /// Brews, their order and every other column are unchanged.
    public func apply(to journal: Journal) -> AliasOutcome {
        var applied: [AliasOutcome.Applied] = []
        var matched: [NameKind: Set<String>] = [:]
        func rename(_ name: String, _ kind: NameKind) -> String? {
            guard let t = target(of: name, kind: kind) else { return nil }
            matched[kind, default: []].insert(NameKey.of(name))
            return t == name ? nil : t
        }
        func record(_ kind: NameKind, _ counts: NameCounts, _ renamed: [String: String]) {
            for (spelling, target) in renamed {
                applied.append(.init(kind: kind, spelling: spelling, target: target, brews: counts.brews(of: spelling)))
            }
        }
        let table = journal.brews
        var beans = journal.beans

        // Roasters: a new interned dictionary, codes mapped onto it.
        var roasterRenamed: [String: String] = [:]
        var roasterDictionary: [String] = [], roasterIndex: [String: Int32] = [:]
        let roasterMap = table.roaster.dictionary.map { name -> Int32 in
            let final = rename(name, .roaster).map { roasterRenamed[name] = $0; return $0 } ?? name
            if let c = roasterIndex[final] { return c }
            roasterIndex[final] = Int32(roasterDictionary.count)
            roasterDictionary.append(final)
            return roasterIndex[final]!
        }
        for i in beans.indices {
            if let r = beans[i].roaster, let t = target(of: r, kind: .roaster) { beans[i].roaster = t }
        }
        record(.roaster, NameCounts(.roaster, in: journal), roasterRenamed)

        // Beans: names only.
        var beanRenamed: [String: String] = [:]
        for i in beans.indices {
            if let name = beans[i].name, let t = rename(name, .bean) { beanRenamed[name] = t; beans[i].name = t }
        }
        record(.bean, NameCounts(.bean, in: journal), beanRenamed)

        // Grinders and methods: names, and entities merged.
        var grinderRenamed: [String: String] = [:], methodRenamed: [String: String] = [:]
        let (grinders, grinderMap) = Self.merge(journal.grinders, name: \.name, display: \.displayName) { name in
            rename(name, .grinder).map { grinderRenamed[name] = $0; return $0 }
        }
        let (methods, methodMap) = Self.merge(journal.methods, name: \.name, display: \.displayName) { name in
            rename(name, .method).map { methodRenamed[name] = $0; return $0 }
        }
        record(.grinder, NameCounts(.grinder, in: journal), grinderRenamed)
        record(.method, NameCounts(.method, in: journal), methodRenamed)

        let brews = table.replacingNames(
            method: table.method.recoded(methodMap, dictionary: methods.map(\.displayName)),
            grinder: table.grinder.recoded(grinderMap, dictionary: grinders.map(\.displayName)),
            bean: table.bean.recoded(Array(0..<Int32(beans.count)), dictionary: beans.map(\.displayName)),
            roaster: table.roaster.recoded(roasterMap, dictionary: roasterDictionary))
        let order = NameKind.allCases
        applied.sort { a, b in
            let (ka, kb) = (order.firstIndex(of: a.kind)!, order.firstIndex(of: b.kind)!)
            if ka != kb { return ka < kb }
            return a.brews != b.brews ? a.brews > b.brews
                : a.spelling.unicodeScalars.lexicographicallyPrecedes(b.spelling.unicodeScalars)
        }
        var unused: [(kind: NameKind, spelling: String)] = []
        for kind in order {
            for spelling in spellings[kind] ?? [] where !(matched[kind]?.contains(NameKey.of(spelling)) ?? false) {
                unused.append((kind, spelling))
            }
        }
        return AliasOutcome(journal: Journal(brews: brews, methods: methods, grinders: grinders, beans: beans,
                                             tastingNoteCount: journal.tastingNoteCount),
                            applied: applied, unused: unused)
    }

    /// `entities` renamed by `rename`, those that end with one name as an entity `rename` changed merged into the
    /// first of them; and for each old index its new index.
    private static func merge<E>(_ entities: [E], name: WritableKeyPath<E, String?>, display: KeyPath<E, String>,
                                 rename: (String) -> String?) -> ([E], [Int32]) {
        var renamed = entities
        var touched = Set<String>()
        for i in renamed.indices {
            if let n = renamed[i][keyPath: name], let t = rename(n) {
                renamed[i][keyPath: name] = t
                touched.insert(t)
            }
        }
        var kept: [E] = [], map: [Int32] = [], first: [String: Int32] = [:]
        for e in renamed {
            let shown = e[keyPath: display]
            if touched.contains(shown), let c = first[shown] { map.append(c); continue }
            let c = Int32(kept.count)
            if touched.contains(shown) { first[shown] = c }
            kept.append(e)
            map.append(c)
        }
        return (kept, map)
    }
}
