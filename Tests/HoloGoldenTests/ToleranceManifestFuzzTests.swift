// Golden/<clip>/tolerances.json: the README's nested form is the one form. Hand-written cases for
// each refusal, and a seeded mutation fuzzer over Tests/FuzzCorpus/tolerances: every mutant is
// parsed into entries within range, or refused with a message; nothing traps.
// HOLOFRAME_FUZZ_SECONDS runs the fuzzer for that long (.ci/run); otherwise 3,000 inputs.

import Foundation
import Testing
@testable import HoloGolden

@Suite struct ToleranceManifestTests {
    func parse(_ text: String) throws -> [String: ToleranceEntry] { try ToleranceManifest.parse(Array(text.utf8)) }
    func refusal(_ text: String) -> String {
        do { _ = try parse(text); return "" } catch { return "\(error)" }
    }

    @Test func theNestedFormIsRead() throws {
        let entries = try parse(#"{"00012-iphone-12@1x.png": {"tolerance": {"maxChannelDelta": 2, "maxDifferingRatio": 0.01}, "reason": "hinting"}}"#)
        #expect(entries["00012-iphone-12@1x.png"]?.tolerance.maxChannelDelta == 2)
        #expect(entries["00012-iphone-12@1x.png"]?.tolerance.maxDifferingRatio == 0.01)
        #expect(entries["00012-iphone-12@1x.png"]?.reason == "hinting")
    }

    @Test func theFlatFormIsRefusedShowingTheRightOne() {
        let message = refusal(#"{"00012-iphone-12@1x.png": {"maxChannelDelta": 2, "reason": "old"}}"#)
        #expect(message.contains("inside \"tolerance\""))
        #expect(message.contains(ToleranceManifest.example))
    }

    @Test(arguments: [
        (#"{"a.png": {"tolerance": {"maxChanelDelta": 1}, "reason": "r"}}"#, "unknown key \"maxChanelDelta\""),
        (#"{"a.png": {"tolerance": {}, "reason": "r", "why": "x"}}"#, "unknown key \"why\""),
        (#"{"a.png": {"tolerance": {"maxChannelDelta": 1e308}, "reason": "r"}}"#, "maxChannelDelta: must be a whole number from 0 to 255"),
        (#"{"a.png": {"tolerance": {"maxChannelDelta": 1.5}, "reason": "r"}}"#, "maxChannelDelta"),
        (#"{"a.png": {"tolerance": {"maxDifferingRatio": 2}, "reason": "r"}}"#, "maxDifferingRatio: must be a number from 0.0 to 1.0"),
        (#"{"a.png": {"tolerance": {"perceptualThreshold": -0.1}, "reason": "r"}}"#, "perceptualThreshold"),
        (#"{"a.png": {"tolerance": {"maxDifferingPixels": -1}, "reason": "r"}}"#, "maxDifferingPixels"),
        (#"{"a.png": {"tolerance": {"excuseAntialiasing": 1}, "reason": "r"}}"#, "true or false"),
        (#"{"a.png": {"tolerance": {"maxChannelDelta": 1}, "reason": "  "}}"#, "non-empty reason"),
        (#"{"a.png": {"reason": "r"}}"#, "tolerance: is required"),
        (#"{"../a.png": {"tolerance": {}, "reason": "r"}}"#, "golden file names"),
        (#"[1, 2]"#, "top level must be an object"),
        ("{", "not valid JSON"),
        ("{\"a.png\": {\"tolerance\": {},\n  \"reason\": }}", "not valid JSON (line 2, column 13: unexpected '}'; expected a value)"),
        (#"{"a.png": {"tolerance": {"maxChannelDelta": 1}, "reason": "r", "reason": "s"}}"#, "the key \"reason\" is given twice"),
    ])
    func mistakesAreRefusedByName(_ text: String, _ expected: String) {
        let message = refusal(text)
        #expect(message.contains(expected), "\(message)")
    }
}

/// Marsaglia's xorshift64: seeded, so every run mutates the same way.
struct Xorshift64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
}

@Suite struct ToleranceManifestFuzzTests {
    static let seeds: [[UInt8]] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/tolerances").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .compactMap { FileManager.default.contents(atPath: "\(folder)/\($0)").map(Array.init) }
    }()
    static let tokens = ["1e308", "-1", "NaN", "0.5", "256", "true", "null", "\"\"", "{}", "[]", "\"tolerance\"", "\"reason\"", ",", ":", "{\"a\":"]

    @Test func mutantsParseInRangeOrAreRefused() {
        #expect(Self.seeds.count >= 3, "Tests/FuzzCorpus/tolerances is missing")
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["HOLOFRAME_FUZZ_SECONDS"].flatMap(Double.init)
        let count = environment["HOLOFRAME_FUZZ_INPUTS"].flatMap(Int.init) ?? 3_000
        let start = Date()
        var g = Xorshift64(state: 0x70E5)
        var parsed = 0, refused = 0, n = 0
        while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (n < count) {
            var bytes = Self.seeds[n % Self.seeds.count]
            n += 1
            for _ in 0..<Int.random(in: 1...3, using: &g) where !bytes.isEmpty {
                let i = Int.random(in: 0..<bytes.count, using: &g)
                switch Int.random(in: 0..<4, using: &g) {
                case 0: bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &g))
                case 1: bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...8, using: &g)))
                case 2: bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &g)!.utf8), at: i)
                default: bytes = Array(bytes[..<i])
                }
            }
            do {
                for (_, entry) in try ToleranceManifest.parse(bytes) {
                    #expect((0...255).contains(entry.tolerance.maxChannelDelta))
                    #expect(entry.tolerance.maxDifferingRatio.map { (0...1).contains($0) } ?? true)
                    #expect(entry.tolerance.perceptualThreshold.map { (0...1).contains($0) } ?? true)
                    #expect((entry.tolerance.maxDifferingPixels ?? 0) >= 0)
                    #expect(!entry.reason.isEmpty)
                }
                parsed += 1
            } catch {
                #expect(!"\(error)".isEmpty)
                refused += 1
            }
        }
        #expect(parsed > 0 && refused > 0, "parsed \(parsed), refused \(refused)")
        print("tolerance-manifest fuzz: \(n) inputs ran without a crash: \(parsed) parsed within range, \(refused) refused with a message")
    }
}
