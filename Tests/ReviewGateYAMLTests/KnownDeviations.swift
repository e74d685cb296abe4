/// The YAML test suite cases that libyaml 0.2.5 itself reads differently from the suite, each
/// with the reason. Every case not listed here is asserted; a listed case that starts to pass
/// fails its test too, so the list cannot go stale when libyaml is upgraded.
enum KnownDeviations {
    private static func cases(_ ids: [String], _ reason: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, reason) })
    }

    /// Valid YAML that libyaml 0.2.5 refuses.
    static let rejectsValid: [String: String] = [
        cases(
            ["2JQS", "6M2F", "NHX8", "NKF9", "S3PD", "SM9W/01", "UKK6/00", "M2N8/00", "CFD4", "FRK4"],
            "libyaml takes no empty implicit key (`: value`)"),
        cases(["4ABK"], "libyaml takes no flow mapping entry with an omitted value (`key:,`)"),
        cases(["2LFX", "6LVF", "MUS6/05", "MUS6/06"], "libyaml refuses reserved directives"),
        cases(["BEC7"], "libyaml refuses a %YAML 1.3 directive"),
        cases(["W4TN"], "libyaml refuses a directive after a `...` document end"),
        cases(["2SXE"], "libyaml ends an anchor name at a colon"),
        cases(["8XYN", "W5VH"], "libyaml takes only ASCII letters, digits, - and _ in anchor names"),
        cases(
            ["4MUZ/00", "4MUZ/01", "4MUZ/02", "5MUD", "K3WX", "9SA2", "NJ66", "UT92", "VJP3/01"],
            "libyaml takes no flow mapping key or colon spread over lines"),
        cases(["58MP", "5T43", "DBG4", "HM87/00"], "libyaml takes no flow scalar that starts with a colon"),
        cases(
            [
                "6BCT", "6CA3", "DK95/00", "DK95/03", "DK95/04", "Q5MG", "A2M4", "96NN/00", "96NN/01", "R4YG",
                "Y79Y/001", "Y79Y/010",
            ],
            "libyaml refuses tabs used as separation, not indentation"),
        cases(["7Z25", "M7A3", "HWV9", "QT73"], "libyaml takes no bare document after a `...` end marker"),
        cases(["DK3J", "FP8R"], "libyaml takes no zero-indented block scalar"),
    ].reduce(into: [:]) { $0.merge($1) { first, _ in first } }

    /// Valid YAML that libyaml 0.2.5 reads, but not as the suite's JSON says.
    static let misreadsValid: [String: String] = [
        cases(["652Z", "HM87/01"], "libyaml reads `?x` in a flow collection as an explicit key"),
        cases(["JEF9/02", "L24T/01"], "libyaml drops a block scalar's last line of spaces"),
        cases(["Y2GN"], "libyaml ends an anchor name at a colon"),
    ].reduce(into: [:]) { $0.merge($1) { first, _ in first } }

    /// Invalid YAML that libyaml 0.2.5 accepts.
    static let acceptsInvalid: [String: String] = [
        cases(["9C9N", "QB6E", "S98Z"], "libyaml does not check the indentation of flow and quoted lines"),
        cases(
            ["9HCY", "EB22", "RHX7", "MUS6/00", "MUS6/01"], "libyaml is lenient with directives and document markers"),
        cases(["9JBA", "CVW2", "SU5Z", "X4QW"], "libyaml takes a comment without the space before it"),
        cases(["DK95/01", "Y79Y/003"], "libyaml takes some tabs that the suite refuses"),
        cases(["G5U8", "YJV2"], "libyaml takes a plain `-` inside a flow sequence"),
    ].reduce(into: [:]) { $0.merge($1) { first, _ in first } }

    /// Valid YAML that ReviewGate refuses on purpose: the same key twice in one mapping is an
    /// error in a policy, whether written twice or through an alias.
    static let refusedByDesign: [String: String] = [
        "X38W": "the alias *a repeats the key &a, a duplicate key"
    ]
}
