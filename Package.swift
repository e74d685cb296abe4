// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReviewGate",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "ReviewGate", targets: ["ReviewGate"]),
        .library(name: "ReviewGateFiles", targets: ["ReviewGateFiles"]),
        .library(name: "ReviewGateAuthoring", targets: ["ReviewGateAuthoring"]),
        .library(name: "ReviewGateYAML", targets: ["ReviewGateYAML"]),
        .library(name: "ReviewGateRemote", targets: ["ReviewGateRemote"]),
        .library(name: "ReviewGateSimulation", targets: ["ReviewGateSimulation"]),
        .library(name: "ReviewGatePrompter", targets: ["ReviewGatePrompter"]),
        .library(name: "ReviewGateScenarios", targets: ["ReviewGateScenarios"]),
        .library(name: "ReviewGateTesting", targets: ["ReviewGateTesting"]),
        .executable(name: "reviewgate", targets: ["ReviewGateCLI"]),
        .plugin(name: "ReviewGatePlugin", targets: ["ReviewGatePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SHA-256 digests of compiled policies (and, for remote updates, Ed25519 signatures).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The readout's statistics: erfc and the log-gamma function (RealModule), so that no file but
        // ReviewGateFiles' SystemCalls imports the platform's C library.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        // A test clock for the prompter's tests (the delay, the time in the background); tests only.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // `swift package generate-documentation`: the DocC catalogs of the app-facing modules (CI builds them).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // What an app runs (Semantics §9): the policy model and its checks, the evaluator, the arbiter,
        // state, the JSON and compiled readers, decision events. Authoring is apart (below).
        .target(name: "ReviewGate"),
        // What serves a policy's author and not an app (issue 37): loading files and following
        // `extends`, lint warnings, writing compiled policies and budgets, the explanations' JSON.
        .target(name: "ReviewGateAuthoring", dependencies: ["ReviewGate"]),
        .target(name: "ReviewGateFiles", dependencies: ["ReviewGate"]),
        // The app's path (Semantics §11): the protocol from a moment to a prompt on screen. Foundation for
        // the `Date`, `URL` and `Bundle` an app deals in; no libyaml and no cryptography.
        .target(name: "ReviewGatePrompter", dependencies: ["ReviewGate", "ReviewGateFiles"]),
        // Scenario files and their golden transcripts (Semantics §6), for `reviewgate test` and test targets.
        .target(name: "ReviewGateScenarios", dependencies: ["ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles"]),
        // The test kit for an app's tests (Semantics §16.2): a recording presenter, a prompter on a test
        // clock, and the team's scenario files played through the real prompter. No libyaml.
        .target(
            name: "ReviewGateTesting",
            dependencies: [
                "ReviewGate", "ReviewGateFiles", "ReviewGatePrompter", "ReviewGateScenarios",
                .product(name: "Clocks", package: "swift-clocks"),
            ]),
        // `reviewgate simulate`: timelines, replay and reports, apart from the library an app links.
        .target(
            name: "ReviewGateSimulation",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles",
                .product(name: "RealModule", package: "swift-numerics"),
            ]),
        // The JSON Schemas (~60 KB of text) for editors and CI, apart from the library an app links.
        .target(name: "ReviewGateSchemas", dependencies: ["ReviewGate"]),
        .target(name: "ReviewGateYAML", dependencies: ["ReviewGate", "ReviewGateFiles", "CLibYAML"]),
        // The conformance kit (Semantics §18): its cases read, answered by this library, and another
        // implementation's answers compared; for `reviewgate conformance` and the tests.
        .target(name: "ReviewGateConformance", dependencies: ["ReviewGate", "ReviewGateFiles"]),
        // `reviewgate lsp` (Semantics §17): a language server over JSON-RPC, written here because no
        // Swift language-server package fits (README, "Why no library").
        .target(
            name: "ReviewGateLanguageServer",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateSchemas",
                "ReviewGateYAML",
            ]),
        // Signed remote updates, in a target of its own so that an app without them links no crypto.
        .target(
            name: "ReviewGateRemote",
            dependencies: ["ReviewGate", "ReviewGateFiles", .product(name: "Crypto", package: "swift-crypto")]),
        .executableTarget(
            name: "ReviewGateCLI",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGate", "ReviewGateConformance", "ReviewGateFiles", "ReviewGateLanguageServer",
                "ReviewGateRemote", "ReviewGateScenarios", "ReviewGateSchemas", "ReviewGateSimulation",
                "ReviewGateTesting", "ReviewGateYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Compiles a target's policies during its build (the compiled JSON becomes a resource), with a
        // tool that links only what compiling needs: no argument parser and no swift-crypto (CONTRIBUTING.md).
        .executableTarget(
            name: "ReviewGatePolicyCompiler",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateYAML",
            ]),
        .plugin(name: "ReviewGatePlugin", capability: .buildTool(), dependencies: ["ReviewGatePolicyCompiler"]),
        .target(
            name: "ReviewGateTestSupport",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateYAML",
            ],
            path: "Tests/ReviewGateTestSupport"),
        // Signed updates for the remote and command-line tests, apart so that other tests link no crypto.
        .target(
            name: "ReviewGateRemoteTestSupport",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles", "ReviewGateRemote", "ReviewGateTestSupport",
            ],
            path: "Tests/ReviewGateRemoteTestSupport"),
        // One test target per module, each depending on what it tests (CONTRIBUTING.md, "Running part of the tests").
        .testTarget(
            name: "ReviewGateTests",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateYAML", "ReviewGateTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ReviewGateConformanceTests",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGateConformance", "ReviewGate", "ReviewGateFiles", "ReviewGateYAML",
                "ReviewGateTestSupport",
            ]),
        .testTarget(
            name: "ReviewGateLanguageServerTests",
            dependencies: ["ReviewGateLanguageServer", "ReviewGate", "ReviewGateTestSupport"],
            exclude: ["Transcripts"]),
        .testTarget(
            name: "ReviewGateFilesTests",
            dependencies: [
                "ReviewGateAuthoring", "ReviewGateFiles", "ReviewGate", "ReviewGateYAML", "ReviewGateTestSupport",
            ]),
        .testTarget(
            name: "ReviewGateYAMLTests",
            dependencies: ["ReviewGateAuthoring", "ReviewGateYAML", "ReviewGate", "ReviewGateTestSupport"]),
        .testTarget(
            name: "ReviewGateSchemasTests",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGateSchemas", "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateTestSupport",
            ]),
        .testTarget(
            name: "ReviewGateSimulationTests",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGateSimulation", "ReviewGate", "ReviewGateFiles", "ReviewGateScenarios", "ReviewGateTestSupport",
            ]),
        .testTarget(
            name: "ReviewGateRemoteTests",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGateRemote", "ReviewGate", "ReviewGateFiles", "ReviewGateTestSupport",
                "ReviewGateRemoteTestSupport",
            ]),
        .testTarget(
            name: "ReviewGatePrompterTests",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGatePrompter", "ReviewGate", "ReviewGateFiles", "ReviewGateRemote", "ReviewGateTestSupport",
                "ReviewGateRemoteTestSupport", "ReviewGateTesting", "ReviewGateYAML",
                .product(name: "Clocks", package: "swift-clocks"),
            ]),
        // The test kit's own tests: public API only (Semantics §16.2).
        .testTarget(
            name: "ReviewGateTestingTests",
            dependencies: [
                "ReviewGateTesting", "ReviewGatePrompter", "ReviewGate", "ReviewGateScenarios", "ReviewGateYAML",
                "ReviewGateTestSupport",
            ]),
        // 0.4's and 0.5's public forms, deprecated until 1.0: this target alone keeps deprecation warnings as
        // warnings under REVIEWGATE_WARNINGS_AS_ERRORS, so that it can write them.
        .testTarget(
            name: "ReviewGateDeprecatedFormsTests",
            dependencies: [
                "ReviewGatePrompter", "ReviewGateRemote", "ReviewGateSimulation",
                .product(name: "Clocks", package: "swift-clocks"),
            ]),
        // The fuzzed readers (Fuzz/run.sh), which the tests replay the regression inputs through.
        .target(
            name: "ReviewGateFuzzEntries",
            dependencies: [
                "ReviewGateAuthoring",
                "ReviewGate", "ReviewGateLanguageServer", "ReviewGateRemote", "ReviewGateScenarios",
                "ReviewGateSimulation", "ReviewGateYAML",
            ],
            path: "Fuzz/Entries"),
        .executableTarget(name: "ReviewGateFuzz", dependencies: ["ReviewGateFuzzEntries"], path: "Fuzz/Driver"),
        // Keeps updates in a loop for the tests to kill -9 (RemotePolicyRobustnessSlowTests).
        .executableTarget(
            name: "RemoteKeepProbe", dependencies: ["ReviewGateRemote", "ReviewGate"],
            path: "Tests/RemoteKeepProbe"),
        // Grants, commits and releases a budget's leases in a loop, for the tests to run two at once
        // and to kill -9 (LeaseRobustnessSlowTests).
        .executableTarget(
            name: "LeaseProbe",
            dependencies: ["ReviewGateAuthoring", "ReviewGate", "ReviewGateFiles", "ReviewGateYAML"],
            path: "Tests/LeaseProbe"),
        .testTarget(
            name: "ReviewGateCLITests",
            dependencies: [
                "ReviewGateCLI", "ReviewGateConformance", "ReviewGateFuzzEntries", "ReviewGateTestSupport",
                "ReviewGateRemoteTestSupport",
            ],
            exclude: ["Goldens"]),
    ]
)

// CI (.ci/run) sets REVIEWGATE_WARNINGS_AS_ERRORS=1: a warning in the package's own targets (Sources,
// Tests, Fuzz) is then an error, and dependencies' warnings stay warnings. Only in this package's own
// builds: a package an app depends on may not carry unsafe flags, and `.treatAllWarnings(as: .error)`
// needs tools version 6.2.
if Context.environment["REVIEWGATE_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where target.type != .system && target.type != .plugin {
        let deprecatedForms = target.name == "ReviewGateDeprecatedFormsTests"
        target.swiftSettings =
            (target.swiftSettings ?? [])
            + [.unsafeFlags(["-warnings-as-errors"] + (deprecatedForms ? ["-Wwarning", "DeprecatedDeclaration"] : []))]
    }
}
