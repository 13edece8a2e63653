// The user scene document: a tree of nodes as the clip file's "scene" describes it.
//
// Why a document model beside HoloScene's `Node`: a `Node` is one frame's values; a document node
// holds *how* to get them (constants, expressions, keyframes), decoded and checked once at load.
// Each frame, `UserScene.scene(…)` walks this tree and produces exactly one `Node` per document
// node, so a designer can count what they wrote in what is drawn:
//
//   group, glow               → .group
//   rect, roundedRect, capsule, circle, path (fill or stroke) → .fill / .stroke / .styledStroke
//   symbol                    → .group of the symbol's fills and strokes
//   text                      → .text          image → .image       material → .material
//   shaderFill                → .fill(shape, .shader(…))
//   shaderEffect              → .group with an `effect`
//   vstack, hstack, zstack, scrollView (a layout root) → .group of its views' nodes, laid out
//   a leaf with modifiers (opacity, offset, scale, rotation, tilt, clip, blur, shadow) or with both
//   fill and stroke           → .group around it
//
// Scale, rotation and tilt turn about `anchor`: by default a leaf's frame centre, a group's clip
// centre, or the group's origin when it has no clip.

import HoloGeometry
import HoloScene

/// A shape whose geometry may be animated.
public enum ShapeSpec: Hashable, Sendable {
    case rect(AnimatableRect)
    case roundedRect(AnimatableRect, cornerRadius: AnimatableValue, style: CornerStyle)
    case capsule(AnimatableRect)
    /// The ellipse inscribed in a frame.
    case ellipse(AnimatableRect)
    case circle(center: AnimatablePoint, radius: AnimatableValue)
    /// SVG path data, read once (its numbers are constants).
    case path(Path)
}

public struct GradientStopSpec: Hashable, Sendable {
    public var color: AnimatableColor
    public var location: AnimatableValue
    public init(color: AnimatableColor, location: AnimatableValue) { self.color = color; self.location = location }
}

/// A paint whose colours and geometry may be animated. Angles are in degrees in the document and
/// here; coordinates are the node's local points.
public enum PaintSpec: Hashable, Sendable {
    case solid(AnimatableColor)
    case linearGradient(stops: [GradientStopSpec], start: AnimatablePoint, end: AnimatablePoint)
    case radialGradient(stops: [GradientStopSpec], center: AnimatablePoint, startRadius: AnimatableValue, endRadius: AnimatableValue)
    case angularGradient(stops: [GradientStopSpec], center: AnimatablePoint, startAngle: AnimatableValue, endAngle: AnimatableValue)
}

public enum ShaderSpec: Hashable, Sendable {
    case holographic(roll: AnimatableValue, pitch: AnimatableValue, time: AnimatableValue, accentHue: AnimatableValue, isStatic: Bool)
    case anyDistance(roll: AnimatableValue)
    /// A colour effect from the scene's own `.metal` file.
    case metal(MetalShaderSpec)
}

/// A `shaderEffect` node's effect: SwiftUI's `.colorEffect`, `.distortionEffect(_:maxSampleOffset:)`
/// or `.layerEffect(_:maxSampleOffset:)` on a view whose bounds are `frame`.
public struct ShaderEffectSpec: Hashable, Sendable {
    public var frame: AnimatableRect
    public var shader: MetalShaderSpec
    /// Points on each axis (zero for a colour effect).
    public var maxSampleOffset: Size
}

public struct ShadowSpec: Hashable, Sendable {
    public var color: AnimatableColor
    public var radius: AnimatableValue
    public var offset: AnimatablePoint
    public init(color: AnimatableColor, radius: AnimatableValue, offset: AnimatablePoint) {
        self.color = color; self.radius = radius; self.offset = offset
    }
}

public struct TiltSpec: Hashable, Sendable {
    public var degreesX, degreesY, perspective: AnimatableValue
}

/// The group-level effects any node may carry.
public struct Modifiers: Hashable, Sendable {
    /// The group's identity for the compositor's retained layers (SwiftUI's `.id`): give it to a
    /// group whose place among its siblings changes between frames. Optional: a group is known by
    /// its place in the tree, and one whose offset reads `scroll` is kept as a scrolled layer anyway.
    public var id: String?
    public var opacity: AnimatableValue?
    public var offset: AnimatablePoint?
    public var scale: AnimatablePoint?
    /// Degrees, clockwise on screen.
    public var rotation: AnimatableValue?
    public var anchor: AnimatablePoint?
    public var tilt: TiltSpec?
    public var clip: ShapeSpec?
    public var blur: AnimatableValue?
    public var shadow: ShadowSpec?

    var isEmpty: Bool {
        id == nil && opacity == nil && offset == nil && scale == nil && rotation == nil && tilt == nil && clip == nil
            && blur == nil && shadow == nil
    }
}

/// A stroke of `width` points centred on the outline; with any of the style keys, SwiftUI's
/// `StrokeStyle` (caps, joins, miter limit, dashes).
public struct StrokeSpec: Hashable, Sendable {
    public var paint: PaintSpec
    public var width: AnimatableValue
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    public var dash: [Double] = []
    public var dashPhase: AnimatableValue = .constant(0)
    /// True when the file gave any style key: drawn as `.styledStroke`, else as `.stroke`.
    public var isStyled = false

    /// A plain stroke of `width` points (no style keys: drawn as `.stroke`).
    public init(paint: PaintSpec, width: AnimatableValue) { self.paint = paint; self.width = width }
}

/// An SF Symbol drawn as paths (HoloScene's `Symbol`).
public struct SymbolSpec: Hashable, Sendable {
    public var name: String
    public var size: AnimatableValue
    public var weight: SymbolWeight
    public var center: AnimatablePoint
    public var fill: PaintSpec
}

public struct TextSpec: Hashable, Sendable {
    public var string: String
    public var fontSize: AnimatableValue
    public var weight: FontWeight
    /// A font family (`"family": "DejaVu Sans"`); nil: the renderer's default (Inter or `--font`).
    public var family: String? = nil
    public var origin: AnimatablePoint
    public var alignment: TextAlignment
    public var fill: PaintSpec
    /// Lines wrap to this width (points); nil: one line per newline.
    public var width: AnimatableValue? = nil
    public var lineLimit: Int? = nil
    public var lineSpacing: AnimatableValue = .constant(0)
    public var minimumScaleFactor: Double = 1
}

public indirect enum UserNodeContent: Hashable, Sendable {
    case group([UserNode])
    /// A group whose shadow has no offset.
    case glow([UserNode], color: AnimatableColor, radius: AnimatableValue)
    case shape(ShapeSpec, fill: PaintSpec?, stroke: StrokeSpec?)
    case text(TextSpec)
    case symbol(SymbolSpec)
    case image(ImageData, frame: AnimatableRect)
    case material(ShapeSpec, MaterialKind, ColorScheme)
    case shaderFill(ShapeSpec, ShaderSpec)
    /// A colour, distortion or layer effect from the scene's own `.metal` file on the children.
    case shaderEffect([UserNode], ShaderEffectSpec)
    /// A layout container (vstack, hstack, zstack, scrollView) outside any container: laid out on
    /// the screen as a root view (ViewDocument.swift).
    case layout(LayoutRootSpec)

}

public struct UserNode: Hashable, Sendable {
    /// The node's path in the document ("scene.children[2]"), for messages.
    public var path: String
    public var content: UserNodeContent
    public var modifiers: Modifiers
}
