import Foundation

/// A strict parser for the HTML pages brewstats writes, so tests check their structure instead of counting tags.
///
/// Stricter than a browser on purpose: every element except the void ones (`img`, `meta`, `br`, …) must be
/// closed explicitly and in order (no implied `</p>`, `</li>` or `</body>`); attribute values must be quoted
/// and hold no `<`; an attribute may not repeat; `&` must start a known character reference in text and in
/// attribute values; `<` in text must start a tag; `style` and `script` are raw text up to their end tag;
/// the page is `<!DOCTYPE html>` then one `html` element. Character references are decoded in the tree.
struct StrictHTML {
    /// An element of the parsed page.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        let line: Int
        init(name: String, attributes: [String: String], line: Int) { self.name = name; self.attributes = attributes; self.line = line }

        /// The text content of the element and its descendants.
        var text: String {
            children.map { node in
                switch node {
                case let .text(t): t
                case let .element(e): e.text
                }
            }.joined()
        }

        /// Every descendant element named `name`, in document order.
        func all(_ name: String) -> [Element] {
            var out: [Element] = []
            for case let .element(e) in children {
                if e.name == name { out.append(e) }
                out += e.all(name)
            }
            return out
        }
    }

    enum Node {
        case text(String)
        case element(Element)
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "line \(line): \(message)" }
    }

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                            "source", "track", "wbr"]
    static let rawTextElements: Set<String> = ["style", "script"]
    static let namedReferences: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    /// The root `html` element.
    let root: Element

    /// Parses `source`.
    ///
    /// - Throws: ``ParseError`` at the first violation.
    init(_ source: String) throws {
        var p = Parser(Array(source.unicodeScalars))
        root = try p.document()
    }

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1

        init(_ s: [Unicode.Scalar]) { self.s = s }

        func fail(_ message: String) -> ParseError { ParseError(line: line, message: message) }

        func starts(with text: String, caseInsensitive: Bool = false) -> Bool {
            let t = Array(text.unicodeScalars)
            guard i + t.count <= s.count else { return false }
            for k in 0..<t.count {
                let a = s[i + k], b = t[k]
                if caseInsensitive ? String(a).lowercased() != String(b).lowercased() : a != b { return false }
            }
            return true
        }

        mutating func advance(_ n: Int = 1) {
            for _ in 0..<n where i < s.count {
                if s[i] == "\n" { line += 1 }
                i += 1
            }
        }

        mutating func skipSpace() {
            while i < s.count, s[i].properties.isWhitespace { advance() }
        }

        mutating func document() throws -> Element {
            if s.first == "\u{FEFF}" { throw fail("byte order mark") }
            guard starts(with: "<!DOCTYPE html>", caseInsensitive: true) else { throw fail("no <!DOCTYPE html> at the start") }
            advance(15)
            let top = Element(name: "#document", attributes: [:], line: 1)
            try content(of: top)
            let elements = top.children.compactMap { node -> Element? in if case let .element(e) = node { e } else { nil } }
            for case let .text(t) in top.children where !t.allSatisfy(\.isWhitespace) {
                throw fail("text outside <html>: \(t.prefix(40))")
            }
            guard elements.count == 1, let html = elements.first, html.name == "html" else {
                throw fail("the document must hold exactly one <html> element, found \(elements.map(\.name))")
            }
            var ids = Set<String>()
            for e in [html] + Self.descendants(html) {
                if let id = e.attributes["id"], !ids.insert(id).inserted { throw ParseError(line: e.line, message: "id '\(id)' repeats") }
            }
            return html
        }

        static func descendants(_ e: Element) -> [Element] {
            e.children.flatMap { node -> [Element] in if case let .element(c) = node { [c] + descendants(c) } else { [] } }
        }

        /// Parses children into `parent` until its end tag (or the end of input for the document).
        mutating func content(of parent: Element) throws {
            var text = ""
            func flush() { if !text.isEmpty { parent.children.append(.text(text)); text = "" } }
            while i < s.count {
                let c = s[i]
                if c == "<" {
                    if starts(with: "<!--") {
                        flush()
                        guard let end = find("-->", from: i + 4) else { throw fail("unterminated comment") }
                        advance(end + 3 - i)
                    } else if starts(with: "</") {
                        flush()
                        advance(2)
                        let name = try tagName()
                        skipSpace()
                        guard i < s.count, s[i] == ">" else { throw fail("malformed end tag </\(name)") }
                        advance()
                        guard name == parent.name else {
                            throw fail("</\(name)> closes <\(parent.name)> (opened on line \(parent.line))")
                        }
                        return
                    } else {
                        flush()
                        parent.children.append(.element(try element()))
                    }
                } else if c == "&" {
                    text += try reference()
                } else {
                    text.unicodeScalars.append(c)
                    advance()
                }
            }
            flush()
            if parent.name != "#document" { throw fail("<\(parent.name)> opened on line \(parent.line) is never closed") }
        }

        mutating func element() throws -> Element {
            let startLine = line
            advance()  // <
            let name = try tagName()
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                let hadSpace = i < s.count && s[i].properties.isWhitespace
                skipSpace()
                guard i < s.count else { throw fail("unterminated <\(name)") }
                if s[i] == ">" { advance(); break }
                if starts(with: "/>") { selfClosing = true; advance(2); break }
                guard hadSpace else { throw fail("attributes of <\(name)> must be separated by spaces") }
                let attr = try attributeName()
                var value = ""
                skipSpace()
                if i < s.count, s[i] == "=" {
                    advance()
                    skipSpace()
                    guard i < s.count, s[i] == "\"" || s[i] == "'" else { throw fail("unquoted value of \(attr) in <\(name)>") }
                    let quote = s[i]
                    advance()
                    while i < s.count, s[i] != quote {
                        if s[i] == "<" { throw fail("raw < in the value of \(attr) in <\(name)>") }
                        if s[i] == "&" { value += try reference() } else { value.unicodeScalars.append(s[i]); advance() }
                    }
                    guard i < s.count else { throw fail("unterminated value of \(attr) in <\(name)>") }
                    advance()
                }
                guard attributes.updateValue(value, forKey: attr) == nil else { throw fail("attribute \(attr) repeats in <\(name)>") }
            }
            let e = Element(name: name, attributes: attributes, line: startLine)
            if StrictHTML.voidElements.contains(name) { return e }
            if selfClosing { throw fail("<\(name)/> is not a void element") }
            if StrictHTML.rawTextElements.contains(name) {
                guard let end = find("</\(name)>", from: i) else { throw fail("<\(name)> is never closed") }
                let body = String(String.UnicodeScalarView(s[i..<end]))
                e.children.append(.text(body))
                advance(end - i + name.unicodeScalars.count + 3)
                return e
            }
            try content(of: e)
            return e
        }

        mutating func tagName() throws -> String {
            var name = ""
            while i < s.count, ("a"..."z").contains(s[i]) || ("0"..."9").contains(s[i]) {
                name.unicodeScalars.append(s[i]); advance()
            }
            guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { throw fail("bad tag name near '\(context)'") }
            return name
        }

        /// An attribute name: lower-case letters, digits and `-`, plus capitals for the camel-case attributes of
        /// inline SVG (`viewBox`, `preserveAspectRatio`), kept as written.
        mutating func attributeName() throws -> String {
            var name = ""
            while i < s.count, ("a"..."z").contains(s[i]) || ("A"..."Z").contains(s[i]) || ("0"..."9").contains(s[i]) || s[i] == "-" {
                name.unicodeScalars.append(s[i]); advance()
            }
            guard !name.isEmpty else { throw fail("bad attribute near '\(context)'") }
            return name
        }

        /// A character reference at `&`, decoded.
        mutating func reference() throws -> String {
            guard let semicolon = find(";", from: i + 1), semicolon - i <= 10 else { throw fail("raw & near '\(context)'") }
            let body = String(String.UnicodeScalarView(s[(i + 1)..<semicolon]))
            var out: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                out = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if body.hasPrefix("#") {
                out = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                out = StrictHTML.namedReferences[body]
            }
            guard let out else { throw fail("unknown character reference &\(body);") }
            advance(semicolon + 1 - i)
            return out
        }

        func find(_ text: String, from start: Int) -> Int? {
            let t = Array(text.unicodeScalars)
            var k = start
            while k + t.count <= s.count {
                if Array(s[k..<(k + t.count)]) == t { return k }
                k += 1
            }
            return nil
        }

        var context: String { String(String.UnicodeScalarView(s[i..<min(s.count, i + 30)])) }
    }
}

extension StrictHTML {
    /// Every `src`, `href`, `data` and `srcset` value pointing at a file (no fragments, no `scheme:`), percent-decoded
    /// (our pages give one file per `srcset`).
    var fileReferences: [String] {
        ([root] + Parser.descendants(root)).flatMap { e in
            ["src", "href", "data", "srcset"].compactMap { e.attributes[$0] }
        }.filter { !$0.hasPrefix("#") && !$0.contains(":") }.map { $0.removingPercentEncoding ?? $0 }
    }

    /// The `src` of every `img`, percent-decoded.
    var images: [String] {
        root.all("img").compactMap { $0.attributes["src"] }.map { $0.removingPercentEncoding ?? $0 }
    }
}

extension StrictHTML {
    /// The `id` of every element.
    var ids: Set<String> {
        Set(([root] + Parser.descendants(root)).compactMap { $0.attributes["id"] })
    }

    /// The fragment of every in-page link (`href="#x"` → `x`), percent-decoded.
    var fragmentLinks: [String] {
        ([root] + Parser.descendants(root)).compactMap { $0.attributes["href"] }
            .filter { $0.hasPrefix("#") }.map { String($0.dropFirst()).removingPercentEncoding ?? String($0.dropFirst()) }
    }
}
