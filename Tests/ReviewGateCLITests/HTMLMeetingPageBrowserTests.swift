import Foundation
import ReviewGateTestSupport
import Testing

/// `simulate --html` as a page for a meeting (Semantics §10 *A report to share*), opened in headless
/// Chromium: a sentence per compared column whose ratio, difference and share are those of the JSON
/// members each names, the settings that differ, a unit on every axis, partial weeks marked, the
/// policy language's words, the horizon's column in the variants' table, and a chart across the
/// variants before their pages.
@Suite("simulate --html for a meeting, in a browser")
struct HTMLMeetingPageBrowserTests {
    static let cohort = Repository.path("policies/examples/simulate/first-month.cohort.yaml")

    /// Each element's `attribute` value and text, in the page's order.
    static func marked(_ attribute: String, in dom: String) -> [(members: [String], shown: String)] {
        dom.components(separatedBy: "\(attribute)=\"").dropFirst().compactMap { piece in
            guard let end = piece.firstIndex(of: "\""), let tagEnd = piece[end...].firstIndex(of: ">") else {
                return nil
            }
            let text = piece[piece.index(after: tagEnd)...].prefix { $0 != "<" }
            return (
                HTMLReportBrowserTests.decoded(String(piece[..<end])).split(separator: " ").map(String.init),
                HTMLReportBrowserTests.decoded(String(text))
            )
        }
    }

    static func number(_ path: String, in report: NSDictionary) -> Double? {
        (FigureLookup.value(at: path, in: report) as? NSNumber)?.doubleValue
    }

    /// Checks every sentence's derived numbers against the members they name.
    static func checkSentences(_ dom: String, _ report: NSDictionary) -> Int {
        var checked = 0
        for (members, shown) in marked("data-ratio", in: dom) {
            guard let a = number(members[0], in: report), let b = number(members[1], in: report), b > 0,
                let value = Double(shown.replacingOccurrences(of: "×", with: ""))
            else {
                Issue.record("a ratio of \(members) shows \(shown)")
                continue
            }
            let text = shown.replacingOccurrences(of: "×", with: "")
            let places = text.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(abs(value - a / b) <= 0.5 * pow(10, -Double(places)) + 1e-9, "\(members): \(shown)")
            checked += 1
        }
        for (members, shown) in marked("data-difference", in: dom) {
            guard let a = number(members[0], in: report), let b = number(members[1], in: report),
                let value = Double(shown)
            else {
                Issue.record("a difference of \(members) shows \(shown)")
                continue
            }
            #expect(value == abs(a - b), "\(members): \(shown)")
            checked += 1
        }
        for (members, shown) in marked("data-share", in: dom) {
            guard let a = number(members[0], in: report), let b = number(members[1], in: report), b > 0,
                let value = Double(shown.replacingOccurrences(of: "%", with: ""))
            else {
                Issue.record("a share of \(members) shows \(shown)")
                continue
            }
            #expect(abs(value - a * 100 / b) <= 0.05 + 1e-9, "\(members): \(shown)")
            checked += 1
        }
        return checked
    }

    @Test(
        "beside a baseline: a sentence from the members it names, the settings that differ, units on the axes, partial weeks, the policy language's words",
        .enabled(
            if: HTMLReportBrowserTests.chromium != nil || HTMLReportBrowserTests.isCI,
            "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)))
    func besideABaseline() throws {
        let (opened, embedded, _) = try HTMLReportBrowserTests.drawAndOpen([
            "--policy", Repository.path("policies/apple-sample.yaml"), "--baseline",
            Repository.path("policies/three-week-rule.yaml"), "--synthetic", Self.cohort,
        ])
        let dom = opened.dom
        #expect(Self.checkSentences(dom, embedded) == 3, "a ratio, a difference and a share")
        #expect(dom.contains("apple-sample asks "), "the sentence names the policy")
        #expect(dom.contains(" as many people as three-week-rule (people asked)"))
        // The settings that differ, in the policy language's paths, a trigger one side lacks in one row.
        #expect(dom.contains("Settings that differ"))
        for path in ["guards.min_install_age", "triggers.app_open", "triggers.process_completed"] {
            #expect(dom.contains("<code>\(path)</code>"), "\(path)")
        }
        #expect(!dom.contains("<code>triggers.app_open.at_least</code>"))
        // A unit on every axis.
        for unit in ["asks", "week from Monday (UTC)", "people", "days from first seen to first ask"] {
            #expect(dom.contains(">\(unit)</text>"), "\(unit)")
        }
        // The cohort's lines end on a Thursday: its last week is marked partial.
        #expect(dom.contains(#"class="bar partial""#))
        #expect(dom.contains("(partial: the timeline starts or ends in it)"))
        // The page's words are the policy language's.
        for word in ["Semantics §10", "trigger moments", "never reached a count\u{3C}"] {
            #expect(!dom.contains(word), "\(word)")
        }
        #expect(dom.contains("never reached at_least 4"))
    }

    @Test(
        "under --vary: a sentence per variant, the horizon's column, and one chart of each variant's share asked, in odometer order",
        .enabled(
            if: HTMLReportBrowserTests.chromium != nil || HTMLReportBrowserTests.isCI,
            "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)))
    func variants() throws {
        let (opened, embedded, figures) = try HTMLReportBrowserTests.drawAndOpen([
            "--policy", Repository.path("policies/apple-sample.yaml"), "--synthetic", Self.cohort, "--vary",
            "guards.cooldown=7d,30d", "--vary", "triggers.process_completed.at_least=3,5", "--within-days", "14",
        ])
        let dom = opened.dom
        // Each of the four variants against the policy as written: a ratio, a difference, a share.
        #expect(Self.checkSentences(dom, embedded) == 12)
        #expect(dom.components(separatedBy: #"class="sentence""#).count - 1 == 4)
        // The chart across the variants comes before the headline figures, a bar each, in order.
        let chart = try #require(
            dom.components(separatedBy: "Share of people asked, per variant").dropFirst().first?
                .components(separatedBy: "</svg>").first)
        let bars = Self.marked("data-figure", in: chart).map(\.members[0])
        #expect(bars == ["policy.people_asked_percent"] + (0..<4).map { "variants.\($0).people_asked_percent" })
        #expect(chart.contains(">cooldown=7d, at_least=3</text>"))
        #expect(dom.range(of: "Share of people asked")!.lowerBound < dom.range(of: "Headline figures")!.lowerBound)
        // The text's `in 14 d` column.
        #expect(dom.contains(">asked in 14 days</th>"))
        let paths = Set(figures.map(\.path))
        for row in ["policy"] + (0..<4).map({ "variants.\($0)" }) {
            #expect(paths.contains("\(row).within_days.asked_percent"), "\(row)")
        }
    }
}
