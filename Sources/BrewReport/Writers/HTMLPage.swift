/// The skeleton every report page shares: the document head (charset, phone viewport, generator, title, one inline
/// style sheet), the page header (eyebrow, heading, subtitle) around the page's own `<main>`, and the footer.
///
/// Every argument is HTML already: the pages escape user strings with ``HTML/escape(_:)`` before they get here
/// (an eyebrow may hold a link, which is why nothing is escaped again). The pages differ only in what they pass.
enum HTMLPage {
    /// The page from `<!DOCTYPE html>` to the opening `<main>` (no line break after it).
    ///
    /// - Parameters:
    ///   - title: The `<title>` text.
    ///   - css: The whole style sheet, inlined so the page needs no other file to look right.
    ///   - eyebrow: The small line above the heading (what the page belongs to).
    ///   - heading: The `<h1>`.
    ///   - sub: The line under the heading.
    static func start(title: String, css: String, eyebrow: String, heading: String, sub: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="brewstats">
        <title>\(title)</title>
        <style>\(css)</style>
        </head>
        <body>
        <header>
        <p class="eyebrow">\(eyebrow)</p>
        <h1>\(heading)</h1>
        <p class="sub">\(sub)</p>
        </header>
        <main>
        """
    }

    /// The page from the closing `</main>` to the end: the footer with `footer` (HTML) and a final line break.
    static func end(footer: String) -> String {
        """
        </main>
        <footer>\(footer)</footer>
        </body>
        </html>

        """
    }
}
