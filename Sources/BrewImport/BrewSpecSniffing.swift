/// How ``JournalFormat/sniff(_:)`` tells a BrewSpec document from the other formats by its first bytes.
enum BrewSpecSniffing {
    /// Whether YAML text (anything not starting with `{` or `[`) is a BrewSpec document: its first content line —
    /// after blank lines, `#` comments, a `%YAML` directive and a `---` document start — is a mapping key
    /// (`key:` or `"key":`), and some line starts, at the first column, with the key `brewspec_version` or `brews`.
    ///
    /// A CSV's header row (`brewed_at,method,…`) is never a mapping key, so a CSV is not taken for YAML; a YAML file
    /// that is not BrewSpec stays with the CSV reader, which says what it misses.
    static func isYAMLDocument(_ bytes: ArraySlice<UInt8>) -> Bool {
        var sawContent = false
        var found = false
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var text = line
            if text.last == 0x0D { text = text.dropLast() }
            guard let first = text.first(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            if first == UInt8(ascii: "#") { continue }
            if !sawContent {
                if text.starts(with: "---".utf8) || text.starts(with: "%YAML".utf8) { continue }
                guard keyName(text) != nil else { return false }
                sawContent = true
            }
            if let key = keyName(text), key == "brewspec_version" || key == "brews" { found = true; break }
        }
        return found
    }

    /// Whether JSON (or flow-style YAML) text names the key `brewspec_version`: the word, an optional closing quote,
    /// optional blanks and a colon.
    static func namesVersion(_ text: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: "brewspec_version") {
            var after = rest[range.upperBound...].drop { $0 == "\"" || $0 == "'" }
            after = after.drop { $0 == " " || $0 == "\t" }
            if after.first == ":" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The key of a block-mapping line at the first column (`name:` followed by a blank or the line's end, or the
    /// quoted `"name":`), or `nil` when the line is not one.
    static func keyName(_ line: ArraySlice<UInt8>) -> String? {
        var bytes = line
        var quote: UInt8?
        if let q = bytes.first, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
            quote = q; bytes = bytes.dropFirst()
        }
        let isKeyByte = { (b: UInt8) in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
                || b == UInt8(ascii: "-")
        }
        let name = bytes.prefix(while: isKeyByte)
        guard !name.isEmpty else { return nil }
        var after = bytes.dropFirst(name.count)
        if let quote {
            guard after.first == quote else { return nil }
            after = after.dropFirst()
        }
        guard after.first == UInt8(ascii: ":") else { return nil }
        after = after.dropFirst()
        guard after.isEmpty || after.first == 0x20 || after.first == 0x09 else { return nil }
        return String(decoding: name, as: UTF8.self)
    }
}
