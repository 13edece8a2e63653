// Shaping: a string and a font's face chain → glyphs and advances, through HarfBuzz.
//
// Why this shape: HarfBuzz applies what the font says (GPOS kerning, GSUB ligatures and
// contextual forms, mark positioning, Arabic joining, right-to-left order), which a per-character
// cmap lookup cannot. Per-glyph fallback happens before shaping: each grapheme cluster (a Swift
// Character: "é", "👍🏽", "🇯🇵") goes to the first face of the chain that has all of its
// characters (variation selectors, ZWJ and tag characters aside), colour faces first for an emoji
// that asks for emoji presentation; consecutive clusters of one face are shaped together as one
// HarfBuzz buffer with the whole string as context.
//
// Shaping is done once per (string, face chain, direction, script) in font units (hb_font scaled to
// the em) and kept in em fractions (`ShapedRunCache`), so every size, every frame and every step of
// a fitting loop reuses it: a warm frame does a dictionary lookup, not a HarfBuzz call. Measured
// (release, `farm-bench -n 5 --pin 0` pairs of `holoframe bench CLIP --device iphone-12 --repeats 3
// --quiet` against main 3430f50, machine load ≈ 5): whole-process CPU time A/B, median of pairs,
// titles 0.937 (0.923…0.966), demo 1.000 (0.981…1.010): shaping costs nothing warm; Inter's
// glyphs rasterize and compose slightly cheaper than DejaVu's in titles.
//
// Direction: given, or guessed for the whole run (`hb_buffer_guess_segment_properties` on the
// whole string: the first strong character's script decides), and the same for every segment of
// the run: a single run has one direction (bidi reordering of mixed runs is the paragraph
// layout's job, per line, before it calls `layoutLine`). Glyphs come out in visual order, left
// to right, for either direction.

import CHarfBuzz
import HoloScene
import HoloGeometry
import HoloStop

// A run's writing direction is HoloScene's `TextDirection` (a `TextRun` carries it).

/// One glyph of a shaped run, in ems of the font size, in visual order.
@frozen
public struct ShapedGlyph: Hashable, Sendable {
    /// Index of its face in the chain.
    public var face: Int
    public var glyph: UInt32
    /// Index of the first Unicode scalar of its cluster in the string.
    public var cluster: Int
    public var advance: Double
    public var offsetX: Double
    /// Upward (HarfBuzz's y-up).
    public var offsetY: Double
    /// Its cluster is in a cursive (joining) script (CursiveScripts.swift): no tracking between
    /// it and a neighbour that is too.
    public var cursive: Bool = false
}

/// A shaped string, size-independent.
public struct ShapedRun: Sendable {
    public let glyphs: [ShapedGlyph]
    /// Sum of the advances (em), without tracking.
    public let advance: Double
    public let direction: TextDirection
    /// Some glyph comes from a colour face.
    public let hasColorGlyphs: Bool
    /// How many glyphs tracking follows inside the run (the gaps `tracksAfter` counts): counted
    /// once, as every measurement of the run at any size adds tracking by it.
    public let trackedGaps: Int

    public init(glyphs: [ShapedGlyph], advance: Double, direction: TextDirection, hasColorGlyphs: Bool) {
        self.glyphs = glyphs; self.advance = advance; self.direction = direction; self.hasColorGlyphs = hasColorGlyphs
        var gaps = 0
        for i in glyphs.indices where Self.tracks(glyphs, after: i) { gaps += 1 }
        trackedGaps = gaps
    }

    /// Whether tracking follows glyph `i` inside the run: it advances, it is not the last, and it
    /// and the next glyph are not both of a cursive script (CSS Text 3, Core Text).
    @inlinable
    public func tracksAfter(_ i: Int) -> Bool { Self.tracks(glyphs, after: i) }

    @inlinable
    static func tracks(_ glyphs: [ShapedGlyph], after i: Int) -> Bool {
        i < glyphs.count - 1 && glyphs[i].advance != 0 && !(glyphs[i].cursive && glyphs[i + 1].cursive)
    }
}

struct ShapeKey: Hashable, Sendable {
    var string: ExactString
    var chain: Int
    var direction: TextDirection?
    var script: String?
}

/// Shaped runs, shared by every frame. Bounded by entry count: when full it is emptied (shaping
/// again gives the same glyphs, so only time is lost; the built-in clips shape a few hundred strings).
final class ShapedRunCache: Sendable {
    static let maxEntries = 16_384
    private let table = Locked([ShapeKey: ShapedRun]())

    func lookup(_ key: ShapeKey) -> ShapedRun? { table.withLock { $0[key] } }
    func insert(_ run: ShapedRun, for key: ShapeKey) {
        table.withLock { t in
            if t.count >= Self.maxEntries { t.removeAll(keepingCapacity: true) }
            t[key] = run
        }
    }
    var count: Int { table.withLock { $0.count } }
}

extension FontLibrary {
    /// `string` shaped with `font`'s faces (from the cache, or shaped now and cached).
    public func shape(_ string: String, font: Font, direction: TextDirection? = nil, script: String? = nil) throws -> ShapedRun {
        try shape(string, chain: chain(for: font), direction: direction, script: script)
    }

    func shape(_ string: String, chain: FaceChain, direction: TextDirection?, script: String?) throws -> ShapedRun {
        let key = ShapeKey(string: ExactString(string), chain: chain.id, direction: direction, script: script)
        if let hit = shaped.lookup(key) { return hit }
        let (run, missing) = try state.withLock { try $0.shape(string, chain: chain, direction: direction, script: script) }
        if !missing.isEmpty { Self.reportMissing(Array(missing), in: string) }
        shaped.insert(run, for: key)
        return run
    }

    /// Number of shaped runs cached (for tests).
    public var cachedShapedRunCount: Int { shaped.count }
}

/// Characters that ride along with their cluster's face and need not be in it.
@inline(__always)
func isClusterIgnorable(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return v == 0x200D || v == 0x200C || (0xFE00...0xFE0F).contains(v) || (0xE0000...0xE0FFF).contains(v)
}

extension FontState {
    /// Shapes under the lock; also returns the characters no face has (to report outside it).
    mutating func shape(_ string: String, chain: FaceChain, direction: TextDirection?, script: String?) throws
        -> (ShapedRun, [Unicode.Scalar]) {
        if let at = StreamSafe.firstOverrun(in: string) { throw FontError.tooManyCombiningMarks(character: at) }
        let scalars = Array(string.unicodeScalars)
        let codes = scalars.map(\.value)
        guard !codes.isEmpty else { return (ShapedRun(glyphs: [], advance: 0, direction: direction ?? .leftToRight, hasColorGlyphs: false), []) }
        let faces = try chain.sources.map { try face(for: $0) }
        let cursive = CursiveScripts.resolved(scalars)

        // Face per scalar, chosen per grapheme cluster.
        var faceOf = [Int](repeating: 0, count: codes.count)
        var missing: [Unicode.Scalar] = []
        var i = 0
        var previous = 0
        for character in string {
            let cluster = Array(character.unicodeScalars)
            let needed = cluster.filter { !isClusterIgnorable($0) }
            var chosen = previous
            if let first = needed.first {
                let wantsEmoji = cluster.contains { $0.value == 0xFE0F } || first.properties.isEmojiPresentation
                var order = Array(faces.indices)
                if wantsEmoji { order = order.filter { chain.isColor[$0] } + order.filter { !chain.isColor[$0] } }
                if let all = order.first(where: { f in needed.allSatisfy { faces[f].has($0) } }) {
                    chosen = all
                } else if let some = order.first(where: { faces[$0].has(first) }) {
                    chosen = some
                } else {
                    chosen = 0
                    // Controls and other non-printing characters are not "missing".
                    if first.properties.generalCategory != .control, first.properties.generalCategory != .format {
                        missing.append(first)
                    }
                }
            }
            for k in 0..<cluster.count { faceOf[i + k] = chosen }
            i += cluster.count
            previous = chosen
        }

        // The run's direction: given, or guessed from the whole string.
        let hbDirection: hb_direction_t
        if let direction {
            hbDirection = direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        } else {
            let probe = hb_buffer_create()
            defer { hb_buffer_destroy(probe) }
            hb_buffer_add_utf32(probe, codes, Int32(codes.count), 0, Int32(codes.count))
            hb_buffer_guess_segment_properties(probe)
            hbDirection = hb_buffer_get_direction(probe) == HB_DIRECTION_RTL ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        }
        let rtl = hbDirection == HB_DIRECTION_RTL

        // Segments of one face, in logical order.
        var segments: [(start: Int, end: Int, face: Int)] = []
        var start = 0
        for k in 1...codes.count where k == codes.count || faceOf[k] != faceOf[start] {
            segments.append((start, k, faceOf[start]))
            start = k
        }
        // Visual order: right-to-left runs place later segments further left.
        if rtl { segments.reverse() }

        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(codes.count)
        var total = 0.0
        var hasColor = false
        for segment in segments {
            // Between HarfBuzz calls (one cannot be stopped): a stopped frame's text is dropped.
            if FrameWatch.shouldStop() { break }
            let face = faces[segment.face]
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_utf32(buffer, codes, Int32(codes.count), UInt32(segment.start), Int32(segment.end - segment.start))
            hb_buffer_set_direction(buffer, hbDirection)
            if let script { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            let upem = face.metrics.unitsPerEm
            for g in 0..<Int(count) {
                let info = infos[g], pos = positions[g]
                // Emboldening widens every spacing glyph by the stroke it adds.
                let extra = pos.x_advance != 0 ? face.emboldenUnits : 0
                let advance = (Double(pos.x_advance) + extra) / upem
                let cluster = Int(info.cluster)
                glyphs.append(ShapedGlyph(face: segment.face, glyph: info.codepoint, cluster: cluster,
                                          advance: advance, offsetX: Double(pos.x_offset) / upem, offsetY: Double(pos.y_offset) / upem,
                                          cursive: cluster < cursive.count && cursive[cluster]))
                total += advance
            }
            hasColor = hasColor || chain.isColor[segment.face]
        }
        return (ShapedRun(glyphs: glyphs, advance: total, direction: rtl ? .rightToLeft : .leftToRight, hasColorGlyphs: hasColor), missing)
    }
}
