// Contact sheets: a clip's frames tiled in one image, each labelled underneath, for review and as
// a single golden per clip.
//
// Layout (pixels): a margin of `padding` around the sheet and between cells; every cell is as wide
// as the widest frame and as tall as the tallest frame plus the label band. Cell (column c, row r)
// has its frame's top-left at
//   x = padding + c·(cellWidth + padding),  y = padding + r·(cellHeight + padding),
// and its label below the frame at y + tallest + labelGap. Frames are composited source-over onto
// the background: D' = S + D·(1 − Sa), premultiplied. Each frame gets a 1-pixel border just
// outside it, in the padding (so no frame pixel is covered and the layout is unchanged), of a
// grey that is neither white nor black: a white frame on the white sheet, or a black one on a
// dark sheet, still shows where it is.

import HoloGeometry
import HoloPixels

public enum ContactSheet {
    public static let padding = 8
    public static let labelScale = 2
    public static let labelGap = 4
    /// The frames' border: iOS's systemGray (#8E8E93), visible on white and on black.
    public static let borderColor = PremultipliedRGBA8(r: 142, g: 142, b: 147, a: 255)
    /// The label band under each frame: gap, 7 font pixels × scale, gap.
    public static var labelBand: Int { labelGap + BitmapFont.glyphHeight * labelScale + labelGap }

    /// The sheet's size in pixels for `tiles` frames of tileWidth×tileHeight, before anything is
    /// allocated (so the caller can hold it against --max-pixels), as `make` lays it out.
    public static func size(tileWidth: Int, tileHeight: Int, tiles: Int, columns: Int) -> (width: Int, height: Int) {
        let columns = max(1, min(columns, max(1, tiles)))
        let rows = max(1, (tiles + columns - 1) / columns)
        return (padding + columns * (max(tileWidth, 1) + padding), padding + rows * (tileHeight + labelBand + padding))
    }

    public static func make(frames: [(label: String, canvas: Canvas)], columns: Int, background: Color = .white) -> Canvas {
        let columns = max(1, min(columns, max(1, frames.count)))
        let rows = (frames.count + columns - 1) / columns
        let tallest = frames.map(\.canvas.height).max() ?? 0
        let cellWidth = max(frames.map(\.canvas.width).max() ?? 0, 1)
        let cellHeight = tallest + labelBand
        var sheet = Canvas(width: padding + columns * (cellWidth + padding),
                           height: padding + max(rows, 1) * (cellHeight + padding))
        sheet.clear(to: background)
        let ink = inkColor(on: background)
        for (index, frame) in frames.enumerated() {
            let x = padding + (index % columns) * (cellWidth + padding)
            let y = padding + (index / columns) * (cellHeight + padding)
            composite(frame.canvas, onto: &sheet, x: x, y: y)
            drawBorder(around: x, y, frame.canvas.width, frame.canvas.height, on: &sheet)
            BitmapFont.draw(frame.label, into: &sheet, x: x, y: y + tallest + labelGap, scale: labelScale,
                            color: ink, maxWidth: cellWidth)
        }
        return sheet
    }

    /// A 1-pixel frame around the w×h rectangle at (x, y), outside it: rows y − 1 and y + h,
    /// columns x − 1 and x + w.
    static func drawBorder(around x: Int, _ y: Int, _ w: Int, _ h: Int, on sheet: inout Canvas) {
        guard w > 0, h > 0 else { return }
        for px in (x - 1)...(x + w) {
            for py in [y - 1, y + h] where px >= 0 && py >= 0 && px < sheet.width && py < sheet.height { sheet[px, py] = borderColor }
        }
        for py in y..<(y + h) {
            for px in [x - 1, x + w] where px >= 0 && px < sheet.width && py < sheet.height { sheet[px, py] = borderColor }
        }
    }

    /// Black ink on light backgrounds, white on dark (by Rec. 709 luma of the background).
    static func inkColor(on background: Color) -> PremultipliedRGBA8 {
        let luma = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
        return luma > 0.5 || background.alpha < 0.5 ? PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
                                                    : PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    }

    /// Source-over, row by row: D' = S + D·(1 − Sa) with div255 rounding.
    static func composite(_ source: Canvas, onto sheet: inout Canvas, x: Int, y: Int) {
        let sheetWidth = sheet.width
        source.withBytes { s in
            sheet.withMutableBytes { d in
                for row in 0..<source.height {
                    var si = row * source.width * 4
                    var di = ((y + row) * sheetWidth + x) * 4
                    for _ in 0..<source.width {
                        let inverse = 255 - UInt32(s[si + 3])
                        for c in 0..<4 {
                            d[di + c] = UInt8(truncatingIfNeeded: UInt32(s[si + c]) + div255(UInt32(d[di + c]) * inverse))
                        }
                        si += 4; di += 4
                    }
                }
            }
        }
    }
}
