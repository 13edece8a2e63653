// `.animation(_:value:)`: a change of `value` between two frames moves the animatable modifiers
// under it with the animation, retargeting with the running velocity (HoloMotion's AnimatedValue);
// without a change of `value` they jump. Evaluated on the clip's clock.

import HoloframeUI
import Testing

private struct Card: View {
    var pressed: Bool
    var animated = true

    var body: some View {
        RoundedRectangle(cornerRadius: 18, style: .continuous)
            .fill(Color.blue)
            .frame(width: 160, height: 100)
            .scaleEffect(pressed ? 0.5 : 1)
            .animation(.spring(response: 0.3, dampingFraction: 0.7), value: animated ? pressed : false)
    }
}

/// The card's scale in a frame: its shape's group's transform (the layout root's views are the
/// scene's top-level nodes).
private func scale(_ scene: Scene) throws -> Double {
    guard case .group(let card) = scene.root.first else {
        Issue.record("no card group in \(scene.root)")
        return .nan
    }
    return card.transform.a
}

@Suite struct ImplicitAnimationTests {
    /// Pressed over (0.1 s, 0.15 s): released while the spring still moves fast.
    static func clip(animated: Bool = true) -> Clip {
        Clip.view(name: "card", size: Size(200, 180), duration: 1) { t in Card(pressed: t >= 0.1 && t < 0.15, animated: animated) }
    }

    @Test func aChangedValueAnimatesAndRetargetsWithVelocity() throws {
        let clip = Self.clip()
        let spring = HoloMotion.Animation.spring(Spring(response: 0.3, dampingFraction: 0.7))
        // What SwiftUI does: the press seen at frame 6 (t = 0.1), the release at frame 9 (t = 0.15).
        var expected = AnimatedValue(1.0)
        expected.set(0.5, animation: spring, at: 6.0 / 60)
        expected.set(1, animation: spring, at: 9.0 / 60)
        let run = clip.frames()
        var scales: [Double] = []
        for k in 0..<60 {
            let s = try scale(run.scene(k).scene)
            #expect(s == expected.value(at: Double(k) / 60), "frame \(k)")
            scales.append(s)
        }
        #expect(scales[5] == 1 && scales[9] < 0.9)
        // Released mid-flight, it keeps going down before it turns; a spring started from rest
        // there (what a spring keyframe does) would go straight up.
        #expect(scales[10] < scales[9])
        var fromRest = AnimatedValue(scales[9])
        fromRest.set(1, animation: spring, at: 9.0 / 60)
        #expect(fromRest.value(at: 10.0 / 60) > scales[9])
        // Frame 40 alone is frame 40 of the run, to the byte.
        #expect(try scale(clip.frames().scene(40).scene) == scales[40])
        let renderer = SceneRenderer(fonts: .shared)
        let inRun = clip.frames()
        for k in 0..<40 { _ = inRun.scene(k) }
        #expect(try renderer.render(clip.frames().scene(40).scene, scale: 1).bytes
                == renderer.render(inRun.scene(40).scene, scale: 1).bytes)
    }

    /// Layout animates too: a frame's width eases from 100 to 200 points, and the stack it is in
    /// lays out around each frame's width.
    @Test func aFrameWidthAnimatesThroughLayout() throws {
        let clip = Clip.view(name: "bar", size: Size(300, 40), duration: 1) { t in
            Rectangle().frame(width: t >= 0.5 ? 200 : 100, height: 10)
                .animation(.easeInOut(duration: 0.5), value: t >= 0.5)
        }
        func width(_ k: Int, _ source: FrameSource) throws -> Double {
            guard case .fill(let shape, _)? = source.scene(k).scene.root.first else {
                Issue.record("no bar")
                return .nan
            }
            return shape.bounds.width
        }
        let run = clip.frames()
        #expect(try width(29, run) == 100)
        #expect(try width(30, run) == 100)   // the change is seen at t = 0.5 and starts there
        let mid = try width(45, run)         // half way through the 0.5 s ease-in-out: half way
        #expect(abs(mid - 150) < 1e-9)
        // Layout places frames on device pixels (this screen's are points), as SwiftUI does.
        let late = try width(52, run)
        #expect(late > 150 && late < 200 && late == late.rounded(), "\(late)")
        let end = Clip.view(name: "bar", size: Size(300, 40), duration: 2) { t in
            Rectangle().frame(width: t >= 0.5 ? 200 : 100, height: 10).animation(.easeInOut(duration: 0.5), value: t >= 0.5)
        }.frames()
        #expect(try width(60, end) == 200)
    }

    /// `value` unchanged: the scale changes without animation, as SwiftUI's `.animation(_:value:)` does.
    @Test func anUnchangedValueJumps() throws {
        let run = Self.clip(animated: false).frames()
        #expect(try scale(run.scene(5).scene) == 1)
        #expect(try scale(run.scene(6).scene) == 0.5)
        #expect(try scale(run.scene(9).scene) == 1)
    }
}
