// swift-tools-version:6.0
// A package that uses Holoframe from its tests: a design written with SwiftUI's views (CardDesign, on HoloframeUI), checked
// against goldens beside its test file, timed against a frame budget, and snapshotted with
// swift-snapshot-testing. Holoframe comes by path
// here; elsewhere use `.package(url: "<Holoframe's git URL>", from: "<version>")` and name the
// products' package by the URL's last part. `name:` pins the path package's name: without it
// SwiftPM names it after the folder the clone happens to be in.
import PackageDescription

let package = Package(
    name: "HoloframeConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Holoframe", path: "../.."),
        // swift-snapshot-testing strategies; pulls swift-snapshot-testing (swift-syntax is fetched, not built).
        .package(name: "HoloframeSnapshotTesting", path: "../../Tests/Integrations/SnapshotTesting"),
    ],
    targets: [
        .target(name: "CardDesign", dependencies: [.product(name: "HoloframeUI", package: "Holoframe")]),
        .testTarget(name: "CardDesignTests", dependencies: [
            "CardDesign",
            .product(name: "HoloframeTesting", package: "Holoframe"),
            .product(name: "HoloframeUI", package: "Holoframe"),
            .product(name: "HoloframeSnapshotTesting", package: "HoloframeSnapshotTesting"),
        ], exclude: ["__Goldens__", "__Snapshots__"]),
    ]
)
