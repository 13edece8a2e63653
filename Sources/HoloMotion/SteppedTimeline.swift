// A fixed-step simulation with a shared cache of checkpoints.
//
// The state at step n is defined as n applications of `step` to the initial state — nothing else —
// so a cache can only save time, never change a result: `state(atStep: 500)` asked first, or after
// 0…499, or from another thread, returns the same bits. Every `checkpointInterval` steps one state
// is kept (behind a lock, extended in order), and a query steps forward from the nearest one — or
// from the last state it returned, when that is nearer (a sequential run then costs a few steps per
// frame). Both starting points are states at known step counts, so the result is the same.

import HoloGeometry

public final class SteppedTimeline<State: Sendable>: Sendable {
    public typealias Step = @Sendable (_ state: inout State, _ fromStep: Int) -> Void

    public let stepsPerSecond: Int
    public let checkpointInterval: Int
    private let step: Step
    private let cache: Locked<Cache>

    struct Cache {
        var checkpoints: [State]
        var last: (step: Int, state: State)
    }

    public init(initial: State, stepsPerSecond: Int, checkpointInterval: Int = 120, step: @escaping Step) {
        precondition(stepsPerSecond > 0 && checkpointInterval > 0)
        self.stepsPerSecond = stepsPerSecond
        self.checkpointInterval = checkpointInterval
        self.step = step
        cache = Locked(Cache(checkpoints: [initial], last: (0, initial)))
    }

    /// The state after `n` steps (n ≥ 0).
    public func state(atStep n: Int) -> State {
        let n = max(n, 0)
        let index = n / checkpointInterval
        let interval = checkpointInterval, step = self.step
        let (start, from) = cache.withLock { c -> (Int, State) in
            while c.checkpoints.count <= index {
                var next = c.checkpoints[c.checkpoints.count - 1]
                let base = (c.checkpoints.count - 1) * interval
                for k in base..<(base + interval) { step(&next, k) }
                c.checkpoints.append(next)
            }
            if c.last.step <= n && c.last.step >= index * interval { return (c.last.step, c.last.state) }
            return (index * interval, c.checkpoints[index])
        }
        var s = from
        var k = start
        while k < n { step(&s, k); k += 1 }
        let result = s
        cache.withLock { $0.last = (n, result) }
        return s
    }

    /// The states at steps n and n + 1 for a time t = (n + f)/rate, and f.
    public func bracket(at time: Double) -> (State, State?, Double) {
        let (n, f) = FixedStep.split(time, stepsPerSecond: stepsPerSecond)
        let a = state(atStep: n)
        guard f > 0 else { return (a, nil, 0) }
        var b = a
        step(&b, n)
        return (a, b, f)
    }
}
