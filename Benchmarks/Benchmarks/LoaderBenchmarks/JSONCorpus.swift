import Benchmark
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML

/// Policy-like JSON generated in memory: the input every JSON reader benchmark reads.
///
/// ``PolicyCorpus``'s YAML loaded by `YAMLLoader` and written back by `JSONWriter(pretty: true)`
/// (two spaces an indent, `"key": value`): the same policies without the comments, each literal
/// block a string with `\n` in it. JSON is YAML 1.2, so libyaml's raw scan and the YAML loader
/// read the very same bytes as the JSON reader.
enum JSONCorpus {
    /// The JSON text of ``PolicyCorpus``'s YAML of at least `yamlBytes` bytes (the JSON's own size
    /// differs: quotes and braces added, comments dropped).
    static func json(fromYAMLBytes yamlBytes: Int) -> [UInt8] {
        let yaml = PolicyCorpus.yaml(minimumBytes: yamlBytes)
        do {
            let node = try YAMLLoader(limits: corpusLimits).loadDocument(yaml, file: "corpus.yaml")
            return Array(JSONWriter(pretty: true).string(node.jsonValue).utf8)
        } catch {
            fatalError("the generated corpus did not load: \(error)")
        }
    }
}

/// Reads `input` with the JSON reader and discards the nodes; traps on a diagnostic, since the
/// corpus is valid.
func readJSONCorpus(_ input: [UInt8]) {
    do {
        blackHole(try JSONReader(limits: corpusLimits).loadDocument(input, file: "corpus.json"))
    } catch {
        fatalError("the generated JSON did not read: \(error)")
    }
}
