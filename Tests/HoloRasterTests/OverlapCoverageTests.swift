// Outlines that overlap themselves (issue 43): coverage is the union under the fill rule, in the
// fast rasterizer (OverlapResolution.swift) and the reference (ReferenceCoverage.swift) alike.
//
// Bounds, and why: the fast rasterizer's union is exact up to float rounding; the reference's is
// exact along each sample line and within half a level across them, so over the same contours the
// two differ by at most one level. Against the reference's own stroke geometry (ReferencePath.swift:
// pieces and 16 × 16 samples a pixel, one sample row or column off along an edge: 16 levels) the
// bound is 24 levels, where the sum gave up to 128 at the overlaps.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct OverlapCoverageTests {
    static let size = 40
    let limit = RefBox(0, 0, OverlapCoverageTests.size, OverlapCoverageTests.size)

    static func mask(_ poly: PixelPolygon) -> CoverageMask {
        var sink = MaskSink(mask: CoverageMask(x: 0, y: 0, width: size, height: size))
        rasterize(poly, window: PixelWindow(0, 0, size, size), into: &sink)
        return sink.mask
    }

    /// A square's subpath, clockwise on screen.
    static func square(_ p: inout Path, _ r: Rect) {
        p.move(to: Point(r.minX, r.minY)); p.addLine(to: Point(r.maxX, r.minY))
        p.addLine(to: Point(r.maxX, r.maxY)); p.addLine(to: Point(r.minX, r.maxY)); p.closeSubpath()
    }

    /// The exact coverage byte of an axis-aligned rect at pixel (x, y): its overlap with the pixel.
    static func rectByte(_ r: Rect, _ x: Int, _ y: Int) -> Int {
        func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double { max(0, min(hi, Double(i + 1)) - max(lo, Double(i))) }
        return Int(overlap(x, r.minX, r.maxX) * overlap(y, r.minY, r.maxY) * 255 + 0.5)
    }

    @Test func twoIdenticalSquaresCoverAsOne() {
        // Non-zero: the doubled square winds twice inside, so its edge pixels (a quarter, a half,
        // three quarters inside) must read as one square's, not twice that.
        let r = Rect(x: 5.25, y: 7.5, width: 20.5, height: 13.75)
        var p = Path()
        Self.square(&p, r); Self.square(&p, r)
        let fast = Self.mask(Shape.path(p).pixelPolygon(transform: .identity))
        let slow = Reference.coverage(contours: Reference.contours(of: Shape.path(p).pixelPolygon(transform: .identity)), limit: limit)
        var edgePixels = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let want = Self.rectByte(r, x, y)
                if want > 0 && want < 255 { edgePixels += 1 }
                #expect(abs(Int(fast[x, y]) - want) <= 1, "fast at (\(x), \(y)): \(fast[x, y]), one square \(want)")
                #expect(abs(slow.at(x, y) - want) <= 1, "reference at (\(x), \(y)): \(slow.at(x, y)), one square \(want)")
            }
        }
        #expect(edgePixels > 60)
        // The plain signed-area accumulation (what every outline went through before issue 43, and
        // a convex shape's outline still does) counts the doubled square twice at those pixels.
        var plain = Shape.path(p).pixelPolygon(transform: .identity)
        plain.mayOverlap = false
        let summed = Self.mask(plain)
        #expect(summed[5, 10] == 255 && Self.rectByte(r, 5, 10) == 191, "left edge, ¾ inside: \(summed[5, 10])")
        #expect(summed[10, 7] == 255 && Self.rectByte(r, 10, 7) == 128, "top edge, ½ inside: \(summed[10, 7])")
        // Even-odd: winding 2 is outside everywhere, edge pixels included.
        p.fillRule = .evenOdd
        let empty = Self.mask(Shape.path(p).pixelPolygon(transform: .identity))
        #expect(empty.coverage.allSatisfy { $0 <= 1 }, "max \(empty.coverage.max() ?? 0)")
        let emptySlow = Reference.coverage(contours: Reference.contours(of: Shape.path(p).pixelPolygon(transform: .identity)),
                                           fillRule: .evenOdd, limit: limit)
        #expect((0..<Self.size).allSatisfy { y in (0..<Self.size).allSatisfy { emptySlow.at($0, y) <= 1 } })
    }

    @Test func overlappingSquaresCoverTheirUnion() {
        // Offset by a fraction of a pixel: the union is a rect, exactly, wherever the two overlap.
        let a = Rect(x: 4.3, y: 6.6, width: 18, height: 12), b = Rect(x: 4.8, y: 6.2, width: 18, height: 12)
        var p = Path()
        Self.square(&p, a); Self.square(&p, b)
        let fast = Self.mask(Shape.path(p).pixelPolygon(transform: .identity))
        // Pixels along the top and left edges where both are: union = |x-union| · |y-union| per pixel.
        let union = Rect(x: 4.3, y: 6.2, width: 18.5, height: 12.4)
        for x in 6..<20 { #expect(abs(Int(fast[x, 6]) - Self.rectByte(union, x, 6)) <= 1, "top (\(x), 6): \(fast[x, 6])") }
        for y in 8..<17 { #expect(abs(Int(fast[4, y]) - Self.rectByte(union, 4, y)) <= 1, "left (4, \(y)): \(fast[4, y])") }
    }

    /// The self-overlapping cases of the issue, as strokes and fills.
    static var cases: [(name: String, poly: PixelPolygon, style: StrokeStyle?, path: Path)] {
        var fold = Path()   // a stroke folding back 180°, round join and caps
        fold.move(to: Point(6.3, 12.4)); fold.addLine(to: Point(33.2, 14.1)); fold.addLine(to: Point(8.7, 15.2))
        let foldStyle = StrokeStyle(lineWidth: 5.2, lineCap: .round, lineJoin: .round)
        var caps = Path()   // round caps that overlap: a line shorter than its width
        caps.move(to: Point(18.4, 20.3)); caps.addLine(to: Point(21.1, 21.4))
        let capsStyle = StrokeStyle(lineWidth: 9.4, lineCap: .round)
        var turn = Path()   // a tight thick curve: its inner offset folds into a swallowtail
        turn.move(to: Point(6, 30)); turn.addCurve(to: Point(8, 30.5), control1: Point(34, 4), control2: Point(34, 38))
        let turnStyle = StrokeStyle(lineWidth: 6.5, lineCap: .butt, lineJoin: .round)
        var hairlines = Path()   // crossing hairlines
        hairlines.move(to: Point(3.2, 4.1)); hairlines.addLine(to: Point(36.7, 34.9))
        hairlines.move(to: Point(35.3, 3.6)); hairlines.addLine(to: Point(4.4, 36.2))
        let hairStyle = StrokeStyle(lineWidth: 0.6)
        var eight = Path()   // a figure-eight under non-zero: the lobes wind +1 and −1
        eight.move(to: Point(4.5, 6.2)); eight.addLine(to: Point(35.1, 33.7)); eight.addLine(to: Point(35.4, 6.6)); eight.addLine(to: Point(4.2, 33.3))
        eight.closeSubpath()
        var dashes = Path()   // dashes whose round caps overlap
        dashes.move(to: Point(4, 20)); dashes.addQuadCurve(to: Point(36, 22), control: Point(20, 5))
        let dashStyle = StrokeStyle(lineWidth: 4.4, lineCap: .round, dash: [1.5, 1.2], dashPhase: 0.3)
        return [
            ("fold", Shape.path(fold).strokePolygon(foldStyle, transform: .identity), foldStyle, fold),
            ("caps", Shape.path(caps).strokePolygon(capsStyle, transform: .identity), capsStyle, caps),
            ("tight curve", Shape.path(turn).strokePolygon(turnStyle, transform: .identity), turnStyle, turn),
            ("hairlines", Shape.path(hairlines).strokePolygon(hairStyle, transform: .identity), hairStyle, hairlines),
            ("figure eight", Shape.path(eight).pixelPolygon(transform: .identity), nil, eight),
            ("dashes", Shape.path(dashes).strokePolygon(dashStyle, transform: .identity), dashStyle, dashes),
        ]
    }

    @Test func fastAndReferenceAgreeOnSelfOverlaps() {
        for c in Self.cases {
            let fast = Self.mask(c.poly)
            let slow = Reference.coverage(contours: Reference.contours(of: c.poly), fillRule: c.poly.fillRule, limit: limit)
            var largest = 0, inked = 0
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    largest = max(largest, abs(Int(fast[x, y]) - slow.at(x, y)))
                    if fast[x, y] > 0 { inked += 1 }
                }
            }
            #expect(largest <= 1, "\(c.name): largest \(largest)")
            #expect(inked > 20, "\(c.name)")
        }
    }

    @Test func selfOverlapsMatchTheReferencePaths() {
        // Against geometry the fast path does not share (the reference's stroke pieces and
        // sampled fills): where the sum inked overlapped edge pixels fully, the union agrees.
        for c in Self.cases {
            let fast = Self.mask(c.poly)
            let slow = c.style.map { Reference.strokeCoverage(.path(c.path), style: $0, transform: .identity, limit: limit) }
                ?? Reference.pathFillCoverage(c.path, transform: .identity, limit: limit)
            var largest = 0, at = (0, 0)
            for y in 0..<Self.size {
                for x in 0..<Self.size where abs(Int(fast[x, y]) - slow.at(x, y)) > largest {
                    largest = abs(Int(fast[x, y]) - slow.at(x, y)); at = (x, y)
                }
            }
            #expect(largest <= 24, "\(c.name): largest \(largest) at \(at)")
        }
    }

    /// A row of thousands of crossing pieces is summed, not walked (its cost is the cube of its
    /// pieces: the path-data fuzzer's 0.01-pt dashes under a 40-pt round-capped stroke ran past
    /// 20 s in one row), and a small overlapping row is still resolved.
    @Test func aRowOfThousandsOfCrossingPiecesIsSummedNotWalked() {
        var scratch = RowScratch()
        func row(_ n: Int) -> ArraySlice<RowPiece> {
            // n pieces across the band, alternately leaning left and right: every pair crosses.
            ArraySlice((0..<n).map { i in
                RowPiece(row: 0, xTop: Double(i % 2 == 0 ? 0 : 10), yTop: 0, xBottom: Double(i % 2 == 0 ? 10 : 0),
                         yBottom: 1, dir: 1)
            })
        }
        let small = scratch.resolve(row(4), band: 0, evenOdd: false)
        #expect(small)
        let started = ContinuousClock.now
        let many = scratch.resolve(row(maxResolvedRowPieces + 1), band: 0, evenOdd: false)
        let crossing = scratch.resolve(row(300), band: 0, evenOdd: false)   // 300 pieces, ~22,000 crossings: past the work bound
        #expect(!many && !crossing)
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func theOnePassRowTestDecidesAsTheSlabWalk() {
        // Rows the one-pass test passes are rows the slab walk finds free of overlaps: the same
        // bytes with it and without it, over simple paths, tangles, rings and the cases above.
        var rng = SplitMix64(seed: 4343)
        var polys = Self.cases.map(\.poly)
        for _ in 0..<30 {
            polys.append(Shape.path(PathReferenceTests.simplePath(&rng)).pixelPolygon(transform: .identity))
            let tangle = PathReferenceTests.randomPath(&rng)
            polys.append(Shape.path(tangle).pixelPolygon(transform: .identity))
            polys.append(Shape.path(tangle).strokePolygon(PathReferenceTests.randomStyle(&rng, maxWidth: 6, overlappingDashes: true),
                                                          transform: .identity))
        }
        polys.append(Shape.circle(center: Point(20, 20), radius: 13.3).strokePolygon(width: 3.1, transform: .rotation(0.1)))
        for poly in polys {
            func mask(_ plainFirst: Bool) -> [UInt8] {
                var sink = MaskSink(mask: CoverageMask(x: 0, y: 0, width: Self.size, height: Self.size))
                var r = ScanlineRasterizer(window: PixelWindow(0, 0, Self.size, Self.size), resolvingOverlapsUnder: poly.fillRule)
                r.triesPlainRowsFirst = plainFirst
                r.add(poly)
                r.sweep(into: &sink, fillRule: poly.fillRule)
                return sink.mask.coverage
            }
            #expect(mask(true) == mask(false))
        }
    }

    @Test func outlinesThatDoNotOverlapKeepTheirBytes() {
        // A row the walk finds free of overlaps goes in as it came: the same cells, the same bytes
        // as the plain accumulation.
        var rng = SplitMix64(seed: 43)
        for _ in 0..<20 {
            let path = PathReferenceTests.simplePath(&rng)
            let poly = Shape.path(path).pixelPolygon(transform: .identity)
            var plain = poly
            plain.mayOverlap = false
            #expect(Self.mask(poly).coverage == Self.mask(plain).coverage)
            let ring = Shape.circle(center: Point(20, 20), radius: 13.3).strokePolygon(width: 3.1, transform: .rotation(0.1))
            var plainRing = ring
            plainRing.mayOverlap = false
            #expect(Self.mask(ring).coverage == Self.mask(plainRing).coverage)
        }
    }

    @Test func outlinesThatCannotOverlapAreWhatTheWalkPassesUnchanged() {
        // `PixelPolygon.cannotOverlap` lets a shape's stroke ring and a convex path skip the walk:
        // for every outline it accepts, the walk (taken anyway) gives the plain accumulation's
        // bytes; and it accepts the rings it is for and refuses outlines that do overlap.
        var rng = SplitMix64(seed: 4344)
        let window = PixelWindow(0, 0, Self.size, Self.size)
        func walked(_ poly: PixelPolygon) -> [UInt8] {
            var sink = MaskSink(mask: CoverageMask(x: 0, y: 0, width: Self.size, height: Self.size))
            var r = ScanlineRasterizer(window: window, resolvingOverlapsUnder: poly.fillRule)
            r.add(poly)
            r.sweep(into: &sink, fillRule: poly.fillRule)
            return sink.mask.coverage
        }
        func summed(_ poly: PixelPolygon) -> [UInt8] {
            var sink = MaskSink(mask: CoverageMask(x: 0, y: 0, width: Self.size, height: Self.size))
            var r = ScanlineRasterizer(window: window)
            r.add(poly)
            r.sweep(into: &sink, fillRule: poly.fillRule)
            return sink.mask.coverage
        }
        var accepted = 0
        for i in 0..<60 {
            let c = Point(20 + 4 * rng.unit() - 2, 20 + 4 * rng.unit() - 2)
            let r = Rect(x: c.x - 6 - 8 * rng.unit(), y: c.y - 6 - 8 * rng.unit(), width: 12 + 8 * rng.unit(), height: 12 + 8 * rng.unit())
            let shapes: [Shape] = [.circle(center: c, radius: 4 + 10 * rng.unit()), .ellipse(r), .capsule(r), .rect(r),
                                   .roundedRect(r, cornerRadius: 5 * rng.unit(), style: i % 2 == 0 ? .circular : .continuous)]
            let transform = AffineTransform.translation(-20, -20).concatenating(.rotation(rng.unit() * 6.3))
                .concatenating(.scale(0.6 + 0.8 * rng.unit(), 0.6 + 0.8 * rng.unit())).concatenating(.translation(20, 20))
            for shape in shapes {
                let width = 0.05 + 6 * rng.unit() * rng.unit()
                for poly in [shape.strokePolygon(width: width, transform: transform), Shape.path(Self.convexPath(shape)).pixelPolygon(transform: transform)] {
                    guard poly.cannotOverlap(within: window) else { continue }
                    accepted += 1
                    #expect(walked(poly) == summed(poly), "\(shape) width \(width)")
                }
            }
        }
        #expect(accepted > 300)
        // A circle's thin ring is accepted; a thick ellipse whose inner offset folds, two squares
        // winding the same way, and an outline the window cuts are not.
        #expect(Shape.circle(center: Point(20, 20), radius: 13.3).strokePolygon(width: 3.1, transform: .rotation(0.1)).cannotOverlap(within: window))
        #expect(!Shape.ellipse(Rect(x: 4, y: 14, width: 32, height: 8)).strokePolygon(width: 7, transform: .identity).cannotOverlap(within: window))
        var squares = Path()
        Self.square(&squares, Rect(x: 5, y: 5, width: 30, height: 30)); Self.square(&squares, Rect(x: 10, y: 10, width: 10, height: 10))
        #expect(!Shape.path(squares).pixelPolygon(transform: .identity).cannotOverlap(within: window))
        #expect(!Shape.circle(center: Point(2, 20), radius: 10).strokePolygon(width: 2, transform: .identity).cannotOverlap(within: window))
        // The overlap cases above are refused, but for "caps": one short segment's stroke is one
        // contour, a stadium (its round caps overlap only as the reference's separate half discs).
        for c in Self.cases { #expect(c.poly.cannotOverlap(within: window) == (c.name == "caps"), "\(c.name)") }
    }

    /// A convex shape's outline as a path (one closed subpath of lines through its points).
    static func convexPath(_ shape: Shape) -> Path {
        let points = shape.outline(pixelTolerance: 0.01, transform: .identity)
        var p = Path()
        p.move(to: points[0])
        for q in points.dropFirst() { p.addLine(to: q) }
        p.closeSubpath()
        return p
    }
}

/// A row's pieces are walked in x order, equal x in row order: the insertion sort (and its
/// fallback past 8 moves a piece) gives the arrangement a stable sort by x does, on nearly sorted
/// rows, reversed rows (the fallback) and rows full of equal x.
@Suite struct RowOrderTests {
    @Test(arguments: [0, 1, 2, 3])
    func theRowOrderIsTheStableSortByX(kind: Int) {
        var rng = SystemRandomNumberGenerator()
        for n in [0, 1, 2, 3, 10, 24, 25, 100, 600] {
            let xs: [Double] = (0..<n).map { i in
                switch kind {
                case 0: return Double(i) + Double.random(in: -3...3, using: &rng)   // nearly sorted
                case 1: return Double(n - i)                                        // reversed: the fallback
                case 2: return Double(Int.random(in: 0...3, using: &rng))           // many equal x
                default: return Double.random(in: -1e3...1e3, using: &rng)
                }
            }
            var order = xs.enumerated().map { (x: $0.element, index: $0.offset) }
            let expected = order.sorted { $0.x < $1.x }.map(\.index)   // the standard library's sort is stable
            sortByXThenIndex(&order)
            #expect(order.map(\.index) == expected, "kind \(kind), \(n) pieces")
        }
    }
}
