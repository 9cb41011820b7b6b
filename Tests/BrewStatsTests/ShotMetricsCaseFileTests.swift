import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// The hand-computed cases in `Tests/Fixtures/shots/metric-cases.json`, which the benchmark's Python reference
/// (`tools/bench/shots_reference.py --cases …`) checks too: both implementations answer to the same hand-worked
/// numbers, so this test needs no Python.
@Suite struct ShotMetricsCaseFileTests {
    @Test func everyCaseMatchesItsHandComputedNumbers() throws {
        let data = try Data(contentsOf: Repo.fixture("shots/metric-cases.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(root["cases"] as? [[String: Any]])
        #expect(cases.count >= 5)
        var builder = ShotSamplesBuilder()
        var doses: [Double?] = [], yields: [Double?] = []
        for c in cases {
            let raw = try #require(c["channels"] as? [String: [Any]])
            let count = try #require(raw["time_s"]).count
            var channels: [ShotChannel: [Float?]] = [:]
            for channel in ShotChannel.allCases {
                guard let values = raw[channel.name] else { continue }
                channels[channel] = values.map { ($0 as? NSNumber).map(\.floatValue) }
            }
            builder.appendShot(count: count, channels: channels)
            doses.append((c["dose"] as? NSNumber)?.doubleValue)
            yields.append((c["yield"] as? NSNumber)?.doubleValue)
        }
        let metrics = ShotMetrics(builder.finish(), dose: doses, yield: yields)
        for (shot, c) in cases.enumerated() {
            let name = c["name"] as? String ?? "case \(shot)"
            let expected = try #require(c["expected"] as? [String: Any])
            for metric in ShotMetric.allCases {
                let got = metrics.value(metric, of: shot)
                if let want = (expected[metric.name] as? NSNumber)?.doubleValue {
                    #expect(got != nil && isClose(got!, want, relative: 1e-6, absolute: 1e-6), "\(name) \(metric.name): \(String(describing: got)) vs \(want)")
                } else {
                    #expect(got == nil, "\(name) \(metric.name) should be null, is \(String(describing: got))")
                }
            }
            let source: String? = switch metrics.firstDropsSource(of: shot) {
            case .scale: "scale"
            case .pressure: "pressure"
            case nil: nil
            }
            #expect(source == c["first_drops_source"] as? String, "\(name) first drops source")
        }
    }
}
