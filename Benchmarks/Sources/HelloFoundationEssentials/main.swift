// The floor for `end-to-end.sh`: a Swift executable that links FoundationEssentials, as the
// `reviewgate` command does through swift-argument-parser, and prints one line.
import FoundationEssentials

let greeting = Data("Hello from FoundationEssentials".utf8)
print(String(decoding: greeting, as: UTF8.self))
