import Foundation
import Testing
import TestSupport
import Yams
#if canImport(Glibc)
import Glibc
#endif

/// The Kubernetes files in `deploy/kubernetes/`, checked structurally: they parse, every field an indexed Job
/// (and the merge Job after it) needs is set, the kustomization's shard count reaches `completions`,
/// `parallelism` and the containers' `SHARDS`, and the containers' shell commands expand to the `brewstats`
/// invocations the README describes (run with `/bin/sh` against a stand-in `brewstats` that prints its
/// arguments).
@Suite struct ManifestTests {
    static let folder = Repo.root.appendingPathComponent("deploy/kubernetes")

    /// Exit codes the README's table calls outcomes of the inputs (1 output or no journal, 3 some failed,
    /// 4 all failed, 64 usage): retrying gives the same answer, so they must never be retried.
    static let finalExitCodes = [1, 3, 4, 64]

    func load(_ name: String) throws -> [String: Any] {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any], "\(name) is not a YAML mapping")
    }

    @Test func shardsJobIsAnIndexedJobWithTheExitCodePolicy() throws {
        let job = try load("shards-job.yaml")
        #expect(job["apiVersion"] as? String == "batch/v1")
        #expect(job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        #expect(spec["parallelism"] as? Int == completions)
        #expect((spec["backoffLimitPerIndex"] as? Int).map { $0 >= 1 } == true, "a killed pod is retried")
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        #expect(pod["restartPolicy"] as? String == "Never", "podFailurePolicy needs restartPolicy Never")
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        let rules = try #require((spec["podFailurePolicy"] as? [String: Any])?["rules"] as? [[String: Any]])
        let failIndex = try #require(rules.first { $0["action"] as? String == "FailIndex" })
        let onExit = try #require(failIndex["onExitCodes"] as? [String: Any])
        #expect(onExit["containerName"] as? String == container["name"] as? String)
        #expect(onExit["operator"] as? String == "In")
        #expect((onExit["values"] as? [Int])?.sorted() == Self.finalExitCodes)
        #expect(env(container)["SHARDS"] == String(completions))
        try checkPodBasics(pod: pod, container: container)
    }

    @Test func mergeJobRunsOnceAndNeverRetriesAnOutcome() throws {
        let job = try load("merge-job.yaml")
        #expect(job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completions"] as? Int == 1)
        #expect(spec["completionMode"] == nil, "the merge is one pod, not indexed")
        let rules = try #require((spec["podFailurePolicy"] as? [String: Any])?["rules"] as? [[String: Any]])
        let failJob = try #require(rules.first { $0["action"] as? String == "FailJob" })
        #expect(((failJob["onExitCodes"] as? [String: Any])?["values"] as? [Int])?.sorted() == Self.finalExitCodes)
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        // The same shard count as the shard Job, so the merge names every shard folder.
        let shards = try load("shards-job.yaml")
        let shardContainer = try #require(((((shards["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"]
            as? [String: Any])?["containers"] as? [[String: Any]])?.first)
        #expect(env(container)["SHARDS"] == env(shardContainer)["SHARDS"])
        try checkPodBasics(pod: pod, container: container)
    }

    /// What both Jobs' pods need: the image, a non-root user (the image's), a read-only root file system with a
    /// writable /tmp, the data volume mounted at /data from a claim, and no privilege escalation.
    func checkPodBasics(pod: [String: Any], container: [String: Any]) throws {
        #expect(container["name"] as? String == "brewstats")
        #expect(container["image"] as? String == "brewstats", "the kustomization's images entry rewrites this name")
        #expect(container["command"] as? [String] == ["sh", "-c"])
        #expect((container["args"] as? [String])?.count == 1)
        let podSecurity = try #require(pod["securityContext"] as? [String: Any])
        #expect(podSecurity["runAsNonRoot"] as? Bool == true)
        #expect(podSecurity["runAsUser"] as? Int == imageUser(), "the pod runs as the image's user")
        let security = try #require(container["securityContext"] as? [String: Any])
        #expect(security["readOnlyRootFilesystem"] as? Bool == true)
        #expect(security["allowPrivilegeEscalation"] as? Bool == false)
        let mounts = try #require(container["volumeMounts"] as? [[String: Any]])
        let volumes = try #require(pod["volumes"] as? [[String: Any]])
        for mount in mounts {
            #expect(volumes.contains { $0["name"] as? String == mount["name"] as? String }, "volume \(mount["name"] ?? "?") is declared")
        }
        let data = try #require(mounts.first { $0["mountPath"] as? String == "/data" })
        let volume = try #require(volumes.first { $0["name"] as? String == data["name"] as? String })
        #expect((volume["persistentVolumeClaim"] as? [String: Any])?["claimName"] is String)
        #expect(mounts.contains { $0["mountPath"] as? String == "/tmp" }, "a writable /tmp beside the read-only root")
    }

    /// The uid of the image's `USER uid:gid` line (deploy/image/Containerfile).
    func imageUser() -> Int? {
        let text = (try? String(contentsOf: Repo.root.appendingPathComponent("deploy/image/Containerfile"), encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("USER ") }) else { return nil }
        return Int(line.dropFirst(5).split(separator: ":")[0])
    }

    func env(_ container: [String: Any]) -> [String: String] {
        var out: [String: String] = [:]
        for entry in (container["env"] as? [[String: Any]]) ?? [] {
            if let name = entry["name"] as? String, let value = entry["value"] as? String { out[name] = value }
        }
        return out
    }

    @Test func kustomizationSetsImageShardCountAndVolumeConsistently() throws {
        let kustomization = try load("kustomization.yaml")
        #expect(kustomization["kind"] as? String == "Kustomization")
        let resources = try #require(kustomization["resources"] as? [String])
        #expect(Set(resources) == ["shards-job.yaml", "merge-job.yaml"])
        for file in resources {
            #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(file).path))
        }
        let images = try #require(kustomization["images"] as? [[String: Any]])
        #expect(images.count == 1)
        #expect(images.first?["name"] as? String == "brewstats")
        #expect(images.first?["newTag"] is String)

        // Apply the JSON-patch `replace` operations to the Jobs, as kustomize does, then check what came out.
        var jobs: [String: Any] = ["brewstats-shards": try load("shards-job.yaml"), "brewstats-merge": try load("merge-job.yaml")]
        let patches = try #require(kustomization["patches"] as? [[String: Any]])
        for patch in patches {
            let name = try #require((patch["target"] as? [String: Any])?["name"] as? String)
            let patchText = try #require(patch["patch"] as? String)
            let ops = try #require(try Yams.load(yaml: patchText) as? [[String: Any]])
            var job = try #require(jobs[name], "patch target \(name) is one of the resources")
            for op in ops {
                #expect(op["op"] as? String == "replace")
                let path = try #require(op["path"] as? String)
                let replaced = JSONPointer.replace(in: job, path: path, with: op["value"] as Any)
                #expect(replaced != nil, "\(path) exists in \(name)")
                job = replaced ?? job
            }
            jobs[name] = job
        }
        let shards = try #require(jobs["brewstats-shards"] as? [String: Any])
        let merge = try #require(jobs["brewstats-merge"] as? [String: Any])
        let count = try #require(JSONPointer.get(shards, "/spec/completions") as? Int)
        #expect(count >= 1)
        #expect(JSONPointer.get(shards, "/spec/parallelism") as? Int == count)
        #expect((JSONPointer.get(shards, "/spec/maxFailedIndexes") as? Int).map { $0 <= count } ?? true)
        for job in [shards, merge] {
            let env = (JSONPointer.get(job, "/spec/template/spec/containers/0/env") as? [[String: Any]]) ?? []
            #expect(env.first { $0["name"] as? String == "SHARDS" }?["value"] as? String == String(count))
        }
        let claim = "/spec/template/spec/volumes/0/persistentVolumeClaim/claimName"
        #expect(JSONPointer.get(shards, claim) as? String != nil)
        #expect(JSONPointer.get(shards, claim) as? String == JSONPointer.get(merge, claim) as? String,
                "both Jobs use the same volume")
    }

    /// The shell text of a Job's container, run by `/bin/sh` with a stand-in `brewstats` that prints its
    /// arguments one per line.
    func expand(_ file: String, environment: [String: String]) throws -> [String] {
        let job = try load(file)
        let script = try #require((JSONPointer.get(job, "/spec/template/spec/containers/0/args") as? [String])?.first)
        let bin = try Repo.scratch("fake-brewstats")
        defer { try? FileManager.default.removeItem(at: bin) }
        let fake = bin.appendingPathComponent("brewstats")
        try writeExecutable(fake, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n")
        var env = environment
        env["PATH"] = bin.path + ":/usr/bin:/bin"
        let result = try Shell.run("/bin/sh", ["-c", script], environment: env, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func shardCommandTakesShardIndexPlusOneOfShards() throws {
        // Kubernetes numbers the pods of an indexed Job from 0; shards are numbered from 1.
        let args = try expand("shards-job.yaml", environment: ["JOB_COMPLETION_INDEX": "2", "SHARDS": "4"])
        #expect(args == ["batch", "/data/journals", "--out", "/data/out/shard-3", "--shard", "3/4", "--resume", "--quiet"])
        let first = try expand("shards-job.yaml", environment: ["JOB_COMPLETION_INDEX": "0", "SHARDS": "8"])
        #expect(first.contains("1/8") && first.contains("/data/out/shard-1"))
    }

    @Test func mergeCommandNamesEveryShardFolder() throws {
        let args = try expand("merge-job.yaml", environment: ["SHARDS": "3"])
        #expect(args == ["batch", "--merge", "/data/out/shard-1", "/data/out/shard-2", "/data/out/shard-3", "--out", "/data/out/all"])
    }
}

/// Writes an executable script through a close-on-exec descriptor: a child another test starts meanwhile
/// does not inherit it, so running the script never fails with "text file busy".
func writeExecutable(_ url: URL, _ text: String) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
}

/// Just enough of RFC 6901 JSON pointers over parsed YAML (mappings and sequences) for the kustomization's
/// `replace` patches: `replace` returns `nil` when the path does not exist (kustomize fails then too).
enum JSONPointer {
    static func tokens(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
    }

    static func get(_ node: Any, _ path: String) -> Any? {
        var current: Any? = node
        for token in tokens(path) {
            if let map = current as? [String: Any] { current = map[token] }
            else if let list = current as? [Any], let i = Int(token), list.indices.contains(i) { current = list[i] }
            else { return nil }
        }
        return current
    }

    static func replace(in node: Any, path: String, with value: Any) -> Any? {
        replace(in: node, tokens: tokens(path)[...], with: value)
    }

    private static func replace(in node: Any, tokens: ArraySlice<String>, with value: Any) -> Any? {
        guard let token = tokens.first else { return value }
        if var map = node as? [String: Any], let child = map[token] {
            guard let new = replace(in: child, tokens: tokens.dropFirst(), with: value) else { return nil }
            map[token] = new
            return map
        }
        if var list = node as? [Any], let i = Int(token), list.indices.contains(i) {
            guard let new = replace(in: list[i], tokens: tokens.dropFirst(), with: value) else { return nil }
            list[i] = new
            return list
        }
        return nil
    }
}
