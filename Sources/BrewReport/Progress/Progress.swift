import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Batch progress on standard error: a redrawn bar on a terminal, plain lines otherwise, nothing when quiet.
///
/// The bar shows journals done / total, the rate (journals/s) and an ETA from the rate so far. Plain
/// mode prints one line per finished journal, so logs of a scheduler stay readable. Thread-safe.
public final class ProgressReporter: @unchecked Sendable {
    public enum Mode: Sendable { case bar, lines, quiet }

    private let lock = NSLock()
    private let total: Int
    private let mode: Mode
    private let start = DispatchTime.now().uptimeNanoseconds
    private var done = 0
    private var failed = 0
    private var lastDraw: UInt64 = 0

    /// `mode` defaults to a bar when standard error is a terminal, else lines.
    public init(total: Int, quiet: Bool, mode: Mode? = nil) {
        self.total = total
        self.mode = quiet ? .quiet : (mode ?? (isatty(STDERR_FILENO) == 1 ? .bar : .lines))
    }

    /// Records one finished journal (`ok == false` for a failure) and redraws.
    public func finished(_ name: String, ok: Bool, detail: String) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        if !ok { failed += 1 }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        switch mode {
        case .quiet: return
        case .lines:
            emit("[\(done)/\(total)] \(ok ? "ok" : "FAILED") \(name)\(detail.isEmpty ? "" : ": " + detail)\n")
        case .bar:
            if !ok { emit("\r\u{1B}[2Kfailed: \(name): \(detail)\n") }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now - lastDraw > 50_000_000 || done == total || !ok else { return }
            lastDraw = now
            let width = 30
            let filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            emit(String(format: "\r\u{1B}[2K%@ %d/%d  %.1f journals/s  ETA %@%@", bar, done, total, rate,
                        ProgressReporter.clock(eta), failed > 0 ? "  (\(failed) failed)" : ""))
            if done == total { emit("\n") }
        }
    }

    private func emit(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
