// The rough edges a new user hit (issue 40), as they hit them: a typo in a clip file, text no
// installed font has, one frame rendered, a contact sheet of a white screen.

import Foundation
import HoloPNG
import Testing

@Suite(.serialized) struct NewcomerCLITests {
    func clipFile(_ dir: String, _ name: String, scene: String, duration: Double = 1) throws -> String {
        let path = "\(dir)/\(name).json"
        try Data(#"{"design": "custom", "duration": \#(duration), "scene": \#(scene)}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `cornerRadus` is reported as the unknown key it is, with the one it means, not as
    /// `cornerRadius: missing`.
    @Test func aTypoInAClipFileSaysDidYouMean() throws {
        let dir = scratchFolder("typo"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try clipFile(dir, "card", scene: #"""
            {"type": "group", "children": [{"type": "roundedRect", "frame": {"x": 10, "y": 10, "width": 100, "height": 60}, "cornerRadus": 12, "fill": "#FF9500"}]}
            """#)
        let run = try holoframe("render", clip, "--frames", "0", "--scale", "0.25", "--out", "\(dir)/out")
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"scene.children[0].cornerRadus: unknown property of a roundedRect node; did you mean "cornerRadius"?"#), "\(run.stderr)")
        #expect(!run.stderr.contains("cornerRadius: missing"), "\(run.stderr)")
    }

    /// Eight characters no font has, in one string: one warning, not eight. (Plane-16 private-use
    /// characters: no installed font maps them, on any machine.)
    @Test func oneWarningPerMissingFontCause() throws {
        let dir = scratchFolder("missing-glyphs"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = String(String.UnicodeScalarView((0..<8).map { Unicode.Scalar(0x10FFF0 + $0)! }))
        let clip = try clipFile(dir, "glyphs", scene: #"""
            {"type": "group", "children": [{"type": "text", "string": "\#(text)", "fontSize": 17, "x": 20, "y": 40, "fill": "#000000"},
                                           {"type": "text", "string": "A\#(text)B", "fontSize": 17, "x": 20, "y": 80, "fill": "#000000"}]}
            """#)
        let run = try holoframe("render", clip, "--frames", "0-2", "--scale", "0.25", "--out", "\(dir)/out")
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("no installed font has 8 characters (U+10FFF0, U+10FFF1, U+10FFF2, …)") == true, "\(warnings)")
    }

    @Test func oneFrameIsOneFrame() throws {
        let dir = scratchFolder("one-frame"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let render = try holoframe("render", "demo", "--frames", "0", "--scale", "0.25", "--out", "\(dir)/out")
        #expect(render.status == 0 && render.stderr.hasPrefix("wrote 1 frame ("), "\(render.stderr)")
        let record = try holoframe("golden", "record", "demo", "--frames", "0", "--scale", "0.25", "--golden-dir", "\(dir)/Golden",
                                   "--progress", "plain")
        #expect(record.status == 0 && record.stderr.contains("rendered 1 golden in"), "\(record.stderr)")
        let sheet = try holoframe("render", "demo", "--frames", "0", "--scale", "0.25", "--contact-sheet", "\(dir)/sheet.png")
        #expect(sheet.stderr.contains("wrote a contact sheet of 1 frame ("), "\(sheet.stderr)")
    }

    /// A white screen on the white sheet still shows its edges, and its label reads "0.00 s".
    @Test func aContactSheetOfAWhiteScreen() throws {
        let dir = scratchFolder("white-sheet"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try clipFile(dir, "white", scene: ##"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "fill": "#FFFFFF"}"##)
        let run = try holoframe("render", clip, "--scale", "0.5", "--contact-sheet", "\(dir)/sheet.png", "--sheet-frames", "2", "--sheet-columns", "2")
        #expect(run.status == 0, "\(run.stderr)")
        let sheet = try PNG.read(contentsOf: "\(dir)/sheet.png")
        let pad = 8, width = 195, height = 422
        let white = sheet[pad + 10, pad + 10]
        #expect(white.r == 255 && white.g == 255 && white.b == 255)
        for (x, y) in [(pad - 1, pad + 10), (pad + width, pad + 10), (pad + 10, pad - 1), (pad + 10, pad + height)] {
            let border = sheet[x, y]
            #expect(border.r == 142 && border.g == 142 && border.b == 147, "no border at (\(x), \(y)): \(border)")
        }
        // The label "#0  0.00 s": its 10th glyph is a lower-case s, no ink in its top two rows
        // (a capital S has ink there), ink from the third.
        let top = pad + height + 4, glyphX = pad + 9 * 12
        func ink(row: Int) -> Bool { (0..<5).contains { sheet[glyphX + $0 * 2, top + row * 2].r < 128 } }
        #expect(!ink(row: 0) && !ink(row: 1) && ink(row: 2) && ink(row: 6))
    }
}
