// Values that follow targets ({"targets": …, "animation": …}): decoded into HoloMotion's
// AnimatedValue, retargeting with velocity, sampled on the clip's clock.

import Foundation
import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

private func decode(_ json: JSONValue) throws -> (KeyframeTrack, SceneDecoder) {
    var decoder = SceneDecoder(drivers: DriverTable(known: ["time", "scroll"]), loadImage: { _ in fatalError() })
    guard case .keyframes(let track) = try decoder.value(json, path: "v") else { throw CancellationError() }
    return (track, decoder)
}

private func error(_ json: JSONValue) -> String {
    var decoder = SceneDecoder(drivers: DriverTable(known: ["time"]), loadImage: { _ in fatalError() })
    do { _ = try decoder.value(json, path: "v"); return "no error" } catch { return "\(error.path): \(error.reason)" }
}

@Suite struct UserSceneTargetTests {
    static let press = Animation.spring(Spring(response: 0.3, dampingFraction: 0.7))

    /// The press: the track is exactly AnimatedValue set at the targets' times.
    @Test func targetsAreAnAnimatedValueSetAtTheirTimes() throws {
        let (track, decoder) = try decode(["targets": [["time": 0, "value": 1], ["time": 0.1, "value": 0.96], ["time": 0.6, "value": 1]],
                                           "animation": ["spring": ["response": 0.3, "dampingFraction": 0.7]]])
        #expect(decoder.drivers.names == ["time"])
        var expected = AnimatedValue(1.0)
        expected.set(0.96, animation: Self.press, at: 0.1)
        expected.set(1, animation: Self.press, at: 0.6)
        for k in 0...90 {
            let t = Double(k) / 60
            #expect(track.value(at: t) == expected.value(at: t), "t = \(t)")
        }
        #expect(track.value(at: 0.05) == 1)
        #expect(abs(track.value(at: 0.55) - 0.96) < 0.001)
    }

    /// A second target set while a spring is still moving fast keeps its velocity: just after the
    /// retarget the value still travels the old way, which a spring started from rest (a spring
    /// keyframe) cannot do.
    @Test func aTargetSetMidFlightKeepsVelocity() throws {
        let (track, _) = try decode(["targets": [["time": 0, "value": 0], ["time": 0.2, "value": 270], ["time": 0.3, "value": 60]],
                                     "animation": "snappy"])
        let atRetarget = track.value(at: 0.3)
        #expect(atRetarget > 60 && atRetarget < 270)
        var reference = AnimatedValue(0.0)
        reference.set(270, animation: .snappy, at: 0.2)
        let v = reference.velocity(at: 0.3)
        #expect(v > 100, "moving right fast when sent back (\(v) pt/s)")
        // After the retarget it keeps moving right before it turns.
        #expect(track.value(at: 0.32) > atRetarget)
        // The keyframe form: the last segment is a spring from rest at the same point, so it only
        // moves left; the two disagree.
        let (keyframes, _) = try decode(["keyframes": [["time": 0, "value": 0], ["time": 0.2, "value": 0],
                                                       ["time": 0.3, "value": .float(atRetarget)],
                                                       ["time": 0.30001, "value": 60, "curve": ["spring": ["response": 0.5, "dampingFraction": 1]]]]])
        #expect(keyframes.value(at: 0.32) < atRetarget)
        #expect(abs(track.value(at: 0.32) - keyframes.value(at: 0.32)) > 1)
    }

    static let animations: [(JSONValue, Animation)] = [
        (.string("smooth"), .smooth), (.string("snappy"), .snappy), (.string("bouncy"), .bouncy),
        (["bouncy": ["duration": 0.4, "extraBounce": 0.1]], .bouncy(duration: 0.4, extraBounce: 0.1)),
        (.string("easeInOut"), .easeInOut()), (["easeOut": ["duration": 0.25]], .easeOut(duration: 0.25)),
        (.string("linear"), .linear()), (["easeIn": ["duration": 1]], .easeIn(duration: 1)),
        (["spring": ["response": 0.3, "dampingFraction": 0.7]], .spring(Spring(response: 0.3, dampingFraction: 0.7))),
    ]

    @Test(arguments: animations)
    func animationsByTheirSwiftUINames(json: JSONValue, expected: Animation) throws {
        let decoder = SceneDecoder(drivers: DriverTable(known: ["time"]), loadImage: { _ in fatalError() })
        #expect(try decoder.animation(json, path: "a") == expected)
    }

    /// A timing-curve target starts from the running position and arrives after its duration.
    @Test func timingCurveTargetsArriveAfterTheirDuration() throws {
        let (track, _) = try decode(["targets": [["time": 0, "value": 1], ["time": 0.3, "value": 0.2]], "animation": ["easeInOut": ["duration": 0.25]]])
        #expect(track.value(at: 0.3) == 1)
        #expect(abs(track.value(at: 0.425) - 0.6) < 1e-9)  // easeInOut is symmetric: half way at half time
        #expect(track.value(at: 0.55) == 0.2)
    }

    static let badTargets: [(JSONValue, String)] = [
        (["targets": [["time": 0, "value": 1], ["time": 0, "value": 2]], "animation": "smooth"],
         "v.targets[1].time: target times must increase; 0 follows 0"),
        (["targets": [], "animation": "smooth"], "v.targets: needs at least one target {\"time\", \"value\"}"),
        (["targets": [["time": 0, "value": 1], ["time": 1, "value": 2]], "animation": "springy"],
         "v.animation: unknown animation \"springy\"; animations are \"smooth\", \"snappy\", \"bouncy\", \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"spring\""),
        (["targets": [["time": 0, "value": 1], ["time": 1, "value": 2]]],
         "v.targets[1].value: no animation reaches this target: give the track an \"animation\" (\"smooth\", \"snappy\", \"bouncy\", \"easeInOut\", {\"spring\": …}, …) or the target one"),
        (["targets": [["time": 0, "value": 1], ["time": 1, "value": 2]], "animation": ["easeIn": ["duration": 0]]],
         "v.animation.easeIn.duration: must be greater than 0, got 0"),
        (["targets": [["time": 0, "value": 1], ["time": 1, "value": 2]], "animation": ["snappy": ["duration": 1, "bounce": 0.2]]],
         "v.animation.snappy.bounce: unknown property of the arguments of snappy; known properties are duration, extraBounce"),
        (["targets": [["time": 0, "value": 1], ["time": 1, "value": 2]], "animation": ["bouncy": ["extraBounce": 0.7]]],
         "v.animation.bouncy.extraBounce: makes the spring's bounce 1; bouncy's bounce plus extraBounce must be more than -1 and less than 1"),
        (["targets": [["time": 0, "value": 1, "animation": "smooth"]]],
         "v.targets[0].animation: the first target is the starting value: nothing animates to it; give animations to the later targets"),
    ]

    @Test(arguments: badTargets)
    func badTargetsAreNamed(json: JSONValue, message: String) {
        #expect(error(json) == message)
    }

    /// Through a whole clip: frame k reads the track at k / fps, and frame 40 alone is frame 40 of
    /// a run (the value is a pure function of the time).
    @Test func framesSampleTheTrackOnTheClipsClock() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/targets.json")
        let spec = try ClipSpec.decode(Data(contentsOf: file), fileName: "targets.json")
        let clip = try CustomDesign.clip(spec, fileName: "targets.json") { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) }
        func cardScale(_ scene: Scene) throws -> Double {
            guard case .group(let root) = scene.root[0], case .group(let card) = root.children[0] else { throw CancellationError() }
            return card.transform.a
        }
        var expected = AnimatedValue(1.0)
        expected.set(0.96, animation: Self.press, at: 0.1)
        expected.set(1, animation: Self.press, at: 0.6)
        let run = clip.frames()
        var scales: [Int: Double] = [:]
        for k in 0..<clip.frameCount {
            let s = try cardScale(run.scene(k).scene)
            #expect(abs(s - expected.value(at: Double(k) / clip.fps)) < 1e-12, "frame \(k)")
            scales[k] = s
        }
        #expect(try cardScale(clip.frames().scene(40).scene) == scales[40])
        #expect(scales[5]! == 1 && scales[20]! < 0.97)
    }
}
