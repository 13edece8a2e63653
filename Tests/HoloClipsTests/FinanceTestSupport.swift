// Helpers for the finance clip tests (hero, celebration, parallax, gradients): run a clip's
// simulation and read each frame's typed state (what its scene is built from), or the clip's
// frames as rendered (its scene with the device's chrome).

import Foundation
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

/// One simulated frame: its typed state and the scene built from it (without the device chrome).
struct SimulatedFrame<State> {
    var index: Int
    var time: Double
    var state: State
    var scene: Scene
}

/// Frames `range` (default: the whole clip) of `simulation`, advanced in order as `holoframe` does.
func simulatedFrames<S: ClipSimulation>(_ simulation: S, _ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) -> [SimulatedFrame<S.State>] {
    var sim = simulation
    let r = range ?? 0...(spec.frameCount - 1)
    return r.map { k in
        let t = Double(k) / spec.fps
        let state = sim.advance(to: t)
        return SimulatedFrame(index: k, time: t, state: state, scene: sim.scene(for: state))
    }
}

func heroFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [SimulatedFrame<HeroTransitionSimulation.State>] {
    simulatedFrames(try HeroTransition.simulation(spec), spec, range)
}
func celebrationFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [SimulatedFrame<GoalCelebrationSimulation.State>] {
    simulatedFrames(try GoalCelebration.simulation(spec), spec, range)
}
func parallaxFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [SimulatedFrame<ParallaxScrollSimulation.State>] {
    simulatedFrames(try ParallaxScroll.simulation(spec), spec, range)
}
func gradientFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [SimulatedFrame<CardGradientsSimulation.State>] {
    simulatedFrames(try CardGradients.simulation(spec), spec, range)
}

/// The clip's frames as `holoframe render` draws them (chrome included), for tests of the picture.
func renderedFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [FrameRecord] {
    let clip = try ClipCatalog.clip(for: spec)
    let source = clip.frames()
    let r = range ?? 0...(clip.frameCount - 1)
    return r.map { source.frame($0) }
}

func withEnvironment(_ spec: ClipSpec, mode: AnimationMode = .full, reduceMotion: Bool = false,
                     highContrast: Bool = false) -> ClipSpec {
    var s = spec
    s.environment.animationMode = mode
    s.environment.reduceMotion = reduceMotion
    s.environment.highContrast = highContrast
    return s
}
