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
    public init(brews: BrewTable, methods: [BrewMethod], grinders: [Grinder], beans: [CoffeeBean], tastingNoteCount: Int) {
        self.brews = brews; self.methods = methods; self.grinders = grinders; self.beans = beans
        self.tastingNoteCount = tastingNoteCount
    }

    /// A journal with no entities and no brews.
    public static var empty: Journal {
        var builder = JournalBuilder()
        return builder.finish()
    }
}

/// Accumulates entities and brews and ends in ``finish()``, which builds the columns.
///
/// Entities must be added before the brews that reference them; a brew's `method`/`grinder`/`bean`
/// index must be one this builder returned.
public struct JournalBuilder: Sendable {
    public private(set) var methods: [BrewMethod] = []
    /// Each method's category, kept beside ``methods`` so appending a brew reads one byte, not a method.
    private var methodCategories: [UInt8] = []
    public private(set) var grinders: [Grinder] = []
    public private(set) var beans: [CoffeeBean] = []
    public var tastingNoteCount = 0

    private var id: StringColumnBuilder
    private var brewDate: PrimitiveColumnBuilder<Int64>
    private var method: PrimitiveColumnBuilder<Int32>
    private var category: PrimitiveColumnBuilder<UInt8>
    private var grinder: PrimitiveColumnBuilder<Int32>
    private var bean: PrimitiveColumnBuilder<Int32>
    private var dose, water, yield, time, temperature, grind, rating, tds: PrimitiveColumnBuilder<Double>
    private var acidity, body, sweetness: PrimitiveColumnBuilder<Double>
    private var grindText, pressureProfile, notes, flavorTags: StringColumnBuilder

    public init(expectedBrews n: Int = 0) {
        id = .init(minimumCapacity: n, byteCapacity: n * 36)  // most ids are 36-character UUIDs
        brewDate = .init(minimumCapacity: n)
        method = .init(minimumCapacity: n); category = .init(minimumCapacity: n)
        grinder = .init(minimumCapacity: n); bean = .init(minimumCapacity: n)
        dose = .init(minimumCapacity: n); water = .init(minimumCapacity: n); yield = .init(minimumCapacity: n)
        time = .init(minimumCapacity: n); temperature = .init(minimumCapacity: n); grind = .init(minimumCapacity: n)
        rating = .init(minimumCapacity: n); tds = .init(minimumCapacity: n)
        acidity = .init(minimumCapacity: n); body = .init(minimumCapacity: n); sweetness = .init(minimumCapacity: n)
        grindText = .init(minimumCapacity: n); pressureProfile = .init(minimumCapacity: n)
        notes = .init(minimumCapacity: n); flavorTags = .init(minimumCapacity: n)
    }

    /// The number of brews appended so far.
    public var brewCount: Int { id.count }

    /// Adds a method and returns its index.
    public mutating func addMethod(_ m: BrewMethod) -> Int32 {
        methods.append(m)
        methodCategories.append(m.category.rawValue)
        return Int32(methods.count - 1)
    }
    /// Adds a grinder and returns its index.
    public mutating func addGrinder(_ g: Grinder) -> Int32 { grinders.append(g); return Int32(grinders.count - 1) }
    /// Adds a bean and returns its index.
    public mutating func addBean(_ b: CoffeeBean) -> Int32 { beans.append(b); return Int32(beans.count - 1) }

    /// Appends one brew.
    ///
    /// - Precondition: the row's entity indices were returned by this builder.
    public mutating func appendBrew(_ row: BrewRow) {
        appendBrew(row, text: BrewRowText())
    }

    /// Appends one brew whose id, notes or flavour tags are given as UTF-8 bytes (read in place from a file,
    /// with no `String` per field). A field `text` holds replaces the row's `String` for it; a `nil` one
    /// leaves the row's value (which may itself be `nil`, a null).
    ///
    /// - Precondition: the row's entity indices were returned by this builder, and `text`'s bytes are
    ///   well-formed UTF-8.
    public mutating func appendBrew(_ row: BrewRow, text: BrewRowText) {
        let methodCount = methodCategories.count
        precondition(row.method.map { Int($0) < methodCount && $0 >= 0 } ?? true, "appendBrew: unknown method index")
        precondition(row.grinder.map { Int($0) < grinders.count && $0 >= 0 } ?? true, "appendBrew: unknown grinder index")
        precondition(row.bean.map { Int($0) < beans.count && $0 >= 0 } ?? true, "appendBrew: unknown bean index")
        if let bytes = text.id { id.append(utf8: bytes) } else { id.append(row.id) }
        brewDate.append(row.brewDate?.microseconds)
        method.append(row.method)
        category.append(row.method.map { methodCategories[Int($0)] }
                        ?? MethodCategory.other.rawValue)
        grinder.append(row.grinder)
        bean.append(row.bean)
        dose.append(row.doseGrams); water.append(row.waterGrams); yield.append(row.yieldGrams)
        time.append(row.brewTimeSeconds); temperature.append(row.waterTemperature)
        grind.append(row.grindSetting); grindText.append(row.grindText)
        pressureProfile.append(row.pressureProfile)
        rating.append(row.rating); tds.append(row.tds)
        if let bytes = text.notes { notes.append(utf8: bytes) } else { notes.append(row.notes) }
        acidity.append(row.acidity); body.append(row.body); sweetness.append(row.sweetness)
        if let bytes = text.flavorTags { flavorTags.append(utf8: bytes) } else { flavorTags.append(row.flavorTags) }
    }

    /// Ends the builder: builds every column and joins the bean attributes.
    public mutating func finish() -> Journal {
        let beanCodes = bean.finish()
        // Roaster and origin: dictionaries over the beans' values, joined per brew through the bean code.
        var roasterDict = DictionaryColumnBuilder(), originDict = DictionaryColumnBuilder()
        let beanRoaster = beans.map { $0.roaster.map { roasterDict.intern($0) } }
        let beanOrigin = beans.map { $0.origin.map { originDict.intern($0) } }
        var roaster = PrimitiveColumnBuilder<Int32>(minimumCapacity: beanCodes.count)
        var origin = PrimitiveColumnBuilder<Int32>(minimumCapacity: beanCodes.count)
        var roastDate = PrimitiveColumnBuilder<Int32>(minimumCapacity: beanCodes.count)
        for i in 0..<beanCodes.count {
            let b = beanCodes[i].map(Int.init)
            roaster.append(b.flatMap { beanRoaster[$0] })
            origin.append(b.flatMap { beanOrigin[$0] })
            roastDate.append(b.flatMap { beans[$0].roastDate?.index })
        }
        let table = BrewTable(
            id: id.finish(),
            brewDate: brewDate.finish(),
            method: DictionaryColumn(codes: method.finish(), dictionary: methods.map(\.displayName)),
            category: category.finish(),
            grinder: DictionaryColumn(codes: grinder.finish(), dictionary: grinders.map(\.displayName)),
            bean: DictionaryColumn(codes: beanCodes, dictionary: beans.map(\.displayName)),
            roaster: DictionaryColumn(codes: roaster.finish(), dictionary: roasterDict.finish().dictionary),
            origin: DictionaryColumn(codes: origin.finish(), dictionary: originDict.finish().dictionary),
            roastDate: roastDate.finish(),
            doseGrams: dose.finish(), waterGrams: water.finish(), yieldGrams: yield.finish(),
            brewTimeSeconds: time.finish(), waterTemperature: temperature.finish(),
            grindSetting: grind.finish(), grindText: grindText.finish(), pressureProfile: pressureProfile.finish(),
            rating: rating.finish(), tds: tds.finish(), notes: notes.finish(),
            acidity: acidity.finish(), body: body.finish(), sweetness: sweetness.finish(),
            flavorTags: flavorTags.finish())
        return Journal(brews: table, methods: methods, grinders: grinders, beans: beans,
                       tastingNoteCount: tastingNoteCount)
    }
}
