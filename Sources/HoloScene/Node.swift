// The scene graph: a value built fresh from simulated state each frame (state in, view out).
//
// Coordinates are in points, y down, origin top-left of the device screen. A node's geometry is in
// its parent group's coordinate space after that group's transform.

import HoloGeometry

public enum CornerStyle: String, Hashable, Sendable, Codable {
    /// Quarter circles.
    case circular
    /// iOS's continuous ("squircle") corners: curvature eases in, so the corner starts earlier
    /// (about 1.528 × radius from the corner) and blends smoothly into the straight edge.
    case continuous
}

public enum Shape: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double, style: CornerStyle)
    /// A rounded rect whose corner radius is half its shorter side.
    case capsule(Rect)
    /// The ellipse inscribed in the rect; a circle when the rect is square.
    case ellipse(Rect)
    /// Any outline (Path.swift), filled by its own fill rule.
    case path(Path)

    public static func circle(center: Point, radius: Double) -> Shape {
        .ellipse(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The rect the shape is inscribed in (for a path, a rect containing it: `Path.bounds`).
    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _, _), .capsule(let r), .ellipse(let r): return r
        case .path(let p): return p.bounds
        }
    }
}

/// Font weights as iOS names them (`medium` is Inter's Medium cut).
public enum FontWeight: String, Hashable, Sendable, Codable, CaseIterable {
    case regular, medium, semibold, bold
}

public struct Font: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight
    /// A font family by name (fontconfig's, e.g. "DejaVu Sans"); nil: the renderer's default
    /// family (Inter, or what `--font` names).
    public var family: String?
    public init(size: Double, weight: FontWeight = .regular, family: String? = nil) {
        self.size = size; self.weight = weight; self.family = family
    }
    /// iOS text styles at the default Dynamic Type size.
    public static let largeTitle = Font(size: 34, weight: .bold)
    public static let title = Font(size: 28, weight: .bold)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
}

public enum TextAlignment: String, Hashable, Sendable, Codable { case leading, center, trailing }

/// Which way a run of text reads.
public enum TextDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight, rightToLeft
}

/// Text: one line, or a paragraph when it wraps. Its first baseline starts at `origin` for leading
/// alignment; for center and trailing alignment `origin.x` is the centre or the right end of each
/// line.
///
/// One line (the default): `maxWidth` is SwiftUI's `.lineLimit(1)` in a frame of that width.
/// A paragraph (`wrapWidth` or `lineLimit` set, or a newline in a run without `maxWidth`): SwiftUI's
/// `Text` in a frame `wrapWidth` wide, laid out by HoloText's ParagraphLayout: lines break at the
/// Unicode line-break opportunities, each line aligned on its own, `lineLimit` lines at most (the
/// last ending in "…" after the font has shrunk as far as `minimumScaleFactor` allows), lines
/// `lineSpacing` further apart than the font's line height. `maxWidth` is ignored then.
public struct TextRun: Hashable, Sendable {
    public var string: String
    public var font: Font
    public var origin: Point
    public var alignment: TextAlignment
    /// One line no wider than this (points), as SwiftUI's `.lineLimit(1)` in a frame of that width:
    /// the renderer first shrinks the font down to `minimumScaleFactor` of its size, then truncates
    /// the tail with an ellipsis. Nil: no limit.
    public var maxWidth: Double?
    /// SwiftUI's `.minimumScaleFactor` (1: never shrink).
    public var minimumScaleFactor: Double
    /// Lines wrap to this width in points (SwiftUI's `Text` in `.frame(width:)`); nil: lines end
    /// only at newlines.
    public var wrapWidth: Double?
    /// SwiftUI's `.lineLimit(n)`: at most n lines, the last ending in "…" (nil: any number).
    public var lineLimit: Int?
    /// SwiftUI's `.lineSpacing`: points added between lines (negative counts as 0).
    public var lineSpacing: Double
    /// The direction of a run of one direction, as the renderer hands it to the single-line layout
    /// after bidi analysis (HoloRaster's TextParagraph.swift splits mixed lines into such runs in
    /// visual order). The single-line layout honours it: unshaped, it places a right-to-left run's
    /// grapheme clusters right to left (no mirroring, no joining); a shaping layout (HarfBuzz) shapes
    /// the run in this direction. Runs a scene builds need not set it: bidi analysis does.
    public var direction: TextDirection = .leftToRight
    public init(_ string: String, font: Font, origin: Point, alignment: TextAlignment = .leading,
                maxWidth: Double? = nil, minimumScaleFactor: Double = 1,
                wrapWidth: Double? = nil, lineLimit: Int? = nil, lineSpacing: Double = 0) {
        self.string = string; self.font = font; self.origin = origin; self.alignment = alignment
        self.maxWidth = maxWidth; self.minimumScaleFactor = minimumScaleFactor
        self.wrapWidth = wrapWidth; self.lineLimit = lineLimit; self.lineSpacing = lineSpacing
    }

    /// Laid out as a paragraph (several lines possible) rather than as one line.
    public var isParagraph: Bool {
        wrapWidth != nil || lineLimit != nil || (maxWidth == nil && string.contains(where: \.isNewline))
    }

    /// At most how many lines the run draws, without laying it out: one for a one-line run;
    /// for a paragraph, its line limit or one per UTF-16 unit (a line holds at least a character).
    public var lineCountBound: Int {
        guard isParagraph else { return 1 }
        return max(1, min(lineLimit ?? Int.max, string.utf16.count + 1))
    }

    /// At most how far apart two lines' baselines are, in points, without measuring the font: a
    /// line height is under 2 em in any face (DejaVu Sans's is 1.16, Inter's 1.21), plus the spacing.
    public var lineAdvanceBound: Double { 2 * font.size + max(0, lineSpacing.isNaN ? 0 : lineSpacing) }

    /// At most how far below the first baseline the last line's baseline lies, in points.
    public var lastBaselineBound: Double { Double(lineCountBound - 1) * lineAdvanceBound }
}

public enum MaterialKind: String, Hashable, Sendable, Codable, CaseIterable {
    case ultraThin, thin, regular, thick
}


public struct Shadow: Hashable, Sendable {
    public var color: Color
    /// Blur radius in points, as SwiftUI's `.shadow(radius:)` (treated as the Gaussian σ's scale, see HoloRaster).
    public var radius: Double
    public var offset: Point
    public init(color: Color, radius: Double, offset: Point = .zero) {
        self.color = color; self.radius = radius; self.offset = offset
    }
}

/// SwiftUI's rotation3DEffect: rotation about the x and y axes through `anchor`, with perspective.
public struct Tilt: Hashable, Sendable {
    /// Degrees about the horizontal axis (top edge moves away for positive values).
    public var degreesX: Double
    /// Degrees about the vertical axis.
    public var degreesY: Double
    /// SwiftUI's `perspective` parameter (1 is its default; the title uses 0.5).
    public var perspective: Double
    /// Anchor in local points (the layer's centre, usually).
    public var anchor: Point
    public init(degreesX: Double, degreesY: Double, perspective: Double = 1, anchor: Point) {
        self.degreesX = degreesX; self.degreesY = degreesY; self.perspective = perspective; self.anchor = anchor
    }
}

/// What lets the compositor keep a group's pixels from one frame to the next (HoloRaster's
/// LayerCache): the group is drawn into its own surface and composited at its offset, and the
/// surface is reused while the group's content is equal apart from translation and opacity.
public struct Retention: Hashable, Sendable {
    /// Explicit identity, as SwiftUI's `.id`: for groups whose position in the tree changes between
    /// frames (a scrolled block that culling moves up the list). Nil: structural identity, the
    /// group's path in the tree.
    public var id: String?
    /// The group's translation comes from scrolling: the renderer snaps it to whole device pixels,
    /// as UIKit rounds `contentOffset` to the screen's pixels, so the layer is reused byte for byte.
    public var scrolls: Bool
    public init(id: String? = nil, scrolls: Bool = false) { self.id = id; self.scrolls = scrolls }
    /// A scrolled layer (snapped), with an optional explicit identity.
    public static func scrolled(id: String? = nil) -> Retention { Retention(id: id, scrolls: true) }
}

/// Core Animation's `shouldRasterize` with its `rasterizationScale`: the group's content is drawn
/// once into a bitmap at a scale of its own, and that bitmap is composited under the group's
/// transform (resampled), so a group whose scale, offset or opacity animates is not drawn again
/// while its children stay the same (HoloRaster's Composite/RasterizedLayer.swift). The picture is
/// the content resampled, not drawn at its transform: a bound against the reference renderer,
/// which draws it directly, holds it (ReferenceDifference).
public struct Rasterization: Hashable, Sendable {
    /// `rasterizationScale`: the bitmap's pixels per point of the group's own coordinates, as a
    /// multiple of the device scale (1: the content at its size on the screen when the group's
    /// transform does not scale it).
    public var scale: Double
    public init(scale: Double = 1) { self.scale = scale }
}

public struct Group: Hashable, Sendable {
    public var children: [Node]
    public var transform: AffineTransform
    /// Applied to the group as a whole (an offscreen layer when < 1 and the group has several children).
    public var opacity: Double
    /// Clip in the group's local coordinates (after `transform`).
    public var clip: Shape?
    /// Gaussian blur of the whole group, σ in points.
    public var blur: Double
    public var shadow: Shadow?
    public var tilt: Tilt?
    /// A shader effect on the children (always a layer), applied before tilt, blur and shadow.
    public var effect: ShaderEffect?
    /// Set when the compositor may keep this group's pixels between frames (see `Retention`).
    public var retention: Retention?
    /// Set when the group's content is drawn once as a bitmap and resampled under its transform
    /// (see `Rasterization`).
    public var rasterization: Rasterization?
    public init(_ children: [Node], transform: AffineTransform = .identity, opacity: Double = 1,
                clip: Shape? = nil, blur: Double = 0, shadow: Shadow? = nil, tilt: Tilt? = nil,
                effect: ShaderEffect? = nil, retention: Retention? = nil, rasterization: Rasterization? = nil) {
        self.children = children; self.transform = transform; self.opacity = opacity
        self.clip = clip; self.blur = blur; self.shadow = shadow; self.tilt = tilt; self.effect = effect
        self.retention = retention; self.rasterization = rasterization
    }

    /// The group's transform placed under `parent` (its children's points → the parent's pixels):
    /// `transform` then `parent`. A scrolled group (`retention?.scrolls`) has the offset its own
    /// translation adds snapped to whole pixels of the parent's grid, halves away from zero, as
    /// UIKit rounds `contentOffset` (−187.5 pt is −562.5 px on a 3× screen and lands on −563 px,
    /// −187.667 pt): Δ = round(parent.linear · (tx, ty)). The one definition of the snap: the
    /// renderer, the reference renderer and the memory estimate all place groups with it.
    public func placement(under parent: AffineTransform) -> AffineTransform {
        var local = transform.concatenating(parent)
        guard retention?.scrolls == true else { return local }
        let dx = parent.a * transform.tx + parent.c * transform.ty
        let dy = parent.b * transform.tx + parent.d * transform.ty
        guard dx.isFinite, dy.isFinite else { return local }
        local.tx = parent.tx + dx.rounded()
        local.ty = parent.ty + dy.rounded()
        return local
    }

    /// True when `tilt` turns the group at all (a zero tilt draws as no tilt). The one definition
    /// the renderer, the reference renderer and the memory estimate use.
    public var isTilted: Bool { tilt.map { $0.degreesX != 0 || $0.degreesY != 0 } ?? false }
}

public indirect enum Node: Hashable, Sendable {
    case group(Group)
    case fill(Shape, Paint)
    /// A stroke of `width` points centred on the shape's outline.
    case stroke(Shape, Paint, width: Double)
    /// A stroke with SwiftUI's `StrokeStyle`: caps, joins, miter limit and dashes. The outline of
    /// a shape that is not a path is stroked as one closed subpath.
    case styledStroke(Shape, Paint, StrokeStyle)
    case text(TextRun, Paint)
    /// Frosted glass: what is already drawn behind `shape` is blurred and tinted by the recipe.
    case material(Shape, MaterialKind, ColorScheme)
    /// A premultiplied RGBA8 image drawn into `frame`.
    case image(ImageData, frame: Rect)

    public static func group(_ children: [Node], transform: AffineTransform = .identity, opacity: Double = 1,
                             clip: Shape? = nil, retention: Retention? = nil) -> Node {
        .group(Group(children, transform: transform, opacity: opacity, clip: clip, retention: retention))
    }
}

/// Pixels for an image node: premultiplied RGBA8.
public struct ImageData: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }
}

/// One frame's scene: a background and the tree.
public struct Scene: Hashable, Sendable {
    public var size: Size
    public var background: Color
    public var root: [Node]
    public init(size: Size, background: Color, root: [Node]) {
        self.size = size; self.background = background; self.root = root
    }
}
