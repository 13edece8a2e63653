import Foundation
import Testing
@testable import HoloMotion

@Suite struct MotionTests {
    static let ramp = MotionTrack.keyframes([MotionKeyframe(time: 0, value: 0), MotionKeyframe(time: 2, value: 0.4)])

    @Test func lowPowerHoldsSamplesFor1_30s() {
        let motion = DeviceMotion(roll: Self.ramp, lowPower: true)
        #expect(motion.sampleRate == 30)
        for k in 0..<30 {
            let t0 = Double(k) / 30
            let held = motion.sampledAttitude(at: t0).roll
            #expect(abs(held - 0.2 * t0) < 1e-12)
            for dt in [0.001, 0.01, 0.03] { #expect(motion.sampledAttitude(at: t0 + dt).roll == held) }
            #expect(motion.sampledAttitude(at: t0 + 1.0 / 60).roll == held)   // a 60 Hz instant is no new sample
        }
        let normal = DeviceMotion(roll: Self.ramp)
        #expect(normal.sampledAttitude(at: 1.0 / 60).roll != normal.sampledAttitude(at: 0).roll)
    }

    @Test func wobbleAndKeyframeValues() {
        let w = MotionTrack.wobble(amplitude: 0.2, period: 2, phase: 0)
        #expect(abs(w.value(at: 0.5) - 0.2) < 1e-12 && abs(w.value(at: 1.5) + 0.2) < 1e-12)
        let k = MotionTrack.keyframes([MotionKeyframe(time: 1, value: 1), MotionKeyframe(time: 3, value: -1, curve: .easeInOut)])
        #expect(k.value(at: 0) == 1 && k.value(at: 2) == 0 && k.value(at: 9) == -1)
    }

    @Test func smoothingLagsThenSettlesWithSpringOvershoot() {
        // A step from 0 to 0.3 at t = 0.5.
        let step = MotionTrack.keyframes([MotionKeyframe(time: 0, value: 0), MotionKeyframe(time: 0.5, value: 0),
                                          MotionKeyframe(time: 0.5, value: 0.3)])
        let m = DeviceMotion(pitch: step)
        #expect(m.smoothedAttitude(at: 0.5).pitch == 0)
        let early = m.smoothedAttitude(at: 0.55).pitch
        #expect(early > 0 && early < 0.3)
        let peak = (30...120).map { m.smoothedAttitude(at: Double($0) / 60).pitch }.max()!
        // spring(0.2, 0.8) overshoots e^(−0.8π/0.6) ≈ 1.5%.
        #expect(abs(peak / 0.3 - 1 - Spring(response: 0.2, dampingFraction: 0.8).overshootFraction) < 0.003)
        #expect(m.smoothedAttitude(at: 3).pitch == 0.3)
        #expect(m.smoothedAttitude(at: 3).roll == 0)
    }

    @Test func smoothedAloneEqualsSequential() {
        let make = { DeviceMotion(roll: .wobble(amplitude: 0.3, period: 1.7, phase: 0.4), pitch: Self.ramp, lowPower: true) }
        let seq = make()
        let all = (0...240).map { seq.smoothedAttitude(at: Double($0) / 60) }
        for k in [7, 121, 240] {
            let alone = make().smoothedAttitude(at: Double(k) / 60)
            #expect(alone.roll.bitPattern == all[k].roll.bitPattern && alone.pitch.bitPattern == all[k].pitch.bitPattern)
        }
    }

    @Test func frameClock() {
        let c = FrameClock(fps: 60)
        #expect(c.time(ofFrame: 30) == 0.5)
        #expect(c.time(ofFrame: 7) == 7.0 / 60.0)
        // round(d · f) frames, the end exclusive, as video tools count: 4 s at 60 fps is 240.
        #expect(c.frameCount(duration: 4) == 240)
        #expect(FrameClock(fps: 30).frameCount(duration: 0.1) == 3)
        #expect(FrameClock(fps: 24).frameCount(duration: 1) == 24)
        #expect(FrameClock(fps: 60).frameCount(duration: 0.5) == 30)
        // Never fewer than one frame, however short the clip.
        #expect(FrameClock(fps: 24).frameCount(duration: 0.001) == 1)
    }

    @Test func fractionalRatesAreTheirExactFractions() throws {
        #expect(FrameRate(parsing: "29.97") == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(parsing: "59.94") == FrameRate(numerator: 60000, denominator: 1001))
        #expect(FrameRate(parsing: "23.976") == FrameRate(numerator: 24000, denominator: 1001))
        #expect(FrameRate(parsing: "30000/1001")?.description == "30000/1001")
        #expect(FrameRate(parsing: "12.5")?.description == "25/2")
        #expect(FrameRate(parsing: "48/2")?.description == "24")
        #expect(FrameRate(29.97) == FrameRate(numerator: 30000, denominator: 1001))
        for bad in ["0", "241", "abc", "30/0", "-24", "1/2", ""] { #expect(FrameRate(parsing: bad) == nil, "\(bad)") }
        // 10 s of 29.97 is 299.7 frames: 300, times k·1001/30000.
        let clock = FrameClock(rate: try #require(FrameRate(parsing: "29.97")))
        #expect(clock.frameCount(duration: 10) == 300)
        #expect(clock.time(ofFrame: 30000) == 1001)
    }
}
