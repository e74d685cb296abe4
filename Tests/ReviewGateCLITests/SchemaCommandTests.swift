import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate schema` prints exactly the files in `schemas/`.
@Suite("reviewgate schema")
struct SchemaCommandTests {
    @Test("prints the schema file", arguments: ["policy", "state", "scenario"])
    func printsTheFile(_ kind: String) throws {
        let result = try CLIRunner.run(["schema", kind])
        let file = Repository.root.appending(path: "schemas/\(kind).schema.json")
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOf: file, encoding: .utf8)))
        #expect(result.stderr.isEmpty)
    }

    @Test("prints the policy schema by default")
    func defaultsToPolicy() throws {
        let result = try CLIRunner.run(["schema"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""title": "ReviewGate policy""#))
    }

    @Test("refuses an unknown kind with exit code 2")
    func refusesUnknownKind() throws {
        let result = try CLIRunner.run(["schema", "polcy"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
    }
}
