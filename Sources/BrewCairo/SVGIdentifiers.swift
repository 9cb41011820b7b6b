/// Renumbers the element ids in cairo's SVG output so that equal drawings give equal bytes.
///
/// cairo names some definitions after process-wide counters (`surface17`, `image4`, …), so the second
/// chart drawn in a process gets different ids from the first. Every id defined with `id="…"` is renamed to
/// its alphabetic prefix followed by a per-prefix counter in order of definition (`surface17` → `surface1`,
/// `glyph0-3` → `glyph1`), and each reference (`href="#…"`, `url(#…)`) is rewritten to match. References
/// to ids that are never defined are left untouched.
///
/// Definitions are `id="` preceded by a space (or at the very start); in the rewrite, every `id="` and every
/// `#` after `"` or `(` starts a name (up to the next `"` or `)`), renamed when it is a defined id. Bytes between
/// names are copied in runs: a chart's SVG is mostly path data, and copying it byte by byte took a tenth of a
/// report's CPU time (`perf`, a 1,000-brew report's 45 SVGs).
enum SVGIdentifiers {
    /// Returns `svg` with its ids renumbered; input without ids is returned unchanged.
    static func normalised(_ svg: [UInt8]) -> [UInt8] {
        svg.withUnsafeBufferPointer { bytes in
            let mapping = definitions(bytes)
            if mapping.isEmpty { return svg }
            return rewritten(bytes, mapping)
        }
    }

    private static let quote = UInt8(ascii: "\""), paren = UInt8(ascii: "("), closeParen = UInt8(ascii: ")")
    private static let hash = UInt8(ascii: "#"), space = UInt8(ascii: " "), i = UInt8(ascii: "i")

    /// Whether `id="` starts at `index` (the caller checked `bytes[index] == "i"` and that four bytes fit).
    @inline(__always)
    private static func isIdMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        bytes[index + 1] == UInt8(ascii: "d") && bytes[index + 2] == UInt8(ascii: "=") && bytes[index + 3] == quote
    }

    /// Pass 1: every id defined (`id="…"` at the start or after a space), in order, with its new name.
    private static func definitions(_ bytes: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>: [UInt8]] {
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        let count = bytes.count
        var index = 0
        while index + 4 < count {
            guard bytes[index] == i, isIdMarker(bytes, index), index == 0 || bytes[index - 1] == space else {
                index += 1
                continue
            }
            let start = index + 4
            var end = start
            while end < count, bytes[end] != quote { end += 1 }
            let name = ArraySlice(bytes[start..<end])
            if mapping[name] == nil {
                var prefixEnd = start
                while prefixEnd < end, isLetter(bytes[prefixEnd]) { prefixEnd += 1 }
                let prefix = ArraySlice(bytes[start..<prefixEnd])
                let next = (counters[prefix] ?? 0) + 1
                counters[prefix] = next
                mapping[name] = Array(prefix) + Array(String(next).utf8)
            }
            index = end
        }
        return mapping
    }

    /// Pass 2: the bytes with definitions (`id="`) and references (`"#`, `(#`) renamed.
    private static func rewritten(
        _ bytes: UnsafeBufferPointer<UInt8>, _ mapping: [ArraySlice<UInt8>: [UInt8]]
    ) -> [UInt8] {
        let count = bytes.count
        var output: [UInt8] = []
        output.reserveCapacity(count + count / 16)
        var copied = 0  // bytes[..<copied] are in `output`
        var index = 0
        while index < count {
            let byte = bytes[index]
            let nameStart: Int
            if byte == i, index + 4 <= count, isIdMarker(bytes, index) {
                nameStart = index + 4
            } else if byte == hash, index > 0, bytes[index - 1] == quote || bytes[index - 1] == paren {
                nameStart = index + 1
            } else {
                index += 1
                continue
            }
            var end = nameStart
            while end < count, bytes[end] != quote, bytes[end] != closeParen { end += 1 }
            if let renamed = mapping[ArraySlice(bytes[nameStart..<end])] {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<nameStart]))
                output.append(contentsOf: renamed)
                copied = end
            }
            index = end
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
        return output
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
