// Text measured for layout in clips: widths and heights from HoloText (shaped with the fonts the
// renderer draws with by default: Inter, its Display cut from 20 pt, SF Pro's tracking), where the
// clips used to multiply a character count by an advance per em calibrated on DejaVu Sans (0.544
// in flowing, 0.62 and 0.76 in the title, 0.6 in titles' rows, 0.7 and 0.75 in the finance rows).
//
// Clips measure with `FontLibrary.shared`: a render with `--font` draws another face but lays out
// with the default one's widths (what the scene asks for is then only approximately the drawn
// text; every built-in clip's text that must fit has a maxWidth, which the renderer enforces with
// the drawn face). If the default fonts are missing, the old estimate (0.6 em a character) stands
// in: that render fails at its first text anyway, with the missing-font error.

import HoloScene
import HoloText

enum TextMeasure {
    /// Width of `string` in `font`, in points.
    static func width(_ string: String, _ font: Font) -> Double {
        (try? FontLibrary.shared.measure(string, font: font).width) ?? 0.6 * font.size * Double(string.count)
    }

    /// Ascent, descent (positive, below the baseline) and cap height of `font`, in points.
    static func vertical(_ font: Font) -> (ascent: Double, descent: Double, capHeight: Double) {
        guard let m = try? FontLibrary.shared.measure("H", font: font) else {
            return (0.93 * font.size, 0.24 * font.size, 0.73 * font.size)
        }
        return (m.ascent, m.descent, m.capHeight)
    }
}
