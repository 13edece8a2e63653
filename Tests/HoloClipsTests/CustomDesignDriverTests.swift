import Foundation
import Testing
@testable import HoloClips
import HoloMotion
import HoloScene
import HoloGeometry

/// The built-in components a user scene reads as drivers behave as in the built-in clips.
@Suite struct CustomDesignDriverTests {
    func states(_ file: String, frames: [Int]) throws -> [[String: Double]] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/\(file)").path
        let spec = try ClipSpec.decode(Data(contentsOf: URL(fileURLWithPath: path)), fileName: file)
        let clip = try CustomDesign.clip(spec, fileName: file) { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        let source = clip.frames()
        return try frames.map { k in
            let json = source.frame(k).stateJSON
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            return (object["drivers"] as! [String: Any]).mapValues { ($0 as! NSNumber).doubleValue }
        }
    }

    @Test func collapsingHeaderDriversHideAndReturn() throws {
        // The drag down reaches 180 pt by 0.6 s; the drag back up covers 100 pt by 1.9 s.
        let s = try states("component-drivers.json", frames: [0, 30, 60, 150, 179])
        #expect(s[0]["header.visible"] == 1 && s[0]["header.offset"] == 0)
        #expect(s[1]["scroll"]! > 20 && s[1]["header.visible"] == 0)
        #expect(s[2]["header.offset"]! < -99 && s[2]["header.opacity"]! < 0.01)
        #expect(s[3]["header.visible"] == 1)                    // ≥ 50 pt back up
        #expect(s[4]["header.hidden"]! < s[2]["header.hidden"]!)  // springing back
    }

    @Test func navigationBarAndTabDriversFollowTheScrollAndTaps() throws {
        // settings-list.json: the list scrolls from 0.3 s; taps select Profile at 2.6 s and
        // Settings at 3.4 s.
        let frames = [0, 17, 60, 155, 156, 203, 204, 239]
        let s = try states("settings-list.json", frames: frames)
        let at = Dictionary(uniqueKeysWithValues: zip(frames, s))
        #expect(at[0]?["navigation.barOpacity"] == 0 && at[0]?["tab.selection"] == 0)
        #expect(at[17]?["navigation.barOpacity"] == 0)                  // not scrolled yet
        #expect(at[60]?["scroll"] ?? 0 > 52 && at[60]?["navigation.barOpacity"] == 1)  // under the bar, faded in
        #expect(at[155]?["tab.selection"] == 0 && at[156]?["tab.selection"] == 1)   // 2.6 s is frame 156
        #expect(at[203]?["tab.selection"] == 1 && at[204]?["tab.selection"] == 0)   // 3.4 s is frame 204
        // The fade is stepped from t = 0: frame k alone reads what a run up to k reads.
        let alone = try states("settings-list.json", frames: [60])[0]
        #expect(alone["navigation.barOpacity"] == at[60]?["navigation.barOpacity"])
    }

    @Test func unknownVariantIsNamed() throws {
        var spec = ClipSpec(design: "custom")
        spec.scene = .object(["type": .string("group"), "children": .array([])])
        spec.variant = ["pages": .number(2)]
        #expect(throws: ClipFileError.self) {
            try CustomDesign.clip(spec, fileName: "x.json") { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        }
    }

    @Test func pullAndRevealProgressFollowTheirFormulas() throws {
        var spec = ClipSpec(design: "custom", duration: 1)
        spec.variant = ["revealHeight": .number(400)]
        spec.scene = .object(["type": .string("rect"), "frame": .object(["x": .integer(0), "y": .integer(0),
            "width": .string("waveform.progress + reveal.progress + 1"), "height": .integer(1)]), "fill": .string("#000000")])
        spec.scroll = ScrollSpec(configuration: ScrollConfiguration(contentHeight: 3000, viewportHeight: 844),
                                 script: try ScrollScript([.fingerDown(time: 0.1, y: 300), .fingerMove(time: 0.5, y: 100)]))
        let clip = try CustomDesign.clip(spec, fileName: "x.json") { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        let json = clip.frames().frame(30).stateJSON
        let d = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])["drivers"] as! [String: Any]
        let scroll = (d["scroll"] as! NSNumber).doubleValue
        #expect(scroll == 200)
        #expect((d["reveal.progress"] as! NSNumber).doubleValue == 0.5)
        #expect((d["waveform.progress"] as! NSNumber).doubleValue == 0)
    }
}

@Suite struct CustomDesignBackgroundTests {
    func clip(_ variant: [String: VariantValue]) throws -> Clip {
        var spec = ClipSpec(design: "custom", duration: 1)
        spec.scene = .object(["type": .string("group"), "children": .array([])])
        spec.variant = variant
        return try CustomDesign.clip(spec, fileName: "x.json") { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
    }

    @Test func backgroundVariantSetsTheSceneBackground() throws {
        #expect(try clip(["background": .string("#00000000")]).frames().frame(0).scene.background.alpha == 0)
        #expect(try clip([:]).frames().frame(0).scene.background == Color(hex: 0xFFFFFF))
        // A colour name is resolved for the clip's scheme (light here): "red" is systemRed.
        #expect(try clip(["background": .string("red")]).frames().frame(0).scene.background == Color(hex: 0xFF3B30))
        #expect(throws: ClipFileError.self) { try clip(["background": .string("rouge")]) }
        #expect(throws: ClipFileError.self) { try clip(["background": .number(1)]) }
    }
}
