// A newline in a golden's file name, a golden folder's name or a clip file's stem used to be
// printed raw (issue 41): `Golden/demo<LF>ok    demo:all-goldens-fine/` printed a line of its own
// that a CI log reader takes for a passing golden. Every name is escaped (Printable, `\u{A}`)
// before a line is printed.

import Foundation
import Testing

@Suite(.serialized) struct NewlineNameCLITests {
    static let forged = "ok    demo:all-goldens-fine"

    @Test func goldenNamesWithANewlineStayOnTheirLine() throws {
        let dir = scratchFolder("newline-golden"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = try holoframe(["golden", "record", "demo", "--frames", "0", "--golden-dir", "\(dir)/G"])
        #expect(record.status == 0, "\(record.stderr.prefix(300))")
        let fm = FileManager.default
        let golden = "\(dir)/G/demo/00000-iphone-12@1x.png"
        try fm.createDirectory(atPath: "\(dir)/G/demo\n\(Self.forged)", withIntermediateDirectories: true)
        try fm.copyItem(atPath: golden, toPath: "\(dir)/G/demo\n\(Self.forged)/00000-iphone-12@1x.png")
        try fm.copyItem(atPath: golden, toPath: "\(dir)/G/demo/00001-iphone-12@1x.png\n\(Self.forged).png")
        let verify = try holoframe(["golden", "verify", "--golden-dir", "\(dir)/G"])
        #expect(verify.status == 1)
        let lines = verify.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains(where: { $0.hasPrefix("ok    demo:") }), "a forged line:\n\(verify.stdout)")
        #expect(lines.filter { $0.hasPrefix("ok    ") } == ["ok    demo/00000-iphone-12@1x.png"], "\(verify.stdout)")
        #expect(verify.stdout.contains("demo\\u{A}ok    demo:all-goldens-fine"), "\(verify.stdout)")
    }

    @Test func clipStemWithANewlineStaysOnItsLine() throws {
        let dir = scratchFolder("newline-stem"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = ##"{"design": "custom", "duration": 0.1, "scene": {"type": "rect", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "fill": "#FF9500"}}"##
        let name = "x\n\(Self.forged)"
        try clip.write(toFile: "\(dir)/\(name).json", atomically: true, encoding: .utf8)
        let bench = try holoframe(["bench", "\(name).json", "--frames", "0-1", "--scale", "0.25"], in: dir)
        #expect(bench.status == 0 || bench.status == 1, "\(bench.stderr.prefix(300))")
        #expect(!bench.stdout.split(separator: "\n").contains(where: { $0.hasPrefix("ok    demo:") }), "a forged line:\n\(bench.stdout)")
        #expect(bench.stdout.contains("x\\u{A}ok    demo:all-goldens-fine"), "\(bench.stdout)")
    }
}
