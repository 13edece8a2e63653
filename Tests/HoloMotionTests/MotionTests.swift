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
        #expect(c.frameCount(duration: 4) == 241)
        #expect(FrameClock(fps: 30).frameCount(duration: 0.1) == 4)
    }
}
