@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote

// Offers two signed policies in turn, forever, to a RemotePolicy keeping them at a path, so that
// RemotePolicyRobustnessSlowTests can kill it with SIGKILL at any instant and check what is left.
// Usage: RemoteKeepProbe SHIPPED.json A.signed.json B.signed.json PUBLIC-KEY-TEXT KEPT-PATH
let arguments = CommandLine.arguments
guard arguments.count == 6 else {
    print("usage: RemoteKeepProbe SHIPPED A B PUBLIC-KEY KEPT")
    SystemCalls.exit(2)
}
do {
    let read = { (path: String) throws(FileError) in try FileBytes.read(path, maxBytes: 1 << 20) }
    let updates = [try read(arguments[2]), try read(arguments[3])]
    let remote = try RemotePolicy(
        shipped: try read(arguments[1]), keys: [try UpdatePublicKey(arguments[4])],
        appVersion: AppVersion(short: "1.0", build: "1"), keptAt: arguments[5])

    var turn = 0
    while true {
        if case .refused(let refusal) = remote.offer(updates[turn % 2]) {
            print("refused: \(refusal)")
            SystemCalls.exit(1)
        }
        turn += 1
    }
} catch {
    print("error: \(error)")
    SystemCalls.exit(1)
}
