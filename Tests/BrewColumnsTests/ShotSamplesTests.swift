import Testing
@testable import BrewColumns

/// The samples table's list layout: offsets, absent channels and missing samples.
@Suite struct ShotSamplesTests {
    @Test func offsetsSpanEachShotAndAbsentChannelsAreEmpty() {
        var builder = ShotSamplesBuilder()
        builder.appendShot(count: 3, channels: [.time: [0, 0.25, 0.5], .pressure: [0, 2, 4]])
        builder.appendShot(count: 2, channels: [.time: [0, 1], .weight: [nil, 1.5]])
        let samples = builder.finish()
        #expect(samples.shotCount == 2)
        #expect(samples.sampleCount == 5)
        #expect(samples.offsets == [0, 3, 5])
        #expect(samples.range(of: 1) == 3 ..< 5)
        #expect(samples.values(.pressure, of: 0) == [0, 2, 4])
        #expect(samples.values(.pressure, of: 1) == [])
        #expect(samples.values(.weight, of: 1) == [nil, 1.5])
        #expect(samples.channels(of: 1) == [ShotChannelSet(.time), ShotChannelSet(.weight)])
        #expect(samples.column(.pressure).nullCount == 2)
    }

    /// Validity across 64-slot word boundaries: shots of 70, 3 and 100 samples, a channel with gaps, one absent
    /// from the middle shot, one never missing.
    @Test func validityAcrossWordBoundaries() {
        var builder = ShotSamplesBuilder()
        let t70 = (0 ..< 70).map { Float($0) as Float? }
        let p70 = (0 ..< 70).map { $0 % 7 == 3 ? nil : Float($0) / 2 as Float? }  // 10 gaps: 3, 10, …, 66
        let t3: [Float?] = [0, 1, 2]
        let t100 = (0 ..< 100).map { Float($0) as Float? }
        let p100 = (0 ..< 100).map { $0 == 63 || $0 == 64 ? nil : Float($0) as Float? }
        builder.appendShot(count: 70, channels: [.time: t70, .pressure: p70])
        builder.appendShot(count: 3, channels: [.time: t3])
        builder.appendShot(count: 100, channels: [.time: t100, .pressure: p100])
        let samples = builder.finish()
        #expect(samples.sampleCount == 173)
        #expect(samples.values(.pressure, of: 0) == p70)
        #expect(samples.values(.pressure, of: 1) == [])
        #expect(samples.values(.pressure, of: 2) == p100)
        #expect(samples.values(.time, of: 2) == t100)
        // 10 gaps + 3 slots of the shot without pressure + 2 gaps.
        #expect(samples.column(.pressure).nullCount == 15)
        #expect(samples.column(.time).nullCount == 0 && samples.column(.time).validity == nil)
        #expect(samples.column(.weight).nullCount == 173)
        let column = samples.column(.pressure)
        #expect(!column.isValid(73 + 63) && !column.isValid(73 + 64) && column.isValid(73 + 65) && column.isValid(72 + 0) == false)
    }
}
