import HoloGeometry
import HoloGolden
import HoloPixels
import Testing

@Suite struct ContactSheetTests {
    let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)

    @Test func dimensionsAndTilePlacement() {
        // Five 30×20 frames in 2 columns: 3 rows. Cell 30 × (20 + band), padding 8.
        let colours = [red, green, PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), red, green]
        let frames = colours.enumerated().map { (label: "\($0.offset)", canvas: solid(30, 20, $0.element)) }
        let sheet = ContactSheet.make(frames: frames, columns: 2, background: .white)
        let band = 4 + 14 + 4
        #expect(sheet.width == 8 + 2 * (30 + 8))
        #expect(sheet.height == 8 + 3 * (20 + band + 8))
        for (index, colour) in colours.enumerated() {
            let x = 8 + (index % 2) * 38, y = 8 + (index / 2) * (20 + band + 8)
            #expect(sheet[x, y] == colour, "tile \(index) top-left")
            #expect(sheet[x + 29, y + 19] == colour, "tile \(index) bottom-right")
            // A 1-pixel border just outside the tile, then the margin.
            #expect(sheet[x - 1, y] == ContactSheet.borderColor && sheet[x + 30, y + 19] == ContactSheet.borderColor, "tile \(index) border")
            #expect(sheet[x - 1, y - 1] == ContactSheet.borderColor && sheet[x + 30, y + 20] == ContactSheet.borderColor, "tile \(index) corners")
            #expect(sheet[x - 2, y] == white, "tile \(index) left margin")
            #expect(sheet[x + 31, y] == white, "tile \(index) right margin")
        }
        // The empty sixth cell is background.
        #expect(sheet[8 + 38 + 10, 8 + 2 * (20 + band + 8) + 10] == white)
    }

    @Test func labelIsDrawnUnderEachTile() {
        let sheet = ContactSheet.make(frames: [(label: "1", canvas: solid(30, 20, red))], columns: 1, background: .white)
        // Glyph "1" rows: 00100 / 01100 / … / 01110 at scale 2, top-left at (8, 8 + 20 + 4).
        let top = 8 + 20 + 4
        var ink = 0
        for y in top..<(top + 14) { for x in 8..<38 where sheet[x, y] == black { ink += 1 } }
        #expect(ink == (1 + 2 + 1 + 1 + 1 + 1 + 3) * 4)  // 10 set font pixels, 2×2 each
        #expect(sheet[8 + 2 * 2, top] == black)        // row 0, column 2
        #expect(sheet[8, top] == white)                // row 0, column 0
        #expect(sheet[8 + 1 * 2, top + 6 * 2] == black) // bottom row 01110, column 1
    }

    /// A white frame on the white sheet keeps its edges: the border shows where it is.
    @Test func aWhiteFrameDoesNotVanish() {
        let sheet = ContactSheet.make(frames: [(label: "", canvas: solid(10, 6, white))], columns: 1, background: .white)
        var outline = 0
        for y in 0..<sheet.height { for x in 0..<sheet.width where sheet[x, y] != white { outline += 1 } }
        #expect(outline == 2 * (10 + 2) + 2 * 6)   // the border's pixels, and nothing else
        #expect(sheet[8, 8] == white && sheet[7, 7] == ContactSheet.borderColor && sheet[18, 14] == ContactSheet.borderColor)
    }

    /// "0.50 s": the seconds are a lower-case s (the font had capitals only).
    @Test func secondsAreALowerCaseS() {
        let sheet = ContactSheet.make(frames: [(label: "sS", canvas: solid(30, 20, red))], columns: 1, background: .white)
        let top = 8 + 20 + 4
        func inkRows(glyph: Int) -> [Bool] {
            (0..<7).map { row in (0..<5).contains { sheet[8 + glyph * 12 + $0 * 2, top + row * 2] == black } }
        }
        #expect(inkRows(glyph: 0) == [false, false, true, true, true, true, true])   // s: x-height, no ascender
        #expect(inkRows(glyph: 1) == [true, true, true, true, true, true, true])     // S
    }

    @Test func translucentFramesAreCompositedOverTheBackground() {
        let half = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128)
        let sheet = ContactSheet.make(frames: [(label: "", canvas: solid(4, 4, half))], columns: 3, background: .white)
        // D' = S + D·(1 − Sa) = 0 + 255·127/255 = 127, opaque.
        #expect(sheet[8, 8] == PremultipliedRGBA8(r: 127, g: 127, b: 127, a: 255))
        #expect(sheet.width == 8 + 1 * (4 + 8))  // columns clamp to the frame count
    }
}
