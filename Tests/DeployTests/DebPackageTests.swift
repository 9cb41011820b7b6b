import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `deploy/deb/build.sh` (what `make deb` and `make dist` run) on this build's binary and man pages: the package's
/// fields and files, and the tarball of the same files. Installing it into a fresh Debian root needs root,
/// mmdebstrap and a Debian mirror (`BREWSTATS_DEB_ROOT_TEST=1` asks for it, as `make fanout-test` is asked for).
@Suite(.serialized) struct DebPackageTests {
    static let script = Repo.root.appendingPathComponent("deploy/deb/build.sh").path

    /// The packages the binary needs at run time, each a name `Depends:` must carry.
    static let runtime = ["libcairo2", "libpng16-16", "libsqlite3-0", "fonts-dejavu-core", "tzdata"]

    static var rootTestAsked: Bool {
        ProcessInfo.processInfo.environment["BREWSTATS_DEB_ROOT_TEST"] == "1" && getuid() == 0
            && Shell.which("mmdebstrap") != nil && Shell.which("dpkg-deb") != nil
    }

    /// Builds the package and the tarball into a scratch folder: (folder, .deb, .tar.gz, version).
    static func build() throws -> (URL, URL, URL, String) {
        let binary = try #require(BuiltBinary.brewstats, "the brewstats binary of this build")
        let manual = try InstallTests.manualFolder(for: binary)
        defer { try? FileManager.default.removeItem(at: manual) }
        let out = try Repo.scratch("deb")
        let version = try Shell.run(binary.path, ["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let arch = try Shell.run("/usr/bin/dpkg", ["--print-architecture"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let deb = try Shell.run(Self.script, ["deb", binary.path, manual.path, out.path], timeout: 900)
        #expect(deb.status == 0, "\(deb.stderr)")
        let debFile = out.appendingPathComponent("brewstats_\(version)_\(arch).deb")
        #expect(deb.stdout == "wrote \(debFile.path)\n")
        let dist = try Shell.run(Self.script, ["dist", binary.path, manual.path, out.path], timeout: 900)
        #expect(dist.status == 0, "\(dist.stderr)")
        return (out, debFile, out.appendingPathComponent("brewstats-\(version)-linux-\(arch).tar.gz"), version)
    }

    @Test(.enabled(if: Shell.which("dpkg-deb") != nil)) func packageHoldsTheInstalledFilesAndItsDependencies() throws {
        let (out, deb, tarball, version) = try Self.build()
        defer { try? FileManager.default.removeItem(at: out) }
        func field(_ name: String) throws -> String {
            try Shell.run("/usr/bin/dpkg-deb", ["-f", deb.path, name]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        #expect(try field("Package") == "brewstats")
        #expect(try field("Version") == version)
        let depends = try field("Depends")
        for package in Self.runtime { #expect(depends.contains(package), "\(package) in \(depends)") }
        // The files, as `make install PREFIX=/usr` puts them, pages compressed.
        let listing = try Shell.run("/usr/bin/dpkg-deb", ["-c", deb.path]).stdout
        let files = Set(
            listing.split(separator: "\n").compactMap { line -> String? in
                guard !line.hasPrefix("d"), let path = line.split(separator: " ").last else { return nil }
                return path.hasPrefix("./") ? String(path.dropFirst(2)) : String(path)
            })
        for file in [
            "usr/bin/brewstats", "usr/share/man/man1/brewstats.1.gz", "usr/share/man/man1/brewstats-report.1.gz",
            "usr/share/man/man1/brewstats-compare-shots.1.gz", "usr/share/bash-completion/completions/brewstats",
            "usr/share/zsh/site-functions/_brewstats", "usr/share/fish/vendor_completions.d/brewstats.fish",
        ] {
            #expect(files.contains(file), "\(file) in the package")
        }
        #expect(!files.contains { $0.hasSuffix(".help.1.gz") || $0.contains("as-before") })
        #expect(listing.split(separator: "\n").allSatisfy { $0.contains("root/root") }, "every file owned by root")
        // The tarball holds the same files.
        let tar = try Shell.run("/usr/bin/tar", ["-tzf", tarball.path]).stdout
        let tarFiles = Set(tar.split(separator: "\n").filter { !$0.hasSuffix("/") }.map(String.init))
        #expect(tarFiles == files, "\(tarFiles.symmetricDifference(files))")
    }

    /// The package in a fresh Debian root: apt installs it with its dependencies, the binary runs, its page is
    /// there, it writes a report; `dpkg -r` leaves nothing of it.
    @Test(.enabled(if: DebPackageTests.rootTestAsked)) func installsIntoAFreshDebianRootAndRemovesCleanly() throws {
        let (out, deb, _, version) = try Self.build()
        defer { try? FileManager.default.removeItem(at: out) }
        let root = out.appendingPathComponent("root")
        let mmdebstrap = try #require(Shell.which("mmdebstrap"))
        let made = try Shell.run(
            mmdebstrap, ["--variant=apt", "--include=man-db", "bookworm", root.path], timeout: 1800)
        #expect(made.status == 0, "\(made.stderr.suffix(2000))")
        try FileManager.default.copyItem(at: deb, to: root.appendingPathComponent("tmp/brewstats.deb"))
        try FileManager.default.copyItem(
            at: Repo.sample("journal.csv"), to: root.appendingPathComponent("tmp/journal.csv"))
        func chroot(_ args: [String]) throws -> ShellResult {
            try Shell.run(
                "/usr/sbin/chroot", [root.path] + args,
                environment: ["LANG": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"],
                timeout: 900)
        }
        // mmdebstrap leaves the root's package lists empty: apt resolves the package's dependencies only after
        // an update (from the mirror the root was made from).
        let update = try chroot(["/usr/bin/apt-get", "update", "-qq"])
        #expect(update.status == 0, "\(update.stderr.suffix(2000))")
        let before = try chroot(["/usr/bin/find", "/usr", "/etc", "-xdev"]).stdout
        let install = try chroot(["/usr/bin/apt-get", "install", "-y", "-qq", "/tmp/brewstats.deb"])
        #expect(install.status == 0, "\(install.stderr.suffix(2000))")
        #expect(try chroot(["/usr/bin/brewstats", "--version"]).stdout == version + "\n")
        let page = try chroot(["/usr/bin/man", "brewstats-report"])
        #expect(page.status == 0 && page.stdout.contains("brewstats report"), "\(page.stderr)")
        let report = try chroot(["/usr/bin/brewstats", "report", "/tmp/journal.csv", "--out", "/tmp/r", "--tz", "UTC"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("tmp/r/index.html").path))
        // Removing it leaves nothing of it (its dependencies stay, as apt leaves them).
        let remove = try chroot(["/usr/bin/dpkg", "-r", "brewstats"])
        #expect(remove.status == 0, "\(remove.stderr)")
        let after = try chroot(["/usr/bin/find", "/usr", "/etc", "-xdev"]).stdout
        let left = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n")).filter {
            $0.contains("brewstats")
        }
        #expect(left.isEmpty, "\(left)")
    }
}
