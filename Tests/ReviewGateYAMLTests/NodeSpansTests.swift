import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@_spi(ReviewGateTools) @testable import ReviewGateYAML

/// `YAMLLoader.spans` (what `validate --format json` and the editor underline) keeps its nodes in
/// the order they start and finds an end by binary search; a plain reference finds the same ends.
@Suite struct NodeSpansTests {
    @Test("a block mapping and its first key start together: the key, the innermost, is found")
    func innermost() {
        let spans = YAMLLoader().spans(Array("a:\n  b: 1\n  c: [x, yy]\nd: ''\n".utf8))
        func end(_ line: Int, _ column: Int) -> [Int] {
            let found = spans.end(from: NodeSpans.Position(line: line, column: column))
            return [found.line, found.column]
        }
        #expect(end(1, 1) == [1, 2])  // the root mapping and `a`: `a`
        #expect(end(2, 3) == [2, 4])  // the mapping under `a` and `b`: `b`
        #expect(end(2, 6) == [2, 7])
        #expect(end(3, 6) == [3, 13])  // `[x, yy]`
        #expect(end(3, 10) == [3, 12])  // `yy`
        #expect(end(4, 4) == [4, 6])  // `''`
        #expect(end(2, 2) == [2, 2])  // no node starts there
    }

    @Test("every position of every shipped policy: the same end as a dictionary of the events' spans")
    func matchesTheReference() throws {
        let folder = URL(filePath: Repository.path("policies"))
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" }
        #expect(files.count >= 60)
        var positions = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let spans = YAMLLoader().spans(bytes)
            let reference = try Self.reference(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for column in 1...(line.unicodeScalars.count + 2) {
                    let start = NodeSpans.Position(line: number + 1, column: column)
                    #expect(spans.end(from: start) == reference[start] ?? start, "\(file.lastPathComponent) \(start)")
                    positions += 1
                }
            }
        }
        #expect(positions > 50_000)
    }

    /// The spans as a dictionary from start to end, the shorter of two nodes with one start kept,
    /// nodes that end where they start left out.
    static func reference(_ bytes: [UInt8]) throws -> [NodeSpans.Position: NodeSpans.Position] {
        try bytes.withUnsafeBufferPointer { input in
            let reader = try LibYAMLEventReader(input: input, file: "")
            var ends: [NodeSpans.Position: NodeSpans.Position] = [:]
            var open: [NodeSpans.Position] = []
            func add(_ start: NodeSpans.Position, _ end: NodeSpans.Position) {
                guard end > start, ends[start].map({ end < $0 }) ?? true else { return }
                ends[start] = end
            }
            while true {
                let (event, start, end) = try reader.nextWithEnd()
                switch event {
                case .scalar, .alias: add(NodeSpans.Position(start), end)
                case .sequenceStart, .mappingStart: open.append(NodeSpans.Position(start))
                case .sequenceEnd, .mappingEnd: add(open.removeLast(), end)
                case .streamEnd: return ends
                default: continue
                }
            }
        }
    }
}

extension NodeSpansTests {
    /// Documents whose node starts a reader could take out of order: flow collections, anchors and
    /// tags before a node, explicit and empty keys, directives, several lines of block scalars.
    static let tricky = [
        "%YAML 1.1\n%TAG !e! tag:example.com,2000:\n---\n!e!x {a: [1, {b: c}], ? d : e}\n...\n",
        "&a {x: &b [1, 2], y: *b}\n",
        "? complex key\n: value\n? [flow, key]\n: {flow: value}\n",
        "a: !!str 1\nb: &c !!map {d: e}\nf: *c\n",
        "- |\n  literal\n  text\n- >-\n  folded\n- key: \n  other: ''\n",
        "{a: , c, ? : d}\n",
        "- [a, [b, [c, {d: [e]}]]]\n- - - nested\n",
    ]

    @Test("documents of every node shape: the same end as the reference at every position")
    func trickyShapes() throws {
        for text in Self.tricky {
            let bytes = Array(text.utf8)
            let spans = YAMLLoader().spans(bytes)
            let reference = try Self.reference(bytes)
            #expect(!reference.isEmpty)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for column in 1...(line.unicodeScalars.count + 2) {
                    let start = NodeSpans.Position(line: number + 1, column: column)
                    #expect(spans.end(from: start) == reference[start] ?? start, "\(text.debugDescription) \(start)")
                }
            }
        }
    }
}
