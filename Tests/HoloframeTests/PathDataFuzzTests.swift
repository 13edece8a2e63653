// A generating fuzzer for SVG path data (`d` strings, issue 41): random and adversarial paths,
// with numbers at the edges of what a path may hold (0, -0, 1e-300, 5e-324, 1e6, …), degenerate
// arcs (radii 0, subnormal, huge, out of proportion; endpoints equal), long chains, and bytes
// mutated. Each is put in a clip file as a path filled, stroked and dashed (widths and scales at
// their edges too), decoded, and one frame rasterized: it must draw or be refused with a
// ClipFileError naming the file; a trap ends the test process (a failure), and an input that takes
// longer than `inputSeconds` stops the process with the input printed (each frame is drawn under a
// deadline of `frameSeconds`, as `render --frame-timeout` draws it: an input it stops counts as stopped by a limit). Runs HOLOFRAME_FUZZ_SECONDS
// (.ci/run) or HOLOFRAME_FUZZ_INPUTS (default 40: the extreme inputs take seconds each in a debug build) inputs; the seeds and the tokens are here.

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct PathDataFuzzTests {
    /// The longest one input may take, rasterized at 120×120 px, before the fuzzer calls it a hang;
    /// each frame is drawn under a deadline of `frameSeconds`, as --frame-timeout would stop it.
    static let inputSeconds = 20.0
    static let frameSeconds = 3.0

    static let numbers = ["0", "-0", "1", "-1", "0.5", "60", "-60", "119.99", "1e-300", "-1e-300", "1e-320", "5e-324",
                          "1e6", "-1e6", "999999.99", "1e-7", "3e-308", "2.2250738585072014e-308", "1e5", "1e-16"]
    static let arity: [Character: Int] = ["M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0]
    /// Arcs the hostile round found fatal, and their neighbours.
    static let arcs = ["M10 10 A 1e-300 1e-300 0 0 1 50 50", "M10 10 A 1e-300 1e-300 0 1 0 10.000001 10",
                       "M0 0 A 5e-324 5e-324 0 1 1 1e6 1e6", "M0 0 A 1e-320 1 0 0 1 100 0", "M0 0 A 1 1e-320 30 1 1 0 100",
                       "M0 0 A 1e6 1e6 0 1 1 1e-300 0", "M0 0 A 1e6 1e-300 45 1 0 5e-324 0", "M5 5 A 0 0 0 0 1 5 5",
                       "M5 5 A 10 10 0 1 1 5 5", "M0 0 A 1e6 1e6 360 1 1 -1e6 -1e6", "M-1e6 -1e6 A 1e6 1e6 1e6 1 1 1e6 1e6",
                       "M0 0 a 1e-300 1e6 0 1 1 1e-300 1e-300", "M1e6 1e6 C -1e6 -1e6 1e6 -1e6 -1e6 1e6 Z"]

    /// A random path: a move, then commands with numbers from `numbers` or random ones.
    static func generate(_ rng: inout SplitMix64) -> String {
        if Int.random(in: 0..<8, using: &rng) == 0 { return arcs.randomElement(using: &rng)! }
        func number() -> String {
            Int.random(in: 0..<3, using: &rng) == 0 ? numbers.randomElement(using: &rng)!
                : String(Double.random(in: -200...200, using: &rng))
        }
        var d = "M \(number()) \(number())"
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            let letter = Array("MLTHVCSQAZ").randomElement(using: &rng)!
            let relative = Bool.random(using: &rng)
            d += " " + (relative ? letter.lowercased() : String(letter))
            for k in 0..<arity[letter]! {
                d += " " + (letter == "A" && (k == 3 || k == 4) ? (Bool.random(using: &rng) ? "1" : "0") : number())
            }
        }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:  // a long chain: the same commands again, up to the element cap and past it
            let repeats = [10, 400, 3_000].randomElement(using: &rng)!
            d += String(repeating: " " + d.dropFirst(), count: repeats)
        case 1:  // a byte changed
            var bytes = Array(d.utf8)
            bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 32...126, using: &rng)
            d = String(decoding: bytes, as: UTF8.self)
        default: break
        }
        return d
    }

    /// The clip file around `d`: filled, stroked (maybe dashed), maybe scaled.
    static func clip(_ d: String, _ rng: inout SplitMix64, plain: Bool = false) -> [UInt8] {
        if plain {
            let quoted = String(decoding: try! JSONEncoder().encode(d), as: UTF8.self)
            return Array("""
                {"design": "custom", "duration": 0.1, "device": {"width": 120, "height": 120, "scale": 1}, "scene":
                 {"type": "path", "d": \(quoted), "fill": "#FF9500", "stroke": {"paint": "#007AFF", "width": 2, "dash": [3, 1]}}}
                """.utf8)
        }
        let width = ["1", "0.5", "1e-300", "1e-7", "40", "1e6", "0"].randomElement(using: &rng)!
        let dash = ["", #", "dash": [1e-300, 1e-300]"#, #", "dash": [4, 2], "dashPhase": 1e6"#, #", "dash": [1e6, 1e-300]"#,
                    #", "dash": [0.01, 0.01]"#].randomElement(using: &rng)!
        let join = ["miter", "round", "bevel"].randomElement(using: &rng)!, cap = ["butt", "round", "square"].randomElement(using: &rng)!
        let scale = ["", #", "scale": 1e-300"#, #", "scale": 1e6"#, #", "scale": {"x": 1e6, "y": 1e-6}"#, #", "rotation": 45"#]
            .randomElement(using: &rng)!
        let quoted = String(decoding: try! JSONEncoder().encode(d), as: UTF8.self)
        return Array("""
            {"design": "custom", "duration": 0.1, "device": {"width": 120, "height": 120, "scale": 1}, "scene":
             {"type": "path", "d": \(quoted), "fill": "#FF9500"\(scale),
              "stroke": {"paint": "#007AFF", "width": \(width), "lineJoin": "\(join)", "lineCap": "\(cap)", "miterLimit": 1000\(dash)}}}
            """.utf8)
    }

    /// Draws or refuses one input; returns true when it drew.
    static func run(_ input: [UInt8], pipeline: RenderPipeline) throws -> Bool {
        let spec = try ClipSpec.decode(Data(input), fileName: "fuzz.json")
        let clip = try CustomDesign.clip(spec, fileName: "fuzz.json") { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        // Under a frame deadline, as `render` draws (--frame-timeout): a costly input is stopped
        // where the renderer polls; only one that never polls runs into the watchdog.
        let record = clip.frames().frame(0)
        guard let canvas = try? pipeline.watched(0, cancellation: nil, { try pipeline.rasterize(record, scale: clip.scale) }) else { return false }
        #expect(canvas.bytes.count == canvas.width * canvas.height * 4)
        return true
    }

    @Test func theFatalArcsDrawOrAreRefusedWithTheirColumn() throws {
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var rng = SplitMix64(seed: 41)
        for d in Self.arcs {
            do {
                let drew = try Self.run(Self.clip(d, &rng, plain: true), pipeline: pipeline)
                #expect(drew, "\(d)")
            } catch let e as ClipFileError {
                #expect(e.reason.contains("column") && e.reason.contains("arc cannot be drawn"), "\(d): \(e)")
            }
        }
    }

    @Test func generatedPathsDrawOrAreRefused() {
        let budget = FuzzBudget(defaultCount: 40)
        var rng = SplitMix64(seed: 0x41D)
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.frameTimeout = Self.frameSeconds
        let watchdog = FuzzWatchdog(limit: Self.inputSeconds)
        var drawn = 0, refused = 0, other = 0, n = 0, slowest = 0.0
        while budget.allows(n) {
            let d = Self.generate(&rng)
            let input = Self.clip(d, &rng)
            n += 1
            let start = Date()
            watchdog.begin(String(decoding: input, as: UTF8.self))
            do {
                if try Self.run(input, pipeline: pipeline) { drawn += 1 } else { other += 1 }
            } catch let e as ClipFileError {
                #expect(e.fileName == "fuzz.json")
                refused += 1
            } catch {
                other += 1  // a limit (LimitError) refused it
            }
            watchdog.end()
            slowest = max(slowest, Date().timeIntervalSince(start))
        }
        #expect(drawn > n / 4 && refused > 0, "drawn \(drawn), refused \(refused) of \(n)")
        print("path-data fuzz: \(n) inputs ran without a crash or a hang: \(drawn) drawn, \(refused) refused with a ClipFileError, " +
              "\(other) stopped by a limit; slowest \(String(format: "%.2f", slowest)) s")
    }
}

/// Stops the test process when one input runs past `limit` seconds, printing it (a hang is a
/// failure the loop itself cannot see).
final class FuzzWatchdog: @unchecked Sendable {
    private let state = Locked<(input: String, start: Date)?>(nil)
    init(limit: Double) {
        let thread = Thread { [state] in
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                if let (input, start) = state.withLock({ $0 }), Date().timeIntervalSince(start) > limit {
                    FileHandle.standardError.write(Data("fuzz input ran past \(limit) s (a hang):\n\(input)\n".utf8))
                    exit(1)
                }
            }
        }
        thread.start()
    }
    func begin(_ input: String) { state.withLock { $0 = (input, Date()) } }
    func end() { state.withLock { $0 = nil } }
}
