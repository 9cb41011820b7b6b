/// Renumbers the element ids in cairo's SVG output so that equal drawings give equal bytes.
///
/// cairo names some definitions after process-wide counters (`surface17`, `image4`, …), so the second
/// chart drawn in a process gets different ids from the first. Every id defined with `id="…"` is renamed to
/// its alphabetic prefix followed by a per-prefix counter in order of definition (`surface17` → `surface1`,
/// `glyph0-3` → `glyph1`), and each reference (`href="#…"`, `url(#…)`) is rewritten to match. References
/// to ids that are never defined are left untouched.
enum SVGIdentifiers {
    private static let idMarker: [UInt8] = Array(#"id=""#.utf8)

    /// Returns `svg` with its ids renumbered; input without ids is returned unchanged.
    static func normalised(_ svg: [UInt8]) -> [UInt8] {
        // Pass 1: collect definitions in order.
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var index = 0
        let count = svg.count
        while index + idMarker.count < count {
            if svg[index] == UInt8(ascii: "i"), matches(svg, at: index, idMarker),
               index == 0 || svg[index - 1] == UInt8(ascii: " ") {
                let start = index + idMarker.count
                var end = start
                while end < count, svg[end] != UInt8(ascii: "\"") { end += 1 }
                let name = svg[start..<end]
                if mapping[name] == nil {
                    var prefixEnd = start
                    while prefixEnd < end, isLetter(svg[prefixEnd]) { prefixEnd += 1 }
                    let prefix = svg[start..<prefixEnd]
                    let next = (counters[prefix] ?? 0) + 1
                    counters[prefix] = next
                    mapping[name] = Array(prefix) + Array(String(next).utf8)
                }
                index = end
            } else {
                index += 1
            }
        }
        if mapping.isEmpty { return svg }
        // Pass 2: rewrite definitions (`id="`) and references (`"#`, `(#`).
        var output: [UInt8] = []
        output.reserveCapacity(count)
        index = 0
        while index < count {
            let byte = svg[index]
            var nameStart: Int?
            if byte == UInt8(ascii: "i"), index + idMarker.count <= count, matches(svg, at: index, idMarker) {
                output.append(contentsOf: idMarker)
                nameStart = index + idMarker.count
            } else if byte == UInt8(ascii: "#"), index > 0,
                      svg[index - 1] == UInt8(ascii: "\"") || svg[index - 1] == UInt8(ascii: "(") {
                output.append(byte)
                nameStart = index + 1
            }
            guard let start = nameStart else {
                output.append(byte)
                index += 1
                continue
            }
            var end = start
            while end < count, svg[end] != UInt8(ascii: "\""), svg[end] != UInt8(ascii: ")") { end += 1 }
            if let renamed = mapping[svg[start..<end]] {
                output.append(contentsOf: renamed)
            } else {
                output.append(contentsOf: svg[start..<end])
            }
            index = end
        }
        return output
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
