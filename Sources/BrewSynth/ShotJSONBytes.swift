/// A minimal JSON text builder for the shot writers: objects and arrays with commas placed automatically,
/// numbers in their shortest form (``SynthFormat/appendNumber(_:to:)``), strings escaped. No `String` is built
/// per value.
struct ShotJSONBytes {
    private(set) var out: [UInt8] = []
    /// Per open container: whether the next member is its first.
    private var first: [Bool] = []
    private var afterKey = false

    init(capacity: Int = 1 << 14) { out.reserveCapacity(capacity) }

    private mutating func separate() {
        if afterKey { afterKey = false; return }
        if let isFirst = first.last {
            if !isFirst { out.append(0x2C) }
            first[first.count - 1] = false
        }
    }

    mutating func beginObject() { separate(); out.append(0x7B); first.append(true) }
    mutating func endObject() { out.append(0x7D); first.removeLast() }
    mutating func beginArray() { separate(); out.append(0x5B); first.append(true) }
    mutating func endArray() { out.append(0x5D); first.removeLast() }
    /// A line break between members, for files people open (no effect on parsers).
    mutating func newline() { out.append(0x0A) }

    mutating func key(_ k: String) {
        separate()
        JSONObject.appendString(k, to: &out)
        out.append(0x3A)
        afterKey = true
    }

    mutating func string(_ s: String) { separate(); JSONObject.appendString(s, to: &out) }
    mutating func number(_ x: Double) { separate(); SynthFormat.appendNumber(x, to: &out) }
    mutating func int(_ n: Int64) { separate(); SynthFormat.appendInt(n, to: &out) }
    mutating func bool(_ b: Bool) { separate(); out.append(contentsOf: (b ? "true" : "false").utf8) }

    /// `"key": number`.
    mutating func member(_ k: String, _ x: Double) { key(k); number(x) }
    /// `"key": "text"`.
    mutating func member(_ k: String, _ s: String) { key(k); string(s) }
    /// `"key": integer`.
    mutating func member(_ k: String, int n: Int64) { key(k); int(n) }

    /// `"key": [numbers]`, or `"key": ["numbers"]` as Decent writes them (every number a string).
    mutating func array(_ k: String, _ values: [Double], asStrings: Bool = false) {
        key(k)
        beginArray()
        for v in values {
            if asStrings { string(SynthFormat.number(v)) } else { number(v) }
        }
        endArray()
    }
}
