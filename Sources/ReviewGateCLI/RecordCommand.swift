import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles

/// `reviewgate record`: applies a moment, an update or an answer to a state file, as the app would.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", _superCommandName: "reviewgate",
        abstract:
            "Apply a moment, a version update or an answer to a state file, as the app would, and print the decision.",
        discussion: """
            A moment (--event, --trigger, --launch, or none: every trigger) is decided as by `evaluate`, \
            then recorded: the donation counts (unless counting.while_blocked is false and a guard \
            blocked it), --launch adds a launch and starts the session, and an allowed moment appends \
            an ask. --update sets the version (a new one restarts min_version_age and, with \
            counting.reset_on_new_version, the counts); --respond records an answer to the app's own \
            pre-prompt (--prompt NAME: the answer to another prompt of a budget, such as survey); \
            --merge RECORD adds the asks and answers of the person's other devices from their record \
            (reviewgate person export, Prompter.personRecord(); Semantics §16.5). The file is locked (<state>.lock) and replaced atomically; one that does not \
            parse is never overwritten. --init --app short=...,build=... creates the state file when \
            it does not exist (installed at --now or the clock, with --user-id ID for rollout's bucket), \
            then records the action if one is given.
            It prints the decision as `evaluate` does, then what it recorded: "recorded: \
            process_completed 4, ask #1 in short \"1.2\"", a donation "not counted" with the reason, \
            or "nothing"; with --format json, a "recorded" member (changes, donated, counted, \
            not_counted_because, asked), also for --update and --respond.
            Exit codes: 0 allow (or an update or answer recorded), 1 block, 2 an unusable policy, state or option.

            Examples:
              reviewgate record --policy policies/apple-sample.yaml --state state.yaml \\
                --event process_completed --scene ProcessCompleted
              reviewgate record --policy P --state S --launch
              reviewgate record --policy P --state S --update short=1.5,build=77
              reviewgate record --policy P --state S --respond later
              reviewgate record --policy P --state S --respond declined --prompt survey
              reviewgate record --policy P --state S --merge person.json
              reviewgate record --policy P --state new.yaml --init --app short=1.0 \\
                --user-id u-8c1f --launch
            """
    )

    @OptionGroup var files: PolicyStateOptions
    @OptionGroup var moment: MomentOptions

    @Flag(help: "The moment is the app's launch: event launch, source launch.")
    var launch = false

    @Option(
        help: ArgumentHelp("The app now runs this version: short=...,build=... (either or both).", valueName: "version")
    )
    var update: String?

    @Option(
        help: ArgumentHelp(
            "The person answered the app's own pre-prompt: rated, declined or later.", valueName: "answer"))
    var respond: ResponseKind?

    @Option(
        help: ArgumentHelp(
            "With --respond: the prompt answered, when not the review's (a budget's survey, say).", valueName: "name"))
    var prompt: String?

    @Option(
        help: ArgumentHelp(
            "Merge the person's record from their other devices (a JSON file from reviewgate person export) into the state.",
            valueName: "record"))
    var merge: String?

    @Flag(name: .customLong("init"), help: "Create the state file if it does not exist (needs --app).")
    var initialize = false

    @Option(
        help: ArgumentHelp(
            "With --init: the app's version, short=...,build=... (either or both).", valueName: "version"))
    var app: String?

    @Option(
        name: .customLong("user-id"),
        help: ArgumentHelp(
            "With --init: the person's id, which rollout buckets by: the app's analytics id, the same on every platform.",
            valueName: "id"))
    var userID: String?

    @OptionGroup var output: DecisionOutputOptions

    /// Whether a moment, an update or an answer is given.
    private var hasAction: Bool {
        moment.event != nil || moment.trigger != nil || launch || update != nil || respond != nil || merge != nil
            || !files.wanted.isEmpty
    }

    func validate() throws {
        let actions = [
            moment.event != nil, moment.trigger != nil, launch, update != nil, respond != nil, merge != nil,
        ].filter { $0 }
        if actions.count > 1 {
            throw ValidationError("give one of --event, --trigger, --launch, --update, --respond or --merge")
        }
        if merge != nil {
            if moment.scene != nil || moment.source != nil || output.explain || !files.wanted.isEmpty {
                throw ValidationError(
                    "--scene, --source, --explain and --want describe a moment; --merge records no moment")
            }
        }
        if launch, moment.source != nil {
            throw ValidationError("--launch is always the source launch; leave out --source")
        }
        if update != nil || respond != nil {
            if moment.scene != nil || moment.source != nil || output.explain {
                throw ValidationError(
                    "--scene, --source and --explain describe a moment; --update and --respond record no moment")
            }
        }
        if let prompt {
            guard respond != nil else { throw ValidationError("--prompt goes with --respond: the prompt answered") }
            if let problem = Name.problem(prompt) {
                throw ValidationError("--prompt \"\(prompt)\" is not a name: \(problem)")
            }
        }
        if let update { _ = try AppVersionOption.parse(update, option: "--update") }
        if initialize != (app != nil) {
            throw ValidationError("--init and --app go together: --init --app short=...,build=...")
        }
        if let app { _ = try AppVersionOption.parse(app, option: "--app") }
        if let userID {
            guard initialize else {
                throw ValidationError(
                    "--user-id goes with --init, which creates the state file (edit user_id in one that exists)")
            }
            guard !userID.isEmpty, userID.unicodeScalars.count <= 200,
                !userID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw ValidationError("--user-id must be 1 to 200 characters, none of them a control character")
            }
        }
        if files.budget != nil { try output.validateForBudget() }
        if !files.wanted.isEmpty, update != nil || respond != nil {
            throw ValidationError("--want names prompts wanted at a moment; --update and --respond record no moment")
        }
        if initialize, !hasAction, moment.scene != nil || moment.source != nil || output.explain {
            throw ValidationError("--scene, --source and --explain describe a moment; --init alone records none")
        }
    }

    func run() throws {
        if let path = files.budget { return try run(budget: InputFile.budget(path)) }
        let policy = try InputFile.policy(files.policy ?? "")
        let moment = recordedMoment
        guard let store = try store(versionKey: policy.app.versionKey, keyOwner: "policy", now: moment.now) else {
            return
        }
        try InputFile.orExit {
            do {
                if let merge {
                    try recordMerge(merge, in: store)
                } else if let update {
                    let change = try store.update(
                        to: AppVersionOption.parse(update, option: "--update"), at: moment.now, policy: policy)
                    print(nil, summary: change.summary, recorded: change.json, policy: policy)
                } else if let respond {
                    let change = try store.respond(respond, at: moment.now, prompt: prompt ?? policy.prompt)
                    print(nil, summary: change.summary, recorded: change.json, policy: policy)
                } else {
                    let recording = try store.record(moment, policy: policy)
                    print(
                        recording.decision, summary: recording.summary,
                        recorded: recording.json(asked: recording.isAllowed), policy: policy)
                    if !recording.isAllowed { throw ExitCode(1) }
                }
            } catch let error as Evaluator.UsageError {
                throw InputFile.usageError(error.description)
            }
        }
    }

    /// `--merge`: the person's record merged into the state, and what it added said.
    func recordMerge(_ path: String, in store: FileStateStore) throws {
        let record = try InputFile.personRecord(path)
        let merged: PersonMerge
        do {
            merged = try store.merge(record)
        } catch let error as PersonRecordError {
            throw InputFile.usageError("--merge \(path): \(error)")
        }
        print(nil, summary: merged.summary, recorded: merged.json, policy: nil)
    }

    /// The moment recorded: `--launch` is the launch event, from the source launch.
    var recordedMoment: Moment {
        let moment = self.moment.moment
        guard launch else { return moment }
        return Moment(time: moment.time, event: Trigger.launchEvent, scene: moment.scene)
    }

    /// The state file's store, made with `--init --app` when it does not exist; `nil` when `--init`
    /// alone was given, once the file is created (or found) and that is said. `keyOwner` says
    /// whose version key it is, `policy` or `budget`.
    func store(versionKey key: VersionKey, keyOwner: String, now: Timestamp) throws -> FileStateStore? {
        var initial: ReviewState?
        if let app {
            let version = try AppVersionOption.parse(app, option: "--app")
            guard version[key] != nil else {
                throw InputFile.usageError(
                    "the \(keyOwner)'s version_key is \(key.rawValue): --app needs \(key.rawValue)=..., the app's current \(key.fullName)"
                )
            }
            initial = ReviewState(userID: userID, installedAt: now, app: version)
        }
        let store = FileStateStore(
            path: files.state, versionKey: key, initialState: initial, documents: InputFile.documents)
        guard initialize, !hasAction else { return store }
        let created = try InputFile.orExit { try store.create() }
        // An events file gets decisions only, and creating a state decides nothing.
        if output.format == .event { return nil }
        guard output.format == .json else {
            Terminal.print(
                created ? "created \(files.state), installed \(now)" : "\(files.state) exists: left as it is")
            return nil
        }
        let change = created ? "created, installed \(now)" : "exists: left as it is"
        Terminal.print(
            JSONWriter(pretty: true).string(
                .object([
                    ("recorded", .object([("changes", .array([.string(change)])), ("created", .bool(created))]))
                ])
            ))
        return nil
    }

    /// The decision of a moment (as `evaluate` prints it) and what was recorded: a `recorded:`
    /// line, or in JSON a `recorded` member after the decision's. Without a decision (an update, an
    /// answer), what was recorded alone.
    func print(_ decision: Decision?, summary: String, recorded: JSONValue, policy: Policy?) {
        if output.format == .event {
            // One JSON line per decision, for an events file; what was recorded is in the state.
            if let decision, let policy { output.print(decision, policy: policy) }
            return
        }
        guard output.format == .json else {
            if let decision, let policy { output.print(decision, policy: policy) }
            Terminal.print(summary)
            return
        }
        var members: [(key: String, value: JSONValue)] = []
        if let decision, let policy, case .object(let decisionMembers) = JSONExplanation.value(decision, policy: policy)
        {
            members = decisionMembers
        }
        members.append(("recorded", recorded))
        Terminal.print(JSONWriter(pretty: true).string(.object(members)))
    }
}

extension ResponseKind: ExpressibleByArgument {}
