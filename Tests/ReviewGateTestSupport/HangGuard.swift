import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite whose tests wait on Swift concurrency (the prompter's): long
    /// enough for any run of `swift test`, short enough that a hang ends well before CI's limit.
    ///
    /// Every test runs in one process, and every synchronous test holds a thread of the
    /// cooperative pool, which is as wide as the machine has cores (two here). An async test's
    /// every hop waits behind the synchronous tests queued before it, so its time on the wall is
    /// up to the whole run's (114 s of a 129 s run on this machine; a one-minute limit failed CI
    /// on another), however short it is alone. A limit is a guard against a hang, never a
    /// measure of speed (the benchmarks measure).
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
