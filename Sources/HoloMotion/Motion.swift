// Device attitude (roll, pitch in radians) as the holographic title sees it.
//
// Three stages, as on the phone: the scripted attitude (keyframes or a wobble) is what the device
// does; Core Motion delivers it sampled at 60 Hz (30 Hz in Low Power Mode) — sample-and-hold at the
// instants ⌊t·hz⌋/hz —; the view smooths each angle with spring(0.2, 0.8) stepped as SwiftUI steps
// springs (1/300 s), retargeting at every new sample (position and velocity carry over).
//
// 300 Hz is a multiple of both sample rates, so the sample a step sees is an integer division:
// sample index = ⌊n·hz/300⌋. The smoothed state is cached in a `SteppedTimeline`.

import Foundation

@frozen
public struct MotionKeyframe: Hashable, Sendable {
    public var time: Double
    public var value: Double
    /// How the value arrives here from the previous keyframe.
    public var curve: TimingCurve
    public init(time: Double, value: Double, curve: TimingCurve = .linear) {
        self.time = time; self.value = value; self.curve = curve
    }
}

public enum MotionTrack: Hashable, Sendable {
    case constant(Double)
    /// Held before the first and after the last keyframe; times must not decrease.
    case keyframes([MotionKeyframe])
    /// amplitude·sin(2π·t/period + phase), phase in radians.
    case wobble(amplitude: Double, period: Double, phase: Double)

    public static let zero = MotionTrack.constant(0)

    public func value(at t: Double) -> Double {
        switch self {
        case .constant(let v): return v
        case .wobble(let a, let p, let phase): return a * sin(2 * .pi * t / p + phase)
        case .keyframes(let ks):
            return interpolateKeyframes(ks, at: t, time: \.time, value: \.value, curve: \.curve)
        }
    }
}

@frozen
public struct Attitude: Hashable, Sendable {
    public var roll: Double
    public var pitch: Double
    public init(roll: Double, pitch: Double) { self.roll = roll; self.pitch = pitch }
    public static let zero = Attitude(roll: 0, pitch: 0)
}

public final class DeviceMotion: Sendable {
    public static let sampleRate = 60
    public static let lowPowerSampleRate = 30
    /// The spring the title smooths roll and pitch with.
    public static let smoothing = Spring(response: 0.2, dampingFraction: 0.8)

    public let roll: MotionTrack
    public let pitch: MotionTrack
    public let lowPower: Bool
    private let timeline: SteppedTimeline<SmoothedAttitude>

    struct SmoothedAttitude: Sendable { var roll, pitch: SpringState }

    public init(roll: MotionTrack = .zero, pitch: MotionTrack = .zero, lowPower: Bool = false) {
        self.roll = roll; self.pitch = pitch; self.lowPower = lowPower
        let hz = lowPower ? DeviceMotion.lowPowerSampleRate : DeviceMotion.sampleRate
        let r0 = roll.value(at: 0), p0 = pitch.value(at: 0)
        let initial = SmoothedAttitude(roll: SpringState(from: r0, to: r0), pitch: SpringState(from: p0, to: p0))
        let spring = DeviceMotion.smoothing
        let rate = SpringState.stepsPerSecond
        timeline = SteppedTimeline(initial: initial, stepsPerSecond: rate, checkpointInterval: 150) { s, n in
            // The target during step n → n+1 is the sample held at t_n.
            let sampleTime = Double((n * hz) / rate) / Double(hz)
            let r = roll.value(at: sampleTime), p = pitch.value(at: sampleTime)
            if r != s.roll.target[0] { s.roll.retarget(r.animationVector) }
            if p != s.pitch.target[0] { s.pitch.retarget(p.animationVector) }
            s.roll.step(spring); s.pitch.step(spring)
        }
    }

    public var sampleRate: Int { lowPower ? DeviceMotion.lowPowerSampleRate : DeviceMotion.sampleRate }

    /// What the device does at t, unsampled.
    public func attitude(at t: Double) -> Attitude { Attitude(roll: roll.value(at: t), pitch: pitch.value(at: t)) }

    /// The latest sample Core Motion delivered by t: the attitude at ⌊t·hz⌋/hz.
    public func sampledAttitude(at t: Double) -> Attitude {
        let (k, _) = FixedStep.split(t, stepsPerSecond: sampleRate)
        return attitude(at: Double(k) / Double(sampleRate))
    }

    /// Roll and pitch after the smoothing spring, as the shader receives them.
    public func smoothedAttitude(at t: Double) -> Attitude {
        let (a, b, f) = timeline.bracket(at: t)
        guard let b else { return Attitude(roll: a.roll.position[0], pitch: a.pitch.position[0]) }
        return Attitude(roll: a.roll.position[0] + (b.roll.position[0] - a.roll.position[0]) * f,
                        pitch: a.pitch.position[0] + (b.pitch.position[0] - a.pitch.position[0]) * f)
    }
}
