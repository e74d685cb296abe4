@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// `active_days` as a guard and a condition (Semantics §14.2): local dates in the moment's offset, a
/// launch that makes its own date active, the dates `record` keeps, and the promise of
/// `next_eligible_at` when waiting takes a date out of the window.
@Suite struct DaysOfUseTests {
    static let yaml = """
        reviewgate: 1
        name: t
        triggers:
          app_opened: {event: launch, at_least: 1}
          done: {at_least: 1}
        guards:
          never_on: [user_action]
          active_days: {at_least: 4, within: 7d}
          system_quota: false
        lint: {allow: [ask_at_launch]}
        """

    let policy: Policy
    let state: ReviewState

    init() throws {
        policy = try Fixtures.policy(Self.yaml)
        var state = try Fixtures.state(Fixtures.baseState)
        state.activeDays = ["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-21", "2026-11-30"].map { LocalDate($0)! }
        self.state = state
    }

    private func moment(_ time: String, offset: Int, event: String = "launch") -> Moment {
        Moment(time: LocalTime(Fixtures.time(time), utcOffsetSeconds: offset), event: event)
    }

    @Test func aLocalDateIsTheDateOfTheTimeInItsOffset() {
        let time = Fixtures.time("2026-11-21T23:30:00Z")
        #expect(LocalDate(LocalTime(time, utcOffsetSeconds: 0)).description == "2026-11-21")
        #expect(LocalDate(LocalTime(time, utcOffsetSeconds: 3_600)).description == "2026-11-22")
        #expect(
            LocalDate(LocalTime(Fixtures.time("2026-11-22T05:00:00Z"), utcOffsetSeconds: -6 * 3_600)).description
                == "2026-11-21")
        #expect(
            LocalDate(LocalTime(Fixtures.time("1969-12-31T23:59:59Z"), utcOffsetSeconds: 0)).description == "1969-12-31"
        )
        #expect(LocalDate("2026-02-29") == nil && LocalDate("2028-02-29") != nil && LocalDate("2026-1-01") == nil)
        #expect(Timestamp.utcOffset(ofRFC3339: "2026-11-22T10:00:00-05:30") == -19_800)
        #expect(Timestamp.utcOffset(ofRFC3339: "2026-11-22T10:00:00Z") == 0)
    }

    @Test func theWindowEndsWithTheMomentsDateAndALaunchCountsItsOwn() throws {
        // On 2026-11-22 in UTC: the 16th, 18th, 20th, 21st lie in the 7 dates 16–22; the 30th (a
        // date after the moment's) is kept but not counted.
        let donation = try Evaluator.evaluate(
            policy, state: state, moment: moment("2026-11-22T10:00:00Z", offset: 0, event: "done"))
        #expect(donation.isAllowed)
        // On 2026-11-23: the 16th leaves; a donation that is no launch adds no date.
        let later = try Evaluator.evaluate(
            policy, state: state, moment: moment("2026-11-23T10:00:00Z", offset: 0, event: "done"))
        #expect(later.blockedBy.map(\.id) == ["active_days"])
        #expect(later.needs.first?.activeDaysWithin == 7 && later.needs.first?.more == 1)
        #expect(later.nextEligibleAt == nil)
        // A launch that day makes the 23rd a day of use.
        #expect(
            try Evaluator.evaluate(policy, state: state, moment: moment("2026-11-23T10:00:00Z", offset: 0)).isAllowed)
        // Late on the 22nd in UTC is the 23rd in +03:00: the 16th has left the window there.
        let east = try Evaluator.evaluate(
            policy, state: state, moment: moment("2026-11-22T22:00:00Z", offset: 3 * 3_600, event: "done"))
        #expect(east.blockedBy.map(\.id) == ["active_days"])
    }

    @Test func aPassingCountThatWaitingBreaksIsKeptOutOfThePromise() throws {
        let policy = try Fixtures.policy(
            Self.yaml.replacingSuffix(
                "lint: {allow: [ask_at_launch]}", with: "lint: {allow: [ask_at_launch]}\nresponses: {after_later: 2d}"))
        var person = state
        person.responses = [Response(at: Fixtures.time("2026-11-22T09:00:00Z"), kind: .later)]
        // The later waits until the 24th, when the 16th and 18th have left the window.
        let decision = try Evaluator.evaluate(
            policy, state: person, moment: moment("2026-11-22T10:00:00Z", offset: 0, event: "done"))
        #expect(decision.blockedBy.map(\.id) == ["responses"])
        #expect(decision.nextEligibleAt == nil)
        #expect(decision.brokenByWaiting?.check.id == .guard(.activeDays))
    }

    @Test func recordKeepsTheDatesOfTheWindowAndNoMore() throws {
        var person = state
        let launch = moment("2026-11-23T23:30:00Z", offset: -8 * 3_600)  // the 23rd in -08:00
        Transition.apply(try Evaluator.evaluate(policy, state: person, moment: launch), to: &person, policy: policy)
        // The 7 dates ending with the 23rd start on the 17th: the 16th goes, the 30th stays.
        #expect(
            person.activeDays.map(\.description) == [
                "2026-11-18", "2026-11-20", "2026-11-21", "2026-11-23", "2026-11-30",
            ])
        // A policy that reads no days of use leaves them as they are.
        let plain = try Fixtures.simplePolicy(trigger: "event: launch, at_least: 1")
        var other = state
        Transition.apply(try Evaluator.evaluate(plain, state: other, moment: launch), to: &other, policy: plain)
        #expect(other.activeDays == state.activeDays)
        // A new version leaves them too, even with reset_on_new_version.
        let resetting = try Fixtures.policy(Self.yaml + "\ncounting: {reset_on_new_version: true}")
        Transition.update(
            &person, to: AppVersion(short: "2.0"), at: Fixtures.time("2026-11-24T10:00:00Z"), policy: resetting)
        #expect(person.activeDays.count == 5)
    }

    @Test func aConditionComparesTheDaysOfUse() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers:
              done:
                at_least: 1
                when: {active_days: {at_most: 3, within: 30d}}
            guards: {never_on: [user_action], system_quota: false}
            """)
        let decision = try Evaluator.evaluate(
            policy, state: state, moment: moment("2026-11-22T10:00:00Z", offset: 0, event: "done"))
        #expect(decision.blockedBy.map(\.id) == ["trigger"])
        let check = try #require(decision.check(.trigger(.when), trigger: "done"))
        #expect(
            CheckDescription(check, of: decision, policy: policy).observed.hasPrefix(
                "4 days of use in the last 30d, required at most 3"))
    }

    @Test func aWindowMustBeWholeDaysAndHoldItsCount() {
        func errors(_ setting: String) -> [String] {
            Fixtures.errors(
                "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards:\n  active_days: \(setting)"
            )
            .map(\.message)
        }
        #expect(
            errors("{at_least: 4, within: 1w}").first?.hasPrefix(
                "active_days within counts local dates: write it in days") == true)
        #expect(errors("{at_least: 4, within: 367d}").first?.contains("from 1d to 366d") == true)
        #expect(
            errors("{at_least: 8, within: 7d}").first?.hasPrefix("active_days at_least 8 can never pass within 7d")
                == true)
        #expect(errors("{at_least: 4}").first?.contains("within") == true)
        #expect(errors("{at_least: 4, within: 7d}").isEmpty)
    }

    @Test func theStateWritesReadsAndRefusesDates() throws {
        for format in [StateEncoder.Format.yaml, StateEncoder.Format.json] {
            let text = StateEncoder.encode(state, as: format)
            #expect(text.contains("\"2026-11-16\""))
            #expect(try StateDecoder.decode(Fixtures.document(text), versionKey: nil) == state)
        }
        for bad in [
            #"["2026-11-20", "2026-11-19"]"#, #"["2026-11-20", "2026-11-20"]"#, #"["2026-13-01"]"#, "[20261120]",
        ] {
            #expect(throws: DiagnosticError.self) {
                try Fixtures.state(Fixtures.baseState + "\nactive_days: \(bad)")
            }
        }
    }

    @Test func randomPromisesOfDaysOfUseAreKept() throws {
        var random = SplitMix(seed: 1_402)
        let policy = try Fixtures.policy(Self.yaml + "\nresponses: {after_later: 3d}")
        let first = LocalDate("2026-11-10")!.daysSince1970
        var promises = 0
        for _ in 0..<300 {
            var person = state
            person.activeDays = (0..<20).compactMap { day in
                Bool.random(using: &random) ? LocalDate(daysSince1970: first + day) : nil
            }
            person.responses = [Response(at: Fixtures.time("2026-11-20T10:00:00Z"), kind: .later)]
            let offset = Int.random(in: -12...14, using: &random) * 3_600
            let now =
                Fixtures.time("2026-11-21T00:00:00Z") + TimeSpan(seconds: Int64.random(in: 0..<86_400, using: &random))
            var moment = Moment(time: LocalTime(now, utcOffsetSeconds: offset), event: "done")
            let decision = try Evaluator.evaluate(policy, state: person, moment: moment)
            guard let promised = decision.nextEligibleAt else { continue }
            promises += 1
            moment.now = promised
            #expect(try Evaluator.evaluate(policy, state: person, moment: moment).isAllowed)
        }
        #expect(promises > 30, "only \(promises) of 300 states had a promise to check")
    }
}

extension String {
    /// The text with its suffix `suffix` replaced by `replacement`.
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
