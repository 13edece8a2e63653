// One frame of a user scene: the document tree, resolved at this frame's driver values, as
// HoloScene nodes. Exactly one `Node` per document node (see SceneDocument.swift).

import HoloGeometry
import HoloLayout
import HoloScene

extension UserNode {
    func build(_ d: DriverSlots, _ c: ViewContext) -> Node {
        switch content {
        case .group(let children):
            return .group(group(children.map { $0.build(d, c) }, defaultAnchor: nil, d))
        case .glow(let children, let color, let radius):
            var g = group(children.map { $0.build(d, c) }, defaultAnchor: nil, d)
            g.shadow = Shadow(color: color.value(d), radius: SceneLimits.clamp(radius.value(d), SceneLimits.shadowRadius), offset: .zero)
            return .group(g)
        case .shape(let spec, let fill, let stroke):
            let shape = spec.value(d)
            var parts: [Node] = []
            if let fill { parts.append(.fill(shape, fill.value(d))) }
            if let stroke {
                let width = Swift.max(0, stroke.width.value(d))
                if stroke.isStyled {
                    parts.append(.styledStroke(shape, stroke.paint.value(d), StrokeStyle(
                        lineWidth: width, lineCap: stroke.lineCap, lineJoin: stroke.lineJoin, miterLimit: stroke.miterLimit,
                        dash: stroke.dash, dashPhase: SceneLimits.clamp(stroke.dashPhase.value(d), SceneLimits.coordinate))))
                } else {
                    parts.append(.stroke(shape, stroke.paint.value(d), width: width))
                }
            }
            return leaf(parts, anchor: shape.bounds.center, d)
        case .text(let spec):
            let run = TextRun(spec.string, font: Font(size: SceneLimits.clamp(spec.fontSize.value(d), SceneLimits.fontSize), weight: spec.weight,
                                                      family: spec.family),
                              origin: spec.origin.value(d), alignment: spec.alignment, minimumScaleFactor: spec.minimumScaleFactor,
                              wrapWidth: spec.width.map { SceneLimits.clamp($0.value(d), SceneLimits.textWidth) }, lineLimit: spec.lineLimit,
                              lineSpacing: SceneLimits.clamp(spec.lineSpacing.value(d), SceneLimits.lineSpacing))
            return leaf([.text(run, spec.fill.value(d))], anchor: run.origin, d)
        case .symbol(let spec):
            let center = spec.center.value(d)
            let node = Symbol.node(spec.name, size: SceneLimits.clamp(spec.size.value(d), SceneLimits.fontSize), weight: spec.weight,
                                   center: center, paint: spec.fill.value(d)) ?? .group([])
            var children = [node]
            if case .group(let g) = node { children = g.children }
            return modifiers.isEmpty ? .group(Group(children)) : .group(group(children, defaultAnchor: center, d))
        case .image(let image, let frame):
            let r = frame.value(d)
            return leaf([.image(image, frame: r)], anchor: r.center, d)
        case .material(let spec, let kind, let scheme):
            let shape = spec.value(d)
            return leaf([.material(shape, kind, scheme)], anchor: shape.bounds.center, d)
        case .shaderEffect(let children, let spec):
            let frame = spec.frame.value(d)
            var g = group(children.map { $0.build(d, c) }, defaultAnchor: frame.center, d)
            g.effect = ShaderEffect(rect: frame, maxSampleOffset: spec.maxSampleOffset, program: spec.shader.effectProgram(d))
            return .group(g)
        case .layout(let root):
            return root.build(d, c.environment, scroll: d.value(named: "scroll", in: c.drivers), layout: c.layouts[root.view.id])
        case .shaderFill(let spec, let shader):
            let shape = spec.value(d)
            let program: any ColorEffectProgram
            switch shader {
            case .holographic(let roll, let pitch, let time, let hue, let isStatic):
                program = HolographicTextEffect(roll: roll.value(d), pitch: pitch.value(d), time: time.value(d),
                                                accentHue: hue.value(d), isStatic: isStatic)
            case .anyDistance(let roll):
                program = AnyDistanceGradientEffect(roll: roll.value(d))
            case .metal(let spec):
                program = spec.program(d)
            }
            return leaf([.fill(shape, .shader(ShaderPaint(bounds: shape.bounds, program: program)))], anchor: shape.bounds.center, d)
        }
    }

    /// A leaf's drawing alone, or inside a group when it has modifiers or more than one part.
    private func leaf(_ parts: [Node], anchor: Point, _ d: DriverSlots) -> Node {
        if parts.count == 1 && modifiers.isEmpty { return parts[0] }
        return .group(group(parts, defaultAnchor: anchor, d))
    }


    /// Modifiers as a group. With anchor a, scale s, rotation θ and offset o, a point p maps to
    ///   p′ = R(θ)·S(s)·(p − a) + a + o
    /// i.e. translate(−a), then scale, then rotate, then translate(a + o).
    private func group(_ children: [Node], defaultAnchor: Point?, _ d: DriverSlots) -> Group {
        let m = modifiers
        let clip = m.clip?.value(d)
        let anchor = m.anchor?.value(d) ?? defaultAnchor ?? clip?.bounds.center ?? .zero
        var transform = AffineTransform.identity
        if m.scale != nil || m.rotation != nil {
            transform = .translation(-anchor.x, -anchor.y)
            if let s = m.scale?.value(d) { transform = transform.concatenating(.scale(s.x, s.y)) }
            if let r = m.rotation?.value(d) { transform = transform.concatenating(.rotation(r * .pi / 180)) }
            transform = transform.concatenating(.translation(anchor.x, anchor.y))
        }
        if let o = m.offset?.value(d) { transform = transform.concatenating(.translation(o.x, o.y)) }
        let tilt = m.tilt.map { Tilt(degreesX: $0.degreesX.value(d), degreesY: $0.degreesY.value(d),
                                     perspective: $0.perspective.value(d), anchor: anchor) }
        let shadow = m.shadow.map { Shadow(color: $0.color.value(d), radius: SceneLimits.clamp($0.radius.value(d), SceneLimits.shadowRadius),
                                                     offset: limitedShadowOffset($0.offset.value(d))) }
        // A group the user keyed, or whose offset moves with the scroll (snapped to device pixels
        // as UIKit snaps a scroll view's content), or with the frame, is kept as a retained layer.
        let scrolls = m.offset.map { $0.x.reads("scroll") || $0.y.reads("scroll") } ?? false
        let moves = m.offset.map { !$0.x.isConstant || !$0.y.isConstant } ?? false
        let retention: Retention? = (m.id != nil || moves) ? Retention(id: m.id, scrolls: scrolls) : nil
        return Group(children, transform: transform, opacity: clamp(m.opacity?.value(d) ?? 1, 0, 1), clip: clip,
                     blur: SceneLimits.clamp(m.blur?.value(d) ?? 0, SceneLimits.blurRadius), shadow: shadow, tilt: tilt,
                     retention: retention)
    }
}

/// What a frame's layout roots are built with: the environment, the layouts computed once per clip
/// (by root view id) and the driver table (to read the scroll offset).
struct ViewContext {
    var environment: ViewEnvironment
    var layouts: [Int: LayoutResult]
    var drivers: DriverTable
}

extension DriverSlots {
    /// The value of driver `name`, 0 when the document does not read it.
    func value(named name: String, in table: DriverTable) -> Double {
        guard let slot = table.names.firstIndex(of: name) else { return 0 }
        return self[slot]
    }
}

extension ShapeSpec {
    func value(_ d: DriverSlots) -> Shape {
        switch self {
        case .rect(let r): return .rect(r.value(d))
        case .roundedRect(let r, let radius, let style): return .roundedRect(r.value(d), cornerRadius: Swift.max(0, radius.value(d)), style: style)
        case .capsule(let r): return .capsule(r.value(d))
        case .ellipse(let r): return .ellipse(r.value(d))
        case .circle(let c, let radius): return .circle(center: c.value(d), radius: Swift.max(0, radius.value(d)))
        case .path(let p): return .path(p)
        }
    }
}

extension PaintSpec {
    func value(_ d: DriverSlots) -> Paint {
        func stops(_ s: [GradientStopSpec]) -> [GradientStop] { s.map { GradientStop($0.color.value(d), at: clamp($0.location.value(d), 0, 1)) } }
        switch self {
        case .solid(let c): return .solid(c.value(d))
        case .linearGradient(let s, let a, let b): return .linearGradient(stops: stops(s), start: a.value(d), end: b.value(d))
        case .radialGradient(let s, let c, let r0, let r1):
            return .radialGradient(stops: stops(s), center: c.value(d), startRadius: r0.value(d), endRadius: r1.value(d))
        case .angularGradient(let s, let c, let a0, let a1):
            // Degrees in the document, radians in the scene.
            return .angularGradient(stops: stops(s), center: c.value(d), startAngle: a0.value(d) * .pi / 180, endAngle: a1.value(d) * .pi / 180)
        }
    }
}

/// A shadow offset held to SceneLimits.shadowOffset on each axis.
func limitedShadowOffset(_ p: Point) -> Point {
    Point(x: SceneLimits.clamp(p.x, SceneLimits.shadowOffset), y: SceneLimits.clamp(p.y, SceneLimits.shadowOffset))
}
