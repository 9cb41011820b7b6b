@testable import BrewImport
import Foundation
import Testing
import TestSupport

/// The duplicate-id set (exact and optimistic) and the UUID words it keys on.
@Suite struct IDSetTests {
    /// `count` random UUIDs where about one in `repeatEvery` repeats an earlier one (none when 0).
    static func ids(_ count: Int, repeatEvery: Int, seed: UInt64) -> [UUIDWords] {
        var rng = TestRNG(seed: seed)
        var out: [UUIDWords] = []
        for _ in 0..<count {
            if repeatEvery > 0, !out.isEmpty, rng.next() % UInt64(repeatEvery) == 0 {
                out.append(out[Int(rng.next() % UInt64(out.count))])
            } else {
                out.append(UUIDWords(high: rng.next(), low: rng.next()))
            }
        }
        return out
    }

    /// Sizes around the stage (256) and the growth points (the 1,024-slot start holds 819), reserved or not.
    @Test("An exact set answers like Set", arguments: [0, 1, 255, 256, 257, 819, 820, 5_000])
    func exactAnswersLikeSet(n: Int) {
        for reserve in [0, n] {
            var set = IDSet(check: .exact)
            set.reserve(reserve)
            var reference = Set<UUIDWords>()
            for id in Self.ids(n, repeatEvery: 7, seed: UInt64(n)) {
                let inserted = set.insert(uuid: id)
                #expect(inserted == reference.insert(id).inserted)
            }
            let repeated = set.repeated
            #expect(!repeated)
        }
    }

    @Test("An optimistic set says yes, then tells whether anything repeated", arguments: [1, 255, 256, 257, 5_000])
    func optimisticRepeats(n: Int) {
        for repeatEvery in [0, 50, n] {
            var set = IDSet(check: .optimistic)
            let ids = Self.ids(n, repeatEvery: repeatEvery, seed: UInt64(n + repeatEvery))
            let answers = ids.map { set.insert(uuid: $0) }
            let repeated = set.repeated
            #expect(answers.allSatisfy { $0 })
            #expect(repeated == (Set(ids).count < ids.count), "n \(n), repeat every \(repeatEvery)")
        }
        // A repeat in the last, partial batch, and one that straddles a growth of the table.
        var late = IDSet(check: .optimistic)
        let ids = Self.ids(2_000, repeatEvery: 0, seed: 9)
        for id in ids { _ = late.insert(uuid: id) }
        let before = late.repeated
        _ = late.insert(uuid: ids[3])
        let after = late.repeated
        #expect(!before && after)
    }

    @Test("The zero UUID and ids that are not UUIDs are always answered exactly")
    func zeroAndOthers() {
        for check in [IDSet.Check.exact, .optimistic] {
            var set = IDSet(check: check)
            // Lower-case text is another id (importers canonicalise before asking); upper-case is the UUID.
            let words = UUIDWords(high: 0xDEAD_BEEF_0000_0001, low: 2)
            let answers = [set.insert(uuid: UUIDWords(high: 0, low: 0)), set.insert("00000000-0000-0000-0000-000000000000"),
                           set.insert("brew-1"), set.insert("brew-1"), set.insert(uuid: words),
                           set.insert("deadbeef-0000-0001-0000-000000000002"),
                           set.insert("DEADBEEF-0000-0001-0000-000000000002")]
            let repeated = set.repeated
            #expect(answers == [true, false, true, false, true, true, check == .optimistic])
            #expect(repeated == (check == .optimistic))
        }
    }

    @Test("UUID words from bytes and to text agree with Foundation's UUID")
    func wordsAgreeWithFoundation() {
        var rng = TestRNG(seed: 42)
        let buffer = UUIDTextBuffer()
        for k in 0..<500 {
            let uuid = k == 0 ? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
                : k == 1 ? UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
                : UUID(uuid: (UInt8(truncatingIfNeeded: rng.next()), 0x9A, 0xBC, 0xDE, 0xF0, 0x12, 0x34, 0x56,
                              UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()), 0xA0, 0x0F,
                              UInt8(truncatingIfNeeded: rng.next()), 0x10, 0x09, UInt8(truncatingIfNeeded: rng.next())))
            let words = withUnsafeBytes(of: uuid.uuid) { UUIDWords(bytes: $0) }
            words.write(to: buffer.pointer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == uuid.uuidString)
            var lowercase = true
            var text = uuid.uuidString.lowercased()
            let parsed = text.withUTF8 { UUIDWords(text: $0, lowercase: &lowercase) }
            #expect(parsed == words && lowercase == (text != uuid.uuidString))
        }
    }
}
