/// A string column stored as integer codes into a values array (Arrow's dictionary encoding).
///
/// Used for names that repeat across brews: method, grinder, bean, roaster, origin. Code `c` of a
/// valid slot indexes `dictionary[c]`. For the entity columns of ``BrewTable`` (method, grinder, bean)
/// the dictionary is the entity table's names in entity order, so a code is also the entity's index in
/// ``Journal/methods`` etc. — two entities may share a name and still keep apart. Grouping by a dictionary
/// column is grouping by code.
public struct DictionaryColumn: Sendable {
    /// Per-slot codes into ``dictionary``; null slots hold 0.
    public let codes: Int32Column
    /// The distinct values (for entity columns: one per entity, names may repeat).
    public let dictionary: [String]

    /// Creates a column from codes and a dictionary.
    ///
    /// - Precondition: every valid code indexes `dictionary`.
    public init(codes: Int32Column, dictionary: [String]) {
        for i in 0..<codes.count where codes.isValid(i) {
            precondition(codes.values[i] >= 0 && Int(codes.values[i]) < dictionary.count,
                         "DictionaryColumn: code out of range")
        }
        self.codes = codes
        self.dictionary = dictionary
    }

    @inlinable public var count: Int { codes.count }
    @inlinable public var nullCount: Int { codes.nullCount }

    /// The code in slot `i`, or `nil` when null.
    @inlinable public func code(_ i: Int) -> Int32? { codes[i] }

    /// The string in slot `i`, or `nil` when null.
    @inlinable
    public subscript(i: Int) -> String? {
        codes[i].map { dictionary[Int($0)] }
    }
}

/// Builds a ``DictionaryColumn`` by interning strings: equal strings share one code.
public struct DictionaryColumnBuilder: Sendable {
    private var codes: PrimitiveColumnBuilder<Int32>
    private var dictionary: [String] = []
    private var lookup: [String: Int32] = [:]

    public init(minimumCapacity: Int = 0) {
        codes = PrimitiveColumnBuilder(minimumCapacity: minimumCapacity)
    }

    /// The code `value` has or gets.
    public mutating func intern(_ value: String) -> Int32 {
        if let code = lookup[value] { return code }
        let code = Int32(dictionary.count)
        dictionary.append(value)
        lookup[value] = code
        return code
    }

    /// Appends a string (interned), or a null for `nil`.
    public mutating func append(_ value: String?) {
        guard let value else { codes.appendNull(); return }
        codes.append(intern(value))
    }

    /// Ends the builder.
    public func finish() -> DictionaryColumn {
        DictionaryColumn(codes: codes.finish(), dictionary: dictionary)
    }
}
