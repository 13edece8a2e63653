// A seeded mutation fuzzer for clip files and user scenes: every mutated input must decode (and
// build its clip, simulate a frame and rasterize it small) or be refused with a ClipFileError
// naming the file, or a LimitError; nothing may crash or hang.
// Seeds: examples/*.json and Tests/FuzzCorpus/clips/*.json. HOLOFRAME_FUZZ_INPUTS sets the count
// (default 2,000 in `swift test`); HOLOFRAME_FUZZ_SECONDS runs for that long instead (.ci/run).

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// How many inputs a fuzzer runs: HOLOFRAME_FUZZ_SECONDS=S runs for S seconds, else
/// HOLOFRAME_FUZZ_INPUTS or `defaultCount` inputs.
struct FuzzBudget {
    let seconds: Double?, count: Int, start = Date()
    init(defaultCount: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
        seconds = environment["HOLOFRAME_FUZZ_SECONDS"].flatMap(Double.init)
        count = environment["HOLOFRAME_FUZZ_INPUTS"].flatMap(Int.init) ?? defaultCount
    }
    func allows(_ n: Int) -> Bool { seconds.map { Date().timeIntervalSince(start) < $0 } ?? (n < count) }
}


@Suite struct ClipFileFuzzTests {
    static let seeds: [(String, [UInt8])] = {
        let dir = (goldenRoot as NSString).deletingLastPathComponent + "/examples"
        let corpus = (goldenRoot as NSString).deletingLastPathComponent + "/Tests/FuzzCorpus/clips"
        var files: [(String, [UInt8])] = []
        for folder in [dir, corpus] {
            files += ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                .map { ($0, Array((try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)"))) ?? Data())) }
        }
        files.append(("motion.json", Array("""
            {"design": "demo", "device": {"width": 375, "height": 667, "scale": 2}, "fps": 30, "duration": 2.5,
             "environment": {"colorScheme": "dark", "reduceMotion": true, "lowPower": true},
             "scroll": {"contentHeight": 3000, "deceleration": "fast", "pageHeight": 400,
                        "events": [{"type": "down", "time": 0.5, "y": 600}, {"type": "move", "time": 0.7, "y": 300, "curve": "easeIn"},
                                   {"type": "up", "time": 0.7}, {"type": "scrollToTop", "time": 2}]},
             "motion": {"roll": {"wobble": {"amplitude": 0.2, "period": 2}},
                        "pitch": {"keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 0.1, "curve": "easeInOut"}]}},
             "taps": [{"time": 1.2, "target": "card-3"}]}
            """.utf8)))
        return files
    }()

    /// Tokens that probe the decoder's edges.
    static let tokens = ["NaN", "Infinity", "-Infinity", "1e309", "-1", "0", "1e-320", "99999999999", "\"\"", "[]", "{}",
                         "null", "true", "\"custom\"", "\"demo\"", "{\"type\": \"group\"}", "[[[[[[[[", "\"\\u0000\"", ",", ":"]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...16, using: &rng)))
            case 2: bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: i)
            case 3:
                // Replace a number literal with a token.
                if let j = bytes[i...].firstIndex(where: { (48...57).contains($0) }) {
                    var k = j
                    while k < bytes.count, (48...57).contains(bytes[k]) || bytes[k] == 46 { k += 1 }
                    bytes.replaceSubrange(j..<k, with: Array(tokens.randomElement(using: &rng)!.utf8))
                }
            case 4: bytes = Array(bytes[..<i])
            default:
                let j = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.insert(contentsOf: bytes[min(i, j)..<max(i, j)].prefix(64), at: max(i, j))
            }
        }
        return bytes
    }

    /// Every seed as it is (the corpus keeps inputs that once crashed: a shadow radius of 1e-320
    /// made a NaN Gaussian weight) decodes or is refused, and a decoded one rasterizes.
    @Test func seedsThemselvesDecodeAndRasterize() {
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var rendered = 0
        for (name, seed) in Self.seeds {
            guard var spec = try? ClipSpec.decode(Data(seed), fileName: name) else { continue }
            spec.device.scale = 0.1
            guard let clip = try? buildClip(spec, name: name) else { continue }
            // A frame may be refused with a message (the memory cap); it must not crash.
            for frame in Set([0, min(3, clip.frameCount - 1)]) {
                if let canvas = try? pipeline.rasterize(clip.frames().frame(frame), scale: clip.scale) {
                    #expect(canvas.bytes.count == canvas.width * canvas.height * 4, "\(name)")
                    rendered += 1
                }
            }
        }
        #expect(rendered > Self.seeds.count / 2, "frames rasterized: \(rendered) for \(Self.seeds.count) seeds")
        #expect(Self.seeds.contains { $0.0 == "subnormal-shadow-radius.json" })
    }

    @Test func corpusIsThere() {
        #expect(Self.seeds.contains { $0.0 == "extremes.json" }, "Tests/FuzzCorpus/clips is missing")
    }

    @Test func mutatedClipFilesDecodeOrAreRefusedWithTheFileNamed() throws {
        let budget = FuzzBudget(defaultCount: 2_000)
        var rng = SplitMix64(seed: 0x5EED)
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var accepted = 0, refused = 0, rendered = 0, n = 0
        while budget.allows(n) {
            let (name, seed) = Self.seeds[n % Self.seeds.count]
            // Every fourth input is the seed itself mutated twice over, to get further from it.
            var input = Self.mutate(seed, &rng)
            if n % 4 == 3 { input = Self.mutate(input, &rng) }
            n += 1
            do {
                var spec = try ClipSpec.decode(Data(input), fileName: name)
                spec.device.scale = 0.1
                // Build the clip (the custom design decodes its scene here), simulate a frame, rasterize it small.
                if let clip = try? buildClip(spec, name: name) {
                    let record = clip.frames().frame(min(3, clip.frameCount - 1))
                    if let canvas = try? pipeline.rasterize(record, scale: clip.scale) {
                        #expect(canvas.bytes.count == canvas.width * canvas.height * 4)
                        rendered += 1
                    }
                }
                accepted += 1
            } catch let e as ClipFileError {
                #expect(e.fileName == name)
                #expect(!e.reason.isEmpty)
                refused += 1
            }
        }
        #expect(accepted + refused == n)
        #expect(refused > n / 2, "the mutator should break most inputs")
        #expect(rendered > 0, "some mutants should get as far as pixels")
        print("clip-file fuzz: \(n) inputs ran without a crash: \(accepted) accepted (\(rendered) rasterized), \(refused) refused with a ClipFileError")
    }

    func buildClip(_ spec: ClipSpec, name: String) throws -> Clip {
        if spec.design == CustomDesign.name {
            return try CustomDesign.clip(spec, fileName: name) { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        }
        return try ClipCatalog.clip(for: spec)
    }
}
