// Everything on the surface is a function of one value (docs/designs.md, Reveal: "drive all visual
// changes from that one value"): revealProgress p = clamp(offset / S, 0, 1).

import HoloGeometry

/// A section's visual effect: applied (in SwiftUI order) scale about the section's centre, then offset.
public struct SectionEffect: Hashable, Sendable, Encodable {
    public var offset: Double
    public var opacity: Double
    public var blur: Double
    public var scale: Double

    /// The section's content → window transform: scroll it to `origin`, scale about its centre, offset.
    public func transform(section: Rect, scrollOffset: Double) -> AffineTransform {
        let top = section.minY - scrollOffset
        let cx = section.midX, cy = top + section.height / 2
        // x' = c + s·(x − c) + (0, offset), with the section's own origin moved to (0, top)
        return AffineTransform.translation(0, top)
            .concatenating(.translation(-cx, -cy))
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(cx, cy + offset))
    }
}

public enum RevealMapping {
    /// p = clamp(offset / S, 0, 1)  (design: `(offset / secondaryHeight).clamped(to: 0...1)`)
    @inlinable public static func progress(offset: Double, secondaryHeight: Double) -> Double {
        min(max(offset / max(secondaryHeight, 1), 0), 1)
    }

    /// Primary: offset 160·p, opacity 1 − 0.55·p, blur 10·p, scale 1 − 0.08·p.
    public static func primary(_ p: Double) -> SectionEffect {
        SectionEffect(offset: RevealTokens.primaryParallax * p,
                      opacity: 1 - (1 - RevealTokens.primaryMinOpacity) * p,
                      blur: RevealTokens.primaryMaxBlur * p,
                      scale: 1 - (1 - RevealTokens.primaryMinScale) * p)
    }

    /// Secondary: offset 80·(1 − p), opacity p, blur 8·(1 − p), scale 0.95 + 0.05·p.
    public static func secondary(_ p: Double) -> SectionEffect {
        SectionEffect(offset: RevealTokens.secondaryRise * (1 - p),
                      opacity: p,
                      blur: RevealTokens.secondaryMaxBlur * (1 - p),
                      scale: RevealTokens.secondaryMinScale + (1 - RevealTokens.secondaryMinScale) * p)
    }

    /// The one morphing control: source and destination anchors in window space, each through its
    /// section's effect, interpolated component by component: frame = src + (dst − src)·p.
    public static func controlFrame(_ p: Double, layout: RevealLayout, scrollOffset: Double) -> (frame: Rect, source: Rect, destination: Rect) {
        let src = primary(p).transform(section: layout.primaryRect, scrollOffset: scrollOffset).bounds(of: layout.controlSource)
        let dst = secondary(p).transform(section: layout.secondaryRect, scrollOffset: scrollOffset).bounds(of: layout.controlDestination)
        let frame = Rect(x: mix(src.minX, dst.minX, p), y: mix(src.minY, dst.minY, p),
                         width: mix(src.width, dst.width, p), height: mix(src.height, dst.height, p))
        return (frame, src, dst)
    }

    /// Chevron: rotation 180°·p (in degrees), opacity 1 − 0.6·p.
    public static func chevron(_ p: Double) -> (rotationDegrees: Double, opacity: Double) {
        (RevealTokens.chevronFlipDegrees * p, 1 - (1 - RevealTokens.chevronMinOpacity) * p)
    }
}
