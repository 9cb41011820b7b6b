/// The brews a ``JournalBuilder`` appended since it last flushed, at most ``rows``, held column by column in memory
/// this stage owns.
///
/// **Why.** Appending one value to a Swift array checks that the array is uniquely referenced and has room, in a
/// call; a brew has 22 columns, and appending brews value by value took about a fifth of the 1,000,000-brew CSV
/// import, mostly in those checks and the validity bit appends. Staged, a brew costs one uniqueness check (of the
/// stage, which the builder copies on write) and plain stores; every ``rows`` brews each column gets one bulk append.
///
/// Regions, each `rows` slots long and bound to its column's type: one per ``Float`` column, the brew date, the
/// three entity codes, the category, and the end offsets of the five text columns (their bytes go straight to the
/// column builders). Bit `r` of a column's validity word is set when staged brew `r` has a value; a null slot holds
/// the type's placeholder (0), as in ``PrimitiveColumn``.
final class BrewStage: @unchecked Sendable {
    // @unchecked Sendable: a stage is only mutated through a `JournalBuilder` that holds the sole reference to it
    // (`JournalBuilder.appendBrew` copies a shared stage first), so no two threads ever mutate, or read while another
    // mutates, the same stage — the copy-on-write argument that makes `Array` Sendable.

    /// How many brews are staged before they are moved into the columns.
    static let rows = 64

    /// The `Double` columns, in region order.
    enum Float: Int, CaseIterable {
        case dose, water, yield, time, temperature, grind, rating, tds, acidity, body, sweetness

        /// The ``BrewColumnSet`` group the column belongs to.
        var group: BrewColumnSet {
            switch self {
            case .dose, .water, .yield: .masses
            case .time: .brewTime
            case .temperature: .waterTemperature
            case .grind: .grindSetting
            case .rating: .rating
            case .tds: .tds
            case .acidity, .body, .sweetness: .tastingNote
            }
        }
    }
    /// The entity code columns, in region order.
    enum Code: Int, CaseIterable {
        case method, grinder, bean

        /// The ``BrewColumnSet`` group the column belongs to; `nil` for the method, which every table holds.
        var group: BrewColumnSet? {
            switch self {
            case .method: nil
            case .grinder: .grinder
            case .bean: .bean
            }
        }
    }
    /// The text columns, in region order.
    enum Text: Int, CaseIterable {
        case id, grindText, pressureProfile, notes, flavorTags

        /// The ``BrewColumnSet`` group the column belongs to; `nil` for the id, which every table holds.
        var group: BrewColumnSet? {
            switch self {
            case .id: nil
            case .grindText: .grindSetting
            case .pressureProfile, .notes: .freeText
            case .flavorTags: .tastingNote
            }
        }
    }

    /// Validity words: ``Float``s first, then the brew date, then ``Code``s, then ``Text``s (the category is never
    /// null).
    private static let validCount = Float.allCases.count + 1 + Code.allCases.count + Text.allCases.count
    private static let dateValid = Float.allCases.count
    private static func codeValid(_ c: Code) -> Int { dateValid + 1 + c.rawValue }
    private static func textValid(_ t: Text) -> Int { dateValid + 1 + Code.allCases.count + t.rawValue }

    /// The brews staged: slots `0..<count` of every region.
    private(set) var count = 0
    private let floats: UnsafeMutablePointer<Double>
    private let dates: UnsafeMutablePointer<Int64>
    private let codes: UnsafeMutablePointer<Int32>
    private let categories: UnsafeMutablePointer<UInt8>
    private let textEnds: UnsafeMutablePointer<Int>
    private let valid: UnsafeMutablePointer<UInt64>

    init() {
        let n = Self.rows
        floats = .allocate(capacity: Float.allCases.count * n)
        dates = .allocate(capacity: n)
        codes = .allocate(capacity: Code.allCases.count * n)
        categories = .allocate(capacity: n)
        textEnds = .allocate(capacity: Text.allCases.count * n)
        valid = .allocate(capacity: Self.validCount)
        floats.initialize(repeating: 0, count: Float.allCases.count * n)
        dates.initialize(repeating: 0, count: n)
        codes.initialize(repeating: 0, count: Code.allCases.count * n)
        categories.initialize(repeating: 0, count: n)
        textEnds.initialize(repeating: 0, count: Text.allCases.count * n)
        valid.initialize(repeating: 0, count: Self.validCount)
    }

    deinit {
        floats.deallocate(); dates.deallocate(); codes.deallocate(); categories.deallocate()
        textEnds.deallocate(); valid.deallocate()
    }

    /// A stage holding the same brews (for a builder that was copied).
    func copy() -> BrewStage {
        let c = BrewStage()
        let n = Self.rows
        // SAFETY: both stages own initialised regions of the same sizes.
        c.floats.update(from: floats, count: Float.allCases.count * n)
        c.dates.update(from: dates, count: n)
        c.codes.update(from: codes, count: Code.allCases.count * n)
        c.categories.update(from: categories, count: n)
        c.textEnds.update(from: textEnds, count: Text.allCases.count * n)
        c.valid.update(from: valid, count: Self.validCount)
        c.count = count
        return c
    }

    // MARK: Staging one brew (slot `count`; ``commit()`` ends it)

    @inline(__always)
    private func mark(_ word: Int, _ present: Bool) {
        // SAFETY: `word < validCount`; `count < rows <= 64`, so the shift stays inside the word.
        valid[word] |= UInt64(present ? 1 : 0) << UInt64(count)
    }

    @inline(__always)
    func set(_ column: Float, _ value: Double?) {
        // SAFETY: region `column` spans `rows` slots and `count < rows`.
        floats[column.rawValue * Self.rows + count] = value ?? 0
        mark(column.rawValue, value != nil)
    }

    @inline(__always)
    func setDate(_ value: Int64?) {
        // SAFETY: `count < rows`.
        dates[count] = value ?? 0
        mark(Self.dateValid, value != nil)
    }

    @inline(__always)
    func set(_ column: Code, _ value: Int32?) {
        // SAFETY: region `column` spans `rows` slots and `count < rows`.
        codes[column.rawValue * Self.rows + count] = value ?? 0
        mark(Self.codeValid(column), value != nil)
    }

    @inline(__always)
    func setCategory(_ value: UInt8) {
        // SAFETY: `count < rows`.
        categories[count] = value
    }

    /// Stages a text slot: `end` is the column's byte count after its bytes were appended (for a null, before).
    @inline(__always)
    func set(_ column: Text, end: Int, present: Bool) {
        // SAFETY: region `column` spans `rows` slots and `count < rows`.
        textEnds[column.rawValue * Self.rows + count] = end
        mark(Self.textValid(column), present)
    }

    /// Ends the brew being staged; `true` when the stage is now full and must be flushed.
    @inline(__always)
    func commit() -> Bool {
        count += 1
        return count == Self.rows
    }

    // MARK: Flushing

    /// Calls `body` with each region's staged slots and validity bits, then empties the stage.
    func flush(floats moveFloat: (Float, UnsafeBufferPointer<Double>, UInt64) -> Void,
               dates moveDates: (UnsafeBufferPointer<Int64>, UInt64) -> Void,
               codes moveCode: (Code, UnsafeBufferPointer<Int32>, UInt64) -> Void,
               categories moveCategories: (UnsafeBufferPointer<UInt8>) -> Void,
               texts moveText: (Text, UnsafeBufferPointer<Int>, UInt64) -> Void) {
        guard count > 0 else { return }
        let n = count, rows = Self.rows
        // SAFETY: each buffer is the first `n <= rows` slots of its region, all written by the staged brews.
        for c in Float.allCases {
            moveFloat(c, UnsafeBufferPointer(start: floats + c.rawValue * rows, count: n), valid[c.rawValue])
        }
        moveDates(UnsafeBufferPointer(start: dates, count: n), valid[Self.dateValid])
        for c in Code.allCases {
            moveCode(c, UnsafeBufferPointer(start: codes + c.rawValue * rows, count: n), valid[Self.codeValid(c)])
        }
        moveCategories(UnsafeBufferPointer(start: categories, count: n))
        for t in Text.allCases {
            moveText(t, UnsafeBufferPointer(start: textEnds + t.rawValue * rows, count: n), valid[Self.textValid(t)])
        }
        valid.update(repeating: 0, count: Self.validCount)
        count = 0
    }
}
