import BrewHashing
import Testing

/// FNV-1a against the published 64-bit test vectors and a Python transcription of the definition
/// (`h = ((h ^ b) * 0x100000001b3) % 2**64` from 0xcbf29ce484222325).
@Suite struct FNV1aTests {
    @Test func publishedVectors() {
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar") == 0x8594_4171_f739_67e8)
    }

    /// Bytes combined one by one, as a sequence, or as a string's UTF-8 give one hash.
    @Test func byteFormsAgree() {
        var one = FNV1a(), many = FNV1a()
        for b in "foobar".utf8 { one.combine(b) }
        many.combine(bytes: Array("foo".utf8))
        many.combine(bytes: "bar".utf8)
        #expect(one.value == FNV1a.hash("foobar"))
        #expect(many.value == FNV1a.hash("foobar"))
    }

    /// A word's little-endian bytes: the bytes 08 07 … 01 (Python: 0x0c6d4496e17859d5).
    @Test func littleEndianWord() {
        var h = FNV1a()
        h.combine(littleEndian: 0x0102_0304_0506_0708)
        #expect(h.value == 0x0c6d_4496_e178_59d5)
        var bytes = FNV1a()
        bytes.combine(bytes: [8, 7, 6, 5, 4, 3, 2, 1] as [UInt8])
        #expect(h.value == bytes.value)
    }

    /// The word-at-a-time step is one xor and one multiply.
    @Test func wholeWordStep() {
        var h = FNV1a(basis: 5)
        h.combine(word: 3)
        #expect(h.value == (5 ^ 3) &* FNV1a.prime)
    }
}
