// Where drawing polls its frame's watch (HoloStop/FrameWatch.swift): every 16th row of the
// rasterizer's sweeps, of mask fills, blur passes, materials, tilts and shader layers, and
// between nodes; the reference renderer (Reference/), whose rows cost far more (supersampled
// coverage, a shader run per pixel), polls every row of its loops and between nodes, so it stops
// as soon as the fast path does (without the polls, SIGTERM during `--reference` of
// examples/metal-shader.json took 7.7 s to stop). A stopped frame's loops return early and its pixels are dropped by the caller
// (the pipeline), so nothing here changes a frame that completes.

import HoloStop

/// Rows between polls: a 1170-px row is a few µs of work, so 16 rows bound the delay well under
/// a millisecond while a frame polls a few hundred times at most.
let rowsPerPoll = 16

/// True at every `rowsPerPoll`-th `row` (counted from where the loop started) when the frame
/// being drawn on this thread must stop.
@inline(__always)
func stopDue(row: Int) -> Bool {
    row & (rowsPerPoll - 1) == 0 && FrameWatch.shouldStop()
}

/// True when the frame being drawn on this thread must stop: the reference renderer's poll, once
/// per row of each of its loops.
@inline(__always)
func referenceStopDue() -> Bool {
    FrameWatch.shouldStop()
}
