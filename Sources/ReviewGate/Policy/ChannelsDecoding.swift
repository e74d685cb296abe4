extension NodeReader {
    /// `channels: {testflight: block, development: no_quota}` (Semantics §16.1), in a policy or a
    /// budget's prompt (`section`): each channel's action where it is written. `production` is no
    /// key: production always decides.
    package mutating func channels(_ node: DocumentNode, _ section: LanguageCatalogue.Section, of what: String)
        -> ChannelRules
    {
        guard let fields = fields(node, what, section) else { return .none }
        var written: [Channel: Located<ChannelAction>] = [:]
        for channel in ChannelRules.settable {
            guard let value = fields[channel.rawValue],
                let action = choice(value, "\(what).\(channel.rawValue)", as: ChannelAction.self)
            else { continue }
            written[channel] = Located(action, at: value.location)
        }
        return ChannelRules(written)
    }
}
