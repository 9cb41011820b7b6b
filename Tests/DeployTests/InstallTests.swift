import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `deploy/install.sh` (what `make install` and `make uninstall` run) into a temporary `DESTDIR`, without root:
/// the binary of this build, the man pages swift-argument-parser's generate-manual plugin writes for it, and
/// the completion scripts. The installed binary is run, a page is formatted with `man -l`, and uninstalling
/// leaves no file behind.
@Suite(.serialized) struct InstallTests {
    static let script = Repo.root.appendingPathComponent("deploy/install.sh").path
    /// Subcommands of `brewstats` (each gets a page `brewstats-<name>.1`); `help` gets none.
    static let subcommands = ["backtest", "batch", "chart", "compare", "dial-in", "export", "generate", "inspect", "mcp", "report", "review"]

    /// The pages swift-argument-parser's manual generator writes for this build's `brewstats`.
    ///
    /// `make man` runs the generate-manual plugin, which builds the package and then runs the plugin's tool,
    /// `generate-manual <binary> --multi-page --output-directory …`, on each product. Under `swift test` the
    /// build folder is locked by the test run itself, so the test builds that same tool from the
    /// swift-argument-parser checkout of this build, in a scratch folder of its own (once; later runs find
    /// it built), and runs it on the binary the tests belong to.
    static func manualFolder(for binary: URL) throws -> URL {
        let swift = try #require(Shell.which("swift"), "swift is on PATH")
        // The products folder is <scratch>/<triple>/debug.
        let scratch = BuiltBinary.productsFolder.deletingLastPathComponent().deletingLastPathComponent()
        let parser = scratch.appendingPathComponent("checkouts/swift-argument-parser")
        let toolScratch = scratch.appendingPathComponent("deploy-tests-generate-manual")
        let build = try Shell.run(swift, ["build", "--package-path", parser.path, "--scratch-path", toolScratch.path,
                                          "--product", "generate-manual"], timeout: 900)
        #expect(build.status == 0, "building generate-manual failed: \(build.stderr.suffix(2000))")
        let binPath = try Shell.run(swift, ["build", "--package-path", parser.path, "--scratch-path", toolScratch.path,
                                            "--show-bin-path"])
        let tool = URL(fileURLWithPath: binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("generate-manual")
        let output = try Repo.scratch("manual")
        let generate = try Shell.run(tool.path, [binary.path, "--multi-page", "--output-directory", output.path])
        #expect(generate.status == 0, "generate-manual failed: \(generate.stderr)")
        return output
    }

    @Test func installsRunsFormatsAndUninstalls() throws {
        let binary = try #require(BuiltBinary.brewstats, "the brewstats binary of this build")
        let manual = try Self.manualFolder(for: binary)
        let destdir = try Repo.scratch("destdir")
        defer {
            try? FileManager.default.removeItem(at: destdir)
            try? FileManager.default.removeItem(at: manual)
        }
        let env = ["DESTDIR": destdir.path, "PREFIX": "/usr/local"]

        let install = try Shell.run(Self.script, ["install", binary.path, manual.path], environment: env)
        #expect(install.status == 0, "\(install.stderr)")
        let root = destdir.appendingPathComponent("usr/local")
        let expected = ["bin/brewstats", "share/bash-completion/completions/brewstats",
                        "share/fish/vendor_completions.d/brewstats.fish", "share/man/man1/brewstats.1",
                        "share/zsh/site-functions/_brewstats"]
            + (Self.subcommands + ["compare-brews", "compare-shots"]).map { "share/man/man1/brewstats-\($0).1" }
        #expect(files(under: root) == expected.sorted())

        // The installed binary runs and is the one of this build.
        let installed = root.appendingPathComponent("bin/brewstats").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        let version = try Shell.run(installed, ["--version"])
        let built = try Shell.run(binary.path, ["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty && version.stdout == built.stdout)
        let help = try Shell.run(installed, ["report", "--help"])
        #expect(help.stdout.contains("USAGE: brewstats report"))

        // A subcommand's page, formatted by man(1) from the file, under its man(1) name.
        let man = try #require(Shell.which("man"), "man is on PATH (Debian: man-db)")
        let page = try Shell.run(man, ["-l", root.appendingPathComponent("share/man/man1/brewstats-report.1").path],
                                 environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("BREWSTATS-REPORT(1)"))
        #expect(page.stdout.contains("brewstats report"))
        #expect(page.stdout.contains("--week"), "the options are on the page")
        #expect(!page.stderr.contains("warning"), "mdoc formats it without warnings: \(page.stderr)")
        // The main page refers to the subcommands' pages by their installed names.
        let main = text(root.appendingPathComponent("share/man/man1/brewstats.1"))
        for sub in Self.subcommands { #expect(main.contains(".Xr brewstats-\(sub) 1")) }
        #expect(!main.contains("brewstats.help") && !main.contains(".Xr brewstats."))

        // Completion scripts name the subcommands, in each shell's form.
        let bash = text(root.appendingPathComponent("share/bash-completion/completions/brewstats"))
        #expect(bash.contains("complete") && bash.contains("batch") && bash.contains("--resume"))
        #expect(text(root.appendingPathComponent("share/zsh/site-functions/_brewstats")).hasPrefix("#compdef brewstats"))
        #expect(text(root.appendingPathComponent("share/fish/vendor_completions.d/brewstats.fish")).contains("complete -c 'brewstats'"))
        if let bashShell = Shell.which("bash") {
            let syntax = try Shell.run(bashShell, ["-n", root.appendingPathComponent("share/bash-completion/completions/brewstats").path])
            #expect(syntax.status == 0, "the bash completion parses: \(syntax.stderr)")
        }

        let uninstall = try Shell.run(Self.script, ["uninstall"], environment: env)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(files(under: root).isEmpty)
    }

    @Test func unwritablePrefixIsOneClearLine() throws {
        let binary = try #require(BuiltBinary.brewstats)
        let parent = try Repo.scratch("readonly-prefix")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
            try? FileManager.default.removeItem(at: parent)
        }
        // A read-only folder as the only existing part of PREFIX. Root may write anyway; then a file stands
        // where the prefix's folder should be, which no one can install under.
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
        var prefix = parent.appendingPathComponent("usr/local").path
        if getuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
            try Data("x".utf8).write(to: parent.appendingPathComponent("usr"))
            prefix = parent.appendingPathComponent("usr/local").path
        }
        let result = try Shell.run(Self.script, ["install", binary.path, "/nonexistent-manual"], environment: ["PREFIX": prefix])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(FileManager.default.fileExists(atPath: prefix) == false)
        // The writability check comes before anything else (`make install` runs it before building).
        let check = try Shell.run(Self.script, ["check"], environment: ["PREFIX": prefix])
        #expect(check.status != 0)
        #expect(check.stderr.contains(prefix) && check.stderr.split(separator: "\n").count == 1)
        let relative = try Shell.run(Self.script, ["check"], environment: ["PREFIX": "usr/local"])
        #expect(relative.status != 0 && relative.stderr.contains("absolute"))
    }

    /// Regular files under `folder`, relative, sorted.
    func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let base = folder.resolvingSymlinksInPath().path + "/"
        var out: [String] = []
        while let url = walker.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            out.append(path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path)
        }
        return out.sorted()
    }

    func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
}
