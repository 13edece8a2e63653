// The reveal's page and actions are rasterized groups (HoloRaster's Composite/RasterizedLayer.swift):
// at the end of the morph each bitmap is drawn once and only resampled while the mapping scales,
// moves, fades and blurs it (the page at full resolution, the actions, blurred more, from their
// bitmap's mip on the blur's grid), and every frame of the run has the bytes of the frame drawn alone.

import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct RevealRasterizationTests {
    @Test(arguments: ["reveal", "reveal-chevron"])
    func thePagesBitmapIsDrawnOnceAtTheEndOfTheMorph(_ name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.5))
        let source = clip.frames()
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let run = FrameCompositor(renderer: renderer)
        // The page's blur at 0.5x is 5·p px: under 2 px (full resolution, so rasterized) for p < 0.4.
        // (The frames are simulated in order.)
        let scenes = (0..<clip.frameCount).map { source.frame($0).scene }
        let frames = scenes.indices.filter { i in
            let p = scenes[i].root.compactMap { node -> Double? in
                if case .group(let g) = node, g.rasterization != nil, g.clip != nil { return g.blur / 10 }
                return nil
            }.first
            return p.map { $0 > 0.01 && $0 < 0.3 } ?? false
        }
        let morph = Array(frames.drop { $0 < clip.frameCount / 2 }.prefix(8))
        try #require(morph.count >= 4, "frames at the end of the second morph: \(frames)")
        // Both groups are on screen (the actions fade in from p = 0): one bitmap each.
        let groups = scenes[morph[0]].root.filter { node in
            if case .group(let g) = node { return g.rasterization != nil }
            return false
        }.count
        #expect(groups == 2)
        var previous: Scene?
        var drawnRasters = 0
        for i in morph {
            let scene = scenes[i]
            #expect(scene != previous, "frame \(i) moves")
            previous = scene
            let inRun = try run.render(scene, scale: clip.scale)
            drawnRasters += run.statistics.drawnRasters
            let alone = try FrameCompositor(renderer: renderer).render(scene, scale: clip.scale)
            #expect(inRun == alone, "\(name) frame \(i): in the run as alone")
        }
        #expect(drawnRasters == groups, "\(name) frames \(morph): \(drawnRasters) bitmaps drawn for \(groups) groups")
    }
}
