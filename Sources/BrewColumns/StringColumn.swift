/// A column of variable-length UTF-8 strings: one byte buffer plus `count + 1` offsets (Arrow's layout).
///
/// Slot `i` spans `bytes[offsets[i]..<offsets[i+1]]`. Null slots span zero bytes and are marked in the
/// validity bitmap, so an empty string and a null stay apart. Used for ids, notes and other free text
/// that rarely repeats.
///
/// Offsets are 32-bit (Arrow's `Utf8`, not `LargeUtf8`): half the memory of `Int` offsets, 4 MB less per million
/// brews and text column (a journal keeps five: id, grind text, pressure profile, notes, flavour tags). A column
/// therefore holds at most ``maximumBytes`` (4 GiB) of text, some thousand times the text of the largest journal
/// measured (a 1,000,000-brew store holds 40 MB of ids and 7 MB of notes, profiles and tags); a builder given
/// more stops with a precondition failure rather than wrap an offset (``StringColumnBuilder``).
public struct StringColumn: Sendable {
    /// Concatenated UTF-8 bytes of every valid slot.
    public let bytes: [UInt8]
    /// `count + 1` offsets into ``bytes``; non-decreasing, first 0.
    public let offsets: [UInt32]
    /// The most bytes of text one column holds: `UInt32.max`, the largest 32-bit offset.
    public static let maximumBytes = Int(UInt32.max)
    /// Validity; `nil` when every slot is valid.
    public let validity: Bitmap?
    /// The number of null slots.
    public let nullCount: Int

    init(bytes: [UInt8], offsets: [UInt32], validity: Bitmap?) {
        let count = offsets.count - 1
        let bitmap = (validity?.setCount == count) ? nil : validity
        self.bytes = bytes
        self.offsets = offsets
        self.validity = bitmap
        self.nullCount = bitmap.map { count - $0.setCount } ?? 0
    }

    @inlinable public var count: Int { offsets.count - 1 }

    @inlinable public func isValid(_ i: Int) -> Bool { validity?.isSet(i) ?? true }

    /// The string in slot `i`, or `nil` when null. Invalid UTF-8 cannot occur: builders take `String`s.
    public subscript(i: Int) -> String? {
        guard isValid(i) else { return nil }
        return String(decoding: bytes[Int(offsets[i])..<Int(offsets[i + 1])], as: UTF8.self)
    }
}

/// Builds a ``StringColumn``; the bitmap is created at the first null.
public struct StringColumnBuilder: Sendable {
    private var bytes: [UInt8] = []
    private var offsets: [UInt32] = [0]
    private var validity: BitmapBuilder?

    /// Creates a builder with room for `minimumCapacity` slots and `byteCapacity` bytes of text.
    public init(minimumCapacity: Int = 0, byteCapacity: Int = 0) {
        offsets.reserveCapacity(minimumCapacity + 1)
        bytes.reserveCapacity(byteCapacity)
    }

    public var count: Int { offsets.count - 1 }

    /// Makes room for `n` slots in all and `bytes` bytes of text in all (never shrinks).
    public mutating func reserveCapacity(_ n: Int, bytes byteCount: Int = 0) {
        offsets.reserveCapacity(n + 1)
        if byteCount > 0 { bytes.reserveCapacity(byteCount) }
        validity?.reserveCapacity(n)
    }

    /// Appends a string, or a null for `nil`.
    public mutating func append(_ value: String?) {
        guard var text = value else { appendNull(); return }
        text.withUTF8 { append(utf8: $0) }
    }

    /// Appends a string given as its UTF-8 bytes (an empty buffer is the empty string, not a null), without
    /// creating a `String`.
    ///
    /// - Precondition: `utf8` is well-formed UTF-8 (the column hands its slots out as `String`s and promises
    ///   they need no repair); checked in debug builds.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: utf8, as: UTF8.self) != nil, "StringColumnBuilder: bytes are not UTF-8")
        bytes.append(contentsOf: utf8)
        offsets.append(Self.offset(bytes.count))
        if validity != nil { validity!.appendBit(true) }
    }

    // MARK: Staged appends (``JournalBuilder``): bytes now, the slots' offsets later

    /// Appends a slot's bytes without ending the slot; returns the byte count, the slot's end offset for
    /// ``append(ends:validBits:)``.
    ///
    /// - Precondition: `utf8` is well-formed UTF-8 (checked in debug builds).
    @inline(__always)
    mutating func appendBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        assert(String(validating: utf8, as: UTF8.self) != nil, "StringColumnBuilder: bytes are not UTF-8")
        bytes.append(contentsOf: utf8)
        return bytes.count
    }

    /// ``appendBytes(_:)`` for a `String`.
    @inline(__always)
    mutating func appendBytes(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { appendBytes($0) }
    }

    /// The bytes appended so far: where a slot staged now without bytes (a null) ends.
    var byteCount: Int { bytes.count }

    /// Ends up to 64 staged slots: slot `k` ends at `ends[k]` (non-decreasing, at most ``byteCount``) and is valid
    /// when bit `k` of `validBits` is set (a null slot spans no bytes).
    mutating func append(ends: UnsafeBufferPointer<Int>, validBits: UInt64) {
        let n = ends.count
        guard n > 0 else { return }
        let all: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
        if validity == nil && validBits & all != all {
            var bits = BitmapBuilder(minimumCapacity: max(offsets.capacity, offsets.count + n))
            bits.appendSet(count: count)
            validity = bits
        }
        // Ends are non-decreasing and at most the byte count, which ``offset(_:)`` bounds: checked once.
        _ = Self.offset(bytes.count)
        for k in 0..<n { offsets.append(UInt32(truncatingIfNeeded: ends[k])) }
        validity?.append(bits: validBits, count: n)
    }

    /// Appends a null slot.
    public mutating func appendNull() {
        if validity == nil {
            var bits = BitmapBuilder(minimumCapacity: offsets.capacity)
            bits.appendSet(count: count)
            validity = bits
        }
        offsets.append(Self.offset(bytes.count))
        validity!.append(false)
    }

    /// Appends every slot of `other`, in order (concatenating the builders of a file read in chunks).
    mutating func append(contentsOf other: StringColumnBuilder) {
        BitmapBuilder.concatenate(&validity, count: count, other.validity, otherCount: other.count,
                                  capacity: count + other.count)
        let shift = Self.offset(bytes.count)
        bytes.append(contentsOf: other.bytes)
        _ = Self.offset(bytes.count)
        offsets.reserveCapacity(offsets.count + other.count)
        for k in 1..<other.offsets.count { offsets.append(other.offsets[k] + shift) }
    }

    /// `byteCount` as a 32-bit offset.
    ///
    /// - Precondition: `byteCount` ≤ ``StringColumn/maximumBytes`` (see ``StringColumn``).
    @inline(__always)
    private static func offset(_ byteCount: Int) -> UInt32 {
        precondition(byteCount <= StringColumn.maximumBytes, "StringColumnBuilder: a text column over 4 GiB")
        return UInt32(truncatingIfNeeded: byteCount)
    }

    /// Ends the builder.
    public func finish() -> StringColumn {
        StringColumn(bytes: bytes, offsets: offsets, validity: validity?.finish())
    }
}
