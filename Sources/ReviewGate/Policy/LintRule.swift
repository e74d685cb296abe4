/// A warning `validate` can raise about a policy that works but that a reviewer would flag, by the
/// id a team writes in `lint: {allow: [...]}` to say it means it.
package enum LintRule: String, Sendable, Hashable, CaseIterable {
    /// `enabled: false`: every moment is blocked.
    case killSwitchOff = "kill_switch_off"
    /// `never_on` leaves out `launch`: the policy may ask as the app opens.
    case askAtLaunch = "ask_at_launch"
    /// `never_on` leaves out `user_action`: a button may ask, and the system may show nothing.
    case askFromButton = "ask_from_button"
    /// A trigger listens to `launch` while `never_on` blocks launch moments.
    case launchTriggerBlocked = "launch_trigger_blocked"
    /// `min_session_age` can never pass at a trigger that listens to `launch`.
    case sessionAgeAtLaunch = "session_age_at_launch"
    /// An iOS `system_quota` that allows more asks than the OS shows (3 in 365 days).
    case quotaAboveOS = "quota_above_os"
    /// Nothing limits how often the policy asks.
    case noLimit = "no_limit"
    /// Nothing spaces asks apart (no cooldown, `once_per_version` or `max_asks` of one): the OS's
    /// quota of 3 a year can be spent in one evening.
    case noSpacing = "no_spacing"
    /// An id that builds another platform's store link: `store_id` on android, `package` on ios.
    case storeLinkUnused = "store_link_unused"
    /// `rollout: {percent: 0}` asks no one.
    case rolloutNone = "rollout_none"
    /// The policy can never ask: `never_on` lists every source, or a guard's `when` never holds.
    case neverAsks = "never_asks"
    /// A key newer than `requires.library_version` allows for (`prompt`, from 0.3): an older app
    /// would refuse the policy as invalid rather than as too new.
    case newerKey = "newer_key"
    /// An experiment's arm whose `override` changes nothing: it is another control.
    case armUnchanged = "arm_unchanged"
    /// `experiment: {holdout: 100}`: everyone is held out, and the policy asks no one.
    case holdoutAll = "holdout_all"
    /// A `max_asks` that the OS quota always reaches first: it can never block (Semantics §14.5).
    case capAboveQuota = "cap_above_quota"
    /// An `exactly` count `since: last_ask`: a moment that reaches it without an ask (blocked,
    /// outranked, dropped) stalls the trigger until the prompt's next ask (Semantics §14.1).
    case exactSinceStalls = "exact_since_stalls"
    /// A rename to an event the policy does not read, or to a prompt it does not decide: the old
    /// name's history counts for nothing here (Semantics §14.4).
    case renamedUnread = "renamed_unread"
    /// `channels: {testflight: decide}` where an OS quota applies: TestFlight never shows the dialog,
    /// so its asks are recorded, spend the quota's count and are never seen (Semantics §16.1).
    case channelDecideTestflight = "channel_decide_testflight"
    /// An experiment without `hash`: it buckets with v1, which splits sequential ids less evenly than
    /// chance; a new experiment writes `hash: v2`, a running one `hash: v1` (Semantics §13).
    case hashV1 = "hash_v1"
}
