// The studio's encoded frames, kept so that scrubbing back over frames already seen costs a
// dictionary look-up instead of a raster and a PNG encode.
//
// Bounded by bytes (`--cache-mb`): when a new frame would take the total past the budget, the
// least recently used frames go first, so what the user looked at last stays. A frame larger
// than the whole budget is not kept at all. Keys carry the clip version, so a frame of an older
// version can never be served after a reload (the session also empties the cache then, to give
// the memory back at once).

import HoloGeometry

/// PNG frames by (clip version, frame index), least recently used evicted past `budgetBytes`.
public final class FrameCache: Sendable {
    public struct Key: Hashable, Sendable {
        public var version: Int
        public var frame: Int
        public init(version: Int, frame: Int) { self.version = version; self.frame = frame }
    }

    /// One encoded frame and what it cost to draw.
    public struct Entry: Sendable {
        public var png: [UInt8]
        /// Milliseconds the raster took when the frame was drawn (not the encode).
        public var rasterMs: Double
        /// The pixels per point it was drawn at (the strip labels its bars with it).
        public var scale: Double
        public init(png: [UInt8], rasterMs: Double, scale: Double) { self.png = png; self.rasterMs = rasterMs; self.scale = scale }
    }

    public let budgetBytes: Int
    private let frames = Locked(LRUCache<Key, Entry>())

    public init(budgetBytes: Int) { self.budgetBytes = max(0, budgetBytes) }

    /// Bytes of PNG held now (never more than `budgetBytes`).
    public var bytes: Int { frames.withLock { $0.bytes } }
    public var count: Int { frames.withLock { $0.count } }

    /// The frame, if kept; a hit makes it the most recently used.
    public func get(_ key: Key) -> Entry? {
        frames.withLock { $0.value(for: key) }
    }

    /// Keeps `entry`, evicting the least recently used frames until it fits.
    public func put(_ key: Key, _ entry: Entry) {
        frames.withLock { frames in
            frames.removeValue(forKey: key)
            guard entry.png.count <= budgetBytes else { return }
            while frames.bytes + entry.png.count > budgetBytes, frames.removeOldest() != nil {}
            frames.insert(entry, for: key, bytes: entry.png.count)
        }
    }

    /// Forgets every frame (after a reload).
    public func removeAll() {
        frames.withLock { $0.removeAll() }
    }
}
