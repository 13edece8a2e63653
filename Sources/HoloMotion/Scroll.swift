// UIScrollView's vertical motion as a fixed-step simulation (600 steps per second).
//
// Why 600 Hz: 600 is divisible by every common frame rate (24, 25, 30, 50, 60, 100, 120, 200…), so
// frame instants fall on step instants and need no interpolation; other times are blended linearly
// between the two neighbouring steps. The momentum step uses the exact decay over the step
// (d^(1000/600)), so a stepped fling rests where the closed form says.
//
// Offset convention (UIScrollView's, docs/designs.md, Scrolling): 0 at rest at the top, + scrolled down, − pulled down.
// Content no taller than the viewport does not scroll at all — no rubber band either — like a
// UIScrollView with alwaysBounceVertical = false: the offset stays 0 and the phase stays idle.
//
// An event at time T acts at the first step instant ≥ T. State at step n depends only on events up
// to that step, and `SteppedTimeline` makes any query order give the same bits.

import HoloGeometry

public enum ScrollPhase: String, Hashable, Sendable, CaseIterable {
    case idle, tracking, decelerating, animating
}

/// A scroll view's state at one instant: what `ScrollSimulation` computes, and the one scroll
/// state every built-in clip family keeps in its frame state (each writes it into its state line as
/// `scrollOffset`, `scrollVelocity`, `scrollPhase`).
@frozen
public struct ScrollState: Hashable, Sendable {
    public var time: Double
    public var offset: Double
    /// d offset / dt in pt/s (+ = moving toward larger offsets).
    public var velocity: Double
    public var phase: ScrollPhase

    public init(time: Double, offset: Double, velocity: Double, phase: ScrollPhase) {
        self.time = time; self.offset = offset; self.velocity = velocity; self.phase = phase
    }
}

public struct ScrollConfiguration: Hashable, Sendable {
    public var contentHeight: Double
    public var viewportHeight: Double
    public var deceleration: ScrollDeceleration
    /// Paging when set: the page height in points (usually the viewport height).
    public var pageHeight: Double?

    public init(contentHeight: Double, viewportHeight: Double, deceleration: ScrollDeceleration = .normal, pageHeight: Double? = nil) {
        self.contentHeight = contentHeight; self.viewportHeight = viewportHeight
        self.deceleration = deceleration; self.pageHeight = pageHeight
    }

    public var maxOffset: Double { Swift.max(0, contentHeight - viewportHeight) }
    public var isScrollable: Bool { contentHeight > viewportHeight }
}

/// What moves the offset between steps.
@usableFromInline
enum ScrollMotion: Hashable, Sendable {
    case idle
    /// offset = displayed(anchor + (fingerY0 − fingerY(t))); `dragStart` is the offset at touch down.
    case tracking(touch: Int, anchor: Double, fingerY0: Double, dragStart: Double)
    case momentum
    case spring(target: Double, stiffness: Double)
    case programmatic(from: Double, to: Double, startStep: Int)

    var phase: ScrollPhase {
        switch self {
        case .idle: return .idle
        case .tracking: return .tracking
        case .momentum, .spring: return .decelerating
        case .programmatic: return .animating
        }
    }
}

@usableFromInline
struct ScrollStepState: Sendable {
    var offset = 0.0
    var velocity = 0.0
    var motion = ScrollMotion.idle
    var nextAction = 0
}

/// A script event resolved to the step it acts at.
struct ScrollAction: Sendable {
    enum Kind: Sendable { case down(Int), up(Int), tap, scrollTo(Double, animated: Bool) }
    var step: Int
    var kind: Kind
}

public final class ScrollSimulation: Sendable {
    public static let stepsPerSecond = 600
    public let configuration: ScrollConfiguration
    public let script: ScrollScript
    private let timeline: SteppedTimeline<ScrollStepState>

    public convenience init(contentHeight: Double, viewportHeight: Double, deceleration: ScrollDeceleration = .normal,
                            pageHeight: Double? = nil, script: ScrollScript) {
        self.init(ScrollConfiguration(contentHeight: contentHeight, viewportHeight: viewportHeight,
                                      deceleration: deceleration, pageHeight: pageHeight), script: script)
    }

    public init(_ configuration: ScrollConfiguration, script: ScrollScript) {
        self.configuration = configuration
        self.script = script
        let actions = ScrollSimulation.actions(for: script)
        let physics = ScrollStepper(config: configuration, touches: script.touches, actions: actions)
        var initial = ScrollStepState()
        physics.apply(actionsUpTo: 0, &initial)
        timeline = SteppedTimeline(initial: initial, stepsPerSecond: ScrollSimulation.stepsPerSecond) { s, n in
            physics.step(&s, from: n)
        }
    }

    /// The first step instant at or after t: ⌈t·600⌉ (a time within rounding of an instant is that instant).
    static func dueStep(_ t: Double) -> Int {
        let s = t * Double(stepsPerSecond)
        return Swift.max(0, Int((s - FixedStep.snapTolerance).rounded(.up)))
    }

    static func actions(for script: ScrollScript) -> [ScrollAction] {
        var out: [ScrollAction] = []
        var touch = 0
        for e in script.events {
            switch e {
            case .fingerDown(let t, _): out.append(ScrollAction(step: dueStep(t), kind: .down(touch)))
            case .fingerMove: break
            case .fingerUp(let t, _): out.append(ScrollAction(step: dueStep(t), kind: .up(touch))); touch += 1
            case .tap(let t): out.append(ScrollAction(step: dueStep(t), kind: .tap))
            case .scrollTo(let t, let o, let a): out.append(ScrollAction(step: dueStep(t), kind: .scrollTo(o, animated: a)))
            }
        }
        return out   // already in time order (the script is validated), ties in script order
    }

    /// Offset, velocity and phase at time t ≥ 0.
    public func state(at time: Double) -> ScrollState {
        let (a, b, f) = timeline.bracket(at: time)
        guard let b else { return ScrollState(time: time, offset: a.offset, velocity: a.velocity, phase: a.motion.phase) }
        return ScrollState(time: time, offset: a.offset + (b.offset - a.offset) * f,
                           velocity: a.velocity + (b.velocity - a.velocity) * f, phase: a.motion.phase)
    }
}

/// The step function: immutable inputs, so it is shared freely between threads.
struct ScrollStepper: Sendable {
    let config: ScrollConfiguration
    let touches: [FingerTouch]
    let actions: [ScrollAction]
    let h = 1.0 / Double(ScrollSimulation.stepsPerSecond)
    /// Momentum decay over one step: d^(1000·h).
    let decay: Double
    let maxOffset: Double

    init(config: ScrollConfiguration, touches: [FingerTouch], actions: [ScrollAction]) {
        self.config = config; self.touches = touches; self.actions = actions
        decay = _pow(config.deceleration.rate, 1000.0 / Double(ScrollSimulation.stepsPerSecond))
        maxOffset = config.maxOffset
    }

    var dimension: Double { config.viewportHeight }

    /// The offset shown for an unbounded drag offset: inside 0…max as is, past an edge rubber-banded.
    func displayed(_ raw: Double) -> Double {
        if raw < 0 { return -ScrollPhysics.rubberBand(-raw, dimension: dimension) }
        if raw > maxOffset { return maxOffset + ScrollPhysics.rubberBand(raw - maxOffset, dimension: dimension) }
        return raw
    }
    func unbounded(_ shown: Double) -> Double {
        if shown < 0 { return -ScrollPhysics.rubberBandInverse(-shown, dimension: dimension) }
        if shown > maxOffset { return maxOffset + ScrollPhysics.rubberBandInverse(shown - maxOffset, dimension: dimension) }
        return shown
    }
    func slope(_ raw: Double) -> Double {
        if raw < 0 { return ScrollPhysics.rubberBandSlope(-raw, dimension: dimension) }
        if raw > maxOffset { return ScrollPhysics.rubberBandSlope(raw - maxOffset, dimension: dimension) }
        return 1
    }
    func edge(_ x: Double) -> Double? { x < 0 ? 0 : (x > maxOffset ? maxOffset : nil) }

    func step(_ s: inout ScrollStepState, from n: Int) {
        let next = n + 1
        let t = Double(next) * h
        switch s.motion {
        case .idle:
            break
        case .tracking(let i, let anchor, let y0, _):
            let x = displayed(anchor + (y0 - touches[i].y(at: t)))
            s.velocity = (x - s.offset) / h
            s.offset = x
        case .momentum:
            // Exact over the step: Δx = v·(d^(1000h) − 1)/D, v ← v·d^(1000h)
            s.offset += s.velocity * (decay - 1) / config.deceleration.coefficient
            s.velocity *= decay
            if let e = edge(s.offset) {
                s.motion = .spring(target: e, stiffness: ScrollPhysics.bounceStiffness)   // hand the velocity to the bounce
            } else if abs(s.velocity) < ScrollPhysics.stopSpeed {
                s.velocity = 0; s.motion = .idle
            }
        case .spring(let target, let k):
            ScrollPhysics.criticallyDampedStep(offset: &s.offset, velocity: &s.velocity, target: target, stiffness: k, dt: h)
            if abs(s.offset - target) <= ScrollPhysics.settleDistance && abs(s.velocity) < ScrollPhysics.stopSpeed {
                s.offset = target; s.velocity = 0; s.motion = .idle
            }
        case .programmatic(let from, let to, let start):
            let steps = Double(next - start) * h / ScrollPhysics.programmaticDuration
            if steps >= 1 {
                s.velocity = 0; s.offset = to; s.motion = .idle
            } else {
                let x = from + (to - from) * ScrollPhysics.programmaticCurve.value(at: steps)
                s.velocity = (x - s.offset) / h
                s.offset = x
            }
        }
        apply(actionsUpTo: next, &s)
    }

    func apply(actionsUpTo step: Int, _ s: inout ScrollStepState) {
        while s.nextAction < actions.count && actions[s.nextAction].step <= step {
            let action = actions[s.nextAction]
            s.nextAction += 1
            guard config.isScrollable else { continue }
            let t = Double(step) * h
            switch action.kind {
            case .down(let i):
                touchDown(&s, touch: i, fingerY: touches[i].keyframes[0].y)
                // The finger may already have moved between its down time and this step instant.
                if case .tracking(_, let anchor, let y0, _) = s.motion { s.offset = displayed(anchor + (y0 - touches[i].y(at: t))) }
            case .up(let i):
                guard case .tracking(let j, let anchor, let y0, let dragStart) = s.motion, j == i else { continue }
                let raw = anchor + (y0 - touches[i].y(at: t))
                // Finger up (y down) scrolls content down: content velocity = −finger velocity, damped in the band.
                release(&s, velocity: -touches[i].liftVelocity * slope(raw), dragStart: dragStart)
            case .tap:
                touchDown(&s, touch: -1, fingerY: 0)
                release(&s, velocity: 0, dragStart: s.offset)
            case .scrollTo(let offset, let animated):
                if case .tracking = s.motion { continue }
                let target = clamp(offset, 0, maxOffset)
                if animated && target != s.offset {
                    s.motion = .programmatic(from: s.offset, to: target, startStep: step)
                } else {
                    s.offset = target; s.velocity = 0; s.motion = .idle
                }
            }
        }
    }

    /// A touch stops whatever moves the content and anchors the drag where the content is shown.
    func touchDown(_ s: inout ScrollStepState, touch: Int, fingerY: Double) {
        s.velocity = 0
        s.motion = .tracking(touch: touch, anchor: unbounded(s.offset), fingerY0: fingerY, dragStart: s.offset)
    }

    func release(_ s: inout ScrollStepState, velocity v: Double, dragStart: Double) {
        s.velocity = v
        if let page = config.pageHeight, page > 0 {
            // Paging: project with the .fast rate, nearest page, at most one page from the drag's start.
            let projected = ScrollDeceleration.fast.restingOffset(from: s.offset, velocity: v)
            let startPage = (dragStart / page).rounded()
            let wanted = clamp((projected / page).rounded(), startPage - 1, startPage + 1)
            s.motion = .spring(target: clamp(wanted * page, 0, maxOffset), stiffness: ScrollPhysics.pagingStiffness)
        } else if let e = edge(s.offset) {
            s.motion = .spring(target: e, stiffness: ScrollPhysics.bounceStiffness)
        } else if abs(v) >= ScrollPhysics.stopSpeed {
            s.motion = .momentum
        } else {
            s.velocity = 0; s.motion = .idle
        }
    }
}
