// swift-tools-version:6.0
// A small app package that uses ReviewGate's build plugin, built by the root's tests
// (`PluginFixtureSlowTests`): GoodApp's policy compiles into its resources and decides, on its own and
// through a prompter (what an app links: the core, the files module and the prompter); BadApp's policy
// is broken, so its build must fail at the policy's line; ClashApp's two policies would both be
// review.json, so its build must fail too (and GoodApp's still succeed); BudgetApp's budget compiles
// with its policy into one resource, which the app loads with the core alone and arbitrates with;
// ScenarioApp's scenarios compile for the test kit, which plays them through the prompter from JSON.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ReviewGate", path: "../..")],
    targets: [
        .executableTarget(
            name: "GoodApp",
            dependencies: [
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGatePrompter", package: "ReviewGate"),
            ],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        ),
        .executableTarget(
            name: "BadApp",
            dependencies: [.product(name: "ReviewGate", package: "ReviewGate")],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        ),
        .executableTarget(
            name: "BudgetApp",
            dependencies: [.product(name: "ReviewGate", package: "ReviewGate")],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        ),
        .executableTarget(
            name: "ScenarioApp",
            dependencies: [
                .product(name: "ReviewGateFiles", package: "ReviewGate"),
                .product(name: "ReviewGateTesting", package: "ReviewGate"),
            ],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        ),
        .executableTarget(
            name: "ClashApp",
            dependencies: [.product(name: "ReviewGate", package: "ReviewGate")],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        ),
    ]
)
