// swift-tools-version:6.0
// An app package whose two policies would both be review.json: ReviewGate's build plugin refuses it
// while the build is planned, before anything is compiled (`PluginFixtureSlowTests`). A package of its
// own, since a plugin's refusal stops the whole package's build.
import PackageDescription

let package = Package(
    name: "PluginClashFixture",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ReviewGate", path: "../..")],
    targets: [
        .executableTarget(
            name: "ClashApp",
            dependencies: [.product(name: "ReviewGate", package: "ReviewGate")],
            plugins: [.plugin(name: "ReviewGatePlugin", package: "ReviewGate")]
        )
    ]
)
