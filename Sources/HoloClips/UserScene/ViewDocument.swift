// Views in a clip file: the nodes inside layout containers (vstack, hstack, zstack, scrollView).
//
// A container outside any container is a layout root: it is laid out on the screen as SwiftUI lays
// out a root view (offered the safe area, centred in it) and draws as ordinary scene nodes, so the
// compositor and the raster see nothing new. Inside a container a node is a *view*: it has no
// position of its own (no `x`, `y`, shape `frame` or text `width`); it sizes itself for what its
// parent offers, and keys mean what SwiftUI means (`frame` is `.frame`, gradient points are unit
// points, `anchor` is a unit point). docs/layout.md is the reference.
//
// Each frame a view tree is resolved at the frame's driver values into HoloLayout's `LayoutNode`
// tree (same ids), laid out (once for the whole clip when nothing that changes layout reads a
// driver), then drawn from the frames layout chose (ViewBuilding.swift).

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// A shape view: its kind without geometry (layout gives the frame).
public enum ViewShape: Hashable, Sendable {
    case rect
    case roundedRect(cornerRadius: AnimatableValue, style: CornerStyle)
    case capsule
    /// SwiftUI's `Circle`: the largest circle inscribed in the frame, centred.
    case circle
    /// SwiftUI's `Ellipse`: fills the frame.
    case ellipse
    /// SVG path data in the view's own points (its origin at the frame's top-leading corner).
    case path(Path)
}

/// A paint whose gradient points are unit points of the view's frame (SwiftUI's `UnitPoint`).
public typealias ViewPaint = PaintSpec

public struct ViewTextSpec: Hashable, Sendable {
    public var string: String
    /// The text style, when the file named one (`"font": "headline"`).
    public var style: TextStyle?
    /// A fixed size in points (stays fixed unless `relativeTo` names a style it then scales with).
    public var fontSize: AnimatableValue?
    public var relativeTo: TextStyle?
    public var weight: FontWeight?
    public var family: String?
    public var fill: ViewPaint?
    public var lineLimit: Int?
    public var lineSpacing: AnimatableValue?
    public var minimumScaleFactor: Double
    public var truncation: TextContent.Truncation
    public var alignment: TextAlignment

    public init(string: String, style: TextStyle?, fontSize: AnimatableValue? = nil, relativeTo: TextStyle? = nil,
                weight: FontWeight? = nil, family: String? = nil, fill: ViewPaint? = nil, lineLimit: Int? = nil,
                lineSpacing: AnimatableValue? = nil, minimumScaleFactor: Double = 1, truncation: TextContent.Truncation = .tail,
                alignment: TextAlignment = .leading) {
        self.string = string; self.style = style; self.fontSize = fontSize; self.relativeTo = relativeTo; self.weight = weight
        self.family = family; self.fill = fill; self.lineLimit = lineLimit; self.lineSpacing = lineSpacing
        self.minimumScaleFactor = minimumScaleFactor; self.truncation = truncation; self.alignment = alignment
    }
}

public struct ViewSymbolSpec: Hashable, Sendable {
    public var name: String
    public var style: TextStyle?
    public var size: AnimatableValue?
    public var weight: SymbolWeight?
    public var fill: ViewPaint?

    public init(name: String, style: TextStyle?, size: AnimatableValue? = nil, weight: SymbolWeight? = nil, fill: ViewPaint? = nil) {
        self.name = name; self.style = style; self.size = size; self.weight = weight; self.fill = fill
    }
}

/// A point in a view's frame: a unit point (SwiftUI's `UnitPoint`, 0…1 of the frame).
public struct UnitPointSpec: Hashable, Sendable {
    public var x, y: AnimatableValue
    public init(x: AnimatableValue, y: AnimatableValue) { self.x = x; self.y = y }
}

public indirect enum ViewModifierSpec: Hashable, Sendable {
    case padding(top: AnimatableValue, leading: AnimatableValue, bottom: AnimatableValue, trailing: AnimatableValue)
    /// SwiftUI's `.safeAreaPadding`: padding that also moves the safe area in (HoloLayout's `safeAreaPadding`).
    case safeAreaPadding(top: AnimatableValue, leading: AnimatableValue, bottom: AnimatableValue, trailing: AnimatableValue)
    case frame(ViewFrameSpec)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case background(ViewSpec, Alignment)
    case overlay(ViewSpec, Alignment)
    /// A shape the view is clipped to, in its bounds.
    case clip(ViewShape)
    case shadow(ShadowSpec)
    case blur(AnimatableValue)
    case opacity(AnimatableValue)
    case scale(AnimatablePoint, anchor: UnitPointSpec?)
    /// Degrees, clockwise.
    case rotation(AnimatableValue, anchor: UnitPointSpec?)
    case tilt(TiltSpec, anchor: UnitPointSpec?)
    case offset(AnimatablePoint)

    /// True for the modifiers layout sizes and places by; the rest draw around a frame.
    var changesLayout: Bool {
        switch self {
        case .padding, .safeAreaPadding, .frame, .fixedSize, .background, .overlay: return true
        default: return false
        }
    }
}

public struct ViewFrameSpec: Hashable, Sendable {
    public var width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight: AnimatableValue?
    public var alignment: Alignment = .center

    public init(width: AnimatableValue? = nil, height: AnimatableValue? = nil, minWidth: AnimatableValue? = nil,
                idealWidth: AnimatableValue? = nil, maxWidth: AnimatableValue? = nil, minHeight: AnimatableValue? = nil,
                idealHeight: AnimatableValue? = nil, maxHeight: AnimatableValue? = nil, alignment: Alignment = .center) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight; self.alignment = alignment
    }
}

public indirect enum ViewKind: Hashable, Sendable {
    case stack(Axis, alignment: StackAlignment, spacing: AnimatableValue?, [ViewSpec])
    case zstack(Alignment, [ViewSpec])
    case spacer(minLength: AnimatableValue?)
    case divider
    case scrollView(ViewSpec)
    case shape(ViewShape, fill: ViewPaint?, stroke: StrokeSpec?)
    case text(ViewTextSpec)
    case symbol(ViewSymbolSpec)
    case image(ImageData, resizable: Bool, contentMode: ContentMode?)
    case material(ViewShape, MaterialKind, ColorScheme)
    case shaderFill(ViewShape, ShaderSpec)
}

/// SwiftUI's `ContentMode` for a resizable image's `aspectRatio`.
public enum ContentMode: String, Hashable, Sendable { case fit, fill }

public struct ViewSpec: Hashable, Sendable {
    /// The node's path in the document, for messages.
    public var path: String
    /// Unique in the document: the id layout reports this view's frames under.
    public var id: Int
    public var kind: ViewKind
    /// Innermost first.
    public var modifiers: [ViewModifierSpec]
    public var layoutPriority: Double = 0
    public var ignoresSafeArea = false
    /// SwiftUI's `.id`: the identity the compositor keeps this view's layer under.
    public var retentionID: String?
    /// The driver slot of `phase.value` when this view's render-only modifiers read it (the view
    /// is in a scroll view's content): set per frame from where the view is.
    public var phaseSlot: Int?

    public init(path: String, id: Int, kind: ViewKind, modifiers: [ViewModifierSpec] = [], layoutPriority: Double = 0,
                ignoresSafeArea: Bool = false, retentionID: String? = nil) {
        self.path = path; self.id = id; self.kind = kind; self.modifiers = modifiers
        self.layoutPriority = layoutPriority; self.ignoresSafeArea = ignoresSafeArea; self.retentionID = retentionID
    }
}

/// A layout root in the scene: the container and whether its layout can be computed once.
public struct LayoutRootSpec: Hashable, Sendable {
    public var view: ViewSpec
    /// True when nothing that changes layout reads a driver: laid out once per clip.
    public var isStatic: Bool

    public init(view: ViewSpec, isStatic: Bool) { self.view = view; self.isStatic = isStatic }
}
