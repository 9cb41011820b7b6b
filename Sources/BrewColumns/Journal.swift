/// One imported journal: the brew table plus the entity tables it references.
///
/// Entity tables hold every method, grinder and bean the source defines, including those no brew uses,
/// so per-equipment usage can list equipment with zero brews.
public struct Journal: Sendable {
    public let brews: BrewTable
    public let methods: [BrewMethod]
    public let grinders: [Grinder]
    public let beans: [CoffeeBean]
    /// Tasting notes read and joined into brews.
    public let tastingNoteCount: Int

    /// Creates a journal from a finished table and its entity tables.
    ///
    /// - Precondition: the table's entity codes index these tables.
    public init(
        brews: BrewTable, methods: [BrewMethod], grinders: [Grinder], beans: [CoffeeBean], tastingNoteCount: Int
    ) {
        self.brews = brews; self.methods = methods; self.grinders = grinders; self.beans = beans
        self.tastingNoteCount = tastingNoteCount
    }

    /// A journal with no entities and no brews.
    public static var empty: Journal {
        var builder = JournalBuilder()
        return builder.finish()
    }
}
