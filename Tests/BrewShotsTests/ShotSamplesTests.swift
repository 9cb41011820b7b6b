import Testing
@testable import BrewShots

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
}
