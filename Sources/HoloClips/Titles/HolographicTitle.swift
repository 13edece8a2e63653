// HolographicTitle: the Reps app's `HolographicText` as one scene component.
//
// On the phone the title is a SwiftUI view: a TimelineView redrawing at 30 fps, device roll and
// pitch smoothed with spring(0.2, 0.8), a Metal shader filling the glyphs, a shadow and a
// rotation3DEffect for parallax. Here it is a pure function from those inputs to a `Node`, so the
// clip that shows it (the collapsing page titles) only has to supply the attitude and the time:
//
//   Group(tilt: (pitch·3°, roll·3°, perspective 0.5), shadow: radius 4 + 2|roll|,
//         offset (4·roll, 4·pitch)) [ text filled by .shader(paint) ]
//
// Reduce Motion (docs/designs.md, Holographic title): no time animation, no tilt, a static
// gradient. The shadow then uses roll = pitch = 0 too (a still shadow: a moving one is parallax
// motion as well — a choice). Low Power (docs/designs.md, Titles: "Reduce TimelineView updates or
// disable animation; keep static gradient appearance"): the colours are still — the static
// gradient, neither time nor tilt moving the hue — while the parallax tilt and shadow keep
// following the (30 Hz) motion.

import HoloGeometry
import HoloScene

public struct HolographicTitle: Hashable, Sendable {
    public var title: String
    public var font: Font
    /// Baseline start of the title, in the parent's points.
    public var origin: Point
    /// Smoothed device attitude, radians (`DeviceMotion.smoothedAttitude`).
    public var roll: Double
    public var pitch: Double
    /// Seconds since the title appeared, already stepped at 30 fps (`HolographicTitle.timelineTime`).
    public var time: Double
    public var accentHue: Double
    public var reduceMotion: Bool
    /// Low Power Mode: still colours (a static gradient), parallax kept.
    public var lowPower: Bool

    public init(_ title: String, font: Font = .largeTitle, origin: Point, roll: Double, pitch: Double,
                time: Double, accentHue: Double = HolographicTitle.defaultAccentHue, reduceMotion: Bool = false,
                lowPower: Bool = false) {
        self.title = title; self.font = font; self.origin = origin; self.roll = roll; self.pitch = pitch
        self.time = time; self.accentHue = accentHue; self.reduceMotion = reduceMotion; self.lowPower = lowPower
    }

    /// HolographicTextEffect's default accent (a cyan-violet start of the ramp).
    public static let defaultAccentHue = 0.55

    // MARK: Parallax (docs/designs.md, Holographic title)

    /// rotation3DEffect(.degrees(pitch · 3)) about x and (.degrees(roll · 3)) about y: the attitude in
    /// radians times 3 *is* the angle in degrees. Read literally, as the app's SwiftUI code writes it
    /// (`.degrees(motion.pitch * 3)`), this is subtle — 0.6° at a 0.2 rad tilt, the title's far edge
    /// moving by well under a point — which matches the equally small shadow travel of the same
    /// design (4·roll = 0.8 pt at 0.2 rad). The alternatives (converting radians to degrees first:
    /// 34° at 0.2 rad, or an invented 0.3 factor) are not what the design says; the shimmer, not the
    /// tilt, carries the motion. A choice, named here so it can be changed in one place.
    public static let tiltDegreesPerRadian = 3.0
    public static let perspective = 0.5
    /// Shadow radius 4 + 2|roll| points, offset (4·roll, 4·pitch) points (docs/designs.md,
    /// Holographic title).
    public static let shadowBaseRadius = 4.0
    public static let shadowRadiusPerRadian = 2.0
    public static let shadowOffsetPerRadian = 4.0
    /// Shadow colour: not in the design (approx.): black at 0.3 alpha.
    public static let shadowColor = Color(white: 0, alpha: 0.3)

    // MARK: Time (the title redraws at 30 fps: docs/designs.md, Holographic title)

    public static let timelineRate = Double(TimelineClock.title.ticksPerSecond)

    /// t30 = ⌊t·30⌋ / 30: HoloGeometry's `TimelineClock.title`, the one formula the shader's clock
    /// and the title share (with its 1e-9 tick tolerance: 4.1·30 is 122.99999999999999 in Double
    /// and counts as tick 123).
    public static func timelineTime(at t: Double) -> Double { TimelineClock.title.time(at: t) }

    // MARK: The text box the shader's u, v run across

    /// The text box (local points), measured through HoloText with the default fonts: x across the
    /// shaped title's advance; y from the top of the capitals (the face's cap height above the
    /// baseline) to the bottom of the descenders, so v runs 0…1 over the ink of a title. (It was a
    /// DejaVu-calibrated estimate: 0.62 em a character, top 0.76 em above the baseline, 1 em tall.)
    public var textBounds: Rect {
        let v = TextMeasure.vertical(font)
        return Rect(x: origin.x, y: origin.y - v.capHeight,
                    width: TextMeasure.width(title, font), height: v.capHeight + v.descent)
    }

    /// The shader's box: its width is the laid-out text's, which the renderer measures
    /// (`widthFromText`, with the face it draws, also under `--font`); `textBounds` anchors the tilt.
    public var paint: ShaderPaint {
        ShaderPaint(bounds: textBounds, program: effect, widthFromText: true)
    }

    /// The shader's arguments: still under Reduce Motion and Low Power.
    public var effect: HolographicTextEffect {
        reduceMotion || lowPower
            ? HolographicTextEffect(roll: 0, pitch: 0, time: 0, accentHue: accentHue, isStatic: true)
            : HolographicTextEffect(roll: roll, pitch: pitch, time: time, accentHue: accentHue, isStatic: false)
    }

    /// The rotation3DEffect, anchored at the text box's centre; nil under Reduce Motion.
    public var tilt: Tilt? {
        guard !reduceMotion else { return nil }
        return Tilt(degreesX: pitch * Self.tiltDegreesPerRadian, degreesY: roll * Self.tiltDegreesPerRadian,
                    perspective: Self.perspective, anchor: textBounds.center)
    }

    public var shadow: Shadow {
        let r = reduceMotion ? 0 : roll, p = reduceMotion ? 0 : pitch
        return Shadow(color: Self.shadowColor, radius: Self.shadowBaseRadius + Self.shadowRadiusPerRadian * abs(r),
                      offset: Point(Self.shadowOffsetPerRadian * r, Self.shadowOffsetPerRadian * p))
    }

    /// The title as a node: glyphs filled by the holographic shader, in a shadowed, tilted group.
    public var node: Node {
        let text = Node.text(TextRun(title, font: font, origin: origin), .shader(paint))
        return .group(Group([text], shadow: shadow, tilt: tilt))
    }
}
