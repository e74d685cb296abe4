extension KeyWords {
    /// The keys of budgets, scenarios, states and compiled files, by `FILE:PATH`.
    static let files: [String: KeyWords] = [
        "compiled_scenario:/reviewgate_compiled_scenario": KeyWords(
            "A compiled scenario's format version (the build plugin's, Semantics §16.2). Only 1 exists."),
        "compiled_scenario:/scenario": KeyWords(
            "The scenario file's document as JSON, its policy or budget named by its compiled resource, its golden file by the resource copied beside it, and its state and merged records written in."
        ),
        "compiled_scenario:/resources": KeyWords(
            "The resource each of the scenario's `policy:` (or `budget:`) and `golden:` references names, as the YAML writes it: the compiled policy, the golden file copied beside it."
        ),
        "compiled_scenario:/locations": KeyWords(
            "Where each node of the scenario was written in its YAML, by JSON Pointer, so that a failure cites the YAML's line."
        ),
        "person:/reviewgate_person": KeyWords(
            "The person record's format version. Only 1 exists.",
            summary: "the format version: `1`", defaultWords: "required"),
        "person:/user_id": KeyWords(
            "The person's id, as each of their devices' states hold it: the records of two ids never merge, so an app without accounts keeps one id in iCloud key-value storage and passes it to each device's prompter as `userID:`.",
            summary: "the person's id: records of two ids never merge", defaultWords: "none"),
        "person:/asks": KeyWords(
            "Every ask on every device, sorted by time, device and prompt; one per (prompt, time, device). After a merge, `cooldown`, `max_asks`, `once_per_version` and a budget's limits and gaps read them all; `system_quota` reads this device's only.",
            summary: "every ask on every device: `{at, device, prompt, short, build}`", defaultWords: "none"),
        "person:/answers": KeyWords(
            "Every answer on every device, sorted by time, device, prompt and kind; one per (prompt, kind, time, device). After a merge, `responses` reads them all.",
            summary: "every answer on every device: `{at, device, prompt, kind}`", defaultWords: "none"),
        "person:/asks/*/at": KeyWords("When the app asked."),
        "person:/asks/*/device": KeyWords("The device it asked on: its state's `device_id`."),
        "person:/asks/*/prompt": KeyWords("The prompt shown: `review`, or a budget's other prompt."),
        "person:/asks/*/short": KeyWords("The app's marketing version on that device then."),
        "person:/asks/*/build": KeyWords("The app's build on that device then."),
        "person:/answers/*/at": KeyWords("When the person answered."),
        "person:/answers/*/device": KeyWords("The device they answered on: its state's `device_id`."),
        "person:/answers/*/prompt": KeyWords("The prompt answered: `review`, or a budget's other prompt."),
        "person:/answers/*/kind": KeyWords("What they answered: `rated`, `declined` or `later`."),
        "state:/reviewgate_state": KeyWords(
            "The state format version. Only 1 exists.",
            summary: "the format version: `1`",
            defaultWords: "required in a file"),
        "state:/written_by": KeyWords(
            "The reviewgate version that last wrote the file, as `0.6.0`; written by the app's prompter and `record`. A key this reviewgate does not know is a newer reviewgate's (`newer_state`, the file left as it is) only when this version, or `reviewgate_state`, is newer; otherwise the file is damaged, and an app's prompter moves it aside.",
            summary:
                "the reviewgate version that last wrote it (`0.6.0`): a key this one does not know is a newer one's only when this is newer",
            defaultWords: "none: an earlier reviewgate's"),
        "state:/user_id": KeyWords(
            "A stable, opaque id for the person; `rollout` needs it (without it, rollout fails).",
            summary: "a stable, opaque id for the person: `rollout` and experiments bucket by it",
            defaultWords: "none"),
        "state:/device_id": KeyWords(
            "This device's random id (Semantics §16.5), set the first time the person's record is made or merged: from then on each ask and answer names the device it happened on. Written by the library.",
            summary: "this device's random id, set when the person's record is first made or merged",
            defaultWords: "none: no record made yet"),
        "state:/installed_at": KeyWords(
            "When the app was installed (its first launch).",
            summary: "when the app was installed (its first launch)",
            defaultWords: "required"),
        "state:/session_started_at": KeyWords(
            "When the current session started; `min_session_age` fails without it.",
            summary: "when the current session started; `min_session_age` fails without it",
            defaultWords: "none"),
        "state:/launches": KeyWords(
            "How many times the app has been launched (the count of the built-in event `launch`): a count, or a count with the times of the most recent launches (which a `within` on `launch` needs).",
            summary: "a count, or `{count, times, since_ask}` as an event",
            defaultWords: "`0`"),
        "state:/app": KeyWords(
            "The app version now running. The string that the policy's `app.version_key` names is required.",
            summary: "`{short, build}`: the version running; the one `version_key` names is required",
            defaultWords: "required"),
        "state:/version_first_seen_at": KeyWords(
            "When the current version was first seen; `min_version_age` counts from it. Default: `installed_at`.",
            summary: "when the current version was first seen",
            defaultWords: "`installed_at`"),
        "state:/events": KeyWords(
            "Donation counts by event name: a count, or a count with the times of the most recent donations (which `within` needs).",
            summary:
                "by event name: a count, or `{count, times, since_ask}`: the times of the most recent donations (at most `count`, as many as the longest `within` needs), and the donations since each prompt's last ask, by prompt (written only when a policy counts `since: last_ask`)",
            defaultWords: "none"),
        "state:/active_days": KeyWords(
            "Days of use (Semantics §14.2): the distinct local dates with a launch, ascending, kept for the longest `active_days` window a policy reads. Written only when used.",
            summary:
                "the distinct local dates with a launch, ascending, as long as the longest `active_days` window needs (written only when used)",
            defaultWords: "none"),
        "state:/asks": KeyWords(
            "Every ask recorded (the app called the system's review request; the system may not have shown it), oldest first.",
            summary:
                "every ask, oldest first: `{at, short, build, trigger, prompt, device}` (`prompt` left out for `review`, `device` until the person has a record)",
            defaultWords: "none"),
        "state:/responses": KeyWords(
            "The person's answers to the app's own pre-prompt or use of the write-review link, oldest first.",
            summary:
                "every answer, oldest first: `{at, kind, prompt, device}`, `kind` `rated`, `declined` or `later`",
            defaultWords: "none"),
        "state:/leases": KeyWords(
            "Prompts the app's prompter has granted and not yet shown or released (Semantics §11): while one is live, no other prompter on this file presents. Written by the library; an expired lease is ignored.",
            summary:
                "prompts granted and not yet shown or released: `{id, prompt, at, expires}`; written by the library",
            defaultWords: "none"),
        "state:/experiments": KeyWords(
            "The person's arm in each experiment they were exposed to (Semantics §13), by the experiment's name: kept from the exposure on while the experiment's `version` stays. Written by `record` and the prompter.",
            summary: "by experiment name: `{arm, version, exposed_at}`, from the person's exposure on",
            defaultWords: "none"),
        "state:/flags": KeyWords(
            "Named booleans the app sets, for `flag` conditions.",
            summary: "named booleans, for `flag` conditions",
            defaultWords: "none"),
        "state:/attributes": KeyWords(
            "Named scalars the app sets, for `attribute` conditions.",
            summary: "named scalars (string, number, boolean), for `attribute` conditions",
            defaultWords: "none"),
        "state:/app/short": KeyWords(
            "The marketing version: CFBundleShortVersionString / versionName."),
        "state:/app/build": KeyWords(
            "The build: CFBundleVersion / versionCode."),
        "state:/events/*/count": KeyWords(
            "How many times the event was donated."),
        "state:/events/*/times": KeyWords(
            "The times of the most recent donations, at most `count` of them; `within` counts only what this holds."),
        "state:/events/*/since_ask": KeyWords(
            "Donations since each prompt's last ask, by prompt, for a policy that counts this event `since: last_ask` (Semantics §14.1): each at most `count`. Written only when used."
        ),
        "state:/asks/*/at": KeyWords(
            "When the app asked."),
        "state:/asks/*/short": KeyWords(
            "The marketing version (CFBundleShortVersionString / versionName) at the time."),
        "state:/asks/*/build": KeyWords(
            "The build (CFBundleVersion / versionCode) at the time."),
        "state:/asks/*/trigger": KeyWords(
            "The trigger that allowed the ask."),
        "state:/asks/*/prompt": KeyWords(
            "The prompt shown, for a budget's prompt other than the review's (Semantics §12). Default: `review`, which is not written."
        ),
        "state:/asks/*/device": KeyWords(
            "The device the ask happened on, once the person has a record (Semantics §16.5); an ask without one is this device's. The OS's quota (`system_quota`) counts this device's asks only."
        ),
        "state:/responses/*/at": KeyWords(
            "When the person answered."),
        "state:/responses/*/kind": KeyWords(
            "The answer: `rated` (said yes or used the review link), `declined`, or `later`."),
        "state:/responses/*/prompt": KeyWords(
            "The prompt answered, for a budget's prompt other than the review's (Semantics §12). Default: `review`, which is not written."
        ),
        "state:/responses/*/device": KeyWords(
            "The device the answer was given on, once the person has a record (Semantics §16.5); an answer without one is this device's."
        ),
        "state:/leases/*/id": KeyWords(
            "Names the lease, for its commit or release."),
        "state:/leases/*/prompt": KeyWords(
            "The prompt it holds. Default: `review`."),
        "state:/leases/*/at": KeyWords(
            "When it was taken."),
        "state:/leases/*/expires": KeyWords(
            "When it lapses."),
        "state:/experiments/*/arm": KeyWords(
            "The arm, or `holdout`."),
        "state:/experiments/*/version": KeyWords(
            "The experiment's version at the exposure."),
        "state:/experiments/*/exposed_at": KeyWords(
            "When the arms first differed for the person."),
        "scenario:/reviewgate_scenario": KeyWords(
            "The scenario format version. Only 1 exists."),
        "scenario:/name": KeyWords(
            "What the scenario shows, in words; `reviewgate test` prints it."),
        "scenario:/description": KeyWords(
            "More about the scenario, for people."),
        "scenario:/policy": KeyWords(
            "The policy under test, by a path relative to this file."),
        "scenario:/budget": KeyWords(
            "In place of `policy`: the budget under test (Semantics §12), by a path relative to this file. Its moments are arbitrated; `expect` then names `granted` and each prompt's outcome."
        ),
        "scenario:/start": KeyWords(
            "The clock at the first step."),
        "scenario:/state": KeyWords(
            "The state the scenario starts from, as in a state file but with every key optional; `installed_at` defaults to `start`."
        ),
        "scenario:/steps": KeyWords(
            "What happens, in order, on one state: each step runs as `reviewgate record` would."),
        "scenario:/golden": KeyWords(
            "A transcript file, by a path relative to this file, compared byte for byte with the whole run; `reviewgate test --update` rewrites it."
        ),
        "scenario:/channel": KeyWords(
            "The build channel every moment is decided on (Semantics §16.1): `production` (the default), `testflight` or `development`; a step may name its own. Transcripts say the channel on each moment off production."
        ),
        "scenario:/steps/*/launch": KeyWords(
            "The app launches: the moment of the built-in event `launch`, source `launch`. It adds a launch, starts the session, and may ask. Write `launch: {}` (or `launch:` with nothing after it)."
        ),
        "scenario:/steps/*/event": KeyWords(
            "A donation of this event: a moment that counts it and may ask."),
        "scenario:/steps/*/trigger": KeyWords(
            "A moment that names one trigger by id (it must be in the policy)."),
        "scenario:/steps/*/scene": KeyWords(
            "The moment's scene, for triggers' `scenes`: a name."),
        "scenario:/steps/*/source": KeyWords(
            "The moment's source. `launch` steps always have the source `launch`."),
        "scenario:/steps/*/channel": KeyWords(
            "The moment's build channel, in place of the scenario's `channel`."),
        "scenario:/steps/*/update": KeyWords(
            "The app is updated: sets the version strings given. A changed version sets `version_first_seen_at` and, with `counting.reset_on_new_version`, zeroes the counts."
        ),
        "scenario:/steps/*/respond": KeyWords(
            "The person answers the app's own pre-prompt (or uses the write-review link)."),
        "scenario:/steps/*/prompt": KeyWords(
            "With `respond`: the prompt answered, when not `review` (a budget's survey)."),
        "scenario:/steps/*/want": KeyWords(
            "Under a budget: the external prompts the app wants to show at this moment, a name or a list; alone, a moment with no event and no trigger."
        ),
        "scenario:/steps/*/lease": KeyWords(
            "Under a budget: the granted prompt takes a lease (as an app's prompter does) instead of being shown at once; a later `commit` or `release` ends it."
        ),
        "scenario:/steps/*/commit": KeyWords(
            "Under a budget: the prompt holding a lease was shown: its ask is recorded (late, `lease_expired`, after the lease lapsed)."
        ),
        "scenario:/steps/*/release": KeyWords(
            "Under a budget: the prompt holding a lease was not shown: nothing is recorded."),
        "scenario:/steps/*/set": KeyWords(
            "Sets flags and attributes in the state."),
        "scenario:/steps/*/merge": KeyWords(
            "Merges the person's record from their other devices into the state (Semantics §16.5): a record written inline (`reviewgate_person: 1`, `user_id`, `asks`, `answers`), or the relative path of a JSON file holding one. A record of another `user_id` fails the step."
        ),
        "scenario:/steps/*/after": KeyWords(
            "Move the clock forward by this duration before the step."),
        "scenario:/steps/*/at": KeyWords(
            "Move the clock to this time before the step; it may not go back."),
        "scenario:/steps/*/repeat": KeyWords(
            "Run the step this many times (with its `after` each time); `expect` must hold for each. At most 10000."),
        "scenario:/steps/*/expect": KeyWords(
            "What the moment's decision must be: `allow`, `block`, or a mapping of the parts to compare. A failure names the step and shows expected against actual."
        ),
        "scenario:/steps/*/set/flags": KeyWords(
            "Flags to set, by name."),
        "scenario:/steps/*/set/attributes": KeyWords(
            "Attributes to set, by name."),
        "scenario:/steps/*/expect/decision": KeyWords(
            "The expected decision."),
        "scenario:/steps/*/expect/trigger": KeyWords(
            "The trigger that allowed the moment, or `null` for none."),
        "scenario:/steps/*/expect/blocked_by": KeyWords(
            "The exact list of what blocked, in evaluation order (`[]` for none)."),
        "scenario:/steps/*/expect/next_eligible_at": KeyWords(
            "When the moment could next be allowed by waiting alone, or `null` when waiting cannot fix it."),
        "scenario:/steps/*/expect/arm": KeyWords(
            "Under an experiment (Semantics §13): the person's arm, `holdout` for the held-out."),
        "scenario:/steps/*/expect/exposure": KeyWords(
            "Under an experiment: whether this moment is the person's exposure (the first at which the arms differ)."),
        "scenario:/steps/*/expect/*/decision": KeyWords(
            "`allow` when it is granted, else `block`."),
        "scenario:/steps/*/expect/*/trigger": KeyWords(
            "The trigger its policy allowed it by, when granted; null for none."),
        "scenario:/steps/*/expect/*/blocked_by": KeyWords(
            "What blocked it, in order: its policy's ids, or `budget`."),
        "scenario:/steps/*/expect/*/next_eligible_at": KeyWords(
            "When waiting alone frees it, or null."),
        "budget:/reviewgate_budget": KeyWords(
            "The budget format version. Only 1 exists; a higher one needs a newer reviewgate."),
        "budget:/name": KeyWords(
            "The budget's name: lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit."),
        "budget:/description": KeyWords(
            "What the budget is for, for people."),
        "budget:/extends": KeyWords(
            "A budget to load first, by a path relative to this file; this file overrides it: `prompts` merge by name (each prompt's keys in turn), `lint` key by key, and `limits`, `gaps` and scalars replace. A key set to `null` removes the base's."
        ),
        "budget:/prompts": KeyWords(
            "Every prompt the app shows, by name; the higher priority wins, file order breaks ties."),
        "budget:/limits": KeyWords(
            "Limits over every prompt, counted from the shown ones."),
        "budget:/gaps": KeyWords(
            "Gaps between prompts: from a prompt shown of the `after` kind (any, when left out) to a prompt of the `before` kind (any, when left out)."
        ),
        "budget:/lease": KeyWords(
            "How long a granted prompt holds the budget before it is shown or released; longer than every policy's `presentation.delay`. Default: `30s`."
        ),
        "budget:/lint": KeyWords(
            "Warnings the team means, so that `validate --strict` passes."),
        "budget:/renamed": KeyWords(
            "Old prompt names whose asks, answers, leases and counters count as the new prompt's, for all the budget's policies (Semantics §14.4), which must rename them alike."
        ),
        "budget:/prompts/*/priority": KeyWords(
            "1–100: the higher wins."),
        "budget:/prompts/*/policy": KeyWords(
            "The policy that decides this prompt, by a path relative to this file; its `prompt:` must be this prompt's name."
        ),
        "budget:/prompts/*/ignores_budget": KeyWords(
            "Shown whatever the limits and gaps say; it still counts in them, and yields to a live lease and to priority. `validate` warns."
        ),
        "budget:/prompts/*/state_error": KeyWords(
            "What the prompt does when the state cannot be read or written: `block` (the default, as every prompt: nothing shown), or `allow` for an external prompt the app must show to earn, such as a paywall: granted with a `state_error` event, nothing recorded."
        ),
        "budget:/prompts/*/channels": KeyWords(
            "What each build channel does to this prompt (Semantics §16.1), as a policy's `channels` say: for an external prompt, `block` keeps it from being granted on that channel (every channel decides by default); for a policy's prompt, what its policy does not say itself."
        ),
        "budget:/prompts/*/channels/testflight": KeyWords(
            "TestFlight builds: `decide`, `block` or `no_quota`."),
        "budget:/prompts/*/channels/development": KeyWords(
            "Development builds: `decide`, `block` or `no_quota`."),
        "budget:/limits/*/max": KeyWords(
            "The most prompts shown per `per`."),
        "budget:/limits/*/per": KeyWords(
            "A duration (`1d`), `session`, or left out for a lifetime."),
        "budget:/gaps/*/after": KeyWords(
            "The prompt whose showing starts the gap; any when left out."),
        "budget:/gaps/*/before": KeyWords(
            "The prompt the gap holds back; any when left out."),
        "budget:/gaps/*/min": KeyWords(
            "How long."),
        "budget:/lint/allow": KeyWords(
            "Warning ids: `ignores_budget` (a prompt shown whatever the budget), `unlimited` (no limit and no gap)."),
        "budget:/renamed/prompts": KeyWords(
            "Old prompt name: new prompt name."),
        "compiled:/reviewgate_compiled": KeyWords(
            "The compiled form's version. Only 1 exists; a higher one needs a newer reviewgate."),
        "compiled:/digest": KeyWords(
            "SHA-256 of `policy` written compactly (no whitespace, keys in the order given), as `sha256:` and 64 lowercase hex digits. It names this exact policy in logs and decision events; `reviewgate` refuses a file whose digest does not match."
        ),
        "compiled:/policy": KeyWords(
            "The merged policy: every key of Semantics §2 in its table's order, defaults written out, `null` where a setting is off (no cooldown, no rollout). Trigger ids keep the YAML's order."
        ),
        "compiled:/locations": KeyWords(
            "Where each setting the YAML wrote is: by file (as given to compile, or relative to --relative-to; a base's settings under the base), then by JSON Pointer (RFC 6901) into `policy` (`\"\"` is the policy itself). A setting with no entry is a default the YAML left out."
        ),
        "scenario:/steps/*/update/short": KeyWords(
            "The new marketing version (CFBundleShortVersionString, versionName)."),
        "scenario:/steps/*/update/build": KeyWords("The new build (CFBundleVersion, versionCode)."),
        "compiled_budget:/reviewgate_compiled_budget": KeyWords("The compiled budget's version: `1`."),
        "compiled_budget:/digest": KeyWords("`sha256:` and the hex SHA-256 over the budget and its policies' digests."),
        "compiled_budget:/budget": KeyWords("The budget's settings, `extends` resolved."),
        "compiled_budget:/locations": KeyWords(
            "Where the YAML wrote each setting, as a compiled policy's `locations`."),
        "compiled_budget:/policies": KeyWords(
            "By prompt name, each prompt's policy compiled as `reviewgate compile` writes it."),
        "cohort:/reviewgate_cohort": KeyWords("The cohort format's version: `1`."),
        "cohort:/name": KeyWords("The cohort's name, for its report."),
        "cohort:/description": KeyWords("What the cohort stands for, for people."),
        "cohort:/seed": KeyWords("The random seed: the same file and seed make the same lines on every machine."),
        "cohort:/people": KeyWords("How many people install, at most 10,000,000."),
        "cohort:/start": KeyWords("When the first install may happen."),
        "cohort:/installs_over": KeyWords("The span the installs spread over, each at a uniform time in it."),
        "cohort:/days": KeyWords("How many days the timeline runs, at most 3650."),
        "cohort:/app": KeyWords("The version everyone installs: `short` and `build`."),
        "cohort:/updates": KeyWords(
            "`{every: duration}`: each `every` raises the build and the marketing version's last number."),
        "cohort:/launches_per_day": KeyWords(
            "The mean launches a day of a person still using the app (a Poisson count)."),
        "cohort:/events": KeyWords(
            "By event name, `{per_day, scene}`: the mean donations a day with a launch, and the scene they happen on."),
        "cohort:/wants": KeyWords(
            "By external prompt's name, `{per_day, scene}`: as `events`, written as `want` lines."),
        "cohort:/churn": KeyWords("`{per_day}`: the chance each day after the first that a person stops for good."),
        "cohort:/app/short": KeyWords("The marketing version installed."),
        "cohort:/app/build": KeyWords("The build installed."),
        "cohort:/updates/every": KeyWords("How often a new version comes out: at least 1d."),
        "cohort:/churn/per_day": KeyWords("The chance, from 0 to 1."),
        "cohort:/events/*/per_day": KeyWords("The mean a day with a launch (a Poisson count)."),
        "cohort:/events/*/scene": KeyWords("The scene they happen on."),
        "cohort:/wants/*/per_day": KeyWords("The mean wants a day with a launch (a Poisson count)."),
        "cohort:/wants/*/scene": KeyWords("The scene they happen on."),
    ]
}
