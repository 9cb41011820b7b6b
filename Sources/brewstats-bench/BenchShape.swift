import ArgumentParser
import BrewSynth

/// The journal shapes the benchmark measures its per-journal and large-journal targets on (`--shapes`).
///
/// `standard`: `brewstats generate`'s default journal (bags follow the span, seven methods, five grinders). `wide`:
/// `--shape wide`, an enthusiast's journal of 400 bags over three years with eight methods and four grinders
/// (``JournalShape/wide``), whatever the brew count: a 1,000-brew wide journal spreads its brews over the same
/// three years and 400 bags as a 1M-brew one.
enum BenchShape: String, CaseIterable, Codable {
    case standard, wide

    /// `brewstats generate` arguments for this shape.
    var generateArguments: [String] { self == .standard ? [] : ["--shape", rawValue] }

    /// The in-process generator options for `brews` brews with `seed`.
    func options(brews: Int, seed: UInt64) -> GeneratorOptions {
        self == .standard ? GeneratorOptions(brewCount: brews, seed: seed)
            : GeneratorOptions(brewCount: brews, seed: seed, days: JournalShape.wideDays, shape: .wide)
    }

    /// The suffix of cached journal files (empty for the standard shape, so earlier caches stay valid).
    var fileSuffix: String { self == .standard ? "" : "-\(rawValue)" }

    /// How a table row names the shape.
    var label: String {
        self == .standard ? "standard shape" : "wide shape (400 beans, 3 years, 8 methods, 4 grinders)"
    }
}

extension BenchShape: ExpressibleByArgument {}
