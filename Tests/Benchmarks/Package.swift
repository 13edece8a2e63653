// swift-tools-version:6.1
// Kernel benchmarks with ordo-one's package-benchmark: wall time, instructions and mallocs per
// iteration for blur, material, gradients, text, shader, PNG encode and whole frames of a few
// clips. A package of its own (under Tests/ because the top level is fixed), so Holoframe's own
// build never pulls package-benchmark. Run from this folder:
//   swift package benchmark                                   every benchmark, a table
//   swift package benchmark thresholds check                  against the committed Thresholds/
//   swift package --allow-writing-to-package-directory benchmark thresholds update
import PackageDescription

let package = Package(
    name: "HoloframeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` pins the path package's name (SwiftPM would name it after its folder).
        .package(name: "Holoframe", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HoloframeKernels",
            dependencies: [
                .product(name: "Holoframe", package: "Holoframe"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HoloframeKernels",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
