@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@testable import ReviewGateSimulation

/// The JSON Lines fast path (``JSONLineFastPath`` and ``TimelineLine/plainEvent(_:symbols:people:hints:scratch:)``)
/// against the reader without it: the same events, names, people, counts and problems for plain
/// lines, near-plain ones and lines broken a byte at a time, read whole and in chunks.
@Suite("simulate: JSON Lines fast path")
struct JSONLineFastPathTests {
    /// Lines a fast path reads, and lines it must leave to the scanner (or read as it would).
    static let lines = [
        #"{"user":"p0001","time":"2026-01-05T09:00:00Z","type":"install","short":"1.0","build":"100"}"#,
        #"{"user":"p0001","time":"2026-01-05T09:00:01Z","type":"launch","short":"1.0","build":"100"}"#,
        #"{"user":"p0001","time":"2026-01-06T10:00:00Z","type":"event","name":"done","scene":"Home","short":"1.0","build":"100"}"#,
        #"{"user":"p0002","time":1736000000,"type":"trigger","name":"t1","source":"user_action"}"#,
        #"{"user":"p0002","time":1736000000123,"type":"launch","source":"launch","scene":"Home.Screen-2"}"#,
        #"{"user":"p0002","time":"1736000000.5","type":"launch","source":"system"}"#,
        #"{"user":"p0002","time":"2026-01-05 09:00:00 UTC","type":"launch"}"#,
        #"{"user":"p0002","time":"2026-01-05T09:00:00+02:00","type":"update","short":"1.1"}"#,
        #"{"user":"p0002","time":"2026-01-05T09:00:00Z","type":"update","build":"101"}"#,
        #"{"user":"p0002","time":"2026-01-05T09:00:00Z","type":"update"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"response","value":"rated"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"response","value":"maybe"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"response"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"flag","name":"pro","value":true}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"flag","name":"pro","value":"false"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"flag","name":"pro","value":1}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"attribute","name":"plan","value":"gold"}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"attribute","name":"age","value":-1.5e3}"#,
        #"{"user":"p0003","time":"2026-01-07T00:00:00Z","type":"want","name":"review"}"#,
        #"{ "user": "p0004", "time": "2026-01-08T00:00:00Z", "type": "event", "name": "done" }"#,
        #"{"user" : "p0004" , "time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch"} "#,
        "{\"user\":\"p0004\",\"time\":\"2026-01-08T00:00:00Z\",\"type\":\"launch\"}\r",
        "{\"user\":\"p0004\",\"time\":\"2026-01-08T00:00:00Z\",\"type\":\"launch\"}\t",
        #"{"user":"p\u0030004","time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"pé","time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","extra":[1,{"a":2}]}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","user":"p0005"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":"bad name"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":".x"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":"ok","scene":"-x"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":"ok","scene":null}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":"ok","scene":""}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"event","name":7}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","source":"nowhere"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","short":1.0}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","build":false}"#,
        #"{"user":"p0004","time":"2026-13-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"p0004","time":"2026-01-08T24:00:00Z","type":"launch"}"#,
        #"{"user":"p0004","time":true,"type":"launch"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"lunch"}"#,
        #"{"user":"p0004","time":"2026-01-08T00:00:00Z","type":"launch","value":nul}"#,
        #"{"user":true,"time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":12,"time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"","time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{"user":"p0004","time":-0,"type":"launch"}"#,
        #"{"user":"p0004","time":01,"type":"launch"}"#,
        // The experiment arm the app logged: a string, or nothing; anything else is the scanner's.
        #"{"user":"p0007","time":"2026-01-08T00:00:00Z","type":"launch","arm":"early"}"#,
        #"{"user":"p0007","arm":"control","time":"2026-01-08T00:00:01Z","type":"event","name":"done","scene":"Home"}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:02Z","type":"launch","arm":null}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:03Z","type":"launch","arm":""}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:04Z","type":"launch","arm":3}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:05Z","type":"launch","arm":"early","arm":"control"}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:06Z","type":"launch", "arm" : "é"}"#,
        #"{"user":"p0007","time":"2026-01-08T00:00:07Z","type":"response","value":"rated","arm":"early"}"#,
        // The build channel (Semantics §16.1): its eight-byte key, a known value, or the scanner's error.
        #"{"user":"p0008","time":"2026-01-08T00:00:00Z","type":"launch","channel":"testflight"}"#,
        #"{"user":"p0008","channel":"development","time":"2026-01-08T00:00:01Z","type":"event","name":"done"}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:02Z","type":"launch","channel":"production"}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:03Z","type":"launch","channel":null}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:04Z","type":"launch","channel":""}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:05Z","type":"launch","channel":"beta"}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:06Z","type":"launch","channel":1}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:07Z","type":"launch","channels":"testflight"}"#,
        #"{"user":"p0008","time":"2026-01-08T00:00:08Z","type":"launch", "channel" : "testflight"}"#,
        // Columns simulate does not read, as a wide export writes them: skipped once noted.
        #"{"user":"p0005","campaign":"spring","time":"2026-01-08T00:00:00Z","type":"launch","n":12,"ok":true,"no":false,"nil":null}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:01Z","campaign" : "autumn" ,"type":"launch","n":-1.5e2}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:02Z","type":"launch","username":"x","Type":"event","scenes":"y"}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:03Z","type":"launch","campaign":"z"}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:04Z","type":"launch","campaign":"café"}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:05Z","type":"launch","campaign":{"id":1}}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:06Z","type":"launch","n":01}"#,
        #"{"user":"p0005","time":"2026-01-08T00:00:07Z","type":"launch","ok":tru}"#,
        #"{"c1":1,"c2":2,"c3":3,"c4":4,"c5":5,"c6":6,"c7":7,"c8":8,"c9":9,"c10":10,"c11":11,"c12":12,"user":"p0006","c13":"a","c14":"b","c15":"c","c16":"d","c17":"e","c18":"f","c19":"g","c20":"h","c21":"i","c22":"j","time":"2026-01-08T00:00:00Z","type":"launch"}"#,
        #"{}"#,
        #"[]"#,
        "",
        "   ",
    ]

    /// What a reader read: everything the report and the messages are made of.
    struct Read: Equatable {
        var events: [TimelineEvent] = []
        var names: [String] = []
        var people: [String] = []
        var lines = 0
        var skipped = 0
        var problems: [String] = []
    }

    /// `bytes` read in chunks of `size` bytes, with or without the fast path.
    static func read(_ bytes: [UInt8], fast: Bool, chunk size: Int) -> Read {
        var reader = TimelineReader(format: .jsonl, file: "t.jsonl")
        reader.usesFastPath = fast
        var read = Read()
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + size)
                try? reader.read(UnsafeBufferPointer(rebasing: all[start..<end])) { read.events.append($0) }
                start = end
            }
            try? reader.finish { read.events.append($0) }
        }
        read.names = reader.symbols.strings
        read.people = reader.people.strings
        read.lines = reader.lines
        read.skipped = reader.skipped
        read.problems = reader.problems.map(\.description)
        return read
    }

    /// Checks that `text` reads the same with and without the fast path, whole and in chunks.
    static func check(_ bytes: [UInt8], _ comment: Comment) {
        let expected = read(bytes, fast: false, chunk: bytes.count + 1)
        for size in [bytes.count + 1, 7, 64] {
            #expect(read(bytes, fast: true, chunk: size) == expected, comment)
        }
    }

    @Test("every line, alone and after the others, reads as the scanner reads it")
    func sameAsScanner() {
        let all = Self.lines.joined(separator: "\n")
        Self.check(Array(all.utf8), "all lines")
        Self.check(Array((all + "\n").utf8), "all lines and a newline")
        for line in Self.lines {
            Self.check(Array((line + "\n" + line).utf8), "\(line)")
        }
        // The lines of each person in turn, and people interleaved: the hints kept and missed.
        let interleaved = (0..<200).map { index in
            #"{"user":"p\#(index % 7)","time":"2026-01-\#(10 + index % 9)T0\#(index % 10):00:00Z","type":"event","name":"n\#(index % 3)","scene":"s\#(index % 2)","short":"1.\#(index % 4)","build":"\#(index % 5)"}"#
        }
        Self.check(Array(interleaved.joined(separator: "\n").utf8), "interleaved")
        Self.check(Array(interleaved.sorted().joined(separator: "\r\n").utf8), "grouped")
    }

    @Test("a text the names already hold that is no name (a value, a version) is refused as a name, every time")
    func namesHeldThatAreNoNames() {
        let lines = [
            #"{"user":"p1","time":"2026-01-05T09:00:00Z","type":"attribute","name":"plan","value":"gold plan"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:01Z","type":"launch","short":"1.0 beta","build":"-7"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:02Z","type":"event","name":"gold plan"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:03Z","type":"event","name":"done","scene":"1.0 beta"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:04Z","type":"event","name":"-7","scene":"Home"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:05Z","type":"event","name":"gold plan"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:06Z","type":"event","name":"done","scene":"Home"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:07Z","type":"event","name":"Home","scene":"done"}"#,
            // A name and a scene both new and the same; a valid name first seen as a value.
            #"{"user":"p1","time":"2026-01-05T09:00:08Z","type":"event","name":"x9","scene":"x9"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:09Z","type":"attribute","name":"tier","value":"gold"}"#,
            #"{"user":"p1","time":"2026-01-05T09:00:10Z","type":"event","name":"gold","scene":"x9"}"#,
        ]
        let text = lines.joined(separator: "\n")
        let read = Self.read(Array(text.utf8), fast: false, chunk: text.utf8.count + 1)
        #expect(read.skipped == 4 && read.events.count == 7)
        Self.check(Array(text.utf8), "names held that are no names")
    }

    @Test("lines with one byte changed, dropped or added read as the scanner reads them")
    func brokenLines() {
        var random = SplitMix(seed: 27)
        let bytes: [UInt8] = [
            0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x5C, 0x65, 0x7B, 0x7D, 0x80, 0xC3,
            0xFF,
        ]
        for line in Self.lines where !line.isEmpty {
            let original = Array(line.utf8)
            for _ in 0..<60 {
                var broken = original
                let at = Int(random.next() % UInt64(broken.count))
                let byte = bytes[Int(random.next() % UInt64(bytes.count))]
                switch random.next() % 3 {
                case 0: broken[at] = byte
                case 1: broken.remove(at: at)
                default: broken.insert(byte, at: at)
                }
                Self.check(original + [0x0A] + broken + [0x0A] + original, "\(broken)")
            }
        }
    }

    @Test("the type words are read by their bytes, and nothing else is one")
    func typeWords() {
        for kind in TimelineEvent.Kind.allCases {
            for text in [
                kind.word, kind.word + "s", String(kind.word.dropLast()), kind.word.uppercased(), " " + kind.word,
            ] {
                let read = Array(text.utf8).withUnsafeBufferPointer(TimelineLine.kind)
                #expect(read == TimelineEvent.Kind.allCases.first { $0.word == text }, "\(text)")
            }
        }
    }
}
