// Wrapped text through the renderer (issue 31): lines from HoloText's ParagraphLayout with the
// font library's widths, drawn one line at a time by the fast and the reference renderer, and
// bounded by `pixelBounds`.

import HoloGeometry
import HoloPixels
@testable import HoloRaster
import HoloScene
import HoloText
import Testing

@Suite struct TextParagraphTests {
    let renderer = SceneRenderer(fonts: .shared)
    let prose = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."

    /// Rows of `canvas` holding any pixel that is not the white background.
    func inkRows(_ c: Canvas) -> [Int] {
        (0..<c.height).filter { y in (0..<c.width).contains { x in c[x, y] != PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) } }
    }

    func inkColumns(_ c: Canvas) -> [Int] {
        (0..<c.width).filter { x in (0..<c.height).contains { y in c[x, y] != PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) } }
    }

    @Test func linesFitTheWidthAndStepByTheLineHeight() throws {
        let run = TextRun(prose, font: .body, origin: Point(10, 30), wrapWidth: 180, lineSpacing: 5)
        let lines = try renderer.lines(run)
        #expect(lines.count >= 3)
        let lineHeight = try renderer.fonts.measure("", font: .body).lineHeight
        for (i, line) in lines.enumerated() {
            #expect(try renderer.fonts.measure(line.string, font: line.font).width <= 180)
            #expect(abs(line.origin.y - (30 + Double(i) * (lineHeight + 5))) < 1e-9)
            #expect(line.origin.x == 10 && line.maxWidth == nil && !line.isParagraph)
        }
        // Every word shows once, in order.
        #expect(lines.map(\.string).joined(separator: " ") == prose)
    }

    @Test func eachLineIsAlignedOnItsOwn() throws {
        for alignment in [TextAlignment.center, .trailing] {
            let lines = try renderer.lines(TextRun(prose, font: .body, origin: Point(200, 30), alignment: alignment, wrapWidth: 180))
            for line in lines {
                let w = try renderer.fonts.measure(line.string, font: line.font).width
                let end = alignment == .center ? line.origin.x + w / 2 : line.origin.x + w
                #expect(abs(end - 200) < 1e-9, "\(alignment) \(line.string)")
            }
        }
    }

    @Test func oneLineRunsAreFittedAsBefore() throws {
        let run = TextRun(prose, font: .body, origin: .zero, maxWidth: 120, minimumScaleFactor: 0.7)
        #expect(try renderer.lines(run) == [try renderer.fitted(run)])
    }

    @Test func aLimitedParagraphDrawsOnlyItsLines() throws {
        let limited = TextRun(prose, font: .body, origin: Point(10, 30), wrapWidth: 150, lineLimit: 2)
        let lines = try renderer.lines(limited)
        #expect(lines.count == 2 && lines[1].string.hasSuffix("…"))
        let canvas = try renderer.render(Scene(size: Size(200, 200), background: .white, root: [.text(limited, .solid(.black))]), scale: 2)
        let rows = inkRows(canvas)
        let lineHeight = try renderer.fonts.measure("", font: .body).lineHeight
        // Two lines of ink: from the first line's ascenders to the second's descenders, nothing below.
        let bottom = try #require(rows.last)
        #expect(bottom < Int(2 * (30 + lineHeight + 6)))
        #expect(bottom > Int(2 * (30 + lineHeight)))
    }

    @Test func inkStaysInsideThePixelBounds() throws {
        for alignment in [TextAlignment.leading, .center, .trailing] {
            let node = Node.text(TextRun(prose, font: .headline, origin: Point(100, 24), alignment: alignment, wrapWidth: 140, lineSpacing: 3), .solid(.black))
            let canvas = try renderer.render(Scene(size: Size(200, 220), background: .white, root: [node]), scale: 1)
            let bounds = try #require(try renderer.pixelBounds(of: node, transform: canvas.pixelTransform))
            let rows = inkRows(canvas), columns = inkColumns(canvas)
            let top = try #require(rows.first), bottom = try #require(rows.last)
            let left = try #require(columns.first), right = try #require(columns.last)
            #expect(Double(top) >= bounds.minY && Double(bottom) < bounds.maxY, "\(alignment)")
            #expect(Double(left) >= bounds.minX && Double(right) < bounds.maxX, "\(alignment)")
            // And the bounds are a paragraph's, not one line's.
            #expect(bounds.height > 3 * 17)
        }
    }

    @Test func fastAndReferenceRenderersAgreeOnWrappedText() throws {
        let text: [Node] = [
            .text(TextRun(prose, font: .body, origin: Point(12, 30), wrapWidth: 170, lineSpacing: 2), .solid(Color(hex: 0x1C1C1E))),
            .text(TextRun(prose, font: .subheadline, origin: Point(100, 150), alignment: .center, minimumScaleFactor: 0.8,
                          wrapWidth: 160, lineLimit: 3), .solid(Color(hex: 0x3366CC))),
            .group([.text(TextRun("Turned and wrapped across three lines", font: .footnote, origin: .zero, wrapWidth: 90), .solid(.black))],
                   transform: AffineTransform.rotation(0.3).concatenating(.translation(40, 230)), opacity: 0.8),
        ]
        let scene = Scene(size: Size(200, 300), background: .white, root: text)
        for scale in [1.0, 2.0] {
            let fast = try renderer.render(scene, scale: scale)
            let slow = try ReferenceRenderer(fonts: .shared).render(scene, scale: scale)
            let d = ReferenceDifference(fast, slow)
            #expect(d.meanDelta <= ReferenceDifference.maxMeanDelta && d.shareOverLargeDelta <= ReferenceDifference.maxShareOverLargeDelta, "\(d)")
            // Several lines of ink, in both.
            #expect(inkRows(slow).count > Int(6 * 13 * scale))
        }
    }

    // MARK: bidi

    @Test func aMixedLineIsRunsInVisualOrder() throws {
        let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"   // שלום
        let line = try renderer.lines(TextRun("Say \(hebrew) now", font: .body, origin: Point(10, 30)))
        #expect(line.map(\.string) == ["Say ", hebrew, " now"])
        #expect(line.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        // Side by side from the line's start, each as wide as it measures, with the tracking gap
        // (17 pt: −0.026 em) at each run boundary as at every glyph boundary inside a run.
        let gap = SystemTracking.em(atPointSize: 17) * 17
        #expect(gap < -0.4)
        var x = 10.0
        for run in line {
            #expect(abs(run.origin.x - x) < 1e-9 && run.origin.y == 30)
            x += try renderer.fonts.measure(run.string, font: run.font, direction: run.direction).width + gap
        }
        // So the line is as wide as its glyphs in one run: the sum of the runs plus one gap a boundary.
        let last = try #require(line.last)
        let end = last.origin.x + (try renderer.fonts.measure(last.string, font: last.font, direction: last.direction).width)
        let runs = try line.map { try renderer.fonts.measure($0.string, font: $0.font, direction: $0.direction).width }
        #expect(abs(end - 10 - (runs.reduce(0, +) + Double(line.count - 1) * gap)) < 1e-9)
        // A Hebrew paragraph reads right to left: its Latin word's run is between the Hebrew runs,
        // the paragraph's last Hebrew word at the left.
        let rtl = try renderer.lines(TextRun("\(hebrew) abc \u{5D0}\u{5D1}", font: .body, origin: .zero, wrapWidth: 300))
        #expect(rtl.map(\.direction) == [.rightToLeft, .leftToRight, .rightToLeft])
        #expect(rtl.first?.string.contains("\u{5D0}") == true && rtl.last?.string.contains(hebrew) == true)
    }

    @Test func aRightToLeftRunPlacesItsClustersFromTheRight() throws {
        // Unshaped, "אב" right to left draws as "בא" left to right would.
        var rtl = TextRun("\u{5D0}\u{5D1}", font: .body, origin: Point(10, 30))
        rtl.direction = .rightToLeft
        let ltr = TextRun("\u{5D1}\u{5D0}", font: .body, origin: Point(10, 30))
        let a = try renderer.fonts.coverage(of: rtl, transform: .identity), b = try renderer.fonts.coverage(of: ltr, transform: .identity)
        #expect(a == b)
        #expect(try renderer.fonts.coverage(of: TextRun("\u{5D0}\u{5D1}", font: .body, origin: Point(10, 30)), transform: .identity) != a)
    }

    @Test func fastAndReferenceRenderersAgreeOnBidiText() throws {
        let scene = Scene(size: Size(220, 120), background: .white, root: [
            .text(TextRun("Mixed \u{5E9}\u{5DC}\u{5D5}\u{5DD} and \u{5E2}\u{5D5}\u{5DC}\u{5DD} text that wraps", font: .body,
                          origin: Point(110, 24), alignment: .center, wrapWidth: 200), .solid(.black)),
        ])
        let fast = try renderer.render(scene, scale: 2), slow = try ReferenceRenderer(fonts: .shared).render(scene, scale: 2)
        let d = ReferenceDifference(fast, slow)
        #expect(d.meanDelta <= ReferenceDifference.maxMeanDelta && d.shareOverLargeDelta <= ReferenceDifference.maxShareOverLargeDelta, "\(d)")
    }
}
