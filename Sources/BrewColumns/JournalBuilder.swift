/// Accumulates entities and brews and ends in ``finish()``, which builds the columns.
///
/// Entities must be added before the brews that reference them; a brew's `method`/`grinder`/`bean`
/// index must be one this builder returned. Brews are staged a few dozen at a time and moved into the columns
/// together (see ``BrewStage``); the stage is copied on write, so builders keep value semantics.
///
/// **Projection.** A builder keeps the column groups of ``columns`` (default ``BrewColumnSet/all``) and the
/// always-read columns. Values a ``BrewRow`` holds for another column are ignored — never copied, never
/// allocated for — and the finished table has that column null in every slot. All-null columns of one table (left
/// out, or kept but never given a value) share one zero-filled buffer per kind (``NullColumns``), so they cost
/// a few bytes each instead of 8 bytes a brew.
public struct JournalBuilder: Sendable {
    /// The column groups the table keeps; the others are null (see the type's discussion).
    public let columns: BrewColumnSet
    /// Bit `c.rawValue` set for each ``BrewStage/Float`` column kept.
    private let keptFloats: UInt32
    /// Bit `t.rawValue` set for each ``BrewStage/Text`` column kept.
    private let keptTexts: UInt32
    /// Bit `c.rawValue` set for each ``BrewStage/Code`` column kept.
    private let keptCodes: UInt32
    public private(set) var methods: [BrewMethod] = []
    /// Each method's category, kept beside ``methods`` so appending a brew reads one byte, not a method.
    private var methodCategories: [UInt8] = []
    public private(set) var grinders: [Grinder] = []
    public private(set) var beans: [CoffeeBean] = []
    public var tastingNoteCount = 0
    /// How many values had control characters replaced (``ControlCharacters``), by what they were: the entities'
    /// fields (`method name`, `method id`, `method notes`, `grinder name`, `grinder id`, `grinder notes`, `bean name`,
    /// `bean id`, `bean roaster`, `bean origin`, `bean variety`, `bean processing`, `bean notes`, `bean currency`), the
    /// brews' (`brew id`, `notes`, `flavour tags`, `pressure profile`, `grind setting`) and what an importer keeps
    /// beside the table (``cleaned(_:counting:)``: `shot profile`).
    public private(set) var replacedControls: [String: Int] = [:]

    private var stage = BrewStage()
    private var floats = [PrimitiveColumnBuilder<Double>](repeating: .init(), count: BrewStage.Float.allCases.count)
    private var brewDate = PrimitiveColumnBuilder<Int64>()
    private var codes = [PrimitiveColumnBuilder<Int32>](repeating: .init(), count: BrewStage.Code.allCases.count)
    private var category = PrimitiveColumnBuilder<UInt8>()
    private var texts = [StringColumnBuilder](repeating: .init(), count: BrewStage.Text.allCases.count)

    /// Creates a builder with room for `expectedBrews` brews (see ``reserveCapacity(brews:)``) that keeps the
    /// column groups of `columns` (see the type's discussion).
    public init(expectedBrews n: Int = 0, columns: BrewColumnSet = .all) {
        self.columns = columns
        var floats: UInt32 = 0, texts: UInt32 = 0, codes: UInt32 = 0
        for c in BrewStage.Float.allCases where columns.contains(c.group) { floats |= 1 << UInt32(c.rawValue) }
        for t in BrewStage.Text.allCases where t.group.map(columns.contains) ?? true {
            texts |= 1 << UInt32(t.rawValue)
        }
        for c in BrewStage.Code.allCases where c.group.map(columns.contains) ?? true {
            codes |= 1 << UInt32(c.rawValue)
        }
        keptFloats = floats
        keptTexts = texts
        keptCodes = codes
        reserveCapacity(brews: n)
    }

    @inline(__always) private func keeps(_ c: BrewStage.Float) -> Bool { keptFloats & (1 << UInt32(c.rawValue)) != 0 }
    @inline(__always) private func keeps(_ t: BrewStage.Text) -> Bool { keptTexts & (1 << UInt32(t.rawValue)) != 0 }
    @inline(__always) private func keeps(_ c: BrewStage.Code) -> Bool { keptCodes & (1 << UInt32(c.rawValue)) != 0 }

    /// Makes room for `n` brews in every column kept (and 36 bytes of id text per brew, a UUID's length), so a large
    /// import allocates each column once instead of doubling it (which copies the column and, while it copies,
    /// holds both). Capacity that is never written costs address space, not memory. Never shrinks.
    public mutating func reserveCapacity(brews n: Int) {
        guard n > 0 else { return }
        for c in BrewStage.Float.allCases where keeps(c) { floats[c.rawValue].reserveCapacity(n) }
        brewDate.reserveCapacity(n)
        for c in BrewStage.Code.allCases where keeps(c) { codes[c.rawValue].reserveCapacity(n) }
        category.reserveCapacity(n)
        for t in BrewStage.Text.allCases where keeps(t) {
            texts[t.rawValue].reserveCapacity(n, bytes: t == .id ? n * 36 : 0)
        }
    }

    /// The number of brews appended so far.
    public var brewCount: Int { category.count + stage.count }

    /// Adds a method and returns its index.
    public mutating func addMethod(_ m: BrewMethod) -> Int32 {
        var m = m
        m.name = clean(m.name, "method name"); m.id = clean(m.id, "method id")
        m.notes = clean(m.notes, "method notes", .freeText)
        methods.append(m)
        methodCategories.append(m.category.rawValue)
        return Int32(methods.count - 1)
    }
    /// Adds a grinder and returns its index.
    public mutating func addGrinder(_ g: Grinder) -> Int32 {
        var g = g
        g.name = clean(g.name, "grinder name"); g.id = clean(g.id, "grinder id")
        g.notes = clean(g.notes, "grinder notes", .freeText)
        grinders.append(g)
        return Int32(grinders.count - 1)
    }
    /// Adds a bean and returns its index.
    public mutating func addBean(_ b: CoffeeBean) -> Int32 {
        var b = b
        b.name = clean(b.name, "bean name"); b.roaster = clean(b.roaster, "bean roaster")
        b.origin = clean(b.origin, "bean origin"); b.variety = clean(b.variety, "bean variety")
        b.processing = clean(b.processing, "bean processing"); b.id = clean(b.id, "bean id")
        b.notes = clean(b.notes, "bean notes", .freeText); b.currency = clean(b.currency, "bean currency")
        beans.append(b)
        return Int32(beans.count - 1)
    }

    /// `text` with control characters replaced (``ControlCharacters``), counted under `what` in
    /// ``replacedControls``: for a name an importer keeps beside the table (a shot's profile).
    public mutating func cleaned(_ text: String?, counting what: String) -> String? {
        clean(text, what)
    }

    /// `text` with control characters replaced (``ControlCharacters``, as a value of kind `field`), counted under
    /// `what`.
    private mutating func clean(_ text: String?, _ what: String, _ field: ControlCharacters.Field = .name) -> String? {
        guard let text else { return nil }
        let (out, changed) = ControlCharacters.cleaned(text, as: field)
        if changed { replacedControls[what, default: 0] += 1 }
        return out
    }

    /// Appends one brew.
    ///
    /// - Precondition: the row's entity indices were returned by this builder.
    public mutating func appendBrew(_ row: BrewRow) {
        appendBrew(row, text: BrewRowText())
    }

    /// Appends one brew whose id, notes, flavour tags or pressure profile are given as UTF-8 bytes (read in place
    /// from a file, with no `String` per field). A field `text` holds replaces the row's `String` for it; a `nil` one
    /// leaves the row's value (which may itself be `nil`, a null). Fields of columns outside ``columns`` are ignored.
    ///
    /// - Precondition: the row's entity indices were returned by this builder, and `text`'s bytes are
    ///   well-formed UTF-8.
    public mutating func appendBrew(_ row: BrewRow, text: BrewRowText) {
        let methodCount = methodCategories.count
        precondition(row.method.map { Int($0) < methodCount && $0 >= 0 } ?? true, "appendBrew: unknown method index")
        precondition(row.grinder.map { Int($0) < grinders.count && $0 >= 0 } ?? true,
            "appendBrew: unknown grinder index")
        precondition(row.bean.map { Int($0) < beans.count && $0 >= 0 } ?? true, "appendBrew: unknown bean index")
        if !isKnownUniquelyReferenced(&stage) { stage = stage.copy() }
        stage.setDate(row.brewDate?.microseconds)
        stage.set(.method, row.method); stage.set(.grinder, row.grinder); stage.set(.bean, row.bean)
        stage.setCategory(row.method.map { methodCategories[Int($0)] } ?? MethodCategory.other.rawValue)
        stage.set(.dose, row.doseGrams); stage.set(.water, row.waterGrams); stage.set(.yield, row.yieldGrams)
        stage.set(.time, row.brewTimeSeconds); stage.set(.temperature, row.waterTemperature)
        stage.set(.grind, row.grindSetting); stage.set(.rating, row.rating); stage.set(.tds, row.tds)
        stage.set(.acidity, row.acidity); stage.set(.body, row.body); stage.set(.sweetness, row.sweetness)
        if let bytes = text.id, ControlCharacters.occurs(in: bytes) {
            stageText(.id, nil, clean(String(decoding: bytes, as: UTF8.self), "brew id"))
        } else {
            stageText(.id, text.id, text.id == nil ? clean(row.id, "brew id") : nil)
        }
        stageFreeText(.grindText, nil, row.grindText, "grind setting")
        stageFreeText(.pressureProfile, text.pressureProfile, row.pressureProfile, "pressure profile")
        stageFreeText(.notes, text.notes, row.notes, "notes")
        stageFreeText(.flavorTags, text.flavorTags, row.flavorTags, "flavour tags")
        if stage.commit() { flush() }
    }

    /// Stages free-text column `column`'s slot as ``stageText(_:_:_:)`` does, with its control characters replaced
    /// (``ControlCharacters/Field/freeText``) and counted under `what`. Bytes without one (nearly every value) are
    /// staged in place; only a value that holds one becomes a `String`.
    @inline(__always)
    private mutating func stageFreeText(_ column: BrewStage.Text, _ bytes: UnsafeBufferPointer<UInt8>?,
                                        _ string: String?,
                                        _ what: String) {
        guard keeps(column) else { return stageText(column, nil, nil) }
        if let bytes {
            if ControlCharacters.occurs(in: bytes, as: .freeText) {
                stageText(column, nil, clean(String(decoding: bytes, as: UTF8.self), what, .freeText))
            } else {
                stageText(column, bytes, nil)
            }
        } else {
            stageText(column, nil, clean(string, what, .freeText))
        }
    }

    /// Stages text column `column`'s slot: `bytes` when given, else `string`, else a null (always a null for a
    /// column the builder does not keep).
    @inline(__always)
    private mutating func stageText(_ column: BrewStage.Text, _ bytes: UnsafeBufferPointer<UInt8>?, _ string: String?) {
        let k = column.rawValue
        if !keeps(column) {
            stage.set(column, end: 0, present: false)
        } else if let bytes {
            stage.set(column, end: texts[k].appendBytes(bytes), present: true)
        } else if let string {
            stage.set(column, end: texts[k].appendBytes(string), present: true)
        } else {
            stage.set(column, end: texts[k].byteCount, present: false)
        }
    }

    /// Moves the staged brews into the columns kept (the others stay empty until ``finish()``).
    private mutating func flush() {
        let floatMask = keptFloats, textMask = keptTexts, codeMask = keptCodes
        stage.flush(
            floats: { column, values, valid in
                if floatMask & (1 << UInt32(column.rawValue)) != 0 {
                    floats[column.rawValue].append(contentsOf: values, validBits: valid)
                }
            },
            dates: { values, valid in brewDate.append(contentsOf: values, validBits: valid) },
            codes: { column, values, valid in
                if codeMask & (1 << UInt32(column.rawValue)) != 0 {
                    codes[column.rawValue].append(contentsOf: values, validBits: valid)
                }
            },
            categories: { values in category.append(contentsOf: values, validBits: ~0) },
            texts: { column, ends, valid in
                if textMask & (1 << UInt32(column.rawValue)) != 0 {
                    texts[column.rawValue].append(ends: ends, validBits: valid)
                }
            })
    }

    /// Appends `other`'s brews after this builder's, in order: the builder of a later part of the same file read on
    /// its own (a chunk of a CSV read in parallel). `methods[i]`, `grinders[i]` and `beans[i]` are the indices in
    /// this builder of `other`'s entity `i` (entities `other` added that this builder lacked must be added first).
    /// A brew's method category is this builder's category of its method, which may differ from the one `other`
    /// staged when the two parts named the method with different categories (the first naming wins). `other`'s
    /// tasting-note count is added to this one's.
    ///
    /// - Precondition: both builders keep the same ``columns``; every index in the maps was returned by this
    ///   builder.
    public mutating func append(contentsOf other: inout JournalBuilder, methods: [Int32], grinders: [Int32],
                                beans: [Int32]) {
        precondition(other.columns == columns, "JournalBuilder.append: the builders keep different columns")
        replacedControls.merge(other.replacedControls, uniquingKeysWith: +)
        precondition(other.methods.count == methods.count && other.grinders.count == grinders.count
                     && other.beans.count == beans.count, "JournalBuilder.append: entity maps do not match")
        flush()
        other.flush()
        // Each of `other`'s columns is freed as soon as it is copied, so the two builders never hold more than one
        // column twice (`other` is the only owner when the caller moved it in).
        for c in BrewStage.Float.allCases where keeps(c) {
            floats[c.rawValue].append(contentsOf: other.floats[c.rawValue])
            other.floats[c.rawValue] = .init()
        }
        brewDate.append(contentsOf: other.brewDate)
        other.brewDate = .init()
        for c in BrewStage.Code.allCases where keeps(c) && c != .method {
            (c == .grinder ? grinders : beans).withUnsafeBufferPointer { m in
                // SAFETY: a valid code of `other` is an index of its entities, and `m` holds one slot per entity.
                codes[c.rawValue].append(contentsOf: other.codes[c.rawValue]) { m[Int($0)] }
            }
            other.codes[c.rawValue] = .init()
        }
        for t in BrewStage.Text.allCases where keeps(t) {
            texts[t.rawValue].append(contentsOf: other.texts[t.rawValue])
            other.texts[t.rawValue] = .init()
        }
        let method = BrewStage.Code.method.rawValue
        methods.withUnsafeBufferPointer { m in
            // SAFETY: as above.
            codes[method].append(contentsOf: other.codes[method]) { m[Int($0)] }
        }
        // Categories: through the method codes, in this builder's numbering.
        let methodCodes = other.codes[method].finish()
        other.codes[method] = .init()
        let start = category.count
        let categories = other.category.finish().values
        other.category = .init()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { chunk in
            var k = 0
            while k < categories.count {
                let n = min(64, categories.count - k)
                for j in 0..<n {
                    chunk[j] = methodCodes[k + j].map { methodCategories[Int(methods[Int($0)])] } ?? categories[k + j]
                }
                category.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<n]), validBits: ~0)
                k += n
            }
        }
        assert(category.count == start + categories.count)
        tastingNoteCount += other.tastingNoteCount
    }

    /// Ends the builder: builds every column and joins the bean attributes (roaster, origin and roast date, through
    /// each brew's bean). A column outside ``columns``, and a float or text column no brew gave a value, is an
    /// all-null column sharing its storage (``NullColumns``).
    public mutating func finish() -> Journal {
        flush()
        let n = category.count
        var nulls = NullColumns(count: n)
        func code(_ c: BrewStage.Code) -> Int32Column { keeps(c) ? codes[c.rawValue].finish() : nulls.codes() }
        let beanCodes = code(.bean)
        // Roaster and origin: dictionaries over the beans' values, joined per brew through the bean code (nothing
        // to join when the beans are not kept).
        var roasterDict = DictionaryColumnBuilder(), originDict = DictionaryColumnBuilder()
        let joins = keeps(.bean)
        let roaster = joins ? Self.join(beanCodes, beans.map { $0.roaster.map { roasterDict.intern($0) } })
            : nulls.codes()
        let origin = joins ? Self.join(beanCodes, beans.map { $0.origin.map { originDict.intern($0) } }) : nulls.codes()
        let roastDate = joins ? Self.join(beanCodes, beans.map { $0.roastDate?.index }) : nulls.codes()
        // Freezing and thawing days: joined only when some bean logs one (most journals log none).
        let freezes = joins && beans.contains { $0.frozenDate != nil || $0.thawDate != nil }
        let frozenDate = freezes ? Self.join(beanCodes, beans.map { $0.frozenDate?.index }) : nulls.codes()
        let thawDate = freezes ? Self.join(beanCodes, beans.map { $0.thawDate?.index }) : nulls.codes()
        func float(_ c: BrewStage.Float) -> Float64Column {
            guard keeps(c) else { return nulls.float() }
            let column = floats[c.rawValue].finish()
            return column.nullCount == n && n > 0 ? nulls.float() : column
        }
        func text(_ t: BrewStage.Text) -> StringColumn {
            guard keeps(t) else { return nulls.string() }
            let column = texts[t.rawValue].finish()
            return column.nullCount == n && n > 0 ? nulls.string() : column
        }
        let table = BrewTable(
            id: text(.id),
            brewDate: brewDate.finish(),
            method: DictionaryColumn(codes: code(.method), dictionary: methods.map(\.displayName)),
            category: category.finish(),
            grinder: DictionaryColumn(codes: code(.grinder), dictionary: grinders.map(\.displayName)),
            bean: DictionaryColumn(codes: beanCodes, dictionary: beans.map(\.displayName)),
            roaster: DictionaryColumn(codes: roaster, dictionary: roasterDict.finish().dictionary),
            origin: DictionaryColumn(codes: origin, dictionary: originDict.finish().dictionary),
            roastDate: roastDate, frozenDate: frozenDate, thawDate: thawDate,
            doseGrams: float(.dose), waterGrams: float(.water), yieldGrams: float(.yield),
            brewTimeSeconds: float(.time), waterTemperature: float(.temperature),
            grindSetting: float(.grind), grindText: text(.grindText), pressureProfile: text(.pressureProfile),
            rating: float(.rating), tds: float(.tds), notes: text(.notes),
            acidity: float(.acidity), body: float(.body), sweetness: float(.sweetness),
            flavorTags: text(.flavorTags))
        return Journal(brews: table, methods: methods, grinders: grinders, beans: beans,
                       tastingNoteCount: tastingNoteCount)
    }

    /// A per-bean value joined to every brew: slot `i` is `perBean[bean of brew i]`, null when the brew has no bean
    /// or its bean no value.
    private static func join(_ beanCodes: Int32Column, _ perBean: [Int32?]) -> Int32Column {
        var out = PrimitiveColumnBuilder<Int32>(minimumCapacity: beanCodes.count)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { chunk in
            var start = 0
            while start < beanCodes.count {
                let n = min(64, beanCodes.count - start)
                var valid: UInt64 = 0
                for k in 0..<n {
                    let value = beanCodes[start + k].flatMap { perBean[Int($0)] }
                    chunk[k] = value ?? 0
                    valid |= UInt64(value != nil ? 1 : 0) << UInt64(k)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<n]), validBits: valid)
                start += n
            }
        }
        return out.finish()
    }
}
