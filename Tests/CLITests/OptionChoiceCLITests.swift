// Options with a fixed set of values: --help lists them, any other value exits 2 with the list
// before anything is read or written; options shared through option groups work in every
// command that has them.

import Foundation
import Testing

@Suite(.serialized) struct OptionChoiceCLITests {
    static let refusals: [([String], [String])] = [
        (["render", "demo", "--device", "nokia-3310"], ["iphone-12", "iphone-se", "ipad-pro-13", "WxH@S"]),
        (["simulate", "demo", "--device", "iphone"], ["iphone-12", "iphone-se", "ipad-pro-13", "WxH@S"]),
        (["bench", "demo", "--device", "pixel"], ["iphone-12", "iphone-se", "ipad-pro-13", "WxH@S"]),
        (["golden", "record", "demo", "--frames", "0", "--device", "ipad-9"], ["iphone-12", "iphone-se", "ipad-pro-13", "WxH@S"]),
        (["render", "demo", "--device", "393x852@9"], ["iphone-12", "WxH@S"]),
        (["render", "demo", "--orientation", "sideways"], ["'portrait'", "'landscape'"]),
        (["render", "demo", "--format", "gif"], ["'png'", "'raw'"]),
        (["render", "demo", "--shard", "1/2", "--shard-mode", "random"], ["'contiguous'", "'interleaved'"]),
        (["bench", "demo", "--png", "tiny"], ["'fast'", "'small'"]),
        (["golden", "record", "demo", "--mode", "none"], ["'all'", "'missing'", "'failed'"]),
        (["golden", "verify", "--tolerance", "loose"], ["'exact'", "'ci'"]),
        (["render", "demo", "--frames", "5-2"], ["--frames", "runs backwards"]),
        (["bench", "demo", "--frames", "0,3"], ["--frames", "not a frame range"]),
    ]

    @Test(arguments: refusals)
    func aValueOutsideTheSetExitsTwoWithTheList(_ arguments: [String], _ listed: [String]) throws {
        let dir = scratchFolder("choices"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: holoframeBinary)
        process.arguments = arguments + (arguments[0] == "golden" ? ["--golden", "\(dir)/Golden"] : [])
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(message)")
        for value in listed { #expect(message.contains(value), "\(value) missing from: \(message)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "a refused run wrote something")
    }

    /// The help lists each set's values and is printed whole (its last option included).
    @Test func helpListsTheValuesAndIsNotCut() throws {
        // The help is wrapped to the terminal's width: compare with runs of white space as one space.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let render = try holoframe("render", "--help")
        #expect(render.status == 0)
        let text = words(render.stdout)
        for value in ["(values: iphone-se, iphone-12, iphone-16e,", "ipad-pro-11, ipad-pro-13)", "(values: portrait, landscape)",
                      "(values: png, raw; default: png)", "(values: fast, small; default: fast)",
                     "(values: contiguous, interleaved; default: contiguous)", "--sheet-columns"] {
            #expect(text.contains(value), "\(value)")
        }
        #expect(!render.stdout.contains("more characters") && !render.stdout.contains("characters left out"))
        let record = try holoframe("golden", "record", "--help")
        #expect(words(record.stdout).contains("(values: all, missing, failed; default: missing)"), "\(record.stdout)")
    }

    /// bench shares the caps of render through LimitOptions: a frame over --max-pixels is refused.
    @Test func benchHoldsTheSharedCaps() throws {
        let run = try holoframe("bench", "demo", "--frames", "0", "--scale", "0.1", "--max-pixels", "100")
        #expect(run.status == 2 && run.stderr.contains("--max-pixels"), "\(run.stderr)")
    }
}
