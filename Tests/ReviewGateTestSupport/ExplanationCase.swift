import Foundation
@_spi(ReviewGateTools) import ReviewGate

/// The moments whose explanations (text and JSON) have golden files in
/// `Tests/ReviewGateCLITests/Goldens`: the CLI's output and the library's renderers are both
/// checked against them.
package struct ExplanationCase: CustomStringConvertible, Sendable {
    /// The golden files' name.
    package let name: String
    /// The policy under `policies/`, without `.yaml`.
    package let policy: String
    /// The state file under `policies/examples/`.
    package let state: String
    /// The moment as `evaluate` options.
    package let moment: [String]
    /// `evaluate`'s exit status: 0 allow, 1 block.
    package let status: Int32

    /// The case's name.
    package var description: String { name }

    /// The two renderings that have golden files.
    package enum Format: String, Sendable {
        case text = "txt"
        case json
    }

    /// The golden file of one rendering.
    package func golden(_ format: Format) -> URL {
        Repository.root.appending(path: "Tests/ReviewGateCLITests/Goldens/\(name).\(format.rawValue)")
    }

    /// The moment the options describe, as the library takes it.
    package var libraryMoment: Moment {
        func value(_ option: String) -> String? {
            moment.firstIndex(of: option).map { moment[$0 + 1] }
        }
        return Moment(
            time: .utc(Timestamp(rfc3339: value("--now")!)!),
            subject: value("--trigger").map(Moment.Subject.trigger) ?? value("--event").map(Moment.Subject.event)
                ?? .everyTrigger,
            scene: value("--scene"))
    }

    /// Every case.
    package static let all = [
        ExplanationCase(
            name: "apple-sample-allow", policy: "apple-sample", state: "apple-sample.state.yaml",
            moment: ["--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"],
            status: 0),
        ExplanationCase(
            name: "apple-sample-third", policy: "apple-sample", state: "apple-sample.state.yaml",
            moment: ["--trigger", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"],
            status: 1),
        ExplanationCase(
            name: "apple-sample-asked", policy: "apple-sample", state: "apple-sample-asked.state.yaml",
            moment: ["--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"],
            status: 1),
        ExplanationCase(
            name: "apple-sample-other-scene", policy: "apple-sample", state: "apple-sample.state.yaml",
            moment: ["--event", "process_completed", "--scene", "Settings", "--now", "2026-11-22T10:00:00Z"], status: 1),
        ExplanationCase(
            name: "three-week-rule-one-second-short", policy: "three-week-rule", state: "three-week-rule.state.json",
            moment: ["--event", "launch", "--now", "2026-11-22T09:59:59Z"], status: 1),
        ExplanationCase(
            name: "three-week-rule-exactly-21d", policy: "three-week-rule", state: "three-week-rule.state.json",
            moment: ["--event", "launch", "--now", "2026-11-22T10:00:00Z"], status: 0),
        ExplanationCase(
            name: "treaty-cooldown", policy: "treaty", state: "treaty.state.yaml",
            moment: ["--event", "feed_activity_logged", "--now", "2026-11-22T10:00:00Z"], status: 1),
        ExplanationCase(
            name: "treaty-walk-after-cooldown", policy: "treaty", state: "treaty.state.yaml",
            moment: ["--event", "walk_ended", "--now", "2026-11-25T10:00:00Z"], status: 0),
        ExplanationCase(
            name: "treaty-second-hygiene-activity", policy: "treaty", state: "treaty.state.yaml",
            moment: ["--event", "hygiene_activity_logged", "--now", "2026-11-25T10:00:00Z"], status: 1),
        // Asked and rated on another of the person's devices (Semantics §16.5).
        ExplanationCase(
            name: "illinois-rated-on-another-device", policy: "recipes/illinois-app-2207-one-rating-per-person",
            state: "illinois-iphone.state.yaml",
            moment: ["--event", "favorite_added", "--now", "2026-11-01T09:00:00Z"],
            status: 1),
    ]
}
