import Clocks
import Foundation
import ReviewGate
import ReviewGatePrompter

/// A presenter for an app's tests (Semantics §16.2): it records every presentation (the prompt, the
/// scene the prompter reported, the clock's time) and answers as told, `true` by default, per
/// prompt for a budget's prompter.
///
/// ```swift
/// let presenter = RecordingPresenter()
/// let prompter = Prompter(policy: policy, presenter: presenter.presenter(), environment: environment)
/// ```
public final class RecordingPresenter: @unchecked Sendable {
    /// One presentation the prompter asked for.
    public struct Presentation: Sendable, Hashable {
        /// The prompt shown (`review`, or a budget's prompt).
        public var prompt: String
        /// The scene the prompter had been told last, when it presented.
        public var scene: String?
        /// The wall clock's time, when it presented.
        public var time: Date
    }

    private let lock = NSLock()
    private var recorded: [Presentation] = []
    private var answers: [String: Bool] = [:]
    private var defaultAnswer: Bool
    /// The wall clock presentations are dated by.
    let now: @Sendable () -> Date
    /// The prompter whose scene a presentation notes, once ``attach(_:)`` gives it: weak, since
    /// the prompter holds this presenter's closures.
    private weak var prompter: Prompter?

    /// A presenter that answers `answer` (`true`: shown) and dates each presentation by `now` (a
    /// test's wall clock; the system's by default).
    public init(answer: Bool = true, now: @escaping @Sendable () -> Date = { Date() }) {
        defaultAnswer = answer
        self.now = now
    }

    /// From now on, answers `answer` for `prompt`, or for every prompt when none is named.
    public func answer(_ answer: Bool, for prompt: String? = nil) {
        lock.withLock {
            if let prompt { answers[prompt] = answer } else { (defaultAnswer, answers) = (answer, [:]) }
        }
    }

    /// Every presentation so far, in order.
    public var presentations: [Presentation] { lock.withLock { recorded } }

    /// The prompts presented so far, in order.
    public var prompts: [String] { presentations.map(\.prompt) }

    /// Lets the presenter read the scene `prompter` was told last, for ``Presentation/scene``.
    public func attach(_ prompter: Prompter) {
        lock.withLock { self.prompter = prompter }
    }

    /// The presenter to give a prompter for `prompt` (`review` for a prompter of one policy).
    public func presenter(for prompt: String = Ask.review) -> Prompter.Presenter {
        { @MainActor @Sendable in
            let prompter = self.lock.withLock { self.prompter }
            let scene = await prompter?.reportedScene
            return self.lock.withLock {
                self.recorded.append(Presentation(prompt: prompt, scene: scene, time: self.now()))
                return self.answers[prompt] ?? self.defaultAnswer
            }
        }
    }
}

extension TestClock<Duration> {
    /// A wall clock that reads `start` plus the time this clock has moved since now.
    func wallClock(from start: Date) -> @Sendable () -> Date {
        let origin = now
        return { [self] in
            let elapsed = origin.duration(to: now).components
            return start.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
    }
}
