/// Minimal, safe HTML building: every user string goes through ``HTML/escape(_:)``.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'` so text is safe both as element content and inside quoted attributes.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }
}
