import Foundation
import Testing
import TestSupport

/// `review`, `batch --merge` and `dial-in -o` when the disk fails exactly at a flush or a rename (``FaultShim``: the
/// N-th `fsync`/`rename` under the output's folder fails with ENOSPC or EIO, N spread over every such call a run
/// makes), as ``OutputFaultTests`` does for `report`: a run that fails exits 1 with one line naming the path and the
/// system's reason; either way the previous output is there byte for byte and nothing is left beside it.
@Suite(.serialized) struct OtherCommandFaultTests {
    @Test(.enabled(if: FaultShim.available), arguments: ["review", "merge", "dial-in"], ["fsync", "rename"])
    func failedFlushOrRenameKeepsThePreviousOutput(_ command: String, _ call: String) throws {
        let c = try InterruptedCommandsTests.make(command)
        let first = try CLI.run(c.args, timeout: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let previous = snapshot(c.folder)
        let (count, clean) = try FaultShim.count(c.args, path: c.folder, calls: call)
        #expect(clean.status == 0 && count >= 1, "\(command): \(count) \(call) calls: \(clean.stderr)")
        for n in FaultShim.indexes(count) {
            let errno = n % 2 == 0 ? "EIO" : "ENOSPC"
            let reason = errno == "EIO" ? "Input/output error" : "No space left on device"
            let what = "\(command): \(call) #\(n) of \(count) failing with \(errno)"
            let r = try CLI.run(c.args, environment: FaultShim.environment(path: c.folder, calls: call, n: n, errno: errno),
                                timeout: 300)
            if r.status != 0 { OutputFaultTests.expectClearError(r, reason: reason, what) }
            #expect(snapshot(c.folder) == previous, "\(what): the output changed or something is left")
            #expect(InterruptedCommandsTests.entries(c.folder) == c.entries, "\(what): left \(InterruptedCommandsTests.entries(c.folder))")
        }
    }
}
