internal import CLibYAML
@_spi(ReviewGateTools) import ReviewGate

/// One libyaml parse event, copied out of C memory so the C event can be freed at once.
enum YAMLEvent {
    case streamStart
    case documentStart
    case documentEnd
    case scalar(text: String, style: DocumentScalar.Style, tag: String?, anchor: String?)
    case alias(anchor: String)
    case sequenceStart(tag: String?, anchor: String?)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?)
    case mappingEnd
    case streamEnd
}

/// Owns a libyaml parser over a byte buffer and reads it event by event.
///
/// libyaml's marks are 0-based; here, at the one boundary, they become 1-based lines and columns.
final class LibYAMLEventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeBufferPointer<UInt8>
    private let file: String

    /// Starts a parser over `input`, which must outlive the reader; throws when libyaml cannot
    /// allocate its parser.
    init(input: UnsafeBufferPointer<UInt8>, file: String) throws(DiagnosticError) {
        self.input = input
        self.file = file
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            throw DiagnosticError(
                "libyaml could not start a parser (out of memory)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1)!, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event and where it starts, or a diagnostic for libyaml's error.
    func next() throws(DiagnosticError) -> (YAMLEvent, SourceLocation) {
        let (event, location, _) = try nextWithEnd()
        return (event, location)
    }

    /// The next event, where it starts and where it ends.
    func nextWithEnd() throws(DiagnosticError) -> (YAMLEvent, SourceLocation, NodeSpans.Position) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            // A reader error is about the bytes (a control character, a bad encoding): not text.
            let unreadable = parser.pointee.error == YAML_READER_ERROR
            var error = DiagnosticError([libyamlError()]).kind(unreadable ? .unreadableFile : .yamlSyntax)
            error.isUnreadable = unreadable
            throw error
        }
        defer { yaml_event_delete(&event) }
        let location = SourceLocation(
            file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        let end = NodeSpans.Position(line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1)
        return (Self.convert(&event), location, end)
    }

    private static func convert(_ event: inout yaml_event_t) -> YAMLEvent {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return .scalar(
                text: text, style: style(scalar.style), tag: string(scalar.tag), anchor: string(scalar.anchor))
        case YAML_ALIAS_EVENT: return .alias(anchor: string(event.data.alias.anchor) ?? "")
        case YAML_SEQUENCE_START_EVENT:
            return .sequenceStart(
                tag: string(event.data.sequence_start.tag), anchor: string(event.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            return .mappingStart(
                tag: string(event.data.mapping_start.tag), anchor: string(event.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd  // STREAM_END; NO_EVENT does not occur on success.
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> DocumentScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func libyamlError() -> Diagnostic {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unreadable YAML"
        if state.error == YAML_READER_ERROR {
            let location = ByteText.location(ofByte: state.problem_offset, in: input, file: file)
            return .error(problem, at: location)
        }
        if state.error == YAML_MEMORY_ERROR {
            return .error("out of memory while reading YAML", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let mark = state.problem_mark
        var location = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        var message = problem
        var hinted = false
        var tab = false
        if TextPosition.isIndentationTab(atLine: location.line, column: location.column, in: input) {
            message = "a tab character where YAML expects spaces (YAML indents with spaces only): \(problem)"
            tab = true
        } else if problem == "found unexpected end of stream",
            state.context.map({ String(cString: $0) }) == "while scanning a quoted scalar"
        {
            // The quote's line is where the fix goes: point there, not at the file's end.
            let open = state.context_mark
            location = SourceLocation(file: file, line: Int(open.line) + 1, column: Int(open.column) + 1)
            message = YAMLHint.unclosedQuote(
                line: location.line, column: location.column, in: String(decoding: input, as: UTF8.self))
            return .error(message, at: location)
        } else if let hint = YAMLHint.hint(
            for: problem, line: location.line, column: location.column,
            contextLine: state.context.map { _ in Int(state.context_mark.line) + 1 },
            in: String(decoding: input, as: UTF8.self))
        {
            message += ": \(hint)"
            hinted = true
        }
        var notes: [Diagnostic.Note] = []
        if problem == "could not find expected ':'", hinted {
            // The hint is about the line libyaml took for a key: the error is there, not where it gave up.
            let contextMark = state.context_mark
            location = SourceLocation(file: file, line: Int(contextMark.line) + 1, column: Int(contextMark.column) + 1)
        } else if !tab, let context = state.context.map({ String(cString: $0) }) {
            // After a tab's message, libyaml's context ("while scanning a plain scalar") says nothing more.
            let contextMark = state.context_mark
            notes.append(
                .init(
                    context,
                    at: SourceLocation(
                        file: file, line: Int(contextMark.line) + 1, column: Int(contextMark.column) + 1)))
        }
        return .error(message, at: location, notes: notes)
    }
}
