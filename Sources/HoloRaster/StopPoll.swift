// Where drawing polls its frame's watch (HoloStop/FrameWatch.swift): every 16th row of the
// rasterizer's sweeps, of mask fills, blur passes, materials, tilts and shader layers, and
// between nodes. A stopped frame's loops return early and its pixels are dropped by the caller
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
