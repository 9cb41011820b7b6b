import BrewColumns
import BrewHashing
/// A shot's validated series: every channel as long as the time axis, time strictly increasing and finite, every
/// value finite.
struct ShotSeries {
    var count: Int
    var channels: [ShotChannel: [Float?]]

    /// Checks `shot`'s raw series and converts them to the samples table's `Float`s.
    ///
    /// Rejected (the reason names the channel and the first sample at fault):
    /// - no time channel, or an empty one (*empty series*); more than ``ShotLimits/maxSamples`` samples;
    /// - a channel whose length differs from the time axis (*channels of different lengths*), except one trailing
    ///   extra sample where the format writes one (``ParsedShot/trailingExtraAllowed``), which is dropped;
    /// - a missing, NaN or infinite time, or a time not later than the one before (*time going backwards*) — compared
    ///   as the `Float` the table stores, so two times closer than its precision (about 8 µs at 100 s) are not two
    ///   samples;
    /// - a NaN or infinite value in any channel (a missing sample is `nil`, not NaN), or one too large for a `Float`
    ///   (beyond ±3.4 × 10³⁸, which no sensor reads: it would be stored as infinite).
    ///
    /// A channel whose samples are all missing is left out (the shot does not record it).
    static func validate(_ shot: ParsedShot) throws(ShotRejection) -> ShotSeries {
        guard let time = shot.series[.time] else {
            throw ShotRejection(ShotChannel.time.name, "empty series: no time axis")
        }
        try ShotRead.checkCount(time.count, ShotChannel.time.name)
        let n = time.count
        var out: [ShotChannel: [Float?]] = [:]
        var previous = -Double.infinity
        var times = [Float?](repeating: nil, count: n)
        for (i, t) in time.enumerated() {
            guard let t else { throw ShotRejection(ShotChannel.time.name, "sample \(i + 1) has no time") }
            guard t.isFinite, Float(t).isFinite else {
                throw ShotRejection(ShotChannel.time.name,
                    "sample \(i + 1)'s time is \(t), not a finite number a shot can hold")
            }
            guard t > previous, i == 0 || Float(t) > times[i - 1]! else {
                throw ShotRejection(ShotChannel.time.name,
                    "time goes backwards at sample \(i + 1): \(t) s after \(previous) s")
            }
            previous = t
            times[i] = Float(t)
        }
        out[.time] = times
        for channel in ShotChannel.allCases where channel != .time {
            guard let values = shot.series[channel] else { continue }
            var count = values.count
            if count == n + 1 && shot.trailingExtraAllowed { count = n }
            guard count == n else {
                throw ShotRejection(channel.name,
                                    "channels of different lengths: \(channel.name) " +
                                        "has \(values.count) samples, the time axis \(n)")
            }
            var floats = [Float?](repeating: nil, count: n)
            var any = false
            for i in 0 ..< n {
                guard let v = values[i] else { continue }
                guard v.isFinite, Float(v).isFinite else {
                    throw ShotRejection(channel.name, "sample \(i + 1) is \(v), not a finite number a sensor reads")
                }
                floats[i] = Float(v)
                any = true
            }
            if any { out[channel] = floats }
        }
        return ShotSeries(count: n, channels: out)
    }

    /// The sample rate, Hz: (samples − 1) ÷ (last time − first time); `nil` for a single sample.
    var sampleRate: Double? {
        guard count > 1, let t = channels[.time], let a = t.first ?? nil, let b = t.last ?? nil, b > a else {
            return nil
        }
        return Double(count - 1) / Double(b - a)
    }

    /// The last present value of `channel`, or `nil`.
    func last(_ channel: ShotChannel) -> Double? {
        channels[channel]?.last(where: { $0 != nil }).flatMap { $0.map(Double.init) }
    }

    /// A 64-bit FNV-1a fingerprint of the series as a person would compare two copies of it: time in ms and the
    /// first of pressure, weight, flow present in hundredths, each rounded. Two files of the same shot (a
    /// machine's log and an export or mirror of it) give the same fingerprint; the brew's id is derived from it.
    var fingerprint: UInt64 {
        var h = FNV1a()
        func mix(_ v: Int64) { h.combine(littleEndian: UInt64(bitPattern: v)) }
        mix(Int64(count))
        let key = [ShotChannel.pressure, .weight, .flow].first { channels[$0] != nil }
        mix(Int64(key?.rawValue ?? -1))
        let times = channels[.time] ?? []
        let values = key.flatMap { channels[$0] } ?? []
        for i in 0 ..< count {
            mix(Self.rounded(Double(times[i] ?? 0) * 1000))
            if !values.isEmpty { mix(values[i].map { Self.rounded(Double($0) * 100) } ?? Int64.min) }
        }
        return h.value
    }

    /// `v` rounded to the nearest integer, clamped to `Int64`'s range: a `Float` sample can be far beyond any real
    /// reading (10³¹ bar is a finite `Float`), and its hundredths beyond `Int64`. NaN (never stored) reads 0.
    static func rounded(_ v: Double) -> Int64 {
        let r = v.rounded()
        if r.isNaN { return 0 }
        if r >= 0x1p63 { return .max }
        if r < -0x1p63 { return .min }
        return Int64(r)
    }
}
