// A retained tile's ink rows (NonzeroSpan.swift): each row's first and last nonzero word, held to
// the obvious scan; compositing only those words, held to compositing the whole layer; and the
// strips a damage band is drawn in (Compositor.swift), held to what they promise.

import HoloGeometry
import HoloPixels
import HoloScene
import Testing
@testable import HoloRaster

@Suite struct InkRowsTests {
    /// The obvious scan: every word of the row looked at.
    static func inkSpan(_ row: ArraySlice<UInt32>) -> Range<Int> {
        let words = Array(row)
        guard let first = words.firstIndex(where: { $0 != 0 }), let last = words.lastIndex(where: { $0 != 0 }) else { return 0..<0 }
        return first..<(last + 1)
    }

    /// A sparse layer: most rows hold a few words (an edge pixel among them), some none, some every
    /// word. Premultiplied pixels (channels ≤ alpha), or with `loneBytes` words with one nonzero
    /// byte in any of the four places (for the scan, which looks at bytes).
    static func sparseLayer(width: Int, height: Int, loneBytes: Bool = false, rng: inout SplitMix64) -> Canvas {
        var words = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            switch rng.next() % 5 {
            case 0: continue
            case 1:
                for x in 0..<width { words[y * width + x] = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            default:
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let x = rng.next() % 4 == 0 ? (rng.next() % 2 == 0 ? 0 : width - 1) : Int(rng.next() % UInt64(width))
                    let a = UInt32(1 + rng.next() % 255)
                    let byte = UInt32(1 + rng.next() % 255), channel = UInt32(rng.next() % UInt64(a + 1))
                    let place = 8 * UInt32(rng.next() % (loneBytes ? 4 : 3))
                    words[y * width + x] = loneBytes ? byte << place : (channel << place) | (a << 24)
                }
            }
        }
        return Canvas(width: width, height: height, scale: 1, premultipliedWords: words)
    }

    @Test func inkRowsAreEachRowsFirstAndLastNonzeroWord() {
        var rng = SplitMix64(seed: 4242)
        for width in [1, 2, 3, 7, 8, 9, 15, 16, 17, 33, 130] {
            var layer = Self.sparseLayer(width: width, height: 24, loneBytes: width % 2 == 1, rng: &rng)
            var ink = InkRows(layer)
            for y in 0..<layer.height {
                #expect(ink[y] == Self.inkSpan(layer.words[(y * width)..<((y + 1) * width)]), "width \(width) row \(y)")
            }
            // Rows drawn again (a patched tile's band) are measured again; the others keep theirs.
            let redrawn = Self.sparseLayer(width: width, height: 24, rng: &rng)
            for y in 5..<11 { for x in 0..<width { layer.words[y * width + x] = redrawn.words[y * width + x] } }
            ink.update(layer, rows: 5..<11)
            for y in 0..<layer.height {
                #expect(ink[y] == Self.inkSpan(layer.words[(y * width)..<((y + 1) * width)]), "after the patch: width \(width) row \(y)")
            }
        }
    }

    @Test func compositingTheInkAloneGivesTheBytesOfTheWholeLayer() {
        var rng = SplitMix64(seed: 77)
        for round in 0..<60 {
            let width = 1 + Int(rng.next() % 70), height = 1 + Int(rng.next() % 20)
            let layer = Self.sparseLayer(width: width, height: height, rng: &rng)
            let backdrop = (0..<(48 * 24)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            let ox = Int(rng.next() % 80) - 20, oy = Int(rng.next() % 30) - 8
            let opacity = [1, 0.5, 0.2][Int(rng.next() % 3)]
            var clip: CoverageMask? = nil
            if rng.next() % 2 == 0 {
                let mx = Int(rng.next() % 20), my = Int(rng.next() % 10), mw = 1 + Int(rng.next() % 40), mh = 1 + Int(rng.next() % 14)
                clip = CoverageMask(x: mx, y: my, width: mw, height: mh,
                                    coverage: (0..<(mw * mh)).map { _ in [0, 255, UInt8(truncatingIfNeeded: rng.next())][Int(rng.next() % 3)] })
            }
            var whole = Canvas(width: 48, height: 24, scale: 1, premultipliedWords: backdrop)
            var inked = whole
            whole.composite(layer, x: ox, y: oy, opacity: opacity, clip: clip)
            inked.composite(layer, x: ox, y: oy, opacity: opacity, clip: clip, ink: InkRows(layer))
            #expect(inked.words == whole.words, "round \(round): \(width)×\(height) at (\(ox), \(oy)), opacity \(opacity), clip \(clip != nil)")
        }
    }

    /// Strips cover the band in order, each at most `rows` rows unless it had to reach the end of
    /// a range it may not cut, and no strip ends inside such a range but at the band's end.
    @Test func stripsCoverTheBandAndNeverCutAWholeRange() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<400 {
            let lo = Int(rng.next() % 200), band = lo..<(lo + 1 + Int(rng.next() % 900))
            var whole: [Range<Int>] = []
            var y = Int(rng.next() % 100)
            while y < 1200 {
                let r = y..<(y + 1 + Int(rng.next() % 300))
                whole.append(r)
                y = r.upperBound + Int(rng.next() % 200)
            }
            if rng.next() % 3 == 0 { whole = [] }
            let rows = 1 + Int(rng.next() % 150)
            let strips = Damage.strips(band, keeping: whole, rows: rows)
            #expect(strips.first?.lowerBound == band.lowerBound && strips.last?.upperBound == band.upperBound)
            for (a, b) in zip(strips, strips.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            for s in strips {
                #expect(!s.isEmpty)
                // The band's own end is not a cut (the band's edges are Damage.rows' business).
                #expect(s.upperBound == band.upperBound || !whole.contains { $0.lowerBound < s.upperBound && s.upperBound < $0.upperBound },
                        "\(s) ends inside a whole range")
                if s.count > rows {
                    #expect(whole.contains { $0.lowerBound < s.lowerBound + rows && s.lowerBound + rows < $0.upperBound && s.upperBound == min(band.upperBound, $0.upperBound) })
                }
            }
        }
    }

    /// Every nonzero word of `canvas` lies in its row's span of `ink`.
    static func holdsAllInk(_ canvas: Canvas, _ ink: InkRows) -> Bool {
        (0..<canvas.height).allSatisfy { y in
            let span = inkSpan(canvas.words[(y * canvas.width)..<((y + 1) * canvas.width)])
            return span.isEmpty || (ink[y].lowerBound <= span.lowerBound && span.upperBound <= ink[y].upperBound)
        }
    }

    @Test func aShadowAndATiltSayWhereTheyWrote() {
        var rng = SplitMix64(seed: 9090)
        for round in 0..<30 {
            let width = 20 + Int(rng.next() % 60), height = 12 + Int(rng.next() % 40)
            // A layer with ink in a random box (a title's glyphs in its padded layer).
            var words = [UInt32](repeating: 0, count: width * height)
            let bx = Int(rng.next() % UInt64(width / 2)), by = Int(rng.next() % UInt64(height / 2))
            for y in by..<min(height, by + 1 + Int(rng.next() % 12)) {
                for x in bx..<min(width, bx + 1 + Int(rng.next() % 20)) where rng.next() % 3 != 0 {
                    let a = UInt32(1 + rng.next() % 255)
                    words[y * width + x] = (a << 24) | (UInt32(rng.next() % UInt64(a + 1)) << 8)
                }
            }
            let layer = Canvas(width: width, height: height, scale: 2, premultipliedWords: words)
            let drop = Shadow(color: Color(red: 0.3, green: 0.1, blue: 0.6, alpha: 0.7), radius: 0.5 + 3 * rng.unit(),
                              offset: Point(rng.unit() * 4 - 2, rng.unit() * 4))
            let shadow = inkedShadow(of: layer, shadow: drop)
            #expect(Self.holdsAllInk(shadow.canvas, shadow.ink), "round \(round): shadow")
            let tilt = Tilt(degreesX: rng.unit() * 40 - 20, degreesY: rng.unit() * 40 - 20, perspective: rng.unit() * 2,
                            anchor: Point(Double(width) / 4, Double(height) / 4))
            let tilted = inkedTilted(layer, tilt: tilt)
            #expect(Self.holdsAllInk(tilted.canvas, tilted.ink!), "round \(round): tilt \(tilt)")
            // And compositing through that ink gives the bytes of compositing the whole layer.
            let backdrop = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var whole = Canvas(width: width, height: height, scale: 2, premultipliedWords: backdrop)
            var inked = whole
            whole.composite(shadow.canvas, x: 0, y: 0, opacity: 0.8, clip: nil)
            whole.composite(tilted.canvas, x: 0, y: 0, opacity: 0.8, clip: nil)
            inked.composite(shadow.canvas, x: 0, y: 0, opacity: 0.8, clip: nil, ink: shadow.ink)
            inked.composite(tilted.canvas, x: 0, y: 0, opacity: 0.8, clip: nil, ink: tilted.ink)
            #expect(inked.words == whole.words, "round \(round)")
        }
    }
}
