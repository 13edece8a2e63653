// The `shaderEffect` node: a colour, distortion or layer effect from the scene's own .metal file
// applied to its children's layer. Tiny scenes whose pixels follow from the definitions, through
// both the fast and the reference renderer; refusals that name the node path; the memory bound;
// and examples/metal-effect.json fast against reference.

import Foundation
import HoloPixels
import Testing
import HoloMSL
@testable import HoloClips
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

private let effectsSource = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 swapLeft(float2 position, half4 color, float edge) {
        return position.x < edge ? color.bgra : color;
    }
    [[ stitchable ]] half4 glow(float2 position, half4 color) { return half4(1.0, 0.25, 0.0, 0.5); }
    [[ stitchable ]] float2 shift(float2 position, float dx) { return position + float2(dx, 0.0); }
    [[ stitchable ]] half4 average(float2 position, SwiftUI::Layer layer) {
        return (layer.sample(position) + layer.sample(position + float2(1.0, 0.0))) * 0.5;
    }
    """

private func scene(_ json: String) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(json), driverNames: CustomDesign.driverNames, loadImage: { _ in fatalError() },
                         loadShader: { path in
                             guard path == "fx.metal" else { throw CocoaError(.fileNoSuchFile) }
                             return effectsSource
                         })
}

/// A shaderEffect node over `children`, its other fields `fields` (JSON members).
private func effectNode(_ fields: String, children: String) -> String {
    ##"{"type": "shaderEffect", \##(fields), "children": [\##(children)]}"##
}

/// Row 1 of an 8×4 pt scene at 1x on a transparent background, fast and reference: premultiplied
/// RGBA bytes per pixel.
private func rows(_ json: String) throws -> (fast: [[UInt8]], reference: [[UInt8]]) {
    let built = try scene(json).scene(size: Size(8, 4), background: .clear, drivers: [:])
    let fast = try SceneRenderer(fonts: FontLibrary.shared).render(built, scale: 1)
    let reference = try ReferenceRenderer(fonts: FontLibrary.shared).render(built, scale: 1)
    func row(_ c: Canvas) -> [[UInt8]] {
        let b = c.bytes
        return (0..<8).map { x in Array(b[(8 + x) * 4 ..< (8 + x) * 4 + 4]) }
    }
    return (row(fast), row(reference))
}

private let clear: [UInt8] = [0, 0, 0, 0]

@Suite struct ShaderEffectTests {
    let red = ##"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 8, "height": 4}, "fill": "#FF0000FF"}"##
    /// A white column one point wide at x = 3.
    let column = ##"{"type": "rect", "frame": {"x": 3, "y": 0, "width": 1, "height": 4}, "fill": "#FFFFFFFF"}"##

    @Test func colorEffectSeesItsChildrensColoursAndPositionsFromItsFrame() throws {
        // Frame x 2…6: positions 0.5 and 1.5 (pixels 2, 3) are < 2, so red becomes blue there;
        // pixels 4, 5 keep red; outside the frame (0, 1, 6, 7) the effect draws nothing.
        let json = effectNode(##""effect": "color", "frame": {"x": 2, "y": 0, "width": 4, "height": 4}, "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [2]"##,
                              children: red)
        let blue: [UInt8] = [0, 0, 255, 255], r: [UInt8] = [255, 0, 0, 255]
        let expected = [clear, clear, blue, blue, r, r, clear, clear]
        let (fast, reference) = try rows(json)
        #expect(fast == expected)
        #expect(reference == expected)
    }

    @Test func colourAboveAlphaIsHeldToAlpha() throws {
        // (1, 0.25, 0, 0.5) → bytes (255, 64, 0, 128): red is above alpha and is held to 128.
        let json = effectNode(##""effect": "color", "frame": {"x": 0, "y": 0, "width": 2, "height": 4}, "shader": {"source": "fx.metal", "function": "glow"}"##,
                              children: red)
        let held: [UInt8] = [128, 64, 0, 128]
        let expected = [held, held, clear, clear, clear, clear, clear, clear]
        let (fast, reference) = try rows(json)
        #expect(fast == expected)
        #expect(reference == expected)
    }

    @Test func shaderFillColourAboveAlphaIsHeldToAlphaToo() throws {
        // Before: the fast composite carried red's excess into green, and the reference trapped.
        let json = ##"{"type": "shaderFill", "shape": {"type": "rect", "frame": {"x": 0, "y": 0, "width": 2, "height": 4}}, "shader": {"source": "fx.metal", "function": "glow"}}"##
        let held: [UInt8] = [128, 64, 0, 128]
        let expected = [held, held, clear, clear, clear, clear, clear, clear]
        let (fast, reference) = try rows(json)
        #expect(fast == expected)
        #expect(reference == expected)
    }

    @Test func distortionShiftsByAWholePixelAndIsHeldToMaxSampleOffset() throws {
        let white: [UInt8] = [255, 255, 255, 255]
        // Each pixel takes the colour one point to its right: the column moves from x = 3 to x = 2.
        let expected = [clear, clear, white, clear, clear, clear, clear, clear]
        for dx in [1, 3] {
            // A shift of 3 with maxSampleOffset 1 is held to 1: the same picture.
            let json = effectNode(##""effect": "distortion", "frame": {"x": 0, "y": 0, "width": 8, "height": 4}, "maxSampleOffset": [1, 0], "shader": {"source": "fx.metal", "function": "shift"}, "arguments": [\##(dx)]"##,
                                  children: column)
            let (fast, reference) = try rows(json)
            #expect(fast == expected, "shift \(dx)")
            #expect(reference == expected, "shift \(dx)")
        }
    }

    @Test func layerEffectAveragesTwoSamples() throws {
        // (layer(p) + layer(p + 1 pt)) / 2: half white (premultiplied 127.5 → 128) at x = 2 and 3.
        let half: [UInt8] = [128, 128, 128, 128]
        let expected = [clear, clear, half, half, clear, clear, clear, clear]
        let json = effectNode(##""effect": "layer", "frame": {"x": 0, "y": 0, "width": 8, "height": 4}, "maxSampleOffset": [1, 0], "shader": {"source": "fx.metal", "function": "average"}"##,
                              children: column)
        let (fast, reference) = try rows(json)
        #expect(fast == expected)
        #expect(reference == expected)
    }

    @Test func refusalsNameTheNodePath() {
        func reason(_ fields: String) -> String {
            let json = ##"{"type": "group", "children": [\##(effectNode(fields, children: column))]}"##
            do { _ = try scene(json); return "decoded" } catch let e as UserSceneError { return "\(e.path): \(e.reason)" } catch { return "\(error)" }
        }
        let frame = ##""frame": {"x": 0, "y": 0, "width": 8, "height": 4}"##
        let shift = ##""shader": {"source": "fx.metal", "function": "shift"}"##
        #expect(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [1], "maxSampleOffset": [1, 0], "speed": 2"##)
            .hasPrefix("scene.children[0].speed: unknown"), "\(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [1], "maxSampleOffset": [1, 0], "speed": 2"##))")
        #expect(reason(##""effect": "blur", \##(frame), \##(shift)"##).hasPrefix("scene.children[0].effect: "))
        #expect(reason(##""effect": "distortion", \##(shift), "arguments": [1], "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].frame: missing; a shaderEffect node needs a \"frame\""))
        #expect(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [1]"##)
            .hasPrefix("scene.children[0].maxSampleOffset: missing; a distortion effect needs [width, height]"))
        #expect(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [1], "maxSampleOffset": [1]"##)
            .hasPrefix("scene.children[0].maxSampleOffset: expected [width, height] in points"))
        #expect(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [1], "maxSampleOffset": [1, -2]"##)
            .hasPrefix("scene.children[0].maxSampleOffset[1]: maxSampleOffset -2.0 is outside 0.0…2000.0"))
        #expect(reason(##""effect": "color", \##(frame), "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [1], "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].maxSampleOffset: a color effect samples nothing but its own pixel"))
        #expect(reason(##""effect": "distortion", \##(frame), "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [1], "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].shader: fx.metal:3:"), "\(reason(##""effect": "distortion", \##(frame), "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [1], "maxSampleOffset": [1, 0]"##))")
        #expect(reason(##""effect": "distortion", \##(frame), \##(shift), "arguments": [], "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].arguments: 'shift' takes 1 argument after position (float), got 0"))
        #expect(reason(##""effect": "layer", \##(frame), "shader": {"source": "fx.metal", "function": "average"}, "arguments": [1], "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].arguments: 'average' takes 0 arguments after position and layer (none), got 1"))
        #expect(reason(##""effect": "layer", \##(frame), "shader": "holographic", "maxSampleOffset": [1, 0]"##)
            .hasPrefix("scene.children[0].shader: expected {\"source\": \"file.metal\", \"function\": \"name\"}"))
        #expect(reason(##""effect": "color", "frame": {"x": 0, "y": 0, "width": 8, "height": 4}, "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [1]"##) == "decoded")
    }

    @Test(arguments: ["color", "distortion", "layer"])
    func rotatedAndScaledEffectsAgreeWithTheReference(kind: String) throws {
        // A disc and a bar, the effect node scaled 1.5× and turned 30° about its frame's centre, at 2x.
        let fields: String
        switch kind {
        case "color": fields = ##""effect": "color", "shader": {"source": "fx.metal", "function": "swapLeft"}, "arguments": [10]"##
        case "distortion": fields = ##""effect": "distortion", "maxSampleOffset": [3, 0], "shader": {"source": "fx.metal", "function": "shift"}, "arguments": [2.5]"##
        default: fields = ##""effect": "layer", "maxSampleOffset": [1, 0], "shader": {"source": "fx.metal", "function": "average"}"##
        }
        let json = effectNode(##"\##(fields), "frame": {"x": 8, "y": 8, "width": 24, "height": 24}, "scale": 1.5, "rotation": 30"##,
                              children: ##"{"type": "circle", "center": {"x": 16, "y": 18}, "radius": 7, "fill": "#FF8000FF"}, "## +
                                        ##"{"type": "rect", "frame": {"x": 10, "y": 26, "width": 20, "height": 3}, "fill": "#20C0FFC0"}"##)
        let built = try scene(json).scene(size: Size(40, 40), background: .clear, drivers: [:])
        let fast = try SceneRenderer(fonts: FontLibrary.shared).render(built, scale: 2).bytes
        let reference = try ReferenceRenderer(fonts: FontLibrary.shared).render(built, scale: 2).bytes
        var worst = 0, drawn = 0
        for i in fast.indices {
            worst = max(worst, abs(Int(fast[i]) - Int(reference[i])))
            if i % 4 == 3 && fast[i] > 0 { drawn += 1 }
        }
        #expect(drawn > 500, "the effect drew \(drawn) pixels")
        #expect(worst <= 1)
    }

    @Test func theEffectLayerCountsAgainstTheMemoryBound() throws {
        let plain = try scene(##"{"type": "group", "children": [\##(column)]}"##).scene(size: Size(100, 100), background: .clear, drivers: [:])
        let effect = try scene(effectNode(##""effect": "distortion", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "maxSampleOffset": [10, 0], "shader": {"source": "fx.metal", "function": "shift"}, "arguments": [1]"##,
                                          children: column)).scene(size: Size(100, 100), background: .clear, drivers: [:])
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let canvas = 100.0 * 100 * 4
        #expect(try SurfaceBudget.estimate(plain, scale: 1, renderer: renderer) == canvas)
        // Four copies of the region grown by 2 px and the 10 pt sample reach, cut to the canvas grown by that.
        #expect(try SurfaceBudget.estimate(effect, scale: 1, renderer: renderer) == canvas + 4 * (124.0 * 124 * 4))
    }
}

@Suite("A scene's shaderEffect nodes, fast renderer against the reference renderer")
struct MetalEffectExampleReferenceTests {
    @Test func exampleFrameAgreesWithTheReferenceRenderer() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/metal-effect.json").path
        let clip = try ClipResolver.resolve(path, overrides: ClipOverrides(scale: 0.5))
        let fast = try RenderPipeline(fonts: FontLibrary.shared).renderFrame(30, of: clip)
        let reference = try RenderPipeline(fonts: FontLibrary.shared, reference: true).renderFrame(30, of: clip)
        let (worst, overOne, channels) = channelDifferences(fast, reference)
        print("metal-effect frame 30 at 0.5x: worst channel difference \(worst), \(overOne) of \(channels) channels over 1")
        #expect(worst <= 1)
    }
}
