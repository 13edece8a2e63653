// A clip file naming a built-in design inherits the built-in's inputs for every field it leaves
// out (a bare {"design": "celebration"} had no "complete" tap, a 4 s duration, and never celebrated).

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct ClipInheritanceTests {
    func file(_ json: String) throws -> ClipSpec {
        try ClipSpec.decode(Data(json.utf8), fileName: "clip.json") { ClipCatalog.named($0)?.defaults() }
    }

    @Test(arguments: ClipCatalog.all.map(\.name))
    func aBareFileIsTheBuiltIn(name: String) throws {
        let spec = try file(#"{"design": "\#(name)"}"#)
        // Some built-ins name their family's design ("waveform-dark" is design "waveform", dark);
        // the file keeps the name it was given, which resolves to the same built-in.
        var builtIn = ClipCatalog.named(name)!.defaults()
        builtIn.design = name
        #expect(spec == builtIn)
    }

    @Test func aBareCelebrationCelebratesLikeTheBuiltIn() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/mine.json"
        try Data(#"{"design": "celebration"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let mine = try ClipResolver.resolve(path).frames(), builtIn = try ClipResolver.resolve("celebration").frames()
        for k in [0, 30, 60, 90] {
            let a = mine.frame(k).stateJSON, b = builtIn.frame(k).stateJSON
            #expect(a == b, "frame \(k)")
        }
    }

    @Test func givenFieldsReplaceOnlyThemselves() throws {
        let hero = try file(#"{"design": "hero", "duration": 5, "environment": {"highContrast": true}}"#)
        #expect(hero.duration == 5 && hero.environment.highContrast)
        #expect(hero.taps == HeroTransition.defaultSpec().taps, "taps inherited")
        // reveal: dark by default; a file's events replace the script, the content and paging stay.
        let base = ClipCatalog.named("reveal")!.defaults()
        let reveal = try file(#"{"design": "reveal", "scroll": {"events": [{"type": "tap", "time": 1}]}}"#)
        #expect(reveal.environment.colorScheme == .dark)
        #expect(reveal.scroll?.configuration == base.scroll?.configuration)
        #expect(reveal.scroll?.script.events == [.tap(time: 1)])
        // A variant key replaces the built-in's key; others stay.
        let vertical = try file(#"{"design": "flowing-vertical", "variant": {"snapping": "none"}}"#)
        #expect(vertical.variant["layout"] == .string("vertical") && vertical.variant["snapping"] == .string("none"))
        // Another device: the inherited scroll view fills its screen.
        let se = try file(#"{"design": "titles", "device": "iphone-se"}"#)
        #expect(se.scroll.map { $0.configuration.viewportHeight } == nil || se.scroll?.configuration.viewportHeight == 667)
    }

    @Test func aCustomDesignStillNeedsItsContentHeight() throws {
        // The file reads (a scene's scrollView may give the height), the design refuses it: no scrollView.
        let spec = try file(#"{"design": "custom", "scroll": {"events": []}, "scene": {"type": "group", "children": []}}"#)
        #expect(spec.scroll?.hasContentHeight == false)
        #expect(throws: ClipFileError.self) {
            try CustomDesign.clip(spec, fileName: "clip.json", loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        }
    }

    @Test func aScrollViewGivesTheContentHeight() throws {
        let scene = #"{"type": "scrollView", "children": [{"type": "rect", "frame": {"height": 2000}}]}"#
        let spec = try file(#"{"design": "custom", "scroll": {"events": []}, "scene": \#(scene)}"#)
        let clip = try CustomDesign.clip(spec, fileName: "clip.json", loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        #expect(clip.frameCount > 0)
        // The content, 2000 pt, plus the iPhone 12's safe area (47 + 34) it scrolls under.
        let withHeight = try file(#"{"design": "custom", "scroll": {"contentHeight": 900, "events": []}, "scene": \#(scene)}"#)
        #expect(throws: ClipFileError.self) {
            try CustomDesign.clip(withHeight, fileName: "clip.json", loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        }
    }
}
