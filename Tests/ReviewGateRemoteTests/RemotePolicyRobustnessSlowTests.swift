import Foundation
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// An app killed at any instant while it keeps an update leaves the last good policy, old or new,
/// never a broken file (the state store's guarantee, through the same atomic write).
@Suite(.serialized) struct RemotePolicyRobustnessSlowTests {
    /// RemoteKeepProbe, built beside the tests.
    static let probe = Repository.built("RemoteKeepProbe")

    @Test("30 kill -9 while updates are kept leave one of the two signed files, whole")
    func killedWhileKeepingLeavesTheOldOrTheNew() throws {
        let files = try UpdateFiles()
        let folder = try Repository.temporaryFolder()
        let shipped = folder.appending(path: "shipped.json")
        let a = folder.appending(path: "a.json")
        let b = folder.appending(path: "b.json")
        try Data(files.shipped).write(to: shipped)
        try Data(files.good).write(to: a)
        try Data(files.other).write(to: b)
        let kept = folder.appending(path: "kept/review-policy.json")
        var generator = SystemRandomNumberGenerator()
        var sawBoth: Set<[UInt8]> = []
        for _ in 0..<30 {
            let process = Process()
            process.executableURL = Self.probe
            process.arguments = [shipped.path, a.path, b.path, files.key.publicKey.description, kept.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Past the first keep, then anywhere in the loop of keeps.
            usleep(UInt32.random(in: 30_000...200_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the probe ended on its own")
            // Killed before its first keep (a slow start), there is nothing yet: the old state too.
            guard FileManager.default.fileExists(atPath: kept.path) else { continue }
            let bytes = try FileBytes.read(kept.path, maxBytes: 1 << 20)
            #expect(bytes == files.good || bytes == files.other, "the kept file is neither update")
            sawBoth.insert(bytes)
        }
        // The kills landed at different points of the loop.
        #expect(sawBoth.count == 2)
    }
}
