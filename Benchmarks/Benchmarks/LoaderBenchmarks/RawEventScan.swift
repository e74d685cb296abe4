import CLibYAMLBaseline

/// libyaml's event parser run over a whole input, each event deleted at once and no tree built:
/// the floor that the loader's cost is measured against.
enum RawEventScan {
    /// The number of events libyaml reads from `bytes`; traps on a parse error (the corpus is valid).
    static func eventCount(_ bytes: [UInt8]) -> Int {
        // libyaml keeps a pointer to the parser in itself, so it must not move: allocate it.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { fatalError("yaml_parser_initialize failed") }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        return bytes.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    fatalError(
                        "libyaml: \(String(cString: parser.pointee.problem)) at byte \(parser.pointee.problem_offset)")
                }
                count += 1
                let isStreamEnd = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if isStreamEnd { return count }
            }
        }
    }
}
