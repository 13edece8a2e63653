// A seeded mutation fuzzer for `.metal` shader source (issue 30: shaders are downloaded and shared
// like scene files). Every mutated source must be checked or refused with an MSLError; an accepted
// one has a finite static cost, and its stitchable colour effects and distortions compile and run
// over a block of pixels. Runs are watched with a 50 ms deadline (HoloStop's FrameWatch, as a
// render's frames are), so a mutant whose loops nest deep ends early instead of hanging the fuzzer.
// Seeds: examples/*.metal, Shaders/*.metal and Tests/FuzzCorpus/metal/*.metal.
// HOLOFRAME_FUZZ_INPUTS sets the count (default 1,000 in `swift test`); HOLOFRAME_FUZZ_SECONDS
// runs for that long instead (.ci/run).

import Foundation
import HoloStop
import HoloGeometry
import Testing
@testable import HoloMSL


@Suite struct ShaderSourceFuzzTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let seeds: [(String, [UInt8])] = {
        var files: [(String, [UInt8])] = []
        for folder in ["examples", "Shaders", "Tests/FuzzCorpus/metal"].map({ "\(root)/\($0)" }) {
            files += ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".metal") }.sorted()
                .map { ($0, Array((try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)"))) ?? Data())) }
        }
        return files
    }()

    /// Tokens that probe the front end's and the runtime's edges.
    static let tokens = ["for (int i = 0; i < n; i++) {", "while (true) {", "}", "{", ";", "break;", "continue;", "return",
                         "1024", "1e38", "-0.0", "0x7fffffff", "1.0 / 0.0", "sqrt(-1.0)", "half4(", "float2", "[[ stitchable ]]",
                         "position.x", "(", ")", ",", "/*", "//", "#include", "\0", "constant int k = 99999;", "SwiftUI::Layer layer"]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...24, using: &rng)))
            case 2: bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: i)
            case 3: bytes = Array(bytes[..<i])
            default:
                // Copy a stretch elsewhere (a loop into a loop, a call into itself).
                let j = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.insert(contentsOf: bytes[min(i, j)..<max(i, j)].prefix(200), at: max(i, j))
            }
        }
        return bytes
    }

    /// Checks `source`; when accepted, runs each stitchable colour effect or distortion over 16
    /// pixels under a 50 ms watch. Returns (accepted, functions run).
    static func exercise(_ source: String, name: String) throws -> (Bool, Int) {
        let library: MSLLibrary
        do { library = try MSLLibrary(source: source, file: name) } catch { return (false, 0) }
        var ran = 0
        for function in library.stitchableFunctions {
            guard let entry = [MSLEffectKind.color, .distortion].lazy.compactMap({ try? library.entry(function, as: $0) }).first else { continue }
            #expect(entry.operationsPerPixel.isFinite && entry.operationsPerPixel >= 0, "\(name): \(function)")
            let arguments = try entry.arguments(entry.argumentTypes.map { Array(repeating: 0.5, count: $0.componentCount) })
            let effect = MSLCompiledEffect(entry)
            FrameWatch(cancellation: nil, deadline: FrameWatch.deadline(after: 0.05)).run {
                if entry.kind == .color {
                    var out = [UInt32](repeating: 0, count: 16)
                    effect.shadeColorEffect(x0: 0.5, y0: 0.5, dx: 1, dy: 0, count: 16, arguments: arguments, into: &out)
                } else {
                    var out = [SIMD2<Float>](repeating: .zero, count: 16)
                    effect.shadeDistortion(x0: 0.5, y0: 0.5, dx: 1, dy: 0, count: 16, arguments: arguments, into: &out)
                }
            }
            ran += 1
        }
        return (true, ran)
    }

    @Test func seedsAreThereAndRun() throws {
        #expect(Self.seeds.contains { $0.0 == "loops.metal" }, "Tests/FuzzCorpus/metal is missing")
        #expect(Self.seeds.contains { $0.0 == "HolographicText.metal" })
        var ran = 0
        for (name, seed) in Self.seeds {
            let (accepted, functions) = try Self.exercise(String(decoding: seed, as: UTF8.self), name: name)
            #expect(accepted, "\(name) is refused")
            ran += functions
        }
        #expect(ran >= Self.seeds.count)
    }

    @Test func mutatedShaderSourceIsCheckedOrRefusedAndRunsBounded() throws {
        let budget = ProcessInfo.processInfo.environment
        let seconds = budget["HOLOFRAME_FUZZ_SECONDS"].flatMap(Double.init)
        let count = budget["HOLOFRAME_FUZZ_INPUTS"].flatMap(Int.init) ?? 1_000
        let start = Date()
        var rng = SplitMix64(seed: 0x3E7A1)
        var n = 0, accepted = 0, ran = 0
        while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (n < count) {
            let (name, seed) = Self.seeds[n % Self.seeds.count]
            var input = Self.mutate(seed, &rng)
            if n % 4 == 3 { input = Self.mutate(input, &rng) }
            n += 1
            let (ok, functions) = try Self.exercise(String(decoding: input, as: UTF8.self), name: name)
            if ok { accepted += 1 }
            ran += functions
        }
        #expect(accepted < n, "the mutator should break some inputs")
        #expect(ran > 0, "some mutants should get as far as running")
        print("shader-source fuzz: \(n) inputs ran without a crash: \(accepted) accepted, \(ran) functions run under a 50 ms deadline")
    }
}
