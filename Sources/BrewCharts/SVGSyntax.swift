/// The number, colour, text and path-data syntax of brewstats' SVG writer (``SVGBackend``).
///
/// **Numbers.** Coordinates and lengths are rounded to hundredths of a point (0.01 pt, a fiftieth of a pixel at the
/// PNG's scale of 2, below anything the eye or an anti-aliased edge shows) and kept as integers of hundredths while
/// a path is written, so relative coordinates are differences of rounded values and never drift. They are printed
/// with the fewest characters that state the rounded value: no trailing zeros, no leading zero (`.5`, `-.25`), no
/// point for whole numbers. A non-finite value has no hundredths (`nil`): the element that carries it is not drawn.
///
/// **Path data.** Each segment is written absolute or relative, whichever is shorter (ties: absolute); straight
/// segments along an axis use `H`/`V`; a command letter that repeats the previous one is left out; numbers are
/// separated by a space, or by nothing before a minus sign.
enum SVGSyntax {
    /// `value` in hundredths, or `nil` when it is not finite. Magnitudes are capped at 10⁹ pt (a canvas is at most
    /// 20,000 pt wide; anything farther is off the canvas either way).
    @inline(__always)
    static func hundredths(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int((min(max(value, -1e9), 1e9) * 100).rounded())
    }

    /// Appends `n` hundredths as the shortest decimal: `1250` → `12.5`, `-50` → `-.5`, `0` → `0`.
    static func append(hundredths n: Int, to out: inout [UInt8]) {
        if n == 0 { out.append(zero); return }
        if n < 0 { out.append(minus) }
        let magnitude = n.magnitude
        let whole = magnitude / 100, fraction = Int(magnitude % 100)
        if whole > 0 { appendDigits(whole, to: &out) }
        guard fraction > 0 else { return }
        out.append(point)
        out.append(zero + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.append(zero + UInt8(fraction % 10)) }
    }

    /// The number of bytes ``append(hundredths:to:)`` writes for `n`.
    static func length(hundredths n: Int) -> Int {
        if n == 0 { return 1 }
        let magnitude = n.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        var count = n < 0 ? 1 : 0
        if whole > 0 { count += digitCount(whole) }
        if fraction > 0 { count += fraction % 10 == 0 ? 2 : 3 }
        return count
    }

    /// Appends `value` (a length in points) rounded to hundredths; non-finite values print as `0`.
    static func append(_ value: Double, to out: inout [UInt8]) {
        append(hundredths: hundredths(value) ?? 0, to: &out)
    }

    /// `value` rounded to hundredths, as text.
    static func text(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A colour's red, green and blue as `#rgb` when each byte repeats its digit, else `#rrggbb`; each component is
    /// clamped to 0…1 and rounded to the nearest of 256 levels (as ``Color/description`` does).
    static func hex(_ color: Color) -> String {
        // Called for every element's style: bytes in a fixed buffer, no array or `Character` per call.
        func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        let r = channel(color.red), g = channel(color.green), b = channel(color.blue)
        let short = r >> 4 == r & 15 && g >> 4 == g & 15 && b >> 4 == b & 15
        return String(unsafeUninitializedCapacity: 7) { out in
            let digits = hexDigits
            out[0] = UInt8(ascii: "#")
            var k = 1
            for v in [r, g, b] {
                if !short { out[k] = digits[v >> 4]; k += 1 }
                out[k] = digits[v & 15]; k += 1
            }
            return k
        }
    }

    /// The digits of ``hex(_:)``, as UTF-8.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// An opacity (0…1) to three decimals, shortest form (`0.875` → `.875`, `0.9` → `.9`).
    static func opacity(_ alpha: Double) -> String {
        let thousandths = Int((min(max(alpha.isFinite ? alpha : 1, 0), 1) * 1000).rounded())
        if thousandths == 1000 { return "1" }
        if thousandths == 0 { return "0" }
        var digits = String(thousandths)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    /// Appends `string` as XML character data (`&`, `<`, `>` escaped, and `"` when `attribute`). Characters XML 1.0
    /// does not allow (control characters other than tab, line feed and carriage return; U+FFFE, U+FFFF) become
    /// U+FFFD, so any chart text gives a well-formed document.
    static func appendEscaped(_ string: String, to out: inout [UInt8], attribute: Bool = false) {
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22 where attribute: out.append(contentsOf: "&quot;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(UInt8(scalar.value))
            case 0x00..<0x20, 0xFFFE, 0xFFFF: out.append(contentsOf: "\u{FFFD}".utf8)
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether `string` has whitespace SVG would collapse (leading, trailing, doubled, or other than spaces), so
    /// its `<text>` needs `xml:space="preserve"` to keep the spacing cairo draws.
    static func needsPreservedSpace(_ string: String) -> Bool {
        var previousSpace = true
        for scalar in string.unicodeScalars {
            let space = scalar == " "
            if scalar == "\t" || scalar == "\n" || scalar == "\r" || (space && previousSpace) { return true }
            previousSpace = space
        }
        return previousSpace
    }

    /// Appends the path data of `path`; `false` (and nothing appended) when a coordinate is not finite.
    static func appendPathData(_ path: Path, to out: inout [UInt8]) -> Bool {
        var writer = PathDataWriter()
        for element in path.elements {
            switch element {
            case .move(let p):
                guard let x = hundredths(p.x), let y = hundredths(p.y) else { return false }
                writer.move(x, y)
            case .line(let p):
                guard let x = hundredths(p.x), let y = hundredths(p.y) else { return false }
                writer.line(x, y)
            case .curve(let a, let b, let c):
                guard let x1 = hundredths(a.x), let y1 = hundredths(a.y), let x2 = hundredths(b.x),
                    let y2 = hundredths(b.y),
                      let x = hundredths(c.x), let y = hundredths(c.y) else { return false }
                writer.curve(x1, y1, x2, y2, x, y)
            case .close:
                writer.close()
            }
        }
        out.append(contentsOf: writer.bytes)
        return true
    }

    /// Writes one path's data, keeping the current point and the sub-path's start (both in hundredths).
    private struct PathDataWriter {
        var bytes: [UInt8] = []
        var x = 0, y = 0, startX = 0, startY = 0
        var previous: UInt8 = 0

        mutating func move(_ nx: Int, _ ny: Int) {
            // A letter is always written: a repeated M would mean L.
            previous = 0
            segment(UInt8(ascii: "M"), [nx, ny], [nx - x, ny - y])
            (x, y, startX, startY) = (nx, ny, nx, ny)
        }

        mutating func line(_ nx: Int, _ ny: Int) {
            if ny == y, nx != x {
                segment(UInt8(ascii: "H"), [nx], [nx - x])
            } else if nx == x, ny != y {
                segment(UInt8(ascii: "V"), [ny], [ny - y])
            } else {
                segment(UInt8(ascii: "L"), [nx, ny], [nx - x, ny - y])
            }
            (x, y) = (nx, ny)
        }

        mutating func curve(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ nx: Int, _ ny: Int) {
            segment(UInt8(ascii: "C"), [x1, y1, x2, y2, nx, ny], [x1 - x, y1 - y, x2 - x, y2 - y, nx - x, ny - y])
            (x, y) = (nx, ny)
        }

        mutating func close() {
            bytes.append(UInt8(ascii: "Z"))
            previous = UInt8(ascii: "Z")
            (x, y) = (startX, startY)
        }

        /// Writes the absolute form (upper-case `letter`) or the relative one (lower case), whichever is shorter.
        private mutating func segment(_ letter: UInt8, _ absolute: [Int], _ relative: [Int]) {
            let lower = letter | 0x20
            let relativeShorter = cost(lower, relative) < cost(letter, absolute)
            let command = relativeShorter ? lower : letter
            let numbers = relativeShorter ? relative : absolute
            var first = true
            if command == previous, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
                first = false
            } else {
                bytes.append(command)
            }
            for n in numbers {
                if !first, n >= 0 { bytes.append(space) }
                SVGSyntax.append(hundredths: n, to: &bytes)
                first = false
            }
            previous = command
        }

        private func cost(_ command: UInt8, _ numbers: [Int]) -> Int {
            var total = command == previous ? 0 : 1
            for (i, n) in numbers.enumerated() {
                total += SVGSyntax.length(hundredths: n) + (n >= 0 && (i > 0 || command == previous) ? 1 : 0)
            }
            return total
        }
    }

    private static let zero = UInt8(ascii: "0"), minus = UInt8(ascii: "-"), point = UInt8(ascii: ".")
    private static let space = UInt8(ascii: " ")

    private static func appendDigits(_ value: UInt, to out: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &out) }
        out.append(zero + UInt8(value % 10))
    }

    private static func digitCount(_ value: UInt) -> Int {
        var count = 1, rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }
}
