@_spi(ReviewGateTools) import ReviewGate

extension YAMLLoader {
    /// Where each node of `bytes` (YAML or JSON) ends, by where it starts, as libyaml marks them:
    /// for a scalar its last character, for a collection its closing bracket or the start of what
    /// follows it. A file libyaml cannot read gets the spans of what it read before the problem.
    package func spans(_ bytes: [UInt8]) -> NodeSpans {
        guard bytes.count <= limits.maxBytes else { return NodeSpans() }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.withUnsafeBufferPointer { whole in
            let input = UnsafeBufferPointer(rebasing: whole[bom...])
            var spans = NodeSpans()
            guard ByteText.firstInvalidUTF8(in: input) == nil,
                let reader = try? LibYAMLEventReader(input: input, file: "")
            else { return spans }
            var open: [Int] = []  // the collections not yet closed, innermost last
            while let (event, start, end) = try? reader.nextWithEnd() {
                let from = NodeSpans.Position(start)
                switch event {
                case .scalar, .alias: spans.add(from: from, to: end)
                case .sequenceStart, .mappingStart: open.append(spans.open(at: from))
                case .sequenceEnd, .mappingEnd:
                    if let index = open.popLast() { spans.close(index, at: end) }
                case .streamEnd: return spans
                default: continue
                }
            }
            return spans
        }
    }
}
