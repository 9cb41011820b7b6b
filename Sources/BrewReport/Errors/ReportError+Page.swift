import BrewPages

extension ReportError {
    /// Runs `body`, a page or its charts being written, and maps its ``BrewPages/PageError`` to
    /// ``output(path:reason:)``.
    static func page<T>(_ body: () throws(PageError) -> T) throws(ReportError) -> T {
        do {
            return try body()
        } catch {
            throw .output(path: error.path, reason: error.reason)
        }
    }
}

extension NamedChart {
    /// The chart as a page's request: its stem, caption and spec, at the content width.
    var request: ChartRequest { ChartRequest(stem: stem, title: title, chart: chart) }
}
