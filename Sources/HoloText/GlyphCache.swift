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
// Colour glyphs (a colour bitmap face: Noto Color Emoji's CBDT strikes, 136×128 px at 109 ppem)
// are loaded with FT_LOAD_COLOR from the strike nearest above the size (premultiplied BGRA) and
// scaled to the pixel size by area averaging (bilinear when enlarging), once, into premultiplied
// RGBA; they are placed at whole pixels (bin 0): an emoji is drawn as an image, not a mask.
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
public let glyphSubpixelBins = 4

@frozen
public struct GlyphKey: Hashable, Sendable {
    public var source: FontSource
    /// Pixel size in 1/64 px (FreeType's 26.6).
    public var size26_6: Int
    public var glyph: UInt32
    public var binX: UInt8
    public var binY: UInt8
    public init(source: FontSource, size26_6: Int, glyph: UInt32, binX: UInt8, binY: UInt8) {
        self.source = source; self.size26_6 = size26_6; self.glyph = glyph; self.binX = binX; self.binY = binY
    }
}

/// One glyph's coverage. `left`/`top` place the bitmap relative to the integer pen position:
/// its top-left pixel is (penX + left, baselineY − top), y down.
@frozen
public struct GlyphBitmap: Sendable, Equatable {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int
    /// One byte of coverage per pixel; for a colour glyph, premultiplied RGBA (4 bytes per pixel).
    public var coverage: [UInt8]
    /// A colour glyph (an emoji): `coverage` holds premultiplied RGBA8.
    public var isColor: Bool
    public init(left: Int, top: Int, width: Int, height: Int, coverage: [UInt8], isColor: Bool = false) {
        self.left = left; self.top = top; self.width = width; self.height = height
        self.coverage = coverage; self.isColor = isColor
    }
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
        if isColorBitmap { return try rasterizeColor(key) }
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
    public func glyphBitmap(_ key: GlyphKey) throws -> GlyphBitmap {
        if let hit = glyphs.lookup(key) { return hit }
        let bitmap = try state.withLock { try $0.face(for: key.source).rasterize(key) }
        glyphs.insert(bitmap, for: key)
        return bitmap
    }

    /// A glyph rendered by FreeType now, bypassing (and not filling) the glyph cache (the reference renderer's).
    public func uncachedGlyphBitmap(_ key: GlyphKey) throws -> GlyphBitmap {
        try state.withLock { try $0.face(for: key.source).rasterize(key) }
    }
}

extension OpenFace {
    /// A colour bitmap glyph scaled to the key's pixel size, premultiplied RGBA.
    func rasterizeColor(_ key: GlyphKey) throws -> GlyphBitmap {
        let target = Double(key.size26_6) / 64
        let rec = face.pointee
        // The smallest strike at least the target size, else the largest.
        var best = 0
        for i in 0..<Int(rec.num_fixed_sizes) {
            let ppem = Double(rec.available_sizes[i].y_ppem) / 64, bestPpem = Double(rec.available_sizes[best].y_ppem) / 64
            if (ppem >= target && (bestPpem < target || ppem < bestPpem)) || (bestPpem < target && ppem > bestPpem) { best = i }
        }
        if currentSize != -2 - best {
            let err = FT_Select_Size(face, FT_Int(best))
            guard err == 0 else { throw FontError.freeType(call: "FT_Select_Size", code: err, path: source.path) }
            currentSize = -2 - best
        }
        let err = FT_Load_Glyph(face, key.glyph, FTLoad.color)
        guard err == 0 else { throw FontError.freeType(call: "FT_Load_Glyph", code: err, path: source.path) }
        let slot = face.pointee.glyph!
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return .empty }
        let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        let f = target / max(strike, 1)
        // Source as premultiplied RGBA rows (FreeType's BGRA is premultiplied already).
        var src = [Double](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let line = pitch >= 0 ? buffer + row * pitch : buffer + (h - 1 - row) * (-pitch)
            for x in 0..<w {
                let p = line + 4 * x, d = (row * w + x) * 4
                src[d] = Double(p[2]); src[d + 1] = Double(p[1]); src[d + 2] = Double(p[0]); src[d + 3] = Double(p[3])
            }
        }
        let left = Int((Double(slot.pointee.bitmap_left) * f).rounded())
        let top = Int((Double(slot.pointee.bitmap_top) * f).rounded())
        let ow = max(1, Int((Double(w) * f).rounded())), oh = max(1, Int((Double(h) * f).rounded()))
        let out = ColorResampling.resize(src, w, h, to: ow, oh)
        return GlyphBitmap(left: left, top: top, width: ow, height: oh, coverage: out, isColor: true)
    }
}

/// Resizing a premultiplied RGBA image (colour glyphs): separable, area-averaging when shrinking
/// (each output pixel the mean of the source area it covers), linear when enlarging.
enum ColorResampling {
    static func resize(_ src: [Double], _ w: Int, _ h: Int, to ow: Int, _ oh: Int) -> [UInt8] {
        let wx = weights(from: w, to: ow), wy = weights(from: h, to: oh)
        // Horizontal pass: h rows of ow pixels.
        var mid = [Double](repeating: 0, count: ow * h * 4)
        for y in 0..<h {
            for (ox, taps) in wx.enumerated() {
                for (x, weight) in taps {
                    for c in 0..<4 { mid[(y * ow + ox) * 4 + c] += src[(y * w + x) * 4 + c] * weight }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        for (oy, taps) in wy.enumerated() {
            for ox in 0..<ow {
                var px = (0.0, 0.0, 0.0, 0.0)
                for (y, weight) in taps {
                    let s = (y * ow + ox) * 4
                    px.0 += mid[s] * weight; px.1 += mid[s + 1] * weight; px.2 += mid[s + 2] * weight; px.3 += mid[s + 3] * weight
                }
                let a = min(255, max(0, px.3.rounded()))
                let d = (oy * ow + ox) * 4
                // Premultiplied: no channel above alpha.
                out[d] = UInt8(min(a, max(0, px.0.rounded()))); out[d + 1] = UInt8(min(a, max(0, px.1.rounded())))
                out[d + 2] = UInt8(min(a, max(0, px.2.rounded()))); out[d + 3] = UInt8(a)
            }
        }
        return out
    }

    /// For each output index, the source indices and weights (summing to 1).
    static func weights(from n: Int, to m: Int) -> [[(Int, Double)]] {
        let scale = Double(n) / Double(m)
        return (0..<m).map { o in
            if scale >= 1 {
                // Area: output pixel o covers source [o·scale, (o+1)·scale).
                let a = Double(o) * scale, b = a + scale
                var taps: [(Int, Double)] = []
                var i = Int(a)
                while Double(i) < b, i < n {
                    let cover = min(b, Double(i + 1)) - max(a, Double(i))
                    if cover > 0 { taps.append((i, cover / scale)) }
                    i += 1
                }
                return taps
            }
            // Linear: the output centre's position among source centres.
            let x = (Double(o) + 0.5) * scale - 0.5
            let i = Int(x.rounded(.down)), t = x - Double(i)
            let i0 = min(max(i, 0), n - 1), i1 = min(max(i + 1, 0), n - 1)
            return [(i0, 1 - t), (i1, t)]
        }
    }
}
