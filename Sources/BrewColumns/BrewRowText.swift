/// A brew's free-text fields as UTF-8 bytes, for ``JournalBuilder/appendBrew(_:text:)``: importers that read a
/// file in place hand these over instead of building a `String` per field.
///
/// Each buffer is borrowed: it must stay valid for the duration of the call it is passed to, and nothing keeps
/// it afterwards. A `nil` field defers to the ``BrewRow``'s value; an empty buffer is the empty string.
public struct BrewRowText {
    /// The brew id's bytes (as the id should be stored, e.g. a canonical upper-case UUID).
    public var id: UnsafeBufferPointer<UInt8>?
    /// The notes' bytes.
    public var notes: UnsafeBufferPointer<UInt8>?
    /// The comma-separated flavour tags' bytes.
    public var flavorTags: UnsafeBufferPointer<UInt8>?
    /// The pressure profile's bytes.
    public var pressureProfile: UnsafeBufferPointer<UInt8>?

    /// Creates a text with the given fields (none by default).
    public init(id: UnsafeBufferPointer<UInt8>? = nil, notes: UnsafeBufferPointer<UInt8>? = nil,
                flavorTags: UnsafeBufferPointer<UInt8>? = nil, pressureProfile: UnsafeBufferPointer<UInt8>? = nil) {
        self.id = id; self.notes = notes; self.flavorTags = flavorTags; self.pressureProfile = pressureProfile
    }
}
