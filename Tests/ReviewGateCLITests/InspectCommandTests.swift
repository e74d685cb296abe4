import Foundation
import ReviewGateTestSupport
import Testing

@Suite struct InspectCommandTests {
    private func write(_ contents: [UInt8], name: String = "in.yaml") throws -> URL {
        let file = try Repository.temporaryFolder().appending(path: name)
        try Data(contents).write(to: file)
        return file
    }

    @Test func textShowsPositionsAndResolution() throws {
        let file = try write(Array("flag: NO\nhex: 0x1F\n".utf8))
        let result = try CLIRunner.run(["inspect", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1:7"))
        #expect(result.stdout.contains("\"NO\" plain → string"))
        #expect(result.stdout.contains("\"0x1F\" plain → int 31"))
    }

    @Test func jsonPrintsOneLinePerDocument() throws {
        let file = try write(Array("a: 1e3\nb: ~\n---\n[x, 'y']\n".utf8))
        let result = try CLIRunner.run(["inspect", file.path, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"a\":1000,\"b\":null}\n[\"x\",\"y\"]\n")
    }

    @Test func errorExitsTwoWithFileLineColumn() throws {
        let file = try write(Array("a: 1\na: 2\n".utf8))
        let result = try CLIRunner.run(["inspect", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(file.path):2:1: error: duplicate key \"a\""))
    }

    @Test func missingFileExitsTwo() throws {
        let result = try CLIRunner.run(["inspect", "/nonexistent/policy.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/policy.yaml:1:1: error: no such file"))
    }

    @Test func badUsageExitsTwo() throws {
        let result = try CLIRunner.run(["inspect", "--format", "xml", "x.yaml"])
        #expect(result.status == 2)
    }

    /// The foundation issue's hostile inputs: each refused with exit 2, naming its limit.
    @Test(arguments: [
        ("laughs", "aliases expand to more than 100000 nodes"),
        ("brackets", "nesting deeper than 64"),
        ("mappings", "nesting deeper than 64"),
        ("big", "over the limit of 1048576 bytes"),
    ])
    func hostileInputIsRefused(_ kind: String, _ expected: String) throws {
        let bytes: [UInt8]
        switch kind {
        case "laughs":
            var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
            for level in 1...9 {
                lines.append(
                    "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                        + "]")
            }
            bytes = Array(lines.joined(separator: "\n").utf8)
        case "brackets": bytes = [UInt8](repeating: UInt8(ascii: "["), count: 200_000)
        case "mappings":
            bytes = Array((String(repeating: "{k: ", count: 3000) + "v" + String(repeating: "}", count: 3000)).utf8)
        default: bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 3_000_000)
        }
        let result = try CLIRunner.run(["inspect", try write(bytes).path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected))
    }
}
