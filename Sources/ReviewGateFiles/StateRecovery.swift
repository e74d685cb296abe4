@_spi(ReviewGateTools) import ReviewGate

/// How an app's state store recovers from a state file that cannot be decoded (Semantics §11): under
/// the state's lock, the file is moved aside (`review-state.json` →
/// `review-state.corrupt-20261122T100000.123Z.json`, `-2` on a clash, the three newest kept) and
/// the update starts from a fresh state.
package struct StateRecovery: Sendable {
    /// How many moved-aside files are kept.
    package static let kept = 3

    /// When the file is moved aside, which names it.
    package var now: Timestamp
    /// The fresh state, given what the old file still shows (``StateSalvage``: nothing when it
    /// is too large or not JSON).
    package var freshState: @Sendable (_ oldFile: StateSalvage) -> ReviewState
    /// Told of each reset, under the lock.
    package var didReset: @Sendable (StateReset) -> Void

    /// A recovery at `now`.
    package init(
        now: Timestamp, freshState: @escaping @Sendable (StateSalvage) -> ReviewState,
        didReset: @escaping @Sendable (StateReset) -> Void
    ) {
        self.now = now
        self.freshState = freshState
        self.didReset = didReset
    }

    /// Moves the state file at `path` aside, keeping the ``kept`` newest moved files; the new path.
    func moveAside(_ path: String) throws(FileError) -> String {
        let folder = PathArithmetic.directory(of: path)
        let name = String(path.dropFirst(folder.count).drop { $0 == "/" })
        let (stem, suffix) = Self.split(name)
        let prefix = "\(stem).corrupt-"
        let stamp = Self.stamp(now)
        var target = "\(folder)/\(prefix)\(stamp)\(suffix)"
        var clash = 1
        while AtomicFile.exists(target) {
            clash += 1
            target = "\(folder)/\(prefix)\(stamp)-\(clash)\(suffix)"
        }
        guard SystemCalls.rename(path, to: target) else {
            throw FileError("cannot be moved aside", path: path, system: SystemCalls.lastError)
        }
        SystemCalls.flushFolder(folder)
        let moved = SystemCalls.entries(of: folder).filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
        for old in moved.sorted(by: Self.older).dropLast(Self.kept) { SystemCalls.remove("\(folder)/\(old)") }
        return target
    }

    /// `20261122T100000.123Z`: the time to the millisecond, always three digits, so that names
    /// sort by time.
    static func stamp(_ time: Timestamp) -> String {
        let text = time.description.dropLast().filter { $0 != "-" && $0 != ":" }
        let parts = text.split(separator: ".", maxSplits: 1)
        let milliseconds = ((parts.count > 1 ? String(parts[1].prefix(3)) : "") + "000").prefix(3)
        return "\(parts[0]).\(milliseconds)Z"
    }

    /// `review-state` and `.json` of `review-state.json`.
    static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// Whether moved-aside file `a` is older than `b`: by the time in its name, then by its clash
    /// number (`…Z.json` before `…Z-2.json`).
    static func older(_ a: String, _ b: String) -> Bool {
        func key(_ name: String) -> (String, Int) {
            guard let z = name.lastIndex(of: "Z") else { return (name, 0) }
            let after = name[name.index(after: z)...]
            let clash = after.hasPrefix("-") ? Int(after.dropFirst().prefix { $0.isNumber }) ?? 0 : 1
            return (String(name[...z]), clash)
        }
        return key(a) < key(b)
    }
}

/// A state file that could not be decoded and was replaced by a fresh state.
package struct StateReset: Sendable {
    /// Why: `not_json` or `invalid`.
    package var failure: StateFailure
    /// Where the old file went.
    package var movedTo: String
    /// What was wrong in it, when it could be read.
    package var diagnostics: DiagnosticError?
}

/// A state file that an app's store neither decodes nor moves aside: a newer reviewgate wrote it.
package struct UndecodableState: Error, Sendable {
    /// Why (`newer_state`).
    package var failure: StateFailure
    /// What the file holds that this reviewgate cannot read.
    package var diagnostics: DiagnosticError
}
