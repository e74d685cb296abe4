@_spi(ReviewGateTools) import ReviewGate

/// Makes a cohort's timeline: each person installs at a random time in `installs_over`, launches
/// and donates events a Poisson-distributed number of times on each day they still use the app
/// (events only on days they launch, after the day's first launch), may stop for good each day
/// with the churn chance, and runs the version released when each line happens. Seeded per
/// person (SplitMix64), so the same file gives the same lines on every machine.
package enum CohortGenerator {
    /// The cohort's timeline.
    package static func timeline(_ cohort: Cohort) -> Timeline {
        var symbols = Symbols()
        var people = Symbols()
        var events: [TimelineEvent] = []
        // Events, then wants: a cohort without wants makes the same lines as before they were.
        let rates = cohort.events.map { ($0, TimelineEvent.Kind.event) } + cohort.wants.map { ($0, .want) }
        let eventNames = rates.map { symbols.intern($0.0.name) }
        let scenes = rates.map { $0.0.scene.map { symbols.intern($0) } ?? TimelineEvent.none }
        var versions: [(short: Symbols.ID, build: Symbols.ID)] = []
        let digits = String(cohort.people - 1).count
        let end = cohort.start + TimeSpan(seconds: Int64(cohort.days) * 86_400)
        let day = TimeSpan(seconds: 86_400)
        var dayEvents: [TimelineEvent] = []

        for index in 0..<cohort.people {
            var random = SplitMix64(seed: cohort.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let number = String(index)
            let person = people.intern("p" + String(repeating: "0", count: max(0, digits - number.count)) + number)
            let installed = cohort.start + TimeSpan(seconds: random.below(cohort.installsOver.seconds + 1))
            func stamped(_ event: TimelineEvent) -> TimelineEvent {
                var event = event
                let version = version(at: event.time, cohort, &versions, &symbols)
                event.short = version.short
                event.build = version.build
                return event
            }
            events.append(stamped(TimelineEvent(person: person, time: installed, kind: .install)))
            var dayStart = installed
            var dayNumber = 0
            while dayStart < end {
                if dayNumber > 0, random.unit() < cohort.churnPerDay { break }
                dayEvents.removeAll(keepingCapacity: true)
                var launches = random.poisson(cohort.launchesPerDay)
                if dayNumber == 0 { launches = max(1, launches) }
                var firstLaunch: Timestamp?
                for launch in 0..<launches {
                    let time =
                        dayNumber == 0 && launch == 0 ? installed : dayStart + TimeSpan(seconds: random.below(86_400))
                    firstLaunch = min(firstLaunch ?? time, time)
                    dayEvents.append(TimelineEvent(person: person, time: time, kind: .launch))
                }
                if let firstLaunch {
                    let left = (dayStart + day - firstLaunch).seconds
                    for ((rate, kind), name) in zip(rates, eventNames.indices) {
                        for _ in 0..<random.poisson(rate.perDay) {
                            var event = TimelineEvent(
                                person: person,
                                time: firstLaunch + TimeSpan(seconds: 1 + random.below(max(1, left - 1))),
                                kind: kind)
                            event.name = eventNames[name]
                            event.scene = scenes[name]
                            dayEvents.append(event)
                        }
                    }
                }
                dayEvents.sort { ($0.time, $0.kind.rawValue) < ($1.time, $1.kind.rawValue) }
                for event in dayEvents where event.time < end { events.append(stamped(event)) }
                dayStart = dayStart + day
                dayNumber += 1
            }
        }
        return Timeline(events: events, symbols: symbols, people: people)
    }

    /// The version released at `time`: the cohort's, with the build and the marketing version's
    /// last part raised by the number of updates since the start.
    private static func version(
        at time: Timestamp, _ cohort: Cohort, _ versions: inout [(short: Symbols.ID, build: Symbols.ID)],
        _ symbols: inout Symbols
    ) -> (short: Symbols.ID, build: Symbols.ID) {
        let release = cohort.updateEvery.map { Int(max(0, (time - cohort.start).seconds) / $0.seconds) } ?? 0
        while versions.count <= release {
            let step = versions.count
            versions.append(
                (
                    cohort.app.short.map { symbols.intern(raised($0, by: step)) } ?? TimelineEvent.none,
                    cohort.app.build.map { symbols.intern(raised($0, by: step)) } ?? TimelineEvent.none
                ))
        }
        return versions[release]
    }

    /// `1.4` raised by 2 is `1.6`; `77` by 2 is `79`; a last part that is not a number gets `.2` added.
    static func raised(_ version: String, by step: Int) -> String {
        guard step > 0 else { return version }
        var parts = version.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let last = parts.last, let number = Int(last) {
            parts[parts.count - 1] = String(number + step)
            return parts.joined(separator: ".")
        }
        return version + ".\(step)"
    }
}

/// SplitMix64: a small, fast, well-mixed generator whose output is the same everywhere.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A number in [0, bound), or 0 when `bound` is not positive.
    mutating func below(_ bound: Int64) -> Int64 {
        bound > 0 ? Int64(next() % UInt64(bound)) : 0
    }

    /// A Poisson-distributed count with mean `mean` (Knuth's method, in steps of at most 30).
    mutating func poisson(_ mean: Double) -> Int {
        var left = mean
        var total = 0
        while left > 0 {
            let step = min(left, 30)
            left -= step
            let limit = Self.exponential(-step)
            var product = unit()
            while product > limit {
                total += 1
                product *= unit()
            }
        }
        return total
    }

    /// e^x for x ≤ 0, without the C library: e^−1 raised to the whole part, times a series for the rest.
    static func exponential(_ x: Double) -> Double {
        let whole = Int((-x).rounded(.down))
        let fraction = -x - Double(whole)
        var result = 1.0
        for _ in 0..<whole { result *= 0.367_879_441_171_442_33 }
        var term = 1.0
        var series = 1.0
        for n in 1...20 {
            term *= -fraction / Double(n)
            series += term
        }
        return result * series
    }
}
