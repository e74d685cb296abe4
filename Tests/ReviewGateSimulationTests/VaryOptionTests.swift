@_spi(ReviewGateTools) import ReviewGateSimulation
import Testing

/// `--vary PATH=V1,V2,...` as Semantics §10 writes it: dot-separated keys, a key with a `.` in quotes,
/// values split at commas outside `[]`, `{}` and quotes.
@Suite("simulate --vary: the option")
struct VaryOptionTests {
    @Test("paths split at dots, a quoted key kept whole; values at commas outside brackets and quotes")
    func parsing() throws {
        let plain = try VaryOption(parsing: "guards.cooldown=7d, 30d")
        #expect(plain.path == ["guards", "cooldown"])
        #expect(plain.values == ["7d", "30d"])
        #expect(plain.setting(1) == "guards.cooldown=30d")

        let quoted = try VaryOption(parsing: #"triggers."app.open".at_least=3,4"#)
        #expect(quoted.path == ["triggers", "app.open", "at_least"])
        #expect(quoted.pathText == #"triggers."app.open".at_least"#)

        let flow = try VaryOption(
            parsing: #"guards.max_asks={count: 2, per: 30d},{count: 1, per: 7d},null,"a,b",[x, y]"#)
        #expect(flow.values == ["{count: 2, per: 30d}", "{count: 1, per: 7d}", "null", #""a,b""#, "[x, y]"])

        // An = inside a value is the value's.
        #expect(try VaryOption(parsing: "when=a=b").values == ["a=b"])
    }

    @Test(
        "what is not PATH=V1,V2 is refused, saying what is wrong",
        arguments: [
            ("guards.cooldown", "found no ="),
            ("=7d", "a key in the path is empty"),
            ("guards..cooldown=7d", "a key in the path is empty"),
            ("guards.cooldown=", "value 1 is empty"),
            ("guards.cooldown=7d,,30d", "value 2 is empty (write null to remove the setting)"),
            ("guards.cooldown=7d,7d", "the value 7d is given twice"),
            (#"triggers."app.open=3"#, "a key's quote is not closed"),
            (#"triggers."app".x.y"z=3"#, "a key in quotes is quoted whole"),
            (String(repeating: "a.", count: 64) + "a=1", "a path has at most 64 keys"),
        ])
    func refusals(argument: String, expected: String) {
        #expect {
            try VaryOption(parsing: argument)
        } throws: { error in
            let message = (error as? VaryOption.SyntaxError)?.message ?? ""
            return message.hasPrefix("--vary \(argument): ") && message.contains(expected)
        }
    }

    @Test("the table's short names are each path's shortest distinct end, a dotted key still quoted")
    func shortPaths() {
        #expect(
            SimulationReport.shortPaths([#"triggers."app.open".at_least"#, "guards.cooldown"]) == [
                "at_least", "cooldown",
            ])
        #expect(
            SimulationReport.shortPaths([#"triggers."app.open".at_least"#, "triggers.done.at_least"]) == [
                #""app.open".at_least"#, "done.at_least",
            ])
        #expect(VaryOption.keys(ofPath: #"triggers."app.open".at_least"#) == ["triggers", "app.open", "at_least"])
    }
}
