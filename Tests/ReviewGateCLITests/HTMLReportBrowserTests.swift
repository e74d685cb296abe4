import Foundation
import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate --html` opened in a real browser (headless Chromium): the page logs nothing to the
/// console, fetches nothing, and every figure it shows is the JSON report's, the headline figures of
/// every column among them. Enabled where Chromium is installed, and under CI, where a missing
/// Chromium fails the test rather than skips it (`.ci/run` installs it).
@Suite("simulate --html in a browser")
struct HTMLReportBrowserTests {
    /// Chromium on `PATH`, as Debian installs it.
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Whether this is a CI run (`CI` set), where a missing Chromium fails the test, not skips it.
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    static let cohort = Repository.path("policies/examples/simulate/first-month.cohort.yaml")

    /// The shipped examples drawn: a policy beside a baseline on the cohort, the shipped experiment
    /// on it (each arm a column), the shipped timeline with a horizon, and the experiment under
    /// `--vary` (each variant a column, and the variants' table).
    static let runs: [[String]] = [
        [
            "--policy", Repository.path("policies/apple-sample.yaml"), "--baseline",
            Repository.path("policies/three-week-rule.yaml"), "--synthetic", cohort,
        ],
        ["--policy", Repository.path("policies/experiments/ask-earlier.yaml"), "--synthetic", cohort],
        [
            "--policy", Repository.path("policies/apple-sample.yaml"),
            Repository.path("policies/examples/simulate/timeline.jsonl"), "--within-days", "7",
        ],
        [
            "--policy", Repository.path("policies/experiments/ask-earlier.yaml"), "--synthetic", cohort,
            "--vary", "experiment.holdout=0,10", "--vary", "guards.cooldown=null,14d", "--within-days", "14",
        ],
        // An export with people installed before it and a row twice.
        [
            "--policy", Repository.path("policies/apple-sample.yaml"),
            Repository.path("policies/examples/simulate/export.jsonl"), "--within-days", "14",
        ],
    ]

    @Test(
        "the page logs nothing, fetches nothing, and shows the JSON report's figures for every column",
        .enabled(
            if: chromium != nil || isCI, "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)), arguments: runs)
    func inTheBrowser(_ run: [String]) throws {
        let (opened, embedded, figures) = try Self.drawAndOpen(run)
        #expect(figures.count > 40)
        // Every column has its section, and at least the headline figures.
        let shownPaths = Set(figures.map(\.path))
        let columns = FigureLookup.columns(of: embedded)
        #expect(Self.sections(opened.dom) == columns)
        // The policy (and a baseline), an experiment's three arms, and four variants of --vary.
        let expected =
            (run.contains("--baseline") ? 2 : 1) + (run.contains(where: { $0.contains("experiments") }) ? 3 : 0)
            + (run.contains("--vary") ? 4 : 0)
        #expect(columns.count == expected)
        if run.contains("--vary") {
            // The variants' table shows each variant's and each arm's headline, as the JSON has them.
            for row in ["policy"] + (0..<4).map({ "variants.\($0)" }) {
                for arm in [""] + (0..<3).map({ ".arms.\($0)" }) {
                    #expect(shownPaths.contains("\(row)\(arm).days_to_first_ask.p50"), "\(row)\(arm)")
                }
            }
        }
        for column in columns {
            let required = FigureLookup.headline(of: column, in: embedded)
            #expect(required.count >= 9 && HeadlineRow.pageFigureKeys.count >= 8)
            let missing = required.subtracting(shownPaths)
            #expect(missing.isEmpty, "\(column): not shown: \(missing.sorted())")
            // The bars of the weeks and the bins of the days hold every ask and every person asked.
            let node = FigureLookup.value(at: column, in: embedded) as? NSDictionary
            for (prefix, total) in [
                ("\(column).asks_by_week.", "asks"), ("\(column).days_to_first_ask.people_by_day.", "people_asked"),
            ] {
                let sum = figures.filter { $0.path.hasPrefix(prefix) }.compactMap { FigureLookup.number($0.shown) }
                    .reduce(0, +)
                let whole = (node?[total] as? NSNumber)?.doubleValue ?? -1
                // People first seen before the data starts who were asked are left out of the days.
                let before = total == "asks" ? 0 : (node?["people_before_start_asked"] as? NSNumber)?.doubleValue ?? 0
                #expect(sum == whole - before, "\(prefix): \(sum)")
            }
        }
    }

    @Test(
        "printed, the headline figures take a page and each column one more (Semantics §10)",
        .enabled(
            if: chromium != nil || isCI, "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(1)), arguments: zip(runs.prefix(2), [3, 5]))
    func printed(_ run: [String], pages: Int) throws {
        let browser = try #require(Self.chromium, "Chromium is not installed, and CI is set: .ci/run installs it")
        let folder = try Repository.temporaryFolder()
        let drawn = try CLIRunner.run(["simulate"] + run + ["--html", "report.html"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let pdf = folder.appending(path: "report.pdf")
        let printed = try Self.open(folder.appending(path: "report.html"), in: folder, with: browser, printingTo: pdf)
        #expect(printed.status == 0, "\(printed.log.suffix(2000))")
        // A page object is `/Type /Page`; the tree of them is `/Type /Pages`.
        let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        let objects = text.components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }
        // A baseline beside the policy: 1 + 2; the experiment's policy and its three arms: 1 + 4.
        #expect(objects.count == pages)
    }

    @Test(
        "the net log check sees a request the page makes (a page without the policy, loading an image)",
        .enabled(
            if: chromium != nil || isCI, "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(1)))
    func theCheckSeesARequest() throws {
        let browser = try #require(Self.chromium, "Chromium is not installed, and CI is set: .ci/run installs it")
        let folder = try Repository.temporaryFolder()
        let page = folder.appending(path: "leaky.html")
        try #"<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/x.png" alt=""></body></html>"#.write(
            to: page, atomically: true, encoding: .utf8)
        let opened = try Self.open(page, in: folder, with: browser)
        #expect(try Self.pageRequests(opened.netLog, page: page) == ["http://127.0.0.1:9/x.png"])
    }

    /// Runs `simulate` (or `command`) with `run` twice, drawing the page and printing the JSON report, opens the
    /// page, and checks what every page must hold to: no console message, no request, no resource
    /// named, the JSON report kept whole, and every figure the JSON member it names. Gives the
    /// page as opened, its report, and its figures.
    static func drawAndOpen(_ run: [String], command: String = "simulate") throws -> (
        opened: Opened, embedded: NSDictionary, figures: [(path: String, shown: String)]
    ) {
        let browser = try #require(Self.chromium, "Chromium is not installed, and CI is set: .ci/run installs it")
        let folder = try Repository.temporaryFolder()
        let drawn = try CLIRunner.run([command] + run + ["--html", "report.html"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let json = try CLIRunner.run([command] + run + ["--format", "json"], in: folder)
        #expect(json.status == 0, "\(json.stderr)")
        let page = folder.appending(path: "report.html")

        let opened = try Self.open(page, in: folder, with: browser)
        #expect(opened.status == 0, "\(opened.log.suffix(2000))")
        // This Chromium logs every console message (log, warning, error) as `INFO:CONSOLE`, its level
        // not shown: a page without script has none at all.
        let console = opened.log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(console.isEmpty, "\(console)")
        #expect(try Self.pageRequests(opened.netLog, page: page).isEmpty)
        #expect(!opened.dom.contains(" src=") && !opened.dom.contains(" href="), "nothing in the page names a resource")

        // The report kept in the page is the one --format json prints.
        let embedded = try #require(Self.embeddedReport(opened.dom))
        let printed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary
        #expect(embedded == printed)

        let figures = Self.figures(opened.dom)
        for (path, shown) in figures {
            let value = FigureLookup.value(at: path, in: embedded)
            #expect(
                FigureLookup.matches(shown, value),
                "\(path): the page shows \(shown), the JSON has \(String(describing: value))")
        }
        return (opened, embedded, figures)
    }

    /// What the browser did with a page: its exit status, the DOM after load, its log, and its net log.
    struct Opened {
        var status: Int32
        var dom: String
        var log: String
        var netLog: Data
    }

    /// Opens `page` in headless Chromium, with a profile of its own in `folder` and no name resolving
    /// (the browser's own background requests stay in the machine), and dumps its DOM; or, given
    /// `pdf`, prints it there instead (on Letter, with no header or footer of the browser's).
    static func open(_ page: URL, in folder: URL, with browser: String, printingTo pdf: URL? = nil) throws -> Opened {
        let netLog = folder.appending(path: "netlog.json")
        let (out, err) = (folder.appending(path: "dom.html"), folder.appending(path: "browser.log"))
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(filePath: browser)
        process.arguments =
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=1",
                "--log-net-log=\(netLog.path)", "--user-data-dir=\(folder.appending(path: "profile").path)",
                "--no-first-run", "--disable-background-networking", "--disable-extensions",
                "--host-resolver-rules=MAP * ~NOTFOUND",
            ] + (pdf.map { ["--print-to-pdf=\($0.path)", "--no-pdf-header-footer"] } ?? ["--dump-dom"]) + [
                page.absoluteString
            ]
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("Chromium did not finish within 60 s")
        }
        process.waitUntilExit()
        return Opened(
            status: process.terminationStatus, dom: try String(contentsOf: out, encoding: .utf8),
            log: String(decoding: try Data(contentsOf: err), as: UTF8.self), netLog: try Data(contentsOf: netLog))
    }

    /// The URLs the page asked for, from the net log: every URL request whose initiator is an origin
    /// (the page's, `null` for a file); the browser's own (its updater, its clock) have none. Any
    /// `ws:` or `data:` request counts too, whoever made it.
    static func pageRequests(_ netLog: Data, page: URL) throws -> [String] {
        let log = try #require(try JSONSerialization.jsonObject(with: netLog) as? [String: Any])
        let types = try #require((log["constants"] as? [String: Any])?["logEventTypes"] as? [String: Int])
        let start = try #require(types["URL_REQUEST_START_JOB"])
        var urls: [String] = []
        for event in log["events"] as? [[String: Any]] ?? [] {
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                url != page.absoluteString
            else { continue }
            let scheme = url.split(separator: ":").first.map { $0.lowercased() } ?? ""
            let byPage = event["type"] as? Int == start && (params["initiator"] as? String) != "not an origin"
            if byPage || ["ws", "wss", "data"].contains(scheme), !urls.contains(url) { urls.append(url) }
        }
        return urls
    }

    /// The JSON report kept in the page's `<script type="application/json" id="report">`.
    static func embeddedReport(_ dom: String) -> NSDictionary? {
        guard let open = dom.range(of: #"<script type="application/json" id="report">"#),
            let close = dom[open.upperBound...].range(of: "</script>")
        else { return nil }
        let text = String(dom[open.upperBound..<close.lowerBound])
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }

    /// Every element marked `data-figure`, with the first word of its text: the figure as shown.
    static func figures(_ dom: String) -> [(path: String, shown: String)] {
        var found: [(String, String)] = []
        var rest = dom[...]
        while let mark = rest.range(of: #"data-figure=""#) {
            guard let end = rest[mark.upperBound...].firstIndex(of: "\""),
                let tagEnd = rest[end...].firstIndex(of: ">")
            else { break }
            let path = decoded(String(rest[mark.upperBound..<end]))
            let text = rest[rest.index(after: tagEnd)...].prefix { $0 != "<" }
            let shown = decoded(String(text)).split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            found.append((path, shown))
            rest = rest[tagEnd...]
        }
        return found
    }

    /// The columns' sections, in order (`data-column`).
    static func sections(_ dom: String) -> [String] {
        dom.components(separatedBy: #"data-column=""#).dropFirst().map {
            decoded(String($0.prefix { $0 != "\"" }))
        }
    }

    /// Text with HTML's character references read.
    static func decoded(_ text: String) -> String {
        var out = text
        for (reference, character) in [
            ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            out = out.replacingOccurrences(of: reference, with: character)
        }
        return out
    }
}

/// Reads a figure's path (`policy.asks_by_trigger."app.open"`, `policy.arms.1.people`) in the JSON
/// report, as the page writes it (`FigurePath` in ReviewGateSimulation), and compares what the page shows.
enum FigureLookup {
    /// Objects that list only what is not zero: a key missing there is 0.
    static let sparse: Set<String> = ["asks_by_week", "people_by_day", "blocked_by", "never_asked"]

    /// A path's keys: split at dots outside quotes, quoted keys unquoted.
    static func keys(_ path: String) -> [String] {
        var keys: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in path {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ".", !quoted {
                keys.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return keys + [current]
    }

    /// The value at `path`: `NSNull` for a JSON null, 0 for a member a sparse object leaves out, the
    /// sum of the members from A to B for a last key `A..B`; `nil` when there is no such member.
    static func value(at path: String, in root: NSDictionary) -> Any? {
        var node: Any? = root
        var parent = ""
        // A member a sparse object leaves out (a blocker that blocked nothing): 0, and so is all in it.
        var absent = false
        for key in keys(path) where !absent {
            if let object = node as? NSDictionary {
                if let member = object[key] {
                    node = member
                } else if sparse.contains(parent), let range = key.range(of: "..") {
                    let (first, last) = (String(key[..<range.lowerBound]), String(key[range.upperBound...]))
                    node =
                        object.compactMap { member -> Double? in
                            guard let name = member.key as? String, inRange(name, first, last) else { return nil }
                            return (member.value as? NSNumber)?.doubleValue
                        }.reduce(0, +) as NSNumber
                } else if sparse.contains(parent) {
                    absent = true
                } else {
                    return nil
                }
            } else if let list = node as? NSArray, let index = Int(key), (0..<list.count).contains(index) {
                node = list[index]
            } else {
                return nil
            }
            parent = key
        }
        return absent ? 0 as NSNumber : node
    }

    /// Whether `key` is from `first` to `last`: as numbers (days) or as text (ISO dates).
    static func inRange(_ key: String, _ first: String, _ last: String) -> Bool {
        if let value = Int(key), let low = Int(first), let high = Int(last) { return low <= value && value <= high }
        return first <= key && key <= last
    }

    /// A shown figure as a number: `12,345` is 12345, `41.2%` is 41.2; `nil` for `-`.
    static func number(_ shown: String) -> Double? {
        Double(shown.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "%", with: ""))
    }

    /// Whether the page's `shown` is the JSON's `value`: `-` for null, else the same number.
    static func matches(_ shown: String, _ value: Any?) -> Bool {
        if shown == "-" { return value is NSNull }
        guard let number = number(shown), let json = (value as? NSNumber)?.doubleValue else { return false }
        return abs(number - json) < 1e-9
    }

    /// The report's columns: the baseline, the policy, then each one's arms, then the variants.
    static func columns(of report: NSDictionary) -> [String] {
        let top = ["baseline", "policy"].filter { report[$0] is NSDictionary }
        return top
            + top.flatMap { role in
                ((report[role] as? NSDictionary)?["arms"] as? NSArray).map { arms in
                    (0..<arms.count).map { "\(role).arms.\($0)" }
                } ?? []
            } + (0..<((report["variants"] as? NSArray)?.count ?? 0)).map { "variants.\($0)" }
    }

    /// The headline figures a column must show: people, asked (and the share), asks (by trigger,
    /// past the OS quota where it is modelled), days to the first ask, trigger moments not asked, and
    /// the horizon's.
    static func headline(of column: String, in report: NSDictionary) -> Set<String> {
        // The figures every column shows, as the report's headline rows list them.
        var paths = Set(HeadlineRow.pageFigureKeys.map { "\(column).\($0)" })
        let node = value(at: column, in: report) as? NSDictionary
        // `null` where no OS quota is modelled (Android): a row the page leaves out when no column has one.
        if node?["asks_past_os_quota"] is NSNumber { paths.insert("\(column).asks_past_os_quota") }
        for case let trigger as NSDictionary in node?["triggers"] as? NSArray ?? [] {
            let id = trigger["id"] as? String ?? ""
            let key = id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } ? id : "\"\(id)\""
            paths.insert("\(column).asks_by_trigger.\(key)")
        }
        if node?["within_days"] is NSDictionary {
            for key in ["people", "asked", "asked_percent"] { paths.insert("\(column).within_days.\(key)") }
        }
        return paths
    }
}
