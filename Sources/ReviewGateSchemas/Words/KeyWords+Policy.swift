extension KeyWords {
    /// A policy's keys, by `policy:PATH` (Semantics §2, §13, §14).
    static let policy: [String: KeyWords] = [
        "policy:/reviewgate": KeyWords(
            "The policy language version. Only 1 exists; a higher one needs a newer reviewgate.",
            summary: "the language version: `1`",
            defaultWords: "required"),
        "policy:/name": KeyWords(
            "The policy's name: lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit. It names the policy in decisions and is the default rollout salt.",
            summary: "the policy's name, `[a-z0-9][a-z0-9._-]*`: names it in decisions and reports",
            defaultWords: "required"),
        "policy:/description": KeyWords(
            "What the policy does, for people.",
            summary: "what the policy does, for people",
            defaultWords: "none"),
        "policy:/prompt": KeyWords(
            "The prompt this policy decides, as a budget names it (Semantics §12): its guards, `since_last_ask` and `responses` read only this prompt's asks and answers, and `system_quota` defaults to the OS's only for `review`. Default: `review`.",
            summary: "the prompt the policy decides, as a [budget](../guides/budget.md) names it",
            defaultWords: "`review`"),
        "policy:/enabled": KeyWords(
            "Kill switch: `false` blocks every moment, with `blocked_by: [enabled]`.",
            summary: "the kill switch: `false` blocks every moment, `blocked_by: [enabled]`",
            defaultWords: "`true`"),
        "policy:/extends": KeyWords(
            "A policy to load first, by a path relative to this file; this file overrides it: mappings merge key by key, lists and scalars replace. A cycle is an error. A policy that extends another may leave out `triggers` and parts of mappings that the base policy provides, and may set a key to `null` to remove the base's setting (`guards: {cooldown: null}`).",
            summary:
                "a policy to load first, by a path relative to this file ([Extending a policy](../guides/writing-a-policy.md#extending-a-policy))",
            defaultWords: "none"),
        "policy:/app": KeyWords(
            "The app: its store id, which version string counts as \"the version\", and its platform.",
            summary: "the app: [below](#app)",
            defaultWords: ""),
        "policy:/triggers": KeyWords(
            "The moments that may ask, by trigger id (at least one). A moment is allowed when every guard passes and at least one of its candidate triggers passes; the first in file order is the decision's trigger.",
            summary: "the moments that may ask, by trigger id: [below](#triggers)",
            defaultWords: "required, at least one (unless a base has them)"),
        "policy:/guards": KeyWords(
            "Rules that hold for every trigger; all must pass. Every comparison is inclusive: an age of exactly 21d passes `min_install_age: 21d`.",
            summary: "the rules that hold for every trigger: [below](#guards)",
            defaultWords: ""),
        "policy:/responses": KeyWords(
            "What the person's answers to the app's own pre-prompt (\"Enjoying the app?\"), or use of the write-review link, do. In a decision their guard id is `responses`.",
            summary: "what the answers to the app's own pre-prompt do: [below](#responses)",
            defaultWords: ""),
        "policy:/counting": KeyWords(
            "How `record` updates the state (`evaluate` never changes anything).",
            summary: "how `record` counts: [below](#counting-and-presentation)",
            defaultWords: ""),
        "policy:/presentation": KeyWords(
            "How the app should present an allowed ask.",
            summary: "how an allowed ask is presented: [below](#counting-and-presentation)",
            defaultWords: ""),
        "policy:/rollout": KeyWords(
            "Asks only for a share of people: bucket = FNV-1a 64-bit of `salt:user_id` (mixed under `hash: v2`) modulo 10000; passes when bucket < percent × 100. A state without `user_id` fails.",
            summary: "`{percent, salt, hash}`: asks only a share of people ([below](#rollout-and-experiment))",
            defaultWords: "everyone"),
        "policy:/experiment": KeyWords(
            "An experiment (Semantics §13): the people not held out are split into arms by weight, each deciding with the policy as its `override` changes it; the holdout is never asked by this policy. bucket = FNV-1a 64-bit of `salt:user_id` (mixed under `hash: v2`) modulo 10000 (the vectors in policies/experiments/assignment-vectors.json). A policy that `extends` another replaces its experiment whole.",
            summary: "arms and a holdout ([below](#rollout-and-experiment))",
            defaultWords: "none"),
        "policy:/requires": KeyWords(
            "The oldest app and ReviewGate library this policy may run in. A remote update that asks for more is refused, and the app keeps the policy it had; a reviewgate older than `library_version` refuses the policy.",
            summary:
                "`{app_version, library_version}`: the oldest app and ReviewGate it may run in ([Changing a policy without a release](../guides/remote-updates.md#signing-checking-publishing))",
            defaultWords: "none"),
        "policy:/lint": KeyWords(
            "Warnings the team means, so that `reviewgate validate --strict` passes: each id is the one `validate` prints in brackets after a warning.",
            summary:
                "`{allow: [ID, ...]}`: the warnings the team means, by the id `validate` prints ([the ids](../guides/explaining-and-validating.md#validating-reviewgate-validate))",
            defaultWords: "none"),
        "policy:/renamed": KeyWords(
            "Old names whose history counts as new ones' (Semantics §14.4): an event or prompt renamed resets no cap. Each maps an old name to the new one; `launch` is never renamed, no chain, no cycle. Merges key by key under `extends`.",
            summary:
                "`{events: {OLD: NEW}, prompts: {OLD: NEW}}`: old names whose history counts as the new ones' ([Renamed events and prompts](../guides/writing-a-policy.md#the-rules-teams-write-by-hand-semantics-14))",
            defaultWords: "none"),
        "policy:/channels": KeyWords(
            "What each build channel does to this policy's prompt (Semantics §16.1): `decide` (as in production), `block` (one check, `channel`; the others made as in production, nothing recorded) or `no_quota` (the OS quota does not apply). The app says its channel: `Prompter(…, channel: .testFlight)`. Merges key by key under `extends`.",
            summary:
                "`{testflight: ACTION, development: ACTION}`: what TestFlight and development builds do ([Build channels](../guides/writing-a-policy.md#build-channels-semantics-161))",
            defaultWords:
                "TestFlight blocks and development takes no quota where a `system_quota` applies; else every channel decides"
        ),
        "policy:/channels/testflight": KeyWords(
            "A TestFlight build, which never shows the App Store review dialog: `block` by default where a `system_quota` applies, so that no ask is recorded that nobody saw; `decide` asks as production does (`validate` warns).",
            summary: "TestFlight builds: `decide`, `block` or `no_quota`",
            defaultWords: "`block` where a `system_quota` applies, else `decide`"),
        "policy:/channels/development": KeyWords(
            "A development build (Xcode, a debug install, Play's `FakeReviewManager`), which shows the dialog every time: `no_quota` by default where a `system_quota` applies (the OS quota's check passes; every other rule holds, asks recorded).",
            summary: "development builds: `decide`, `block` or `no_quota`",
            defaultWords: "`no_quota` where a `system_quota` applies, else `decide`"),
        "policy:/app/store_id": KeyWords(
            "The App Store id (digits, as a string: quote it). Builds `write_review_url`: https://apps.apple.com/app/id<store_id>?action=write-review.",
            summary: "the App Store id, digits, quoted: builds the write-review link",
            defaultWords: "none"),
        "policy:/app/package": KeyWords(
            "The Android application id. Builds `write_review_url` on android: https://play.google.com/store/apps/details?id=<package>.",
            summary: "the Android application id: builds the Play Store link",
            defaultWords: "none"),
        "policy:/app/version_key": KeyWords(
            "Which version string is \"the version\" for `once_per_version`, `min_version_age`, `app_version` and `reset_on_new_version`: `short` = CFBundleShortVersionString / versionName, `build` = CFBundleVersion / versionCode.",
            summary:
                "which version string is \"the version\": `short` (CFBundleShortVersionString, versionName) or `build` (CFBundleVersion, versionCode)",
            defaultWords: "`short`"),
        "policy:/app/platform": KeyWords(
            "The platform: sets the default `system_quota` (ios: 3 asks in 365 days; android: none).",
            summary: "`ios` or `android`: sets the default `system_quota`",
            defaultWords: "`ios`"),
        "policy:/guards/never_on": KeyWords(
            "Sources on which never to ask: passes when the moment's source is not listed. The default follows Apple's HIG: never at launch, never from a button.",
            summary: "the moment's source (`system`, `launch`, `user_action`) is not listed",
            defaultWords: "`[launch, user_action]`"),
        "policy:/guards/min_install_age": KeyWords(
            "Passes when `now − installed_at ≥` this duration.",
            summary: "`now − installed_at` is at least this",
            defaultWords: "none"),
        "policy:/guards/min_launches": KeyWords(
            "Passes when the app has been launched at least this many times (`launches ≥ n`).",
            summary: "the app was launched at least this many times",
            defaultWords: "none"),
        "policy:/guards/active_days": KeyWords(
            "Days of use (Semantics §14.2): passes when the app launched on at least `at_least` distinct local dates among the last `within` days, today included.",
            summary:
                "`{at_least: N, within: Dd}`: the app launched on at least N distinct local dates among the last D days, today included; `within` 1d to 366d (0.5)",
            defaultWords: "none"),
        "policy:/guards/min_session_age": KeyWords(
            "Passes when `now − session_started_at ≥` this duration; an unknown session start fails.",
            summary: "`now − session_started_at` is at least this; an unknown session start fails",
            defaultWords: "none"),
        "policy:/guards/min_version_age": KeyWords(
            "A grace period after an update: passes when `now − version_first_seen_at ≥` this duration.",
            summary: "`now − version_first_seen_at` is at least this",
            defaultWords: "none"),
        "policy:/guards/cooldown": KeyWords(
            "Passes when the last ask was at least this long ago (`now − last_ask ≥ d`); never asked passes. A list is a wait that grows (Semantics §14.3): after the k-th ask of the prompt, the k-th entry, past the list its last.",
            summary: "the last ask of the prompt was at least this long ago; a list grows with each ask (0.5)",
            defaultWords: "none"),
        "policy:/guards/once_per_version": KeyWords(
            "When `true`, passes only if no ask is recorded for the current version (by `app.version_key`).",
            summary: "`true`: no ask in the current version (by `app.version_key`)",
            defaultWords: "`false`"),
        "policy:/guards/max_asks": KeyWords(
            "Passes when fewer than `count` asks were recorded in the window `(now − per, now]`, or in the app's lifetime without `per`.",
            summary:
                "`{count, per}`: fewer than `count` asks in `(now − per, now]`, or in the app's lifetime without `per`",
            defaultWords: "none"),
        "policy:/guards/system_quota": KeyWords(
            "Models the OS, which shows the prompt a limited number of times and drops the rest silently: passes when fewer than `max` asks were recorded in `(now − per, now]`. `false` turns it off. Default: `{max: 3, per: 365d}` on ios, `false` on android.",
            summary:
                "`{max, per}`: fewer than `max` asks in `(now − per, now]`, as the OS counts; `false` turns it off",
            defaultWords: "`{max: 3, per: 365d}` on ios, `false` on android"),
        "policy:/guards/when": KeyWords(
            "A condition that must hold for every trigger.",
            summary: "a [condition](#conditions) holds",
            defaultWords: "none"),
        "policy:/guards/active_days/at_least": KeyWords(
            "How many days of use; at most the window's days."),
        "policy:/guards/active_days/within": KeyWords(
            "The window, in days: 1d to 366d."),
        "policy:/guards/max_asks/count": KeyWords(
            "How many asks the window holds at most."),
        "policy:/guards/max_asks/per": KeyWords(
            "The window's length; leave it out for the app's lifetime."),
        "policy:/guards/system_quota/max": KeyWords(
            "How many asks the OS honours in the window."),
        "policy:/guards/system_quota/per": KeyWords(
            "The window's length."),
        "policy:/responses/after_rated": KeyWords(
            "After a `rated` answer: `never` ask again, or wait for the `next_version`.",
            summary: "`never`, or `next_version`",
            defaultWords: "`next_version`"),
        "policy:/responses/after_declined": KeyWords(
            "After a `declined` answer: `never` ask again, wait for the `next_version`, or wait a duration. A list grows with declines in a row (Semantics §14.3): the k-th in a row waits the k-th entry, past the list its last.",
            summary: "`never`, `next_version`, a duration, or a list of them that grows with declines in a row (0.5)",
            defaultWords: "`next_version`"),
        "policy:/responses/after_later": KeyWords(
            "After a `later` answer: how long to wait. A list grows with laters in a row (Semantics §14.3): the k-th in a row waits the k-th entry, past the list its last.",
            summary: "a duration, or a list that grows with laters in a row (0.5)",
            defaultWords: "`1d`"),
        "policy:/counting/while_blocked": KeyWords(
            "Whether a donation that a guard blocked still counts. `false` ignores a donation made during the cooldown or in an already-asked version. A donation blocked only by its own trigger's count always counts.",
            summary:
                "whether a donation a guard (or `responses`, `rollout`, `enabled`) blocked still counts; one blocked only by its own trigger always counts",
            defaultWords: "`true`"),
        "policy:/counting/reset_on_new_version": KeyWords(
            "When the app version changes, event counts and launches start again from 0.",
            summary: "a new version zeroes the event counts and launches",
            defaultWords: "`false`"),
        "policy:/presentation/delay": KeyWords(
            "How long to wait before asking.",
            summary: "how long to wait before asking",
            defaultWords: "`0s`"),
        "policy:/presentation/require_same_scene": KeyWords(
            "Ask only if the person is still on the moment's scene when the delay ends.",
            summary: "ask only if the person is still on the moment's scene when the delay ends",
            defaultWords: "`false`"),
        "policy:/rollout/percent": KeyWords(
            "The share of people, 0 to 100; decimals allowed.",
            summary: "0 to 100, decimals allowed: passes when the bucket is below `percent × 100`",
            defaultWords: "required in `rollout`"),
        "policy:/rollout/salt": KeyWords(
            "Mixed into the bucket, so that policies split people differently. Default: the policy's `name`.",
            summary: "mixed into the bucket",
            defaultWords: "the policy's `name`"),
        "policy:/rollout/hash": KeyWords(
            "The hash that buckets people: `v1` (FNV-1a 64 modulo 10000) or `v2` (the same value mixed by MurmurHash3's 64-bit finalizer first), which splits sequential ids such as `u1`, `u2` as evenly as random ones. Default `v1`, so that no one moves; changing it moves people as a new salt does.",
            summary: "`v1` or `v2`: the hash that buckets people",
            defaultWords: "`v1`"),
        "policy:/experiment/name": KeyWords(
            "The experiment's id in decision events and reports.",
            summary: "the experiment's id in events and reports",
            defaultWords: "required"),
        "policy:/experiment/salt": KeyWords(
            "Mixed into the bucket. Default: the experiment's `name`. Must differ from the rollout's salt.",
            summary: "mixed into the bucket; must differ from the rollout's",
            defaultWords: "the experiment's `name`"),
        "policy:/experiment/version": KeyWords(
            "Raise it to assign everyone again under the current weights (an arm recorded at exposure is kept while it stays). Default 1.",
            summary: "raise it to assign everyone again",
            defaultWords: "`1`"),
        "policy:/experiment/hash": KeyWords(
            "The hash that assigns arms: `v1` (FNV-1a 64 modulo 10000) or `v2` (the same value mixed by MurmurHash3's 64-bit finalizer first), which splits sequential ids such as `u1`, `u2` as evenly as random ones. Default `v1`; a new experiment: `v2`; a running one: write `v1`, which silences `hash_v1` and moves no one.",
            summary: "`v1` or `v2`: a new experiment `v2`, a running one `v1`",
            defaultWords: "`v1`"),
        "policy:/experiment/holdout": KeyWords(
            "The percent of people never asked by this policy, 0 to 100, at most two decimals. Default 0.",
            summary: "the percent never asked by this policy, 0 to 100, two decimals at most",
            defaultWords: "`0`"),
        "policy:/experiment/arms": KeyWords(
            "The arms, in order: buckets past the holdout are split by weight in this order. `holdout` is reserved.",
            summary:
                "the arms, in order: each `{weight: 0–10000, override: {...}}`, the override merged as `extends` merges (`triggers`, `guards`, `responses`, `presentation`, `enabled`)",
            defaultWords: "required, at most 100"),
        "policy:/experiment/arms/*/weight": KeyWords(
            "An integer share, 0 to 10000."),
        "policy:/experiment/arms/*/override": KeyWords(
            "Merged onto the policy as `extends` merges (`null` removes a setting); it may change triggers' settings, not add or remove a trigger."
        ),
        "policy:/experiment/arms/*/override/triggers": KeyWords(
            "Triggers by id, each trigger's keys merged onto the policy's (a count key replaces its count key)."),
        "policy:/experiment/arms/*/override/guards": KeyWords(
            "Guards merged key by key onto the policy's; `null` removes one."),
        "policy:/experiment/arms/*/override/responses": KeyWords(
            "`after_rated`, `after_declined`, `after_later` merged onto the policy's."),
        "policy:/experiment/arms/*/override/presentation": KeyWords(
            "`delay` and `require_same_scene` merged onto the policy's."),
        "policy:/experiment/arms/*/override/enabled": KeyWords(
            "The arm's kill switch."),
        "policy:/requires/app_version": KeyWords(
            "The oldest app version, dotted digits, compared with the app's version under `app.version_key` (the marketing version unless set)."
        ),
        "policy:/requires/library_version": KeyWords(
            "The oldest ReviewGate library, dotted digits (`reviewgate --version` prints the CLI's)."),
        "policy:/lint/allow": KeyWords(
            "The warning ids not to raise."),
        "policy:/renamed/events": KeyWords(
            "Old event name: new event name. A donation of an old name is a moment of the new one."),
        "policy:/renamed/prompts": KeyWords(
            "Old prompt name: new prompt name. Asks, answers, leases and counters of an old name count as the new prompt's."
        ),
        "policy:/triggers/*/event": KeyWords(
            "The event whose donation is this moment; default: the trigger's id. The built-in event `launch` is the app's launch: its count is `launches` and its source is `launch`.",
            summary: "the event whose donation is this moment; `launch` is the app's launch",
            defaultWords: "the trigger's id"),
        "policy:/triggers/*/at_least": KeyWords(
            "Passes when the count (this donation included) is at least N: the 4th completion is `at_least: 4`.",
            summary: "passes when the count, this donation included, is at least N",
            defaultWords: "one of the three"),
        "policy:/triggers/*/exactly": KeyWords(
            "Passes when the count (this donation included) is exactly N, so once.",
            summary: "passes when the count is exactly N: once",
            defaultWords: "one of the three"),
        "policy:/triggers/*/every": KeyWords(
            "Passes on every Nth donation: `every: 5` passes on the 5th, 10th, ...",
            summary: "passes on every Nth donation",
            defaultWords: "one of the three"),
        "policy:/triggers/*/within": KeyWords(
            "Count only donations with time in `(now − within, now]`.",
            summary: "counts only donations in `(now − within, now]`",
            defaultWords: "every donation"),
        "policy:/triggers/*/since": KeyWords(
            "`last_ask`: count only donations after the last ask of the policy's prompt (Semantics §14.1); a person never asked counts every donation.",
            summary: "`last_ask`: counts only donations after the last ask of the policy's prompt (0.5)",
            defaultWords: "every donation"),
        "policy:/triggers/*/scenes": KeyWords(
            "Passes only when the moment's scene is one of these (at least one; leave `scenes` out to allow every scene).",
            summary: "passes only on one of these scenes",
            defaultWords: "every scene"),
        "policy:/triggers/*/when": KeyWords(
            "A condition that must also hold.",
            summary: "a [condition](#conditions) that must also hold",
            defaultWords: "none"),
        "policy:/when/active_days/at_least": KeyWords(
            "Holds when the days of use are at least this."),
        "policy:/when/active_days/at_most": KeyWords(
            "Holds when the days of use are at most this."),
        "policy:/when/active_days/within": KeyWords(
            "The window, in days."),
        "policy:/when/launches/at_least": KeyWords(
            "Holds when the count is at least this."),
        "policy:/when/launches/at_most": KeyWords(
            "Holds when the count is at most this."),
        "policy:/when/launches/exactly": KeyWords(
            "Holds when the count is exactly this."),
        "policy:/when/install_age/at_least": KeyWords(
            "Holds when the time is at least this long."),
        "policy:/when/install_age/at_most": KeyWords(
            "Holds when the time is at most this long."),
        "policy:/when/since_last_ask/at_least": KeyWords(
            "Holds when the time is at least this long."),
        "policy:/when/since_last_ask/at_most": KeyWords(
            "Holds when the time is at most this long."),
        "policy:/when/app_version/at_least": KeyWords(
            "Holds when the version is this one or later."),
        "policy:/when/app_version/below": KeyWords(
            "Holds when the version is earlier than this one."),
        "policy:/when/event/at_least": KeyWords(
            "Holds when the count is at least this."),
        "policy:/when/event/at_most": KeyWords(
            "Holds when the count is at most this."),
        "policy:/when/event/exactly": KeyWords(
            "Holds when the count is exactly this."),
        "policy:/when/event/within": KeyWords(
            "Count only donations with time in `(now − within, now]`."),
        "policy:/when/event/since": KeyWords(
            "`last_ask`: count only donations after the last ask of the policy's prompt (Semantics §14.1)."),
        "policy:/when/attribute/equals": KeyWords(
            "Holds when the attribute equals this scalar."),
        "policy:/when/attribute/in": KeyWords(
            "Holds when the attribute equals one of these scalars."),
        "policy:/when/attribute/at_least": KeyWords(
            "Holds when the attribute is a number at least this."),
        "policy:/when/attribute/at_most": KeyWords(
            "Holds when the attribute is a number at most this."),
        "policy:/when/all": KeyWords(
            "Conditions that must all hold."),
        "policy:/when/any": KeyWords(
            "Conditions of which at least one must hold."),
        "policy:/when/not": KeyWords(
            "The condition that must not hold."),
        "policy:/when/event": KeyWords(
            "The event whose count is compared."),
        "policy:/when/active_days": KeyWords(
            "Exactly one of `at_least`, `at_most`, and `within` in days."),
        "policy:/when/launches": KeyWords(
            "Exactly one of `at_least`, `at_most`, `exactly`."),
        "policy:/when/install_age": KeyWords(
            "Exactly one of `at_least`, `at_most`."),
        "policy:/when/since_last_ask": KeyWords(
            "Exactly one of `at_least`, `at_most`."),
        "policy:/when/flag": KeyWords(
            "The flag's name in the state's `flags`."),
        "policy:/when/attribute": KeyWords(
            "The attribute's name in the state's `attributes`."),
        "policy:/when/app_version": KeyWords(
            "Exactly one of `at_least`, `below`."),
    ]
}
