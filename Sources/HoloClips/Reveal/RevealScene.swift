// The scroll-reveal detail surface drawn from its frame state: the primary media card, the
// secondary actions section, ONE morphing control over both (docs/designs.md, Reveal: "render one
// overlay that interpolates position and size", never two visible copies), and the chevron in the
// bottom inset. Shapes only (no paths): the control's "+" is two bars, the chevron two rotated
// capsules.

import Foundation
import HoloGeometry
import HoloMotion
import HoloScene

public struct RevealScene: Sendable {
    public var layout: RevealLayout
    public init(layout: RevealLayout) { self.layout = layout }

    /// `font` at the layout's Dynamic Type size, by `style`'s table.
    func scaled(_ font: Font, _ style: TextStyle) -> Font {
        Font(size: font.size * layout.type.scale(of: style), weight: font.weight)
    }

    static let secondaryBackground = Color(hex: 0x1C1C1E)
    /// Each action's symbol, white in its tinted disc (RevealLayout.actions' order).
    static let actionSymbols = ["music.note.list", "square.and.arrow.up", "arrow.down.circle", "person.fill", "info.circle"]

    public func scene(_ s: RevealFrameState) -> Scene {
        let size = layout.size
        var nodes: [Node] = []
        let screen = Rect(origin: .zero, size: size)

        // The page and the actions are rasterized (Core Animation's shouldRasterize): drawn once at
        // the screen's scale and resampled while the mapping scales, moves, fades and blurs them.
        let pt = s.primary.transform(section: layout.primaryRect, scrollOffset: s.scroll.offset)
        if pt.bounds(of: layout.primaryRect).intersection(screen).isEmpty == false {
            nodes.append(.group(Group(primaryContent(), transform: pt, opacity: s.primary.opacity,
                                      clip: .roundedRect(layout.primaryRect, cornerRadius: 44 * s.revealProgress, style: .continuous),
                                      blur: s.primary.blur, rasterization: Rasterization())))
        }
        // The secondary section is laid out in the scroll content right under the primary page (design:
        // VStack(spacing: 0) in a paged ScrollView), so its surface comes into view as the page scrolls;
        // the progress mapping (offset, scale, opacity, blur) moves only what is on it. Mapping the
        // whole section left the window's black between the scaled page and the faded section.
        let placed = AffineTransform.translation(0, layout.secondaryRect.minY - s.scroll.offset)
        if placed.bounds(of: Rect(origin: .zero, size: layout.secondaryRect.size)).intersection(screen).isEmpty == false {
            nodes.append(.group(secondarySurface(), transform: placed))
        }
        let st = s.secondary.transform(section: layout.secondaryRect, scrollOffset: s.scroll.offset)
        if s.secondary.opacity > 0, st.bounds(of: Rect(origin: .zero, size: layout.secondaryRect.size)).intersection(screen).isEmpty == false {
            nodes.append(.group(Group(secondaryContent(), transform: st, opacity: s.secondary.opacity, blur: s.secondary.blur,
                                      rasterization: Rasterization())))
        }
        nodes.append(control(frame: s.controlFrame.rect, progress: s.revealProgress))
        if let caption = addCaption(control: s.controlFrame.rect, progress: s.revealProgress) { nodes.append(caption) }
        nodes.append(chevron(rotationDegrees: s.chevronRotation, opacity: s.chevronOpacity, highlight: s.chevronHighlight))
        return Scene(size: size, background: .black, root: nodes)
    }

    /// The media card, section-local (0…W × 0…H): the aurora, and the kit's title and subtitle.
    func primaryContent() -> [Node] {
        let w = layout.size.width, h = layout.viewportHeight
        return [
            .fill(.rect(layout.primaryRect), .linearGradient(
                stops: [GradientStop(Color(hex: 0x0B1026), at: 0), GradientStop(Color(hex: 0x1B2A6B), at: 0.45),
                        GradientStop(Color(hex: 0x0E4D4F), at: 1)],
                start: Point(0, 0), end: Point(w * 0.3, h))),
            Self.aurora(Color(hex: 0x3CF2A5, alpha: 0.55), center: Point(w * 0.3, h * 0.28), radii: Size(w * 0.6, h * 0.16)),
            Self.aurora(Color(hex: 0xB46CFF, alpha: 0.45), center: Point(w * 0.7, h * 0.35), radii: Size(w * 0.5, h * 0.13)),
            .fill(.rect(Rect(x: 0, y: h * 0.55, width: w, height: h * 0.45)), .linearGradient(
                stops: [GradientStop(Color(white: 0, alpha: 0), at: 0), GradientStop(Color(white: 0, alpha: 0.6), at: 1)],
                start: Point(0, h * 0.55), end: Point(0, h))),
        ] + layout.views.primary
    }

    /// A glow of the aurora: an elliptical radial gradient, `color` at the centre fading to clear at
    /// the ellipse's edge (radii rx, ry), drawn in a unit circle scaled to the ellipse. The fill's
    /// shape and the gradient end together, so no edge is cut where the glow is still bright
    /// (before, a circular gradient of radius 0.6·W in a 0.16·H-tall ellipse ended at 23 % alpha).
    static func aurora(_ color: Color, center c: Point, radii r: Size) -> Node {
        let unit = 100.0
        return .group([.fill(.circle(center: .zero, radius: unit), .radialGradient(
                           stops: [GradientStop(color, at: 0), GradientStop(color.opacity(0.5), at: 0.45), GradientStop(color.opacity(0), at: 1)],
                           center: .zero, startRadius: 0, endRadius: unit))],
                      transform: AffineTransform.scale(r.width / unit, r.height / unit).concatenating(.translation(c.x, c.y)))
    }

    /// The secondary section's sheet (section-local): what the paged scroll brings into view under
    /// the primary page. Opaque, at its place in the content.
    func secondarySurface() -> [Node] {
        let w = layout.size.width, sh = layout.secondaryHeight
        return [.fill(.roundedRect(Rect(x: 0, y: 0, width: w, height: sh + 30), cornerRadius: 24, style: .continuous),
                      .solid(Self.secondaryBackground))]
    }

    /// The actions section, section-local (0…W × 0…S): the kit's views. The control's destination
    /// is left empty: the morphing overlay is the only control drawn.
    func secondaryContent() -> [Node] { layout.views.secondary }

    /// The surface's kit pieces (the primary's text, the secondary), as the scene draws them.
    public func screenPieces() -> [ScreenPiece] { layout.views.pieces }

    /// The control: a white capsule at the interpolated frame holding "+" and "Add to Library" as
    /// one centred row, as a SwiftUI `Label` in a button whose frame morphs. The capsule clips its
    /// content; the label is laid out whole and only shown once the capsule is wide enough to hold
    /// the row (no word cut at its edge), fading in over the next `labelFadeWidth` points of growth,
    /// so it reads black on white as soon as it is there. Before that, as the capsule grows from
    /// holding the "+" alone to holding the row, the "+" slides from the centre to the row's start:
    ///   u = clamp((inner − plus) / (row − plus), 0, 1),  plus.x = midX − u·(row − plusWidth)/2,
    ///   v = clamp((inner − row) / labelFadeWidth, 0, 1)  (the label's opacity).
    /// The symbol matches the text beside it (SF Symbols take the label's font: 17 pt semibold at
    /// the default size), growing from there to the round button's larger glyph as the capsule
    /// shrinks back to the button (by u).
    func control(frame f: Rect, progress p: Double) -> Node {
        // At the largest text sizes the row is drawn smaller, to fit the full-width button with room
        // for the fade (a button label's minimumScaleFactor), rather than cut by the capsule.
        let headline = scaled(.headline, .headline)
        let headlineWidth = TextMeasure.width("Add to Library", headline)
        let room = layout.controlDestination.width - 2 * Self.controlPadding - Self.labelFadeWidth - Self.labelGap
        let fit = min(1, room / (Self.plusArms * headline.size + headlineWidth))
        let font = Font(size: headline.size * fit, weight: headline.weight)
        let labelScale = layout.type.scale(of: .headline) * fit
        let labelWidth = TextMeasure.width("Add to Library", font)
        // The round button's "+": arms 72 % of the symbol's em, up to 2 · 11 pt; semibold as its label (one weight
        // throughout the morph, no step in stroke width).
        let roundSize = 2 * min(f.height * 0.36, 11) / 0.72
        let labelPlus = Self.plusArms * font.size
        let rowWidth = labelPlus + Self.labelGap + labelWidth
        let inner = f.width - 2 * Self.controlPadding
        // u: the capsule grows from holding the "+" alone to holding the whole row; the "+" shrinks
        // to the label's size and slides to the row's start with it. v: the label, once it fits.
        let u = clamp((inner - labelPlus) / (rowWidth - labelPlus), 0, 1)
        let v = clamp((inner - rowWidth) / Self.labelFadeWidth, 0, 1)
        let size = mix(roundSize, font.size, u)
        let plusWidth = Self.plusArms * size
        let plusCenter = Point(f.midX - u * (rowWidth - plusWidth) / 2, f.midY)
        var children: [Node] = [
            .fill(.capsule(f), .solid(.white)),
            Symbol.node("plus", size: size, weight: .semibold, center: plusCenter, paint: .solid(.black))!,
        ]
        if v > 0 {
            children.append(.text(TextRun("Add to Library", font: font,
                                          origin: Point(plusCenter.x + plusWidth / 2 + Self.labelGap, f.midY + 6 * labelScale)),
                                  .solid(Color(white: 0, alpha: v))))
        }
        return .group(children, clip: .capsule(f))   // the capsule clips what it holds
    }

    /// The plus symbol's arms as a share of its point size (SF Symbols' "plus").
    static let plusArms = 0.72
    /// Between the "+" and its label (a Label's icon–title spacing at 17 pt, approx.).
    static let labelGap = 8.0
    /// The capsule's horizontal padding around its content (a choice: the row never touches the curve).
    static let controlPadding = 16.0
    /// Over how many points of the capsule's growth past the row's width the label fades in (a choice:
    /// short, so the label is legible as soon as it shows).
    static let labelFadeWidth = 24.0

    /// The round button's "Add" caption: part of the one morphing control (docs/designs.md,
    /// Reveal), so it stays beside the button wherever the button is (it was primary content, left
    /// above the button as the control moved down), at the size of a button label (headline; it was
    /// a 13 pt footnote at 75 % white), vertically centred on it; it fades out by p = 0.3, before
    /// "Add to Library" shows.
    func addCaption(control f: Rect, progress p: Double) -> Node? {
        let opacity = clamp(1 - p / 0.3, 0, 1)
        guard opacity > 0 else { return nil }
        let font = scaled(.headline, .headline)
        return .text(TextRun("Add", font: font, origin: Point(f.maxX + 12, f.midY + 0.35 * font.size),
                             maxWidth: layout.size.width - f.maxX - 32),
                     .solid(Color(white: 1, alpha: 0.9 * opacity)))
    }

    /// chevron.up, bold, in a translucent disc, turned by `rotationDegrees` about the chevron's centre.
    func chevron(rotationDegrees: Double, opacity: Double, highlight: Double) -> Node {
        let c = layout.chevronCenter
        var children: [Node] = [.fill(.circle(center: .zero, radius: RevealLayout.chevronHitRadius), .solid(Color(white: 1, alpha: 0.16 + 0.3 * highlight)))]
        children.append(Symbol.node("chevron.up", size: 24, weight: .bold, center: Point(0, -1), paint: .solid(.white))!)
        let t = AffineTransform.rotation(rotationDegrees * .pi / 180).concatenating(.translation(c.x, c.y))
        return .group(children, transform: t, opacity: opacity)
    }
}
