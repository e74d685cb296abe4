// swift-tools-version: 6.1
// A package of its own, so the root's `swift test` and CI never build package-benchmark.
// Run: `swift package --package-path Benchmarks benchmark` (from the repository root).
import PackageDescription

let package = Package(
    name: "ReviewGateBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ReviewGate", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // package-benchmark's own malloc counter, read directly where one run times two things.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.5.0"),
    ],
    targets: [
        // The root's CLibYAML is not a product; the raw-scan baseline needs libyaml itself.
        .systemLibrary(
            name: "CLibYAMLBaseline",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .executableTarget(
            name: "LoaderBenchmarks",
            dependencies: [
                "CLibYAMLBaseline",
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGateAuthoring", package: "ReviewGate"),
                .product(name: "ReviewGateFiles", package: "ReviewGate"),
                .product(name: "ReviewGateYAML", package: "ReviewGate"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/LoaderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScenarioBenchmarks",
            dependencies: [
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGateAuthoring", package: "ReviewGate"),
                .product(name: "ReviewGateFiles", package: "ReviewGate"),
                .product(name: "ReviewGateScenarios", package: "ReviewGate"),
                .product(name: "ReviewGateYAML", package: "ReviewGate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScenarioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EvaluatorBenchmarks",
            dependencies: [
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGateAuthoring", package: "ReviewGate"),
                .product(name: "ReviewGateFiles", package: "ReviewGate"),
                .product(name: "ReviewGateYAML", package: "ReviewGate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EvaluatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SimulateBenchmarks",
            dependencies: [
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGateAuthoring", package: "ReviewGate"),
                .product(name: "ReviewGateSimulation", package: "ReviewGate"),
                .product(name: "ReviewGateFiles", package: "ReviewGate"),
                .product(name: "ReviewGateYAML", package: "ReviewGate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SimulateBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // end-to-end.sh's floor: start-up and one line of output of a FoundationEssentials executable.
        .executableTarget(name: "HelloFoundationEssentials"),
    ]
)
