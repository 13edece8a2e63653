// A seeded mutation fuzzer for scene expressions: every mutant of a seed (Tests/FuzzCorpus/
// expressions/seeds.txt, one per line) must parse, or be refused with an ExpressionError whose
// column lies within the text (or just past it); what parses must evaluate, at extreme driver
// values too, without a trap. HOLOFRAME_FUZZ_SECONDS runs it for that long (.ci/run); otherwise
// HOLOFRAME_FUZZ_INPUTS or 5,000 inputs.

import Foundation
import Testing
@testable import HoloClips

@Suite struct ExpressionFuzzTests {
    static let seeds: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/expressions/seeds.txt")
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }()
    static let tokens = ["(", ")", "?", ":", ",", "-", "--", "*", "/", "<=", "==", "1e308", "1e-320", ".5", "9999999999999999999",
                         "clamp(", "mix(1,", "smoothstep(", "scroll", "header.", "fract", " ", "\u{0}", "é", "((((((((((", "?:"]

    /// Marsaglia's xorshift64: seeded, so every run mutates the same way.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
    }

    static func mutate(_ text: String, _ g: inout Generator) -> String {
        var s = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let i = Int.random(in: 0...s.count, using: &g)
            switch Int.random(in: 0..<5, using: &g) {
            case 0 where !s.isEmpty: s.remove(at: min(i, s.count - 1))
            case 1: s.insert(contentsOf: tokens.randomElement(using: &g)!.unicodeScalars, at: i)
            case 2 where !s.isEmpty: s = Array(s[..<min(i, s.count)])
            case 3:  // repeat a slice: deep nests and long chains
                let j = Int.random(in: 0...s.count, using: &g)
                let slice = s[min(i, j)..<max(i, j)]
                for _ in 0..<Int.random(in: 1...40, using: &g) { s.insert(contentsOf: slice, at: max(i, j)) }
            default:
                if !s.isEmpty { s[min(i, s.count - 1)] = Unicode.Scalar(UInt8.random(in: 32...126, using: &g)) }
            }
        }
        var out = ""
        out.unicodeScalars.append(contentsOf: s)
        return out
    }

    @Test func corpusIsThere() { #expect(Self.seeds.count >= 10, "Tests/FuzzCorpus/expressions/seeds.txt is missing") }

    @Test func mutantsParseOrAreRefusedAtAColumn() {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["HOLOFRAME_FUZZ_SECONDS"].flatMap(Double.init)
        let count = environment["HOLOFRAME_FUZZ_INPUTS"].flatMap(Int.init) ?? 5_000
        let start = Date()
        var g = Generator(state: 0xE4B2)
        var parsed = 0, refused = 0, n = 0
        let extremes: [Double] = [0, -0.0, 1, -1, 1e308, -1e308, .infinity, .nan, .leastNonzeroMagnitude]
        while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (n < count) {
            let text = Self.mutate(Self.seeds[n % Self.seeds.count], &g)
            n += 1
            do {
                let e = try SceneExpression(text, driverNames: CustomDesign.driverNames)
                for v in extremes { _ = e.evaluate(Dictionary(uniqueKeysWithValues: e.driverNames.map { ($0, v) })) }
                parsed += 1
            } catch {
                #expect(error.column >= 1 && error.column <= text.unicodeScalars.count + 1, "\(error) for \(text.prefix(80))")
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(parsed > 0 && refused > 0, "parsed \(parsed), refused \(refused)")
        print("expression fuzz: \(n) inputs ran without a crash: \(parsed) parsed and evaluated, \(refused) refused with an ExpressionError")
    }
}
