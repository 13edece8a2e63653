// Rasterized glyphs and the cache that keeps them across frames.
//
// A glyph is rendered by FreeType's own anti-aliasing rasterizer (FT_Render_Glyph,
// FT_RENDER_MODE_NORMAL: 8-bit exact-area coverage) from the unhinted outline (FT_LOAD_NO_HINTING,
// so shapes scale faithfully and do not snap to the pixel grid) at the exact pixel size
// points × scale, quantized to FreeType's 1/64 px. The pen position is quantized to quarter pixels
// in x and y: the fractional part becomes an outline translation before rendering, so the cache
// holds at most 16 variants of a glyph per size, and text that moves by a fraction of a pixel
// moves smoothly instead of jumping.
//
// Key: (font source, pixel size in 26.6, glyph id, x bin, y bin). The cache has its own lock (Locked), so a
// cache hit never waits for FreeType.
//
// The cache is process-wide (FontLibrary.shared), so it is bounded: at most `maxBytes` (64 MiB) of
// bitmaps, each entry counted as its pixels plus 64 bytes. An insert that takes it over evicts the
// least recently used entries down to three quarters of the cap (one sort per eviction, not per
// insert). The built-in clips at 3× use a few MiB of glyphs, so they never evict; a scene of many
// sizes and glyphs re-rasterizes what it evicted, with the same bytes (rendering is deterministic).
// --max-memory counts the cap (SurfaceBudget).

import CFreeType
import HoloGeometry

/// Sub-pixel positions per pixel, in x and in y.
@usableFromInline let glyphSubpixelBins = 4

@frozen
public struct GlyphKey: Hashable, Sendable {
    public var source: FontSource
    /// Pixel size in 1/64 px (FreeType's 26.6).
    public var size26_6: Int
    public var glyph: UInt32
    public var binX: UInt8
    public var binY: UInt8
}

/// One glyph's coverage. `left`/`top` place the bitmap relative to the integer pen position:
/// its top-left pixel is (penX + left, baselineY − top), y down.
@frozen
public struct GlyphBitmap: Sendable, Equatable {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int
    public var coverage: [UInt8]
    public static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
}

final class GlyphCache: Sendable {
    static let defaultMaxBytes = 64 << 20
    /// Bookkeeping bytes counted per entry beside its pixels.
    static let entryOverhead = 64

    /// A class, so a hit stamps its use with one store instead of writing the dictionary back
    /// (which cost `bench titles --scale 1` about 1.5 % of its CPU time, measured).
    private final class Entry {
        let bitmap: GlyphBitmap
        var used: UInt64
        init(bitmap: GlyphBitmap, used: UInt64) { self.bitmap = bitmap; self.used = used }
    }
    private struct Table {
        var entries: [GlyphKey: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    private let table = Locked(Table())
    let maxBytes: Int

    init(maxBytes: Int = GlyphCache.defaultMaxBytes) { self.maxBytes = maxBytes }

    func lookup(_ key: GlyphKey) -> GlyphBitmap? {
        table.withLock { t in
            guard let entry = t.entries[key] else { return nil }
            t.clock &+= 1
            entry.used = t.clock
            return entry.bitmap
        }
    }

    func insert(_ bitmap: GlyphBitmap, for key: GlyphKey) {
        let size = bitmap.coverage.count + Self.entryOverhead
        table.withLock { t in
            t.clock &+= 1
            if let old = t.entries.updateValue(Entry(bitmap: bitmap, used: t.clock), forKey: key) {
                t.bytes -= old.bitmap.coverage.count + Self.entryOverhead
            }
            t.bytes += size
            guard t.bytes > maxBytes else { return }
            // Least recently used first, down to three quarters of the cap (the new entry is the newest).
            for (k, e) in t.entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard t.bytes > maxBytes / 4 * 3, k != key else { break }
                t.entries[k] = nil
                t.bytes -= e.bitmap.coverage.count + Self.entryOverhead
            }
        }
    }

    var count: Int { table.withLock { $0.entries.count } }
    /// Bytes the cached bitmaps hold (with each entry's overhead).
    var bytes: Int { table.withLock { $0.bytes } }
    func removeAll() { table.withLock { $0 = Table() } }
}

extension OpenFace {
    /// Renders one glyph (FreeType lock held by the caller).
    func rasterize(_ key: GlyphKey) throws -> GlyphBitmap {
        if currentSize != key.size26_6 {
            let err = FT_Set_Char_Size(face, FT_F26Dot6(key.size26_6), FT_F26Dot6(key.size26_6), 72, 72)
            guard err == 0 else { throw FontError.freeType(call: "FT_Set_Char_Size", code: err, path: source.path) }
            currentSize = key.size26_6
        }
        var err = FT_Load_Glyph(face, key.glyph, FTLoad.noHinting | FTLoad.noBitmap)
        guard err == 0 else { throw FontError.freeType(call: "FT_Load_Glyph", code: err, path: source.path) }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        if emboldenUnits > 0 {
            // Stroke width in 26.6 px: em fraction × pixel size × 64.
            let strength = FT_Pos((emboldenUnits / metrics.unitsPerEm * Double(key.size26_6)).rounded())
            FT_Outline_Embolden(&slot.pointee.outline, strength)
        }
        // Sub-pixel pen offset: +x right, +y down on screen = −y in FreeType's y-up space.
        let step = 64 / glyphSubpixelBins
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(Int(key.binX) * step), -FT_Pos(Int(key.binY) * step))
        err = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard err == 0 else { throw FontError.freeType(call: "FT_Render_Glyph", code: err, path: source.path) }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer else { return .empty }
        var coverage = [UInt8](repeating: 0, count: w * h)
        coverage.withUnsafeMutableBufferPointer { dst in
            for row in 0..<h {
                // A negative pitch means the rows are stored bottom-up.
                let src = pitch >= 0 ? buffer + row * pitch : buffer + (h - 1 - row) * (-pitch)
                (dst.baseAddress! + row * w).update(from: src, count: w)
            }
        }
        return GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           width: w, height: h, coverage: coverage)
    }
}

extension FontLibrary {
    /// The glyph's coverage, from the cache or rendered now (and then cached).
    func glyphBitmap(_ key: GlyphKey) throws -> GlyphBitmap {
        if let hit = glyphs.lookup(key) { return hit }
        let bitmap = try freeType.withLock { try $0.face(for: key.source).rasterize(key) }
        glyphs.insert(bitmap, for: key)
        return bitmap
    }
}
