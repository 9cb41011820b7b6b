import ArgumentParser
import Foundation

// The output grammar (README, "How the command line is read"): a command that writes a folder takes --out DIR, a
// command that writes one file -o/--output FILE. The other spelling is a hidden option of the command that refuses
// itself with the right one, so the parser, not a rewrite of the arguments, holds the rule.

/// The hidden `-o/--output` of a command that writes a folder: given, it is a usage error naming `--out DIR`.
struct FolderOutputRule: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: .hidden)
    var misplacedOutput: String?

    func validate() throws {
        if misplacedOutput != nil {
            throw ValidationError("this command writes a folder: give it with --out DIR (-o/--output names one file)")
        }
    }
}

/// The hidden `--out` of a command that writes one file: given, it is a usage error naming `-o/--output FILE`.
struct FileOutputRule: ParsableArguments {
    @Option(name: .customLong("out"), help: .hidden)
    var misplacedOut: String?

    func validate() throws {
        if misplacedOut != nil {
            throw ValidationError("this command writes one file: give it with -o/--output FILE (--out names a folder)")
        }
    }
}

/// Old spellings, read for one more release: each use prints one line on standard error,
/// `brewstats: note: --format of generate is now --to; the old spelling goes in the next release`.
enum Deprecation {
    static func note(_ old: String, _ new: String) {
        FileHandle.standardError.write(
            Data("brewstats: note: \(old) is now \(new); the old spelling goes in the next release\n".utf8))
    }
}
