// `--format raw`: frames go out on one handle (a pipe to ffmpeg, say) in frame order, whatever
// order the workers finish them in. RenderPipeline.run calls it on its serial writer queue; the
// lock makes it safe from any thread all the same.

import Foundation
import HoloGeometry

/// Writes frames to a handle in index order, whatever order they finish in.
final class RawFrameWriter: Sendable {
    /// write(2) until every byte is out: a closed pipe is OutputClosed, a full disk an OutputError.
    private func writeAll(_ bytes: [UInt8], frame: Int) throws {
        try bytes.withUnsafeBytes { try StandardStreams.write($0, to: handle.fileDescriptor, what: "raw frame \(frame) to the output") }
    }

    /// `next`: the position in `order` of the frame to write next.
    private struct State { var next = 0; var pending: [Int: [UInt8]] = [:] }
    private let handle: FileHandle
    private let order: [Int]
    private let state: Locked<State>
    /// --max-output and --min-free, held as each frame goes out (in order, not as it is drawn).
    private let quota: OutputQuota?

    /// `order`: the frames in the order they go out (a range, a list or a shard's slice).
    init(handle: FileHandle, order: [Int], quota: OutputQuota? = nil) {
        self.handle = handle
        self.order = order
        self.state = Locked(State())
        self.quota = quota
    }

    /// Frames gone out so far (those drawn ahead of their turn are not counted until they go).
    var framesOut: Int { state.withLock { $0.next } }

    func write(index: Int, bytes: [UInt8]) throws {
        try state.withLock { s in
            s.pending[index] = bytes
            while s.next < order.count, let ready = s.pending.removeValue(forKey: order[s.next]) {
                try quota?.admit(ready.count, frame: order[s.next])
                try writeAll(ready, frame: order[s.next])
                s.next += 1
            }
        }
    }
}
