import BrewPages
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which existing folders brewstats may replace: only the ones it wrote itself.
///
/// Every folder brewstats writes as a whole (a report, a batch journal's report, `combined/`, a comparison) carries a
/// small marker file, ``markerName``. Writing to an output path that already exists replaces it only when
/// it is
/// - a folder holding the marker;
/// - an empty folder (nothing is lost);
/// - a folder from a brewstats version before the marker: every entry a file whose name is one a report or a
///   combined folder writes (the five CSVs, `index.html`, `summary.md`, `report.pdf`, `manifest.json`,
///   `pooled.json`, chart files such as `brews-per-week.svg`, `grind-rating-….png` or `dial-in-….svg`), `index.html`
///   among them; or, for a comparison, exactly its files: `index.html`, `compare.md` and `compare.csv`, and at most the
///   curves' charts `compare….svg`/`.png`/`.pdf` beside them (so a folder holding a user's own `compare.md` is
///   refused).
///
/// Anything else — a file (a journal given as `--out`), a symbolic link, a folder with other files (the current
/// folder, a folder holding the journal) — is refused with ``ReportError/refusedOutput(path:reason:)``.
/// A folder that is or contains one of the `protecting` paths (the input journals) is refused even when brewstats
/// wrote it.
public enum OwnedFolder {
    /// The marker file's name (hidden, so it stays out of the way in listings).
    public static let markerName = ".brewstats-report"

    /// What a folder holds, written into its marker.
    public enum Kind: String, Sendable {
        /// A weekly report (also a batch journal's report).
        case report
        /// A batch's `combined/` folder.
        case combined
        /// The page of `brewstats compare` (`index.html`, `compare.md`, `compare.csv`, the curves' charts).
        case compare
        /// The page of `brewstats backtest` (`index.html`, `backtest.md`, `backtest.pdf`, its CSVs and chart).
        case backtest
    }

    /// The marker's content: one line a person who finds the file can understand.
    static func marker(_ kind: Kind) -> Data {
        let text = "brewstats \(kind.rawValue) folder, format 1. brewstats replaces this folder as a whole when it "
            + "writes the \(kind.rawValue) again; remove this file to stop it.\n"
        return Data(text.utf8)
    }

    /// Throws unless `url` may be replaced by a folder brewstats writes.
    ///
    /// - Parameter protecting: Paths (the input journals) that must never be inside a replaced folder.
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` naming why.
    public static func checkReplaceable(_ url: URL, protecting: [URL] = []) throws(ReportError) {
        let path = url.standardizedFileURL.path
        if let input = protecting.first(where: { contains(url, $0) }) {
            let same = canonical(input.path) == canonical(path)
            throw .refusedOutput(path: path,
                reason: same ? "it is the input journal" : "it contains the input journal \(input.path)")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw .refusedOutput(path: path, reason: "it is a symbolic link, not a folder brewstats wrote")
        default: throw .refusedOutput(path: path, reason: "it is a file, not a folder brewstats wrote")
        }
        let items: [String]
        do {
            items = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .refusedOutput(path: path, reason: "it cannot be listed (\(StagedDirectory.reason(error)))")
        }
        if items.isEmpty || items.contains(markerName) || isComparisonFolder(items, in: url) { return }
        let foreign = items.filter { !isReportFile($0, in: url) }.sorted()
        // A report (or combined folder) from before the marker: only its own files, with index.html and all five
        // summaries, so a folder of a page or two that merely shares a name is never taken for one. The comparison
        // is week_summary.csv in a week's report and period_summary.csv in a longer period's.
        let comparisons = [ReportFiles.weekSummary, ReportFiles.periodSummary]
        let required = [ReportFiles.index] + ReportFiles.summaries.filter { !comparisons.contains($0) }
        var missing = required.filter { !items.contains($0) }
        if !comparisons.contains(where: items.contains) { missing.append(comparisons.joined(separator: " or ")) }
        if foreign.isEmpty && missing.isEmpty { return }
        let shown = foreign.isEmpty ? "no \(missing.joined(separator: ", "))"
            : foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
        throw .refusedOutput(path: path,
            reason: "it holds files brewstats did not write (\(shown)); choose a new or empty folder")
    }

    /// Whether `name` in `folder` is a regular file with a name a report or combined folder writes.
    static func isReportFile(_ name: String, in folder: URL) -> Bool {
        if name == ReportFiles.beanFolder { return isBeanFolder(folder.appendingPathComponent(name)) }
        var info = stat()
        guard lstat(folder.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return false
        }
        if fixedNames.contains(name) || ReportFiles.isShotTable(name) { return true }
        let ext = (name as NSString).pathExtension
        guard ["png", "svg", "pdf"].contains(ext) else { return false }
        // A chart's variants (`-dark`, `-phone`, `-phone-dark`: ``BrewPages/PageCharts``) are its files too.
        let stem = PageCharts.baseStem((name as NSString).deletingPathExtension)
        return chartStems.contains(stem) || ReportFiles.groupStemPrefixes.contains { stem.hasPrefix($0) }
    }

    /// The files of a comparison, every one of which a comparison folder from before the marker holds.
    static let comparisonFiles = ["index.html", "compare.md", "compare.csv"]

    /// Whether `items`, the entries of `folder`, are a comparison's from before the marker: ``comparisonFiles``
    /// all there, and nothing else but regular files named as the curves' charts (`compare.svg`,
    /// `compare-phone-dark.png`, …).
    static func isComparisonFolder(_ items: [String], in folder: URL) -> Bool {
        guard comparisonFiles.allSatisfy(items.contains) else { return false }
        return items.allSatisfy { name in
            var info = stat()
            guard lstat(folder.appendingPathComponent(name).path, &info) == 0,
                info.st_mode & S_IFMT == S_IFREG else { return false }
            if comparisonFiles.contains(name) { return true }
            let ext = (name as NSString).pathExtension
            return ["svg", "png", "pdf"].contains(ext)
                && PageCharts.baseStem((name as NSString).deletingPathExtension) == "compare"
        }
    }

    /// Whether `url` is a real folder (not a link) holding only regular files a bean page writes (``BeanPages``):
    /// `.html` pages and `.svg`/`.png`/`.pdf` charts.
    static func isBeanFolder(_ url: URL) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return false }
        return names.allSatisfy { name in
            var file = stat()
            return lstat(url.appendingPathComponent(name).path, &file) == 0 && file.st_mode & S_IFMT == S_IFREG
                && ["html", "svg", "png", "pdf"].contains((name as NSString).pathExtension)
        }
    }

    static var fixedNames: Set<String> { ReportFiles.fixedNames }
    static var chartStems: Set<String> { ReportFiles.chartStems }

    /// Whether `outer` is `inner` or one of its ancestors (paths compared after resolving symbolic links).
    public static func contains(_ outer: URL, _ inner: URL) -> Bool {
        let o = canonical(outer.path), i = canonical(inner.path)
        return i == o || i.hasPrefix(o == "/" ? "/" : o + "/")
    }

    /// The absolute path with `.`/`..` and symbolic links resolved as far as the path exists.
    static func canonical(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // Not there (yet): resolve the parent, keep the last component.
        let url = URL(fileURLWithPath: absolute)
        let parent = url.deletingLastPathComponent().path
        guard parent != absolute else { return absolute }
        return (canonical(parent) as NSString).appendingPathComponent(url.lastPathComponent)
    }
}
