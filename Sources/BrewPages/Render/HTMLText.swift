import Foundation

/// Text for HTML: every user string goes through ``escape(_:)``; relative paths through ``href(_:)``.
enum HTMLText {
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

    /// A file name or relative path as a URL path: each component percent-encoded where a URL needs it
    /// (`#`, `?`, `%`, spaces), so a file name is never read as a fragment or query. A fragment (`#id`) is kept.
    static func href(_ path: String) -> String {
        if path.hasPrefix("#") {
            return "#" + (String(path.dropFirst()).addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            String(part).addingPercentEncoding(withAllowedCharacters: allowed) ?? String(part)
        }.joined(separator: "/")
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    /// Inline text as HTML.
    static func inline(_ text: Text) -> String {
        text.runs.map { run in
            switch run {
            case .plain(let s): escape(s)
            case .strong(let s): "<strong>\(escape(s))</strong>"
            case .muted(let s): "<span class=\"muted\">\(escape(s))</span>"
            case .link(let s, let href): "<a href=\"\(escape(Self.href(href)))\">\(escape(s))</a>"
            case .lineBreak: "<br>"
            }
        }.joined()
    }
}
