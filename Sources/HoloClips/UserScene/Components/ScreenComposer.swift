// The layout kit from Swift inside Holoframe: the built-in screens compose their cards, rows and
// bars from the same containers and components a clip file's views decode into, at constant values
// (their motion is the family's own: a scroll offset or a state that moves a laid-out view).
//
//   var c = ScreenComposer(environment)
//   let card = c.vstack(alignment: 0, spacing: 4, [c.text("This Week", .headline), c.text("4", .title2, weight: .bold)])
//       .padding(16).background(c.shape(.roundedRect(18), fill: c.solid(palette.card)))
//   let drawn = card.laidOut(width: 358, in: environment)     // its height, and its nodes at (0, 0)

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// A `ViewComposer` for views built in Swift at constant values.
public struct ScreenComposer: ViewComposer {
    public let environment: ViewEnvironment
    private var lastID = 0

    public init(_ environment: ViewEnvironment) { self.environment = environment }

    public mutating func newViewID() -> Int {
        lastID += 1
        return lastID
    }

    /// Built-in screens read no drivers: an expression here must be a constant one.
    public mutating func driven(_ expression: String) -> AnimatableValue {
        var none = DriverTable(known: [])
        guard let e = try? ExpressionParser.parse(expression, drivers: &none), e.driverSlots.isEmpty else {
            preconditionFailure("a view composed in Swift reads no driver: \(expression)")
        }
        return .constant(e.evaluate(DriverSlots(values: [])))
    }

    public var colorScheme: ColorScheme { environment.colorScheme }
    public var increasedContrast: Bool { environment.increasedContrast }
    public var dynamicTypeSize: DynamicTypeSize { environment.dynamicTypeSize }
    public var screenWidth: Double { environment.layout.screen.width }

    // MARK: Views

    public mutating func vstack(alignment: Double = 0.5, spacing: Double? = nil, _ children: [ViewSpec]) -> ViewSpec {
        make(.stack(.vertical, alignment: .fraction(alignment), spacing: spacing.map { .constant($0) }, children), path: "")
    }

    public mutating func hstack(alignment: StackAlignment = 0.5, spacing: Double? = nil, _ children: [ViewSpec]) -> ViewSpec {
        make(.stack(.horizontal, alignment: alignment, spacing: spacing.map { .constant($0) }, children), path: "")
    }

    public mutating func zstack(alignment: Alignment = .center, _ children: [ViewSpec]) -> ViewSpec {
        make(.zstack(alignment, children), path: "")
    }

    public mutating func spacer() -> ViewSpec { spacer(path: "") }

    /// Text in a Dynamic Type style (its size and leading follow the clip's text size).
    public mutating func text(_ string: String, _ style: TextStyle, weight: FontWeight? = nil, color: Color,
                              lineLimit: Int? = 1, minimumScaleFactor: Double = 1, alignment: TextAlignment = .leading) -> ViewSpec {
        make(.text(ViewTextSpec(string: string, style: style, weight: weight, fill: solid(color), lineLimit: lineLimit,
                                minimumScaleFactor: minimumScaleFactor, alignment: alignment)), path: "")
    }

    /// Text at `size` points that scales with `style` (SwiftUI's `.system(size:).relativeTo` and
    /// `Font.custom(_:size:relativeTo:)`), or stays fixed with no style.
    public mutating func text(_ string: String, size: Double, relativeTo style: TextStyle?, weight: FontWeight, color: Color,
                              lineLimit: Int? = 1, minimumScaleFactor: Double = 1, alignment: TextAlignment = .leading) -> ViewSpec {
        make(.text(ViewTextSpec(string: string, style: nil, fontSize: .constant(size), relativeTo: style, weight: weight,
                                fill: solid(color), lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor, alignment: alignment)), path: "")
    }

    public mutating func symbol(_ name: String, size: Double, weight: SymbolWeight, color: Color) -> ViewSpec {
        make(.symbol(ViewSymbolSpec(name: name, style: nil, size: .constant(size), weight: weight, fill: solid(color))), path: "")
    }

    public mutating func shape(_ shape: ViewShape, fill: ViewPaint) -> ViewSpec {
        make(.shape(shape, fill: fill, stroke: nil), path: "")
    }

    public func solid(_ color: Color) -> ViewPaint { .solid(.constant(color)) }

    /// A linear gradient across the view's frame, from `start` to `end` in unit coordinates.
    public func linearGradient(_ colors: [Color], start: Point, end: Point) -> ViewPaint {
        let n = max(colors.count - 1, 1)
        return .linearGradient(stops: colors.enumerated().map { GradientStopSpec(color: .constant($1), location: .constant(Double($0) / Double(n))) },
                               start: AnimatablePoint(x: .constant(start.x), y: .constant(start.y)),
                               end: AnimatablePoint(x: .constant(end.x), y: .constant(end.y)))
    }

    /// An angular gradient about the frame's centre, from `startAngle` to `endAngle` in degrees
    /// (clockwise from the leading edge, as SwiftUI's `AngularGradient`).
    public func angularGradient(_ colors: [Color], startAngle: Double, endAngle: Double) -> ViewPaint {
        let n = max(colors.count - 1, 1)
        return .angularGradient(stops: colors.enumerated().map { GradientStopSpec(color: .constant($1), location: .constant(Double($0) / Double(n))) },
                                center: AnimatablePoint(x: .constant(0.5), y: .constant(0.5)),
                                startAngle: .constant(startAngle), endAngle: .constant(endAngle))
    }
}

extension ViewShape {
    public static func roundedRect(_ radius: Double, style: CornerStyle = .continuous) -> ViewShape {
        .roundedRect(cornerRadius: .constant(radius), style: style)
    }
}

// MARK: Modifiers, in SwiftUI's order of application (each wraps what came before)

extension ViewSpec {
    public func padding(_ all: Double) -> ViewSpec { padding(top: all, leading: all, bottom: all, trailing: all) }

    public func padding(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) -> ViewSpec {
        modified(.padding(top: .constant(top), leading: .constant(leading), bottom: .constant(bottom), trailing: .constant(trailing)))
    }

    public func frame(width: Double? = nil, height: Double? = nil, minHeight: Double? = nil, maxWidth: Double? = nil,
                      alignment: Alignment = .center) -> ViewSpec {
        modified(.frame(ViewFrameSpec(width: width.map { .constant($0) }, height: height.map { .constant($0) }, minWidth: nil, idealWidth: nil,
                                      maxWidth: maxWidth.map { .constant($0) }, minHeight: minHeight.map { .constant($0) }, idealHeight: nil,
                                      maxHeight: nil, alignment: alignment)))
    }

    public func background(_ view: ViewSpec, alignment: Alignment = .center) -> ViewSpec { modified(.background(view, alignment)) }
    public func overlay(_ view: ViewSpec, alignment: Alignment = .center) -> ViewSpec { modified(.overlay(view, alignment)) }
    public func clipShape(_ shape: ViewShape) -> ViewSpec { modified(.clip(shape)) }

    public func layoutPriority(_ priority: Double) -> ViewSpec {
        var v = self
        v.layoutPriority = priority
        return v
    }

    func modified(_ m: ViewModifierSpec) -> ViewSpec {
        var v = self
        v.modifiers.append(m)
        return v
    }

    /// The view laid out on its own, offered `width` and its ideal height, and drawn with its
    /// top-leading corner at (0, 0): a card of a scrolled column, whose height places the next.
    public func laidOut(width: Double, in environment: ViewEnvironment) -> (size: Size, nodes: [Node]) {
        let atRest = DriverSlots(values: [])
        let (size, result) = Layout.layout(resolved(atRest, environment), proposal: ProposedSize(width: width, height: nil), in: environment.layout)
        return (size, build(result, atRest, environment, scroll: 0))
    }
}
