/// One attention budget for all of an app's prompts (Semantics §12): which prompt may interrupt the
/// person at a moment, and how often any may. ``Arbiter`` decides with it.
public struct Budget: Sendable {
    /// The budget file's format version, `1`.
    package var version: Int
    /// The budget's name, `[a-z0-9][a-z0-9._-]*`.
    public package(set) var name: String
    /// What the budget is for.
    public package(set) var description: String?
    /// Every prompt the app shows, in file order (which breaks ties of priority).
    package var prompts: [BudgetPrompt] {
        didSet {
            positions = Self.positions(prompts)
            shared = Shared(prompts, ownRenames)
        }
    }
    /// Each prompt's index in ``prompts`` by name, so that a look-up takes constant time however
    /// many prompts a budget has.
    private var positions: [String: Int]
    /// Limits over every prompt, counted from the shown ones.
    package var limits: [BudgetLimit]
    /// Gaps between prompts.
    package var gaps: [BudgetGap]
    /// How long a granted prompt holds the budget before it is shown or released.
    package var lease: Located<TimeSpan>
    /// The warnings the team means, from `lint: {allow: [...]}`.
    package var allowedWarnings: Set<BudgetLintRule>
    /// Where the budget file starts.
    package var location: SourceLocation
    /// The SHA-256 of the budget (its settings and each of its policies' digests), which names this
    /// exact budget in logs and decision events, when known.
    public package(set) var digest: String?

    /// The default lease: long enough for a short presentation delay and the presenter's call.
    package static let defaultLease = TimeSpan(seconds: 30)

    /// Creates a budget.
    init(
        version: Int, name: String, description: String?, prompts: [BudgetPrompt], limits: [BudgetLimit],
        gaps: [BudgetGap], lease: Located<TimeSpan>, allowedWarnings: Set<BudgetLintRule>, location: SourceLocation
    ) {
        self.version = version
        self.name = name
        self.description = description
        self.prompts = prompts
        positions = Self.positions(prompts)
        shared = Shared(prompts, .none)
        self.limits = limits
        self.gaps = gaps
        self.lease = lease
        self.allowedWarnings = allowedWarnings
        self.location = location
    }

    private static func positions(_ prompts: [BudgetPrompt]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (index, prompt) in prompts.enumerated() where positions[prompt.name] == nil {
            positions[prompt.name] = index
        }
        return positions
    }

    /// The prompt named `name`, if the budget has it.
    package func prompt(named name: String) -> BudgetPrompt? {
        positions[name].map { prompts[$0] }
    }

    /// The policies of the budget's prompts, in file order.
    public var policies: [Policy] { shared.policies }

    /// The longest `within` of all the budget's policies: how much donation history to keep,
    /// since they share one state's counts.
    package var longestWithin: TimeSpan? { shared.longestWithin }

    /// The longest `active_days` window of all the budget's policies, in days: the dates of use
    /// their shared state keeps (Semantics §14.2).
    package var activeDaysWindow: Int? { shared.activeDaysWindow }

    /// The prompts the budget file renames (`renamed.prompts`, Semantics §14.4), which its policies
    /// must rename alike.
    package var ownRenames: Renames = .none { didSet { shared = Shared(prompts, ownRenames) } }

    /// The renames that hold for all the budget's policies, which share one map: the policies'
    /// (their events' and prompts'), else the budget's own.
    package var renamed: Renames { shared.renamed }

    /// How the budget's policies count (they all count alike: ``BudgetLoader`` checks it); with no
    /// policy, the defaults.
    package var counting: Counting { shared.counting }

    /// Which version string the budget's policies compare (alike in all of them); `short` with none.
    package var versionKey: VersionKey { shared.versionKey }

    /// Whether a policy of the budget reads `event` (its triggers listen to it or its conditions
    /// count it), by its name after the budget's renames: a donation of any other event changes
    /// nothing a policy looks at, and no prompt decides it.
    package func reads(_ event: String) -> Bool { shared.readEvents.contains(event) }

    /// What a state keeps for all of the budget's policies, which share its counts.
    package var historyKept: HistoryKept { shared.historyKept }

    /// What the budget's policies share, worked out once from its prompts rather than at every
    /// moment (an arbitration reads them several times, a replay millions).
    private var shared: Shared

    /// See ``shared``.
    private struct Shared: Sendable {
        var policies: [Policy]
        var longestWithin: TimeSpan?
        var activeDaysWindow: Int?
        var renamed: Renames
        var counting: Counting
        var versionKey: VersionKey
        var readEvents: Set<String>
        var historyKept: HistoryKept

        init(_ prompts: [BudgetPrompt], _ ownRenames: Renames) {
            policies = prompts.compactMap(\.policy)
            longestWithin = policies.compactMap(\.longestWithin).max()
            activeDaysWindow = policies.compactMap(\.activeDaysWindow).max()
            renamed = policies.first?.renamed ?? ownRenames
            counting = policies.first?.counting ?? Counting(whileBlocked: true, resetOnNewVersion: false)
            versionKey = policies.first?.app.versionKey ?? .short
            readEvents = Set(policies.flatMap(\.readEvents))
            historyKept = HistoryKept(
                budgetPolicies: policies, window: longestWithin, renamed: renamed, activeDaysWindow: activeDaysWindow)
        }
    }

    /// The names of the prompts the app asks about itself (no policy).
    public var externalPrompts: [String] { prompts.filter { $0.policy == nil }.map(\.name) }
}

/// One prompt of a budget.
package struct BudgetPrompt: Sendable {
    /// The prompt's name (`review`, `paywall`), as asks and leases carry it.
    package var name: String
    /// 1–100: the higher wins.
    package var priority: Located<Int>
    /// The policy that decides it first, as written (a path relative to the budget file).
    package var policyPath: Located<String>?
    /// That policy, loaded; `nil` for an external prompt, which only the budget decides. Its own
    /// `channels` win over the prompt's, channel by channel (Semantics §16.1).
    package var policy: Policy? {
        didSet {
            guard !channels.isEmpty, var filled = policy else { return }
            filled.channels = filled.channels.filling(from: channels)
            // Each arm decides with a policy of its own: the prompt's channels reach them too.
            if var experiment = filled.experiment {
                for index in experiment.arms.indices {
                    experiment.arms[index].policy.channels = experiment.arms[index].policy.channels.filling(
                        from: channels)
                }
                filled.experiment = experiment
            }
            policy = filled
        }
    }
    /// What each build channel does to the prompt (`channels`, Semantics §16.1), as the budget
    /// writes it: for an external prompt, what decides it on a channel; for a policy's, what its
    /// policy does not write itself.
    package var channels: ChannelRules = .none
    /// Whether it skips the budget's limits and gaps (it still counts in them and yields to a live
    /// lease and to priority).
    package var ignoresBudget: Located<Bool>
    /// Whether it is granted when the state cannot be read or written (`state_error: allow`, an
    /// external prompt only; Semantics §12), with nothing recorded. Every other prompt fails closed.
    package var grantedOnStateError = false
    /// Where the prompt's name is written.
    package var location: SourceLocation?

    /// `external` or `policy review.yaml`, for explanations.
    package var kind: String {
        policyPath.map { "policy \($0.value)" } ?? "external"
    }
}

/// What a budget's prompt does when the state cannot be read or written (`state_error`).
package enum StateErrorRule: String, Sendable, CaseIterable {
    /// Granted, with nothing recorded: an external prompt the app must show to earn.
    case allow
    /// Not shown, as every prompt by default (fail closed).
    case block
}

/// A limit over every prompt shown: fewer than `max` in a window, a session or a lifetime.
package struct BudgetLimit: Sendable {
    /// What a limit counts over.
    package enum Span: Sendable, Hashable, CustomStringConvertible {
        /// A rolling window: shown prompts with time in `(now − span, now]`.
        case rolling(TimeSpan)
        /// The current session: shown since `session_started_at` (a launch starts one).
        case session
        /// Every prompt ever shown.
        case lifetime

        /// `1d`, `session` or `lifetime`, as a message says it.
        package var description: String {
            switch self {
            case .rolling(let span): span.description
            case .session: "session"
            case .lifetime: "lifetime"
            }
        }
    }

    /// The most prompts shown per ``per``.
    package var max: Int
    /// Over what.
    package var per: Span
    /// Where the limit is written.
    package var location: SourceLocation?

    /// `1 prompt per 1d`, `3 prompts per session`, `2 prompts in a lifetime`.
    package var text: String {
        let prompts = max == 1 ? "1 prompt" : "\(max) prompts"
        return per == .lifetime ? "\(prompts) in a lifetime" : "\(prompts) per \(per)"
    }
}

/// A gap: at least `min` between a prompt shown of the `after` kind (any, when `nil`) and a
/// prompt of the `before` kind (any, when `nil`).
package struct BudgetGap: Sendable {
    /// The prompt whose showing starts the gap; `nil` for any.
    package var after: String?
    /// The prompt the gap holds back; `nil` for any.
    package var before: String?
    /// How long.
    package var min: TimeSpan
    /// Where the gap is written.
    package var location: SourceLocation?

    /// Whether the gap holds back a prompt of kind `prompt`.
    package func holds(_ prompt: String) -> Bool { before == nil || before == prompt }

    /// `2h gap after any prompt`, `3d gap after paywall before review`.
    package var text: String {
        "\(min) gap after \(after ?? "any prompt")" + (before.map { " before \($0)" } ?? "")
    }
}

/// A warning `validate` raises about a budget that works but that a reviewer would flag, by the
/// id a team writes in the budget's `lint: {allow: [...]}` to say it means it.
package enum BudgetLintRule: String, Sendable, Hashable, CaseIterable {
    /// A prompt with `ignores_budget: true`: shown whatever the limits and gaps.
    case ignoresBudget = "ignores_budget"
    /// A budget with no limit and no gap: nothing spaces the prompts apart.
    case unlimited = "unlimited"
    /// A prompt's `channels: {testflight: decide}` where its policy has an OS quota and says nothing
    /// of TestFlight itself: TestFlight never shows the dialog (Semantics §16.1).
    case channelDecideTestflight = "channel_decide_testflight"
}
