import Foundation
import ReviewGateTestSupport
import Testing

/// `readout --html` opened in headless Chromium as `simulate`'s pages are: nothing logged, nothing
/// fetched, the JSON readout kept whole, every count the JSON member it names, every rounded figure
/// (a share, a difference, an interval's end, a p-value) the member it rounds, a sentence and an
/// error-bar chart per outcome, and the sample ratio warning first when there is one.
@Suite("readout --html in a browser")
struct ReadoutPageBrowserTests {
    static let policy = Repository.path("policies/experiments/review-timing.yaml")
    static let timeline = Repository.path("policies/examples/readout/timeline.jsonl")

    /// The rounded figures of a page: each `data-rounded` element's path and its whole text.
    static func rounded(_ dom: String) -> [(path: String, shown: String)] {
        dom.components(separatedBy: #"data-rounded=""#).dropFirst().compactMap { piece in
            guard let end = piece.firstIndex(of: "\""), let tagEnd = piece[end...].firstIndex(of: ">") else {
                return nil
            }
            let text = piece[piece.index(after: tagEnd)...].prefix { $0 != "<" }
            return (
                HTMLReportBrowserTests.decoded(String(piece[..<end])), HTMLReportBrowserTests.decoded(String(text))
            )
        }
    }

    /// Whether `shown` rounds `value`: `-` for null, `< 0.001` below it, a percentage of a share, else
    /// the number to the decimals shown.
    static func rounds(_ shown: String, _ value: Any?) -> Bool {
        if shown == "-" { return value is NSNull || value == nil }
        guard let json = (value as? NSNumber)?.doubleValue else { return false }
        if shown == "< 0.001" { return json < 0.001 }
        let percent = shown.hasSuffix("%")
        let text = shown.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "+", with: "")
        guard let number = Double(text) else { return false }
        let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
        let scaled = percent ? json * 100 : json
        return abs(number - scaled) <= 0.5 * pow(10, -Double(decimals)) + 1e-9
    }

    @Test(
        "the readout's page logs nothing, fetches nothing, and shows the JSON readout's figures",
        .enabled(
            if: HTMLReportBrowserTests.chromium != nil || HTMLReportBrowserTests.isCI,
            "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)))
    func inTheBrowser() throws {
        let run = [
            "--policy", Self.policy, "--outcome", "survey_completed", "--outcome", "process_completed", "--plan", "5",
            Self.timeline,
        ]
        let (opened, embedded, figures) = try HTMLReportBrowserTests.drawAndOpen(run, command: "readout")
        let rounded = Self.rounded(opened.dom)
        for (path, shown) in rounded {
            let value = FigureLookup.value(at: path, in: embedded)
            #expect(
                Self.rounds(shown, value), "\(path): the page shows \(shown), the JSON has \(String(describing: value))"
            )
        }
        let paths = Set(figures.map(\.path) + rounded.map(\.path))
        for outcome in 0..<2 {
            for key in ["difference_pp", "interval_pp.0", "interval_pp.1", "p_value", "by_assignment.difference_pp"] {
                #expect(paths.contains("outcomes.\(outcome).comparisons.0.\(key)"), "the page shows \(key)")
            }
            for key in ["assigned", "exposed", "observable", "with_outcome", "share", "by_assignment.share"] {
                #expect(paths.contains("outcomes.\(outcome).arms.1.\(key)"), "the page shows the arm's \(key)")
            }
            #expect(paths.contains("outcomes.\(outcome).plan.0.people_triggered"))
        }
        // A sentence and a chart per outcome, in the policy language's words.
        #expect(opened.dom.components(separatedBy: #"class="summary""#).count - 1 == 2)
        #expect(opened.dom.components(separatedBy: "<svg").count - 1 == 2)
        // The sentence names the comparison's trigger in the policy's words, and each group's rate
        // as this comparison's, among the people it reached (issue 49).
        #expect(
            opened.dom.contains(
                "Among the people who reached their 3rd process_completed, where third asks and fifth waits for the 5th: in fifth, 27.9% of 222 had survey_completed within 14 days; in third, 18.9% of 175"
            ))
        #expect(!opened.dom.contains("sample ratio mismatch"))
        #expect(opened.dom.contains("no sign of a mismatch: assignment p = "))
        #expect(!opened.dom.contains("p = <span data-rounded=\"outcomes.0.comparisons.0.p_value\">&lt;"))
        #expect(!opened.dom.contains("after the exposure (in a comparison"))
    }

    @Test(
        "a sample ratio mismatch is the page's first words",
        .enabled(
            if: HTMLReportBrowserTests.chromium != nil || HTMLReportBrowserTests.isCI,
            "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)))
    func mismatchFirst() throws {
        // Every other person of `third` dropped from the export: assignment no longer fits the buckets.
        let folder = try Repository.temporaryFolder()
        let lines = try String(contentsOfFile: Self.timeline, encoding: .utf8).split(separator: "\n")
        let readout = try CLIRunner.run([
            "readout", "--policy", Self.policy, "--outcome", "survey_completed", "--format", "json", Self.timeline,
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(readout.stdout.utf8)) as? NSDictionary)
        #expect(FigureLookup.value(at: "sample_ratio.warning", in: report) is NSNull)
        // People of `third` are those the readout puts there: the bucket below 5,000.
        let kept = lines.filter { line in
            let user = line.split(separator: "\"")[3]
            let number = Int(user.split(separator: "u").last ?? "") ?? 0
            return number % 3 != 0 || Self.bucket(String(user)) >= 5_000
        }
        try (kept.joined(separator: "\n") + "\n").write(
            to: folder.appending(path: "t.jsonl"), atomically: true, encoding: .utf8)
        let (opened, embedded, _) = try HTMLReportBrowserTests.drawAndOpen(
            ["--policy", Self.policy, "--outcome", "survey_completed", folder.appending(path: "t.jsonl").path],
            command: "readout")
        #expect(
            FigureLookup.value(at: "sample_ratio.warning", in: embedded) as? String
                == "sample ratio mismatch: the readout cannot be trusted until it is explained")
        let body = try #require(opened.dom.components(separatedBy: "<body>").last)
        let header = try #require(body.components(separatedBy: "<header>").last)
        #expect(header.hasPrefix(#"<p class="warning">Warning: sample ratio mismatch"#), "\(header.prefix(200))")
    }

    /// The experiment's bucket of `user` (Semantics §13): FNV-1a 64 of `review-timing-1:user`, modulo 10,000.
    static func bucket(_ user: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "review-timing-1:\(user)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash % 10_000
    }
}
