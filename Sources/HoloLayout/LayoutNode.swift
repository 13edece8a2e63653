// The view tree layout works on: SwiftUI's layout model with concrete numbers.
//
// A parent proposes a size, the child chooses its own, the parent places it (WWDC 2019 "Building
// Custom Views with SwiftUI"; SwiftUI's `Layout` protocol: `sizeThatFits(proposal:)` then
// `placeSubviews(in:proposal:)`). A proposal's dimension is a number of points, `nil` (the view's
// ideal size: `ProposedViewSize.unspecified`) or `.infinity` (as large as the view can be).
//
// A `LayoutNode` is a view: a container (`stack`, `zstack`, `scrollView`), a spacer, a divider or a
// leaf, wrapped by modifiers in order (`modifiers[0]` is applied first, nearest the view, as
// `.padding().background(…)` reads left to right). Every node carries an `id` its builder chose,
// unique in the tree (background and overlay views included): the layout's result is a frame per
// id and modifier level, which the builder then draws. Layout itself knows no paints or drivers.

import HoloGeometry
import HoloMotion
import HoloScene

/// A size a parent offers a child: points, nil (the ideal size) or `.infinity` (the most it can take).
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    /// SwiftUI's `.unspecified`: ask for the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    init(_ major: Double, along axis: Axis, minor: Double) {
        self = axis == .horizontal ? Size(major, minor) : Size(minor, major)
    }
}

/// Where a child sits in a larger box, per axis: 0 leading/top, 0.5 centre, 1 trailing/bottom
/// (SwiftUI's `Alignment`, its nine named values; unit points for anchors use the same names).
public struct Alignment: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double
    public init(horizontal: Double, vertical: Double) { self.horizontal = horizontal; self.vertical = vertical }

    public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
    public static let leading = Alignment(horizontal: 0, vertical: 0.5)
    public static let trailing = Alignment(horizontal: 1, vertical: 0.5)
    public static let top = Alignment(horizontal: 0.5, vertical: 0)
    public static let bottom = Alignment(horizontal: 0.5, vertical: 1)
    public static let topLeading = Alignment(horizontal: 0, vertical: 0)
    public static let topTrailing = Alignment(horizontal: 1, vertical: 0)
    public static let bottomLeading = Alignment(horizontal: 0, vertical: 1)
    public static let bottomTrailing = Alignment(horizontal: 1, vertical: 1)

    /// SwiftUI's names, as clip files write them.
    public static let named: [(String, Alignment)] = [
        ("center", .center), ("leading", .leading), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ]

    public subscript(axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }

    /// The origin of a box of `size` aligned in `rect`.
    public func origin(of size: Size, in rect: Rect) -> Point {
        Point(rect.minX + (rect.width - size.width) * horizontal, rect.minY + (rect.height - size.height) * vertical)
    }
}

/// SwiftUI's `.frame`: fixed (`width`, `height`) or flexible (`minWidth` … `maxHeight`) per axis,
/// and where the child sits inside.
public struct FrameSpec: Hashable, Sendable {
    public var width, height: Double?
    public var minWidth, idealWidth, maxWidth: Double?
    public var minHeight, idealHeight, maxHeight: Double?
    public var alignment: Alignment = .center
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) {
        self.width = width; self.height = height
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// Insets per edge in points (SwiftUI's `EdgeInsets`: leading is left, trailing right, left to right).
public typealias Insets = HoloGeometry.EdgeInsets

public enum LayoutModifier: Hashable, Sendable {
    case padding(Insets)
    /// SwiftUI's `.safeAreaPadding`: padding that also moves the safe area's edges in, so a view
    /// inside that ignores the safe area (a scroll view's viewport, a bar's background) still
    /// reaches past it: the room a navigation bar or a tab bar takes from its content.
    case safeAreaPadding(Insets)
    case frame(FrameSpec)
    /// SwiftUI's `.fixedSize(horizontal:vertical:)`: the view's ideal size on those axes, whatever is offered.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// A view laid out in the modified view's bounds, behind it (`.background(_:alignment:)`).
    case background(LayoutNode, Alignment)
    /// A view laid out in the modified view's bounds, in front of it (`.overlay(_:alignment:)`).
    case overlay(LayoutNode, Alignment)
    /// A modifier that does not change layout (opacity, offset, scale, clip…): the builder draws it
    /// around the frame this level records.
    case render
}

/// What a text leaf needs to size itself: the string and how it is set.
public struct TextContent: Hashable, Sendable {
    public enum Truncation: String, Hashable, Sendable, CaseIterable { case head, middle, tail }
    public var string: String
    public var font: Font
    /// Baseline-to-baseline distance; nil: the font's own line height.
    public var leading: Double?
    public var lineLimit: Int?
    public var minimumScaleFactor: Double
    public var truncation: Truncation
    /// How lines sit within the text's frame (SwiftUI's `.multilineTextAlignment`).
    public var alignment: TextAlignment
    public init(_ string: String, font: Font, leading: Double? = nil, lineLimit: Int? = nil, minimumScaleFactor: Double = 1,
                truncation: Truncation = .tail, alignment: TextAlignment = .leading) {
        self.string = string; self.font = font; self.leading = leading; self.lineLimit = lineLimit
        self.minimumScaleFactor = minimumScaleFactor; self.truncation = truncation; self.alignment = alignment
    }
}

/// How a stack lines its children up across its axis: by a fraction of the room each child leaves
/// (0 top or leading, 0.5 centre, 1 bottom or trailing; a number literal is a fraction), or, in an
/// HStack, on the children's first or last text baselines (SwiftUI's `VerticalAlignment`
/// `.firstTextBaseline` and `.lastTextBaseline`). A child without text has its baseline at its
/// bottom edge, as in SwiftUI. In a VStack the baselines align as the centre does.
public enum StackAlignment: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    case fraction(Double)
    case firstTextBaseline
    case lastTextBaseline

    public init(floatLiteral value: Double) { self = .fraction(value) }
    public init(integerLiteral value: Int) { self = .fraction(Double(value)) }

    /// The fraction, for a stack that does not align on baselines (0.5 for a baseline in a VStack).
    public var fraction: Double {
        if case .fraction(let f) = self { f } else { 0.5 }
    }
}

public indirect enum LayoutKind: Hashable, Sendable {
    /// `HStack` / `VStack`: children along `axis`, aligned on the other axis by `alignment`,
    /// `spacing` points apart (nil: the default, 8).
    case stack(Axis, alignment: StackAlignment, spacing: Double?)
    case zstack(Alignment)
    /// Takes all the room a stack along its axis offers, at least `minLength` (nil: 8).
    case spacer(minLength: Double?)
    /// A hairline across the stack it is in.
    case divider
    /// A vertical `ScrollView`: its one child laid out with an unbounded height and scrolled.
    case scrollView
    /// Shapes, colours and materials: whatever is offered (ideal 10 × 10, as SwiftUI's shapes).
    case flexible
    /// A fixed size whatever is offered: an image that is not resizable, a path.
    case fixed(Size)
    /// A resizable image: width / height `ratio`, fitted in (or filling) what is offered.
    case aspect(ratio: Double, fill: Bool)
    case text(TextContent)
}

public struct LayoutNode: Hashable, Sendable {
    public var id: Int
    public var kind: LayoutKind
    public var children: [LayoutNode]
    /// Innermost first.
    public var modifiers: [LayoutModifier]
    /// SwiftUI's `.layoutPriority`: stacks offer space to higher priorities first.
    public var layoutPriority: Double
    /// SwiftUI's `.ignoresSafeArea()`: a view whose frame reaches the safe area's edge grows to the screen's.
    public var ignoresSafeArea: Bool

    public init(id: Int, _ kind: LayoutKind, children: [LayoutNode] = [], modifiers: [LayoutModifier] = [],
                layoutPriority: Double = 0, ignoresSafeArea: Bool = false) {
        self.id = id; self.kind = kind; self.children = children; self.modifiers = modifiers
        self.layoutPriority = layoutPriority; self.ignoresSafeArea = ignoresSafeArea
    }
}
