import BrewColumns

/// Which entities the brews use.
struct UsedEntities {
    var methods: Set<Int> = []
    var grinders: Set<Int> = []
    var beans: Set<Int> = []

    init(_ t: BrewTable) { self.init(t, rows: 0..<t.count) }

    /// The entities the brews of `rows` use.
    init(_ t: BrewTable, rows: some Sequence<Int>) {
        for i in rows {
            if let m = t.method.code(i) { methods.insert(Int(m)) }
            if let g = t.grinder.code(i) { grinders.insert(Int(g)) }
            if let b = t.bean.code(i) { beans.insert(Int(b)) }
        }
    }
}

/// The entity fields a brew-per-row format cannot hold.
enum EntityDrops {
    /// Notes, per field, the entity values a format loses: unused entities always (a row format has rows for brews
    /// only), and — when the format has no entity records (`holdsEntityFields` false) — the entities' own fields.
    static func note(_ journal: Journal, used: UsedEntities, into dropped: inout DroppedFields, holdsEntityFields: Bool,
                     holdsBagFields: Bool = true) {
        for (i, m) in journal.methods.enumerated() where !used.methods.contains(i) {
            dropped.note("method (unused)", record: m.displayName, "a method no brew uses has no row")
        }
        for (i, g) in journal.grinders.enumerated() where !used.grinders.contains(i) {
            dropped.note("grinder (unused)", record: g.displayName, "a grinder no brew uses has no row")
        }
        for (i, b) in journal.beans.enumerated() where !used.beans.contains(i) {
            dropped.note("bean (unused)", record: b.displayName, "a bean no brew uses has no row")
        }
        if !holdsEntityFields {
            for m in journal.methods where m.notes != nil {
                dropped.note("method.notes", record: m.displayName, "the format has no place for a method's notes")
            }
            for g in journal.grinders {
                if g.type != nil {
                    dropped.note("grinder.type", record: g.displayName, "the format has no place for a grinder's type")
                }
                if g.settingMin != 0 || g.settingMax != 40 || g.settingStep != 1 {
                    dropped.note("grinder.range", record: g.displayName,
                        "the format has no place for a grinder's range and step")
                }
                if g.notes != nil {
                    dropped.note(
                        "grinder.notes", record: g.displayName, "the format has no place for a grinder's notes")
                }
            }
            for b in journal.beans {
                if b.variety != nil {
                    dropped.note("bean.variety", record: b.displayName, "the format has no place for a bean's variety")
                }
                if b.processing != nil {
                    dropped.note("bean.processing", record: b.displayName,
                        "the format has no place for a bean's processing")
                }
                if b.notes != nil {
                    dropped.note("bean.notes", record: b.displayName, "the format has no place for a bean's notes")
                }
                if b.isArchived != nil {
                    dropped.note("bean.is_archived", record: b.displayName,
                        "the format has no place for a bean's archive flag")
                }
            }
        }
        if !holdsBagFields {
            for b in journal.beans {
                if b.bagWeightGrams != nil {
                    dropped.note("bean.bag_weight_g", record: b.displayName,
                        "the format has no place for a bag's weight")
                }
                if b.bagPrice != nil {
                    dropped.note("bean.bag_price", record: b.displayName, "the format has no place for a bag's price")
                }
                if b.currency != nil {
                    dropped.note("bean.currency", record: b.displayName, "the format has no place for a bag's currency")
                }
            }
        }
    }
}
