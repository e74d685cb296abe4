import ReviewGateFuzzEntries

#if canImport(Glibc)
    @preconcurrency import Glibc
    let everyone = RUSAGE_SELF.rawValue
#elseif canImport(Darwin)
    @preconcurrency import Darwin
    let everyone = RUSAGE_SELF
#endif

// `ReviewGateFuzz TARGET [ARGS...]`. Built with -DREVIEWGATE_FUZZ and -sanitize=fuzzer (Fuzz/run.sh),
// it is libFuzzer on TARGET and ARGS are libFuzzer's. Built plainly (swift build, swift test), it
// reads each file in ARGS as TARGET does and prints the time and the peak memory of each, so that
// the limits' promises are measured in a release build (Fuzz/amplification.sh).
// libFuzzer's -fork and -merge start the program again with its own options only: the target is then
// taken from REVIEWGATE_FUZZ_TARGET, which the first start sets.
var arguments = CommandLine.arguments
if let named = getenv("REVIEWGATE_FUZZ_TARGET").map({ String(cString: $0) }), FuzzTarget(rawValue: named) != nil,
    arguments.count < 2 || FuzzTarget(rawValue: arguments[1]) == nil
{
    arguments.insert(named, at: 1)
}
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    fputs("usage: ReviewGateFuzz \(names) [libFuzzer options | FILE...]\n", stderr)
    exit(2)
}

#if REVIEWGATE_FUZZ
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    nonisolated(unsafe) var selected = target
    setenv("REVIEWGATE_FUZZ_TARGET", target.rawValue, 1)
    // libFuzzer sees the program name and its own options, not the target's name.
    let named = arguments.count > CommandLine.arguments.count ? 0 : 1
    var argc = CommandLine.argc - Int32(named)
    var argv = CommandLine.unsafeArgv
    if named == 1 { argv[1] = argv[0] }
    var shifted: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + named
    exit(
        runFuzzerDriver(&argc, &shifted) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            selected.run(bytes)
            return 0
        })
#else
    var failed = false
    for path in arguments.dropFirst(2) {
        guard let file = fopen(path, "rb") else {
            fputs("\(path): cannot be read\n", stderr)
            failed = true
            continue
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        fclose(file)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let accepted = target.run(bytes)
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        var usage = rusage()
        getrusage(everyone, &usage)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        // ru_maxrss is in kilobytes on Linux, bytes on macOS.
        #if canImport(Darwin)
            let megabytes = Double(usage.ru_maxrss) / 1_048_576
        #else
            let megabytes = Double(usage.ru_maxrss) / 1024
        #endif
        print(
            "\(path)\t\(bytes.count) bytes\t\(accepted ? "accepted" : "refused")\t"
                + "\(Int((seconds * 1000).rounded())) ms\t\(Int(megabytes.rounded())) MB peak")
    }
    exit(failed ? 1 : 0)
#endif
