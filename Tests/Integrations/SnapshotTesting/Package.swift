// swift-tools-version:6.0
// Snapshot strategies for pointfreeco's swift-snapshot-testing that store Holoframe frames as PNG
// and diff them through Holoframe (exact by default, the same tolerances as `golden verify`).
// A package of its own so that Holoframe's own build never pulls swift-snapshot-testing and
// swift-syntax; SwiftPM reaches a package below a repository's root only by path, so add it from
// a checkout: `.package(path: "<holoframe checkout>/Tests/Integrations/SnapshotTesting")`.
import PackageDescription

let package = Package(
    name: "HoloframeSnapshotTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HoloframeSnapshotTesting", targets: ["HoloframeSnapshotTesting"]),
    ],
    dependencies: [
        // `name:` pins the path package's name (SwiftPM would name it after its folder).
        .package(name: "Holoframe", path: "../../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "HoloframeSnapshotTesting", dependencies: [
            .product(name: "Holoframe", package: "Holoframe"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "HoloframeSnapshotTestingTests", dependencies: ["HoloframeSnapshotTesting"],
                    exclude: ["__Snapshots__"]),
    ]
)
