/// A setting that is one value, or a list whose k-th entry holds the k-th time and whose last holds
/// past its end: the waits that grow of `cooldown`, `after_declined` and `after_later`
/// (`cooldown: [14d, 30d, 90d]`, Semantics §14.3).
package struct WaitList<Entry: Sendable & Hashable>: Sendable, Hashable {
    /// The entries in the policy's order, at least one.
    package private(set) var entries: [Entry]
    /// Whether the policy wrote a list, even of one entry: an explanation then names the entry.
    package private(set) var isList: Bool

    /// One value, written alone.
    package init(_ value: Entry) {
        entries = [value]
        isList = false
    }

    /// A list, with at least one entry.
    package init?(list: [Entry]) {
        guard !list.isEmpty else { return nil }
        entries = list
        isList = true
    }

    /// The entry for the `k`-th time (from 1; below 1 reads as 1), past the list its last, with its
    /// index in the list (from 0).
    package func entry(forTime k: Int) -> (value: Entry, index: Int) {
        let index = min(max(k, 1), entries.count) - 1
        return (entries[index], index)
    }

    /// The value a single setting has, or the list's first entry.
    package var first: Entry { entries[0] }
}

/// The entry of a list setting that applied to a check (Semantics §14.3), as an explanation names it:
/// `cooldown[2] = 30d`, counting from 1 in words and from 0 in paths and pointers.
package struct AppliedEntry: Sendable, Hashable {
    /// The setting's path in the policy: `guards.cooldown`, `responses.after_later`.
    package var setting: String
    /// The entry's index in the list, from 0.
    package var index: Int
    /// The entry as the policy writes it: `30d`, `never`.
    package var value: String
    /// Which time it is, from 1: the number of asks the state holds (a cooldown), an answer's place
    /// in its run of answers of its kind (a response).
    package var time: Int

    /// Creates an applied entry.
    package init(setting: String, index: Int, value: String, after time: Int) {
        self.setting = setting
        self.index = index
        self.value = value
        self.time = time
    }

    /// The entry in words, counting from 1: `cooldown[2] = 30d`.
    package var text: String {
        "\(setting.split(separator: ".").last ?? Substring(setting))[\(index + 1)] = \(value)"
    }

    /// The entry's JSON pointer in the policy, counting from 0: `/guards/cooldown/1`.
    package var pointer: String { "/" + setting.replacingDots + "/\(index)" }
}

extension String {
    /// The text with each `.` a `/`.
    fileprivate var replacingDots: String { String(map { $0 == "." ? "/" : $0 }) }
}
