// One frame of a layout root: its views resolved at the frame's driver values into HoloLayout's
// tree, laid out (or the clip's one layout reused), then drawn from the frames layout chose.
//
// What each view draws, in its frame F (the frame at modifier level 0):
//   shapes       the shape in F (a circle inscribed and centred, a path from F's corner)
//   text         one paragraph run: its origin on the first baseline at F's leading edge (centre,
//                trailing edge for those alignments), wrapped in the width layout wrapped it in
//   symbol       centred in F          image  F           material, shaderFill  the shape in F
//   divider      F in the separator colour                 spacer  nothing
//   scrollView   its content in a group moved by −scroll (a scrolled layer for the compositor),
//                clipped to the viewport
// Modifiers then wrap those nodes outward in order: background views behind, overlays in front,
// and clip, shadow, blur, opacity, scale, rotation, tilt, offset as a group around the frame of
// the level they apply to (scale, rotation and tilt about that frame's centre, or `anchor`).

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// What a view tree is laid out and drawn against.
public struct ViewEnvironment: Sendable {
    public var layout: LayoutEnvironment
    public var dynamicTypeSize: DynamicTypeSize
    public var colorScheme: ColorScheme
    public var increasedContrast: Bool

    public init(layout: LayoutEnvironment, dynamicTypeSize: DynamicTypeSize = .large, colorScheme: ColorScheme = .light,
                increasedContrast: Bool = false) {
        self.layout = layout; self.dynamicTypeSize = dynamicTypeSize; self.colorScheme = colorScheme
        self.increasedContrast = increasedContrast
    }
}

extension LayoutRootSpec {
    /// The root laid out at these driver values.
    func layout(_ d: DriverSlots, _ env: ViewEnvironment) -> LayoutResult {
        Layout.layout(view.resolved(d, env), in: env.layout)
    }

    /// The root's nodes for one frame; `layout` is the clip's one layout when the root is static.
    func build(_ d: DriverSlots, _ env: ViewEnvironment, scroll: Double, layout cached: LayoutResult?) -> Node {
        let result = cached ?? layout(d, env)
        return .group(Group(view.build(result, d, env, scroll: scroll)))
    }
}

extension ViewSpec {
    // MARK: Resolving

    func resolved(_ d: DriverSlots, _ env: ViewEnvironment) -> LayoutNode {
        var mods: [LayoutModifier] = []
        for m in modifiers {
            switch m {
            case .padding(let t, let l, let b, let r):
                mods.append(.padding(Insets(top: max(0, t.value(d)), left: max(0, l.value(d)), bottom: max(0, b.value(d)), right: max(0, r.value(d)))))
            case .safeAreaPadding(let t, let l, let b, let r):
                mods.append(.safeAreaPadding(Insets(top: max(0, t.value(d)), left: max(0, l.value(d)), bottom: max(0, b.value(d)), right: max(0, r.value(d)))))
            case .frame(let f):
                func v(_ a: AnimatableValue?) -> Double? {
                    guard let a else { return nil }
                    if case .constant(let c) = a, c == .infinity { return .infinity }
                    return max(0, a.value(d))
                }
                mods.append(.frame(FrameSpec(width: v(f.width), height: v(f.height), minWidth: v(f.minWidth), idealWidth: v(f.idealWidth),
                                             maxWidth: v(f.maxWidth), minHeight: v(f.minHeight), idealHeight: v(f.idealHeight),
                                             maxHeight: v(f.maxHeight), alignment: f.alignment)))
            case .fixedSize(let h, let v):
                mods.append(.fixedSize(horizontal: h, vertical: v))
            case .background(let view, let a):
                mods.append(.background(view.resolved(d, env), a))
            case .overlay(let view, let a):
                mods.append(.overlay(view.resolved(d, env), a))
            default:
                mods.append(.render)
            }
        }
        let kind: LayoutKind
        var children: [LayoutNode] = []
        switch self.kind {
        case .stack(let axis, let alignment, let spacing, let views):
            kind = .stack(axis, alignment: alignment, spacing: spacing.map { $0.value(d) })
            children = views.map { $0.resolved(d, env) }
        case .zstack(let alignment, let views):
            kind = .zstack(alignment)
            children = views.map { $0.resolved(d, env) }
        case .spacer(let minLength):
            kind = .spacer(minLength: minLength.map { max(0, $0.value(d)) })
        case .divider:
            kind = .divider
        case .scrollView(let content):
            kind = .scrollView
            children = [content.resolved(d, env)]
        case .shape(.path(let p), _, _):
            let b = p.bounds
            kind = .fixed(Size(max(0, b.maxX), max(0, b.maxY)))
        case .shape, .material, .shaderFill:
            kind = .flexible
        case .text(let t):
            kind = .text(t.content(d, env))
        case .symbol(let s):
            kind = .fixed(s.bounds(d, env).size)
        case .image(let image, let resizable, let mode):
            if resizable {
                kind = mode.map { .aspect(ratio: Double(image.width) / Double(max(1, image.height)), fill: $0 == .fill) } ?? .flexible
            } else {
                kind = .fixed(Size(Double(image.width), Double(image.height)))
            }
        }
        return LayoutNode(id: id, kind, children: children, modifiers: mods, layoutPriority: layoutPriority, ignoresSafeArea: ignoresSafeArea)
    }

    // MARK: Drawing

    func build(_ r: LayoutResult, _ d: DriverSlots, _ env: ViewEnvironment, scroll: Double, visible: ClosedRange<Double>? = nil) -> [Node] {
        guard let frames = r.frames[id], frames.count == modifiers.count + 1 else { return [] }
        var d = d
        if let slot = phaseSlot, let visible, slot < d.values.count {
            d.values[slot] = Self.phase(of: frames[modifiers.count], scroll: scroll, visible: visible)
        }
        var nodes = base(frames[0], r, d, env, scroll: scroll, visible: visible)
        for (k, m) in modifiers.enumerated() {
            let f = frames[k + 1]
            switch m {
            case .padding, .safeAreaPadding, .frame, .fixedSize: break
            case .background(let view, _): nodes = view.build(r, d, env, scroll: scroll, visible: visible) + nodes
            case .overlay(let view, _): nodes += view.build(r, d, env, scroll: scroll, visible: visible)
            case .clip(let shape): nodes = [.group(Group(nodes, clip: shape.shape(in: f, d)))]
            case .shadow(let s):
                nodes = [.group(Group(nodes, shadow: Shadow(color: s.color.value(d), radius: SceneLimits.clamp(s.radius.value(d), SceneLimits.shadowRadius),
                                                            offset: limitedShadowOffset(s.offset.value(d)))))]
            case .blur(let b): nodes = [.group(Group(nodes, blur: SceneLimits.clamp(b.value(d), SceneLimits.blurRadius)))]
            case .opacity(let o): nodes = [.group(Group(nodes, opacity: clamp(o.value(d), 0, 1)))]
            case .scale(let s, let anchor):
                let a = Self.anchorPoint(anchor, in: f, d), v = s.value(d)
                nodes = [.group(Group(nodes, transform: AffineTransform.translation(-a.x, -a.y).concatenating(.scale(v.x, v.y))
                    .concatenating(.translation(a.x, a.y))))]
            case .rotation(let degrees, let anchor):
                let a = Self.anchorPoint(anchor, in: f, d)
                nodes = [.group(Group(nodes, transform: AffineTransform.translation(-a.x, -a.y).concatenating(.rotation(degrees.value(d) * .pi / 180))
                    .concatenating(.translation(a.x, a.y))))]
            case .tilt(let t, let anchor):
                let a = Self.anchorPoint(anchor, in: f, d)
                nodes = [.group(Group(nodes, tilt: Tilt(degreesX: t.degreesX.value(d), degreesY: t.degreesY.value(d),
                                                        perspective: t.perspective.value(d), anchor: a)))]
            case .offset(let o):
                let v = o.value(d)
                // An offset that moves with the frame is a retained layer that only moves.
                let moves = !o.x.isConstant || !o.y.isConstant
                nodes = [.group(Group(nodes, transform: .translation(v.x, v.y), retention: moves ? Retention(id: retentionID) : nil))]
            }
        }
        if let retentionID {
            if nodes.count == 1, case .group(var g) = nodes[0], g.retention == nil {
                g.retention = Retention(id: retentionID)
                nodes = [.group(g)]
            } else {
                nodes = [.group(Group(nodes, retention: Retention(id: retentionID)))]
            }
        }
        return nodes
    }

    /// SwiftUI's scrollTransition phase of a view whose frame (content coordinates at scroll 0) is
    /// `f`, for the visible region (screen y): 0 while wholly visible, −(share of it above the top)
    /// as it leaves past the top, +(share below the bottom) past the bottom.
    static func phase(of f: Rect, scroll: Double, visible: ClosedRange<Double>) -> Double {
        let top = f.minY - scroll, bottom = f.maxY - scroll, h = max(f.height, 1e-9)
        if top < visible.lowerBound { return -min(1, (visible.lowerBound - top) / h) }
        if bottom > visible.upperBound { return min(1, (bottom - visible.upperBound) / h) }
        return 0
    }

    static func anchorPoint(_ anchor: UnitPointSpec?, in f: Rect, _ d: DriverSlots) -> Point {
        guard let anchor else { return f.center }
        return Point(f.minX + anchor.x.value(d) * f.width, f.minY + anchor.y.value(d) * f.height)
    }

    private func base(_ f: Rect, _ r: LayoutResult, _ d: DriverSlots, _ env: ViewEnvironment, scroll: Double, visible: ClosedRange<Double>?) -> [Node] {
        switch kind {
        case .stack(_, _, _, let views), .zstack(_, let views):
            return views.flatMap { $0.build(r, d, env, scroll: scroll, visible: visible) }
        case .spacer:
            return []
        case .divider:
            let separator = Color.named("separator", scheme: env.colorScheme, increasedContrast: env.increasedContrast) ?? Color(white: 0.8)
            return [.fill(.rect(f), .solid(separator))]
        case .scrollView(let content):
            guard let g = r.scrollViews[id] else { return [] }
            let inner = content.build(r, d, env, scroll: scroll,
                                      visible: (g.frame.minY + g.contentInsets.top)...max(g.frame.minY + g.contentInsets.top, g.frame.maxY - g.contentInsets.bottom))
            let moved = Group(inner, transform: .translation(0, -scroll), retention: Retention(scrolls: true))
            return [.group(Group([.group(moved)], clip: .rect(g.frame)))]
        case .shape(let shape, let fill, let stroke):
            let s = shape.shape(in: f, d)
            var out: [Node] = []
            if let fill { out.append(.fill(s, fill.value(in: f, d))) }
            if let stroke {
                let width = max(0, stroke.width.value(d))
                if stroke.isStyled {
                    out.append(.styledStroke(s, stroke.paint.value(in: f, d), StrokeStyle(
                        lineWidth: width, lineCap: stroke.lineCap, lineJoin: stroke.lineJoin, miterLimit: stroke.miterLimit,
                        dash: stroke.dash, dashPhase: SceneLimits.clamp(stroke.dashPhase.value(d), SceneLimits.coordinate))))
                } else {
                    out.append(.stroke(s, stroke.paint.value(in: f, d), width: width))
                }
            }
            return out
        case .text(let t):
            guard let fit = r.texts[id], !fit.string.isEmpty else { return [] }
            let content = t.content(d, env)
            let x: Double
            switch content.alignment {
            case .leading: x = f.minX
            case .center: x = f.midX
            case .trailing: x = f.maxX
            }
            let run = TextRun(fit.string, font: content.font, origin: Point(x, f.minY + fit.firstBaseline), alignment: content.alignment,
                              minimumScaleFactor: content.minimumScaleFactor, wrapWidth: fit.wrapWidth ?? .infinity, lineLimit: fit.lineLimit,
                              lineSpacing: fit.lineSpacing)
            return [.text(run, (t.fill ?? .solid(.constant(env.label))).value(in: f, d))]
        case .symbol(let s):
            let b = s.bounds(d, env)
            let center = Point(f.midX - b.midX, f.midY - b.midY)
            guard let node = Symbol.node(s.name, size: s.pointSize(d, env), weight: s.symbolWeight(env), center: center,
                                         paint: (s.fill ?? .solid(.constant(env.label))).value(in: f, d)) else { return [] }
            if case .group(let g) = node { return g.children }
            return [node]
        case .image(let image, _, _):
            return [.image(image, frame: f)]
        case .material(let shape, let kind, let scheme):
            return [.material(shape.shape(in: f, d), kind, scheme)]
        case .shaderFill(let shape, let shader):
            let s = shape.shape(in: f, d)
            let program: any ColorEffectProgram
            switch shader {
            case .holographic(let roll, let pitch, let time, let hue, let isStatic):
                program = HolographicTextEffect(roll: roll.value(d), pitch: pitch.value(d), time: time.value(d), accentHue: hue.value(d), isStatic: isStatic)
            case .anyDistance(let roll):
                program = AnyDistanceGradientEffect(roll: roll.value(d))
            case .metal(let spec):
                program = spec.program(d)
            }
            return [.fill(s, .shader(ShaderPaint(bounds: f, program: program)))]
        }
    }
}

extension ViewEnvironment {
    var label: Color { Color.named("label", scheme: colorScheme, increasedContrast: increasedContrast) ?? .black }
}

extension ViewShape {
    func shape(in f: Rect, _ d: DriverSlots) -> Shape {
        switch self {
        case .rect: return .rect(f)
        case .roundedRect(let r, let style): return .roundedRect(f, cornerRadius: max(0, r.value(d)), style: style)
        case .capsule: return .capsule(f)
        case .circle: return .circle(center: f.center, radius: min(f.width, f.height) / 2)
        case .ellipse: return .ellipse(f)
        case .path(let p): return .path(p.scaled(by: 1, offset: f.origin))
        }
    }
}

extension PaintSpec {
    /// The paint with its gradient points read as unit points of `f` (radii stay in points).
    func value(in f: Rect, _ d: DriverSlots) -> Paint {
        func at(_ p: AnimatablePoint) -> Point { let u = p.value(d); return Point(f.minX + u.x * f.width, f.minY + u.y * f.height) }
        func stops(_ s: [GradientStopSpec]) -> [GradientStop] { s.map { GradientStop($0.color.value(d), at: clamp($0.location.value(d), 0, 1)) } }
        switch self {
        case .solid(let c): return .solid(c.value(d))
        case .linearGradient(let s, let a, let b): return .linearGradient(stops: stops(s), start: at(a), end: at(b))
        case .radialGradient(let s, let c, let r0, let r1):
            return .radialGradient(stops: stops(s), center: at(c), startRadius: r0.value(d), endRadius: r1.value(d))
        case .angularGradient(let s, let c, let a0, let a1):
            return .angularGradient(stops: stops(s), center: at(c), startAngle: a0.value(d) * .pi / 180, endAngle: a1.value(d) * .pi / 180)
        }
    }
}

extension ViewTextSpec {
    /// The text as layout sizes it: the style's size, weight and leading at the clip's Dynamic Type
    /// size, or the fixed size (scaled with `relativeTo`'s style when given).
    func content(_ d: DriverSlots, _ env: ViewEnvironment) -> TextContent {
        let type = env.dynamicTypeSize
        var size: Double, leading: Double?, styleWeight = FontWeight.regular
        if let style {
            size = type.pointSize(style)
            leading = type.leading(style)
            if style.isSemibold { styleWeight = .semibold }
        } else {
            size = SceneLimits.clamp(fontSize?.value(d) ?? 17, SceneLimits.fontSize)
            if let relativeTo { size *= type.scale(of: relativeTo) }
            leading = nil
        }
        let extra = lineSpacing.map { max(0, $0.value(d)) } ?? 0
        let font = Font(size: size, weight: weight ?? styleWeight, family: family)
        let natural = leading ?? FontLibraryMeasure().lineMetrics(font).lineHeight
        return TextContent(string, font: font, leading: natural + extra, lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor,
                           truncation: truncation, alignment: alignment)
    }
}

extension ViewSymbolSpec {
    func pointSize(_ d: DriverSlots, _ env: ViewEnvironment) -> Double {
        if let style { return env.dynamicTypeSize.pointSize(style) }
        return SceneLimits.clamp(size?.value(d) ?? 17, SceneLimits.fontSize)
    }

    func symbolWeight(_ env: ViewEnvironment) -> SymbolWeight {
        weight ?? (style?.isSemibold == true ? .semibold : .regular)
    }

    /// The symbol's box: as wide as its drawing (strokes included), one em tall, as an SF Symbol
    /// image sits in the line of text beside it; centred on the origin.
    func bounds(_ d: DriverSlots, _ env: ViewEnvironment) -> Rect {
        let size = pointSize(d, env)
        guard let node = Symbol.node(name, size: size, weight: symbolWeight(env), center: .zero, paint: .solid(.black)),
              case .group(let g) = node else { return Rect(x: -size / 2, y: -size / 2, width: size, height: size) }
        var minX = Double.infinity, maxX = -Double.infinity
        for child in g.children {
            switch child {
            case .fill(let s, _):
                minX = min(minX, s.bounds.minX); maxX = max(maxX, s.bounds.maxX)
            case .styledStroke(let s, _, let style):
                minX = min(minX, s.bounds.minX - style.lineWidth / 2); maxX = max(maxX, s.bounds.maxX + style.lineWidth / 2)
            case .stroke(let s, _, let width):
                minX = min(minX, s.bounds.minX - width / 2); maxX = max(maxX, s.bounds.maxX + width / 2)
            default: break
            }
        }
        guard minX.isFinite, maxX.isFinite else { return Rect(x: -size / 2, y: -size / 2, width: size, height: size) }
        return Rect(x: minX, y: -size / 2, width: maxX - minX, height: size)
    }
}
