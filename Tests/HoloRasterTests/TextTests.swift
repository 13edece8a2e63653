import HoloGeometry
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct TextTests {
    let library = FontLibrary()

    /// Rows of `mask` that hold any ink, in canvas y.
    func inkRows(_ mask: CoverageMask) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for row in 0..<mask.height where mask.coverage[row * mask.width..<(row + 1) * mask.width].contains(where: { $0 > 0 }) {
            if first == nil { first = row }
            last = row
        }
        guard let first, let last else { return nil }
        return (mask.y + first)...(mask.y + last)
    }

    func inkColumns(_ mask: CoverageMask) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for col in 0..<mask.width where (0..<mask.height).contains(where: { mask.coverage[$0 * mask.width + col] > 0 }) {
            if first == nil { first = col }
            last = col
        }
        guard let first, let last else { return nil }
        return (mask.x + first)...(mask.x + last)
    }

    @Test func repsTitleIsStableCachedAndUncached() throws {
        let run = TextRun("Reps", font: .largeTitle, origin: Point(10, 50))
        let first = try library.coverage(of: run, transform: .identity)
        #expect(!first.isEmpty)
        #expect(library.cachedGlyphCount == 4)
        let cached = try library.coverage(of: run, transform: .identity)
        #expect(cached == first)
        library.clearGlyphCache()
        #expect(library.cachedGlyphCount == 0)
        let uncached = try library.coverage(of: run, transform: .identity)
        #expect(uncached == first)
        // A separate library (its own FreeType faces) renders the same bytes.
        #expect(try FontLibrary().coverage(of: run, transform: .identity) == first)
    }

    @Test func repsSitsOnItsBaseline() throws {
        let baseline = 50
        let run = TextRun("Reps", font: .largeTitle, origin: Point(10, Double(baseline)))
        let metrics = try library.measure("Reps", font: .largeTitle)
        let mask = try library.coverage(of: run, transform: .identity)
        let rows = try #require(inkRows(mask))
        // Nothing below baseline + descent; the "p" reaches well below the baseline.
        #expect(rows.upperBound < baseline + Int(metrics.descent.rounded(.up)))
        #expect(rows.upperBound > baseline + 5)
        // The capital reaches up to cap height (Inter: 0.727 em, DejaVu: 0.73 em), below the ascent.
        #expect(rows.lowerBound >= baseline - Int(metrics.ascent.rounded(.up)))
        #expect(rows.lowerBound <= baseline - Int(0.7 * 34))
        // "R" alone stands exactly on the baseline: ink in the row just above it, none below it.
        let r = try library.coverage(of: TextRun("R", font: .largeTitle, origin: Point(10, Double(baseline))),
                                     transform: .identity)
        let rRows = try #require(inkRows(r))
        #expect(rRows.upperBound == baseline - 1)
        // Leading alignment: ink starts at the origin (R's left bearing is small but positive).
        let cols = try #require(inkColumns(r))
        #expect(cols.lowerBound >= 10 && cols.lowerBound <= 14)
    }

    @Test func widthIsSumOfAdvancesPlusKerning() throws {
        let font = Font(size: 34, weight: .bold)
        let a = try library.measure("A", font: font).width
        let v = try library.measure("V", font: font).width
        let av = try library.measure("AV", font: font).width
        // Inter kerns only through GPOS: HarfBuzz applies it (the legacy `kern`-table path gave 0 here).
        #expect(av < a + v - 0.5, "Inter kerns A–V: \(av) vs \(a + v)")
        // "AVA" = A + V + A + kern(A,V) + kern(V,A), each pair independent.
        let va = try library.measure("VA", font: font).width
        let ava = try library.measure("AVA", font: font).width
        #expect(abs(ava - (a + v + a + (av - a - v) + (va - v - a))) < 1e-9)
        // Widths are linear in size (unhinted advances) up to SF Pro's tracking, which Inter gets as
        // the system font's stand-in and which varies with the size (3 steps between 4 glyphs).
        let big = try library.measure("Reps", font: Font(size: 68, weight: .bold)).width
        let tracking = 3 * (SystemTracking.em(atPointSize: 68) * 68 - 2 * SystemTracking.em(atPointSize: 34) * 34)
        #expect(abs(big - 2 * (try library.measure("Reps", font: font).width) - tracking) < 1e-9)
        // Without tracking (a named family) exactly linear.
        let dejaVu = Font(size: 34, weight: .bold, family: "DejaVu Sans")
        var dejaVuBig = dejaVu
        dejaVuBig.size = 68
        #expect(abs(try library.measure("Reps", font: dejaVuBig).width - 2 * (try library.measure("Reps", font: dejaVu).width)) < 1e-9)
        // Layout agrees with measure, and its glyph pens step by advance + kerning.
        let line = try library.layout(TextRun("AV", font: font, origin: .zero), scale: 2)
        #expect(abs(line.width - 2 * av) < 0.05)
        #expect(abs((line.glyphs[1].x - line.glyphs[0].x) - 2 * (av - v)) < 0.05)
    }

    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func alignmentPlacesTheLineAroundOriginX(_ alignment: TextAlignment) throws {
        let run = TextRun("Hello", font: .body, origin: Point(100, 40), alignment: alignment)
        let width = try library.measure("Hello", font: .body).width
        let line = try library.layout(run, scale: 1)
        let expectedStart: Double = switch alignment {
        case .leading: 100
        case .center: 100 - width / 2
        case .trailing: 100 - width
        }
        #expect(abs(line.start.x - expectedStart) < 0.05)
        let cols = try #require(inkColumns(try library.coverage(of: run, transform: .identity)))
        #expect(Double(cols.lowerBound) >= expectedStart - 1 && Double(cols.upperBound) <= expectedStart + width + 1)
    }

    @Test func missingFontNamesTheFileAndThePackage() throws {
        let lib = FontLibrary(paths: [.bold: "/nonexistent/Holo-Bold.ttf"])
        let error = #expect(throws: FontError.self) {
            try lib.layout(TextRun("Reps", font: .largeTitle, origin: .zero), scale: 1)
        }
        let text = String(describing: try #require(error))
        #expect(text.contains("/nonexistent/Holo-Bold.ttf"))
        #expect(text.contains("install Debian package fonts-inter (apt-get install fonts-inter)"))
        // The other weights are unaffected.
        #expect(try !lib.coverage(of: TextRun("x", font: .body, origin: Point(0, 20)), transform: .identity).isEmpty)
    }

    /// Inter's four cuts (medium added in issue 31) ink in weight order.
    @Test func semiboldInkIsBetweenRegularAndBold() throws {
        func ink(_ weight: FontWeight) throws -> Int {
            try library.coverage(of: TextRun("Headline", font: Font(size: 17, weight: weight), origin: Point(0, 30)),
                                 transform: .scale(3, 3)).coverage.reduce(0) { $0 + Int($1) }
        }
        let regular = try ink(.regular), medium = try ink(.medium), semibold = try ink(.semibold), bold = try ink(.bold)
        #expect(regular < medium && medium < semibold && semibold < bold)
    }

    @Test func rotatedRunKeepsItsInkAndTurnsAround() throws {
        let run = TextRun("Reps", font: .largeTitle, origin: Point(0, 0))
        let upright = try library.coverage(of: run, transform: .translation(100, 100))
        // 180° about the run's origin, then to (100, 100): ink is point-reflected through (100, 100).
        let turned = try library.coverage(of: run, transform: AffineTransform.rotation(.pi)
            .concatenating(.translation(100, 100)))
        let inkUp = upright.coverage.reduce(0) { $0 + Int($1) }
        let inkTurned = turned.coverage.reduce(0) { $0 + Int($1) }
        #expect(abs(Double(inkTurned) / Double(inkUp) - 1) < 0.03)
        let up = try #require(inkColumns(upright)), down = try #require(inkColumns(turned))
        #expect(abs((200 - up.upperBound) - down.lowerBound) <= 2)
        let upRows = try #require(inkRows(upright)), downRows = try #require(inkRows(turned))
        #expect(abs((200 - upRows.lowerBound) - downRows.upperBound) <= 2)
    }
}
