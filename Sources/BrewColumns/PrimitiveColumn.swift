/// A value type a ``PrimitiveColumn`` can hold: fixed width, with a zero that null slots carry.
public protocol ColumnElement: Sendable, Comparable {
    /// The placeholder stored in a null slot (never read as a value).
    static var nullPlaceholder: Self { get }
    /// The logical type's name, as ``BrewTable/schema`` prints it.
    static var typeName: String { get }
}

extension Double: ColumnElement {
    public static var nullPlaceholder: Double { 0 }
    public static var typeName: String { "float64" }
}
extension Int64: ColumnElement {
    public static var nullPlaceholder: Int64 { 0 }
    public static var typeName: String { "int64" }
}
extension Int32: ColumnElement {
    public static var nullPlaceholder: Int32 { 0 }
    public static var typeName: String { "int32" }
}
extension Float: ColumnElement {
    public static var nullPlaceholder: Float { 0 }
    public static var typeName: String { "float32" }
}
extension UInt8: ColumnElement {
    public static var nullPlaceholder: UInt8 { 0 }
    public static var typeName: String { "uint8" }
}

/// A column of fixed-width values: contiguous storage plus an optional validity bitmap.
///
/// No bitmap means no nulls. A null slot holds `Element.nullPlaceholder` in every column a builder makes, so
/// kernels can run over `values` without branching and mask by validity afterwards; a column made with
/// ``init(values:validity:)`` over another column's values (a view with fewer valid slots, such as the statistics'
/// espresso and filter ratios) holds that column's values there. No kernel reads a null slot's value. Immutable once
/// built; the null count and whether the valid values are in non-decreasing order are computed once, at
/// ``PrimitiveColumnBuilder/finish()``.
public struct PrimitiveColumn<Element: ColumnElement>: Sendable {
    /// Every slot's value; null slots hold the placeholder.
    public let values: [Element]
    /// Validity; `nil` when every slot is valid.
    public let validity: Bitmap?
    /// The number of null slots.
    public let nullCount: Int
    /// Whether the valid values are in non-decreasing order (nulls ignored).
    public let isSorted: Bool

    /// Creates a column; the null count and sorted flag are derived here.
    ///
    /// - Precondition: `validity?.count == values.count` when a bitmap is given.
    ///
    /// Inlinable so that callers in other modules get the sortedness scan specialised to their element type:
    /// unspecialised, every comparison went through the generic value witnesses (a third of deriving the
    /// columns of a 100,000-brew journal, by `perf`).
    @inlinable
    public init(values: [Element], validity: Bitmap?) {
        precondition(validity == nil || validity!.count == values.count, "PrimitiveColumn: validity length mismatch")
        // A bitmap with every bit set carries no information: drop it (no bitmap ⇔ no nulls).
        let bitmap = (validity?.setCount == values.count) ? nil : validity
        self.values = values
        self.validity = bitmap
        self.nullCount = bitmap.map { values.count - $0.setCount } ?? 0
        self.isSorted = values.withUnsafeBufferPointer { v -> Bool in
            // SAFETY: `v` is `values`' own buffer; only indices below its count are read.
            guard let bitmap else {
                for i in v.indices.dropFirst() where v[i] < v[i - 1] { return false }
                return true
            }
            var previous: Element?
            for i in v.indices where bitmap.isSet(i) {
                if let p = previous, v[i] < p { return false }
                previous = v[i]
            }
            return true
        }
    }

    /// A column of `count` nulls.
    public static func nulls(count: Int) -> PrimitiveColumn {
        PrimitiveColumn(values: Array(repeating: .nullPlaceholder, count: count),
                        validity: Bitmap(words: Array(repeating: 0, count: (count + 63) >> 6), count: count))
    }

    /// The number of slots.
    @inlinable public var count: Int { values.count }

    /// Whether no slot holds a value (`true` for an empty column).
    @inlinable public var isAllNull: Bool { nullCount == values.count }

    /// Whether slot `i` holds a value.
    @inlinable
    public func isValid(_ i: Int) -> Bool {
        validity?.isSet(i) ?? true
    }

    /// The value in slot `i`, or `nil` when the slot is null.
    @inlinable
    public subscript(i: Int) -> Element? {
        isValid(i) ? values[i] : nil
    }
}

/// Builds a ``PrimitiveColumn`` one slot at a time; the bitmap is created at the first null.
public struct PrimitiveColumnBuilder<Element: ColumnElement>: Sendable {
    private var values: [Element] = []
    private var validity: BitmapBuilder?

    public init(minimumCapacity: Int = 0) {
        values.reserveCapacity(minimumCapacity)
    }

    /// The number of slots appended so far.
    public var count: Int { values.count }

    /// Makes room for `n` slots in all (never shrinks).
    public mutating func reserveCapacity(_ n: Int) {
        values.reserveCapacity(n)
        validity?.reserveCapacity(n)
    }

    /// Appends a value, or a null for `nil`.
    @inlinable
    public mutating func append(_ value: Element?) {
        if let value { appendValue(value) } else { appendNull() }
    }

    @usableFromInline
    mutating func appendValue(_ value: Element) {
        values.append(value)
        validity?.appendBit(true)
    }

    /// Appends up to 64 slots at once: `values[k]` is valid when bit `k` of `validBits` is set (a null slot's value
    /// must be the placeholder).
    mutating func append(contentsOf values: UnsafeBufferPointer<Element>, validBits: UInt64) {
        let n = values.count
        guard n > 0 else { return }
        let all: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
        if validity == nil && validBits & all != all {
            var bits = BitmapBuilder(minimumCapacity: max(self.values.capacity, self.values.count + n))
            bits.appendSet(count: self.values.count)
            validity = bits
        }
        self.values.append(contentsOf: values)
        validity?.append(bits: validBits, count: n)
    }

    /// Appends a null slot.
    public mutating func appendNull() {
        if validity == nil {
            var bits = BitmapBuilder(minimumCapacity: values.capacity)
            bits.appendSet(count: values.count)
            validity = bits
        }
        values.append(.nullPlaceholder)
        validity!.appendBit(false)
    }

    /// Appends every slot of `other`, in order (concatenating the builders of a file read in chunks).
    mutating func append(contentsOf other: PrimitiveColumnBuilder<Element>) {
        appendValidity(of: other)
        values.append(contentsOf: other.values)
    }

    /// Appends every slot of `other`, in order, with each valid value replaced by `transform(value)`; null slots
    /// stay nulls holding the placeholder.
    mutating func append(contentsOf other: PrimitiveColumnBuilder<Element>, transform: (Element) -> Element) {
        appendValidity(of: other)
        let start = values.count
        values.append(contentsOf: other.values)
        values.withUnsafeMutableBufferPointer { v in
            // SAFETY: `start..<v.count` are the slots just appended, inside the buffer.
            if let bits = other.validity {
                for k in 0..<(v.count - start) where bits.isSet(k) { v[start + k] = transform(v[start + k]) }
            } else {
                for i in start..<v.count { v[i] = transform(v[i]) }
            }
        }
    }

    /// Extends the bitmap by `other`'s validity (before `other`'s values are appended).
    private mutating func appendValidity(of other: PrimitiveColumnBuilder<Element>) {
        BitmapBuilder.concatenate(&validity, count: values.count, other.validity, otherCount: other.values.count,
                                  capacity: values.count + other.values.count)
    }

    /// Ends the builder.
    public func finish() -> PrimitiveColumn<Element> {
        PrimitiveColumn(values: values, validity: validity?.finish())
    }
}

public typealias Float64Column = PrimitiveColumn<Double>
public typealias Int64Column = PrimitiveColumn<Int64>
public typealias Int32Column = PrimitiveColumn<Int32>
public typealias UInt8Column = PrimitiveColumn<UInt8>
