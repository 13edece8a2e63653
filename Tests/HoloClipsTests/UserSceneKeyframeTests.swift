// Keyframe tracks: interpolation between keyframes, easing values from HoloMotion's reference
// (bisection on the Bézier), and springs against the closed form of docs/designs.md, Springs, and
// an ODE integration.

import Testing
import HoloGeometry
@testable import HoloMotion
@testable import HoloClips

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

private func track(_ json: JSONValue) throws -> (KeyframeTrack, DriverTable) {
    var decoder = SceneDecoder(drivers: DriverTable(known: ["time", "scroll"]), loadImage: { _ in fatalError() })
    let t = try decoder.keyframes(json, path: "k")
    return (t, decoder.drivers)
}

@Suite struct UserSceneKeyframeTests {
    /// "time" is the key, as in motion tracks; "t" reads the same with a warning naming its path.
    @Test func keyframeTimeIsOneKeyTheOldOneWarns() throws {
        var decoder = SceneDecoder(drivers: DriverTable(known: ["time"]), loadImage: { _ in fatalError() })
        let new = try decoder.keyframes(["keyframes": [["time": 0, "value": 0], ["time": 2, "value": 10]]], path: "k")
        #expect(decoder.warnings.isEmpty)
        let old = try decoder.keyframes(["keyframes": [["t": 0, "value": 0], ["t": 2, "value": 10]]], path: "k")
        #expect(old.value(at: 1) == new.value(at: 1) && new.value(at: 1) == 5)
        #expect(decoder.warnings == ["k.keyframes[0].t: \"t\" is deprecated; write \"time\" (as motion tracks, taps and scroll events do)",
                                     "k.keyframes[1].t: \"t\" is deprecated; write \"time\" (as motion tracks, taps and scroll events do)"])
        #expect(throws: UserSceneError.self) { try decoder.keyframes(["keyframes": [["t": 0, "time": 0, "value": 0]]], path: "k") }
    }

    @Test func linearKeyframesInterpolateAndHold() throws {
        let (k, _) = try track(["keyframes": [["time": 0, "value": 0], ["time": 1, "value": 10], ["time": 3, "value": -10]]])
        #expect(k.value(at: -1) == 0)
        #expect(k.value(at: 0.25) == 2.5)
        #expect(k.value(at: 1) == 10)
        #expect(k.value(at: 2) == 0)
        #expect(k.value(at: 2.5) == -5)
        #expect(k.value(at: 9) == -10)
    }

    @Test(arguments: [("easeIn", 0.42, 0.0, 1.0, 1.0), ("easeOut", 0, 0, 0.58, 1), ("easeInOut", 0.42, 0, 0.58, 1)])
    func easedKeyframesMatchTheBezier(name: String, x1: Double, y1: Double, x2: Double, y2: Double) throws {
        let (k, _) = try track(["keyframes": [["time": 1, "value": 100], ["time": 3, "value": 300, "curve": .string(name)]]])
        for x in stride(from: 0.05, through: 0.95, by: 0.15) {
            let expected = 100 + 200 * Reference.timingCurve(x1, y1, x2, y2, at: x)
            #expect(abs(k.value(at: 1 + 2 * x) - expected) < 1e-6, "\(name) at \(x)")
        }
        // Sanity of the reference itself: easeInOut is symmetric, easeIn starts slowly.
        if name == "easeInOut" { #expect(abs(k.value(at: 2) - 200) < 1e-9) }
        if name == "easeIn" { #expect(k.value(at: 1.5) < 150) }
        if name == "easeOut" { #expect(k.value(at: 1.5) > 150) }
    }

    @Test func keyframesFollowTheirDriver() throws {
        let (k, table) = try track(["driver": "scroll", "keyframes": [["time": 0, "value": 0], ["time": 80, "value": 1]]])
        #expect(table.names == ["scroll"])
        #expect(k.driverSlot == 0)
        let v = AnimatableValue.keyframes(k)
        #expect(v.value(table.slots(from: ["scroll": 20, "time": 99])) == 0.25)
    }

    /// docs/designs.md, Springs: x(t) = T − e^(−λt)·[T·cos ωt + λT·sin(ωt)/ω] from 0 toward T at rest,
    /// λ = 2πζ/r, ω = 2π√(1 − ζ²)/r. The keyframe spring is SwiftUI's stepped spring, held to
    /// the closed form within 0.5% of the move (the acceptance HoloMotion's SpringTests use).
    @Test func springKeyframeFollowsTheClosedFormAndReachesItsTarget() throws {
        let (k, _) = try track(["keyframes": [["time": 0.5, "value": 10],
                                              ["time": 1, "value": 30, "curve": ["spring": ["response": 0.35, "dampingFraction": 0.85]]]]])
        let r = 0.35, z = 0.85, T = 20.0
        let lambda = 2 * Double.pi * z / r, omega = 2 * Double.pi * (1 - z * z).squareRoot() / r
        for dt in [0.02, 0.1, 0.2, 0.3] {
            let x = T - exp(-lambda * dt) * (T * cos(omega * dt) + lambda * T * sin(omega * dt) / omega)
            #expect(abs(k.value(at: 0.5 + dt) - (10 + x)) < 0.005 * T)
        }
        #expect(k.value(at: 0.5) == 10)
        // Still moving at the keyframe's own time (a spring is not time-boxed) and settled later.
        #expect(k.value(at: 3) == 30)
        // Overshoot of spring(0.35, 0.85) is about 0.63% (docs/designs.md, Springs).
        let peak = stride(from: 0.5, through: 2, by: 0.001).map { k.value(at: $0) }.max()!
        #expect(abs((peak - 30) / 20 - 0.0063) < 0.0015)
    }

    /// Every damping regime against a fine semi-implicit Euler integration of
    /// m·x″ = −k(x − 1) − c·x′, k = (2π/r)², c = 4πζ/r: the keyframe spring (SwiftUI's 1/300 s
    /// stepping) stays within 0.5% of the move, and finishes exactly on the target.
    @Test(arguments: [0.5, 1.0, 1.6])
    func springMatchesIntegratedMotion(dampingFraction z: Double) {
        let spring = Spring(response: 0.4, dampingFraction: z)
        func value(_ t: Double) -> Double { SpringState(from: 0, to: 1).state(after: t, spring: spring).scalarPosition }
        let k = pow(2 * Double.pi / 0.4, 2), c = 4 * Double.pi * z / 0.4
        var x = 0.0, v = 0.0, t = 0.0
        let h = 1e-5
        for checkpoint in [0.05, 0.15, 0.3, 0.5] {
            while t < checkpoint - h / 2 { v += (-k * (x - 1) - c * v) * h; x += v * h; t += h }
            #expect(abs(value(checkpoint) - x) < 5e-3, "ζ = \(z) at \(checkpoint)")
        }
        #expect(value(5) == 1)
    }

    @Test func segmentAfterASpringStartsWhereTheSpringWas() throws {
        // The spring toward 100 is cut off at t = 0.1, far from settled; the linear segment after
        // it starts from where the spring was, so the track stays continuous.
        let (k, _) = try track(["keyframes": [["time": 0, "value": 0],
                                              ["time": 0.1, "value": 100, "curve": ["spring": ["response": 0.5, "dampingFraction": 1]]],
                                              ["time": 1.1, "value": 0]]])
        let springAt = SpringState(from: 0, to: 100).state(after: 0.1, spring: Spring(response: 0.5, dampingFraction: 1)).scalarPosition
        #expect(springAt > 1 && springAt < 99)
        #expect(abs(k.value(at: 0.1) - springAt) < 1e-9)
        #expect(abs(k.value(at: 0.100001) - springAt) < 1e-3)
        #expect(abs(k.value(at: 0.6) - springAt / 2) < 1e-9)
    }
}
