/// Where an evaluation's checks go: each in full into a decision's `[Check]`, or, for a replay
/// that only counts outcomes, into a ``Verdict`` that builds none of them. The evaluator computes
/// whether each check passed either way, and builds a check (its strings, arrays and location
/// retained) only for a recorder that keeps it.
protocol CheckRecorder {
    /// Records one check: what it tested, for a trigger's check the trigger's index in the policy,
    /// and whether it passed; `make` builds the check in full.
    mutating func record(_ id: Check.ID, trigger: Int?, passed: Bool, _ make: () -> Check)

    /// Makes room for the `count` checks an evaluation records at most, for a recorder that keeps
    /// them.
    mutating func reserve(_ count: @autoclosure () -> Int)
}

extension Array: CheckRecorder where Element == Check {
    mutating func record(_ id: Check.ID, trigger: Int?, passed: Bool, _ make: () -> Check) {
        append(make())
    }

    mutating func reserve(_ count: @autoclosure () -> Int) {
        reserveCapacity(count())
    }
}

/// What a decision comes to, without its checks: what ``Evaluator/verdict(_:state:moment:into:)``
/// fills for a replay that counts outcomes (`reviewgate simulate`), as the ``Decision`` of
/// ``Evaluator/decide(_:state:moment:)`` would give them.
package struct Verdict: CheckRecorder {
    /// Whether the moment may ask (``Decision/isAllowed``).
    package var isAllowed = false
    /// The index in the policy of the first candidate trigger whose checks all passed
    /// (``Decision/passingTrigger``).
    package var passingTrigger: Int?
    /// The blockers, one bit each by ``Blocker/index``, of the checks that failed other than a
    /// trigger's and the channel's.
    package var failed: UInt32 = 0
    /// Whether a trigger's check failed.
    package var triggerFailed = false
    /// Whether the person is held out of the policy's experiment (Semantics §13): blocked by
    /// `experiment`, which is no guard for counting.
    package var heldOut = false
    /// Whether the moment's build channel blocks (Semantics §16.1): no guard for counting either.
    package var channelBlocked = false
    /// Whether no trigger listens to the moment's event (a failed ``Check/TriggerPart/missing``).
    package var unheard = false
    /// The indices of the candidate triggers whose count passed, in policy order.
    package private(set) var countsPassed: [Int] = []

    /// An empty verdict.
    package init() {}

    /// The blockers of a block, one bit each by ``Blocker/index``: those of ``Decision/blockedBy``.
    package var blockers: UInt32 {
        var held = heldOut ? failed | 1 << UInt32(Blocker.experiment.index) : failed
        if channelBlocked { held |= 1 << UInt32(Blocker.channel.index) }
        return triggerFailed && passingTrigger == nil ? held | 1 << UInt32(Blocker.trigger.index) : held
    }

    /// Forgets the last moment's verdict, keeping its storage.
    mutating func reset() {
        isAllowed = false
        passingTrigger = nil
        failed = 0
        triggerFailed = false
        heldOut = false
        channelBlocked = false
        unheard = false
        countsPassed.removeAll(keepingCapacity: true)
    }

    /// Nothing to reserve: a verdict keeps no checks.
    mutating func reserve(_ count: @autoclosure () -> Int) {}

    mutating func record(_ id: Check.ID, trigger: Int?, passed: Bool, _ make: () -> Check) {
        if case .trigger(let part) = id {
            if !passed { triggerFailed = true }
            if part == .missing { unheard = true }
            if part == .count, passed, let trigger { countsPassed.append(trigger) }
        } else if case .channel = id {
            channelBlocked = !passed
        } else if !passed {
            failed |= 1 << UInt32(id.blocker.index)
        }
    }
}
