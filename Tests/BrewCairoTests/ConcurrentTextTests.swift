@testable import BrewCairo
import Dispatch
import Foundation
import Testing

/// Text drawn and measured from many threads at once, as a batch renders several journals' charts together.
///
/// cairo 1.16 (Debian 12) races when a scaled font shared by threads loses its last reference in one thread while
/// another creates or uses it again: the process aborts in `cairo_scaled_font_destroy` (`! scaled_font->cache_frozen`).
/// BrewCairo keeps every scaled font it uses alive for the process (``ScaledFonts``), so that path never runs. This
/// test drives the pattern that aborted: the same faces and sizes created, used and released on every thread.
@Suite struct ConcurrentTextTests {
    @Test func textFromManyThreadsAtOnce() throws {
        let sizes = [7.5, 8, 9.5, 11, 13, 16]
        let words = ["Grind vs rating", "Comandante C40 · V60", "Crème brûlée", "日本のコーヒー", "n = 1,024", "Sweet spot 22"]
        let failures = Failures()
        let rounds = ProcessInfo.processInfo.environment["BREWSTATS_STRESS_ROUNDS"].flatMap { Int($0) } ?? 150
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            // Measuring alone creates and releases the same scaled fonts on every thread, as fast as it can.
            for k in 0..<(rounds * 20) {
                _ = CairoText.measure(words[k % words.count], font: CairoFont(size: sizes[k % sizes.count]))
            }
            for round in 0..<rounds {
                let format: CairoOutputFormat = switch (worker + round) % 3 {
                case 0: .png(scale: round % 2 == 0 ? 1 : 2)
                case 1: .svg
                default: .pdf
                }
                do {
                    let surface = try CairoSurface(format: format, width: 160, height: 40)
                    let context = try CairoContext(surface: surface)
                    for k in 0..<4 {
                        let font = CairoFont(size: sizes[(worker + round + k) % sizes.count], bold: k % 2 == 1)
                        let text = words[(round + k) % words.count]
                        let width = CairoText.measure(text, font: font).width
                        if !(width > 0) { failures.add("\(text) measured \(width)") }
                        context.showText(text, x: 4, y: 10 + Double(k) * 8, font: font)
                    }
                    try context.close()
                    if try surface.finish().isEmpty { failures.add("empty output") }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    }
}

/// Failures collected from worker threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
