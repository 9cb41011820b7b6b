import BrewColumns

/// The time series of many shots, stored the Arrow way: a list array per channel sharing one offsets array.
///
/// Shot `i`'s samples are the slots `offsets[i] ..< offsets[i + 1]` of every channel column; `offsets` has
/// `shotCount + 1` entries, starts at 0 and never decreases (Arrow's `List<Float32>` layout, with the offsets
/// buffer shared by the channels). A channel a shot's format or hardware does not record (no scale, no flow
/// sensor) is absent for that shot: ``channels(of:)`` does not contain it and its slots are null. A sample the
/// source left empty (a scale that dropped out for a moment) is a null slot inside a present channel. Values are
/// `Float32`: a shot's sensors resolve far less than 7 significant digits, and 10,000 shots of ~400 samples with
/// all ten channels take about 160 MB (half of `Double`).
public struct ShotSamples: Sendable {
    /// `shotCount + 1` sample offsets; shot `i` spans `offsets[i] ..< offsets[i + 1]`.
    public let offsets: [Int32]
    /// One column per ``ShotChannel`` (indexed by `rawValue`), each `offsets.last` slots long.
    public let columns: [PrimitiveColumn<Float>]
    /// The channels each shot records (index = shot).
    public let present: [ShotChannelSet]

    /// The number of shots.
    public var shotCount: Int { offsets.count - 1 }

    /// The number of samples over all shots.
    public var sampleCount: Int { Int(offsets.last ?? 0) }

    /// Shot `shot`'s sample slots.
    public func range(of shot: Int) -> Range<Int> { Int(offsets[shot]) ..< Int(offsets[shot + 1]) }

    /// The channels shot `shot` records.
    public func channels(of shot: Int) -> ShotChannelSet { present[shot] }

    /// The column of `channel` (all shots).
    public func column(_ channel: ShotChannel) -> PrimitiveColumn<Float> { columns[channel.rawValue] }

    /// Shot `shot`'s values of `channel`, nulls as `nil`; empty when the shot does not record the channel.
    public func values(_ channel: ShotChannel, of shot: Int) -> [Float?] {
        guard present[shot].has(channel) else { return [] }
        let column = columns[channel.rawValue]
        return range(of: shot).map { column.isValid($0) ? column.values[$0] : nil }
    }

    /// An empty table.
    public static let empty = ShotSamples(offsets: [0], columns: ShotChannel.allCases.map { _ in
        PrimitiveColumn<Float>(values: [], validity: nil)
    }, present: [])

    init(offsets: [Int32], columns: [PrimitiveColumn<Float>], present: [ShotChannelSet]) {
        precondition(offsets.count == present.count + 1, "ShotSamples: one offsets entry per shot plus one")
        precondition(columns.count == ShotChannel.allCases.count, "ShotSamples: one column per channel")
        self.offsets = offsets
        self.columns = columns
        self.present = present
    }
}

/// Builds a ``ShotSamples`` one shot at a time.
///
/// ```swift
/// var builder = ShotSamplesBuilder()
/// builder.appendShot(count: 3, channels: [.time: [0, 0.2, 0.4], .pressure: [0, 1.5, 3.0]])
/// let samples = try builder.finish()
/// ```
public struct ShotSamplesBuilder: Sendable {
    private var offsets: [Int32] = [0]
    /// Per channel (indexed by `rawValue`): every slot's value, a null slot holding `Float.nullPlaceholder`.
    private var values: [[Float]]
    /// Per channel: the validity bits, slot `s` valid when bit `s & 63` of word `s >> 6` is set (``Bitmap``'s
    /// layout); `(slots + 63) / 64` words. Written a shot at a time, without a call per sample into the column
    /// builder; ``finish()`` hands both to ``PrimitiveColumn``, which drops a bitmap without a null.
    private var validity: [[UInt64]]
    private var present: [ShotChannelSet] = []

    public init(minimumSamples: Int = 0) {
        values = ShotChannel.allCases.map { _ in
            var v: [Float] = []
            v.reserveCapacity(minimumSamples)
            return v
        }
        validity = ShotChannel.allCases.map { _ in
            var w: [UInt64] = []
            w.reserveCapacity((minimumSamples + 63) >> 6)
            return w
        }
    }

    /// The number of shots appended so far.
    public var shotCount: Int { present.count }

    /// The number of samples appended so far.
    public var sampleCount: Int { Int(offsets.last!) }

    /// Appends one shot of `count` samples.
    ///
    /// Each array in `channels` must hold exactly `count` values (`nil` = a missing sample); a channel not in the
    /// dictionary is absent for this shot. `.time` must be present. Validation of the series (lengths, time
    /// order, finite values, size limits) is the importer's job, before it calls this.
    ///
    /// - Precondition: every array has `count` entries, and the total stays below `Int32.max` samples.
    public mutating func appendShot(count: Int, channels: [ShotChannel: [Float?]]) {
        precondition(channels[.time] != nil, "ShotSamplesBuilder: a shot needs its time channel")
        precondition(Int(offsets.last!) + count < Int(Int32.max), "ShotSamplesBuilder: too many samples")
        var set = ShotChannelSet()
        let base = Int(offsets.last!)
        let words = (base + count + 63) >> 6
        for channel in ShotChannel.allCases {
            let c = channel.rawValue
            let more = words - validity[c].count
            if more > 0 { validity[c].append(contentsOf: repeatElement(0, count: more)) }
            guard let series = channels[channel] else {
                values[c].append(contentsOf: repeatElement(Float.nullPlaceholder, count: count))
                continue
            }
            precondition(series.count == count,
                "ShotSamplesBuilder: \(channel.name) has \(series.count) of \(count) samples")
            set.insert(ShotChannelSet(channel))
            values[c].append(contentsOf: series.lazy.map { $0 ?? Float.nullPlaceholder })
            validity[c].withUnsafeMutableBufferPointer { bits in
                // SAFETY: `bits` holds `words` words, enough for slots up to `base + count - 1`.
                for (k, value) in series.enumerated() where value != nil {
                    let slot = base + k
                    bits[slot >> 6] |= 1 << UInt64(slot & 63)
                }
            }
        }
        present.append(set)
        offsets.append(offsets.last! + Int32(count))
    }

    /// The finished table.
    public func finish() -> ShotSamples {
        ShotSamples(offsets: offsets, columns: zip(values, validity).map { slots, words in
            PrimitiveColumn(values: slots, validity: Bitmap(words: words, count: slots.count))
        }, present: present)
    }
}
