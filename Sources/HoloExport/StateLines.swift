// `holoframe simulate`: each listed frame's simulated state as one JSON object per line, no
// pixels. Lines go out in chunks of about 64 KiB, so a long clip streams instead of piling up.

import HoloClips

extension Clip {
    /// Hands `chunk` the state lines of `frames` (ascending), each ending in a newline, in order.
    public func stateLines(_ frames: [Int], chunkBytes: Int = 1 << 16, _ chunk: (String) throws -> Void) rethrows {
        let source = self.frames()
        var out = ""
        for index in frames {
            out += source.frame(index).stateJSON
            out += "\n"
            if out.utf8.count > chunkBytes { try chunk(out); out = "" }
        }
        if !out.isEmpty { try chunk(out) }
    }
}
