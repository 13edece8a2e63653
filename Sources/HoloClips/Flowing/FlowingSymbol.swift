// The accessory: SF Symbols' person.circle at 64 pt (seed: `Image(systemName: "person.circle")
// .font(.system(size: 64)).foregroundStyle(.blue)`), drawn from shapes in a 64 × 64 box whose
// origin is the box's top-left. The scene scales and moves the box as a whole.

import HoloGeometry
import HoloScene

enum FlowingSymbol {
    /// Ring stroke width at 64 pt (approx.: SF Symbols regular weight).
    static let ringWidth = 5.0

    /// person.circle: a ring, and a head and shoulders clipped to the ring's inside.
    static func personCircle(color: Color) -> [Node] {
        let s = FlowingTokens.accessorySize, half = s / 2, w = ringWidth
        let inner = Rect(x: w, y: w, width: s - 2 * w, height: s - 2 * w)
        // Head: radius 0.164·s centred at 0.39·s; shoulders: an ellipse 0.62·s wide whose top is at 0.64·s.
        let head = Shape.circle(center: Point(half, 0.39 * s), radius: 0.164 * s)
        let shoulders = Shape.ellipse(Rect(x: half - 0.31 * s, y: 0.64 * s, width: 0.62 * s, height: 0.5 * s))
        return [
            .group([.fill(head, .solid(color)), .fill(shoulders, .solid(color))], clip: .ellipse(inner)),
            .stroke(.ellipse(Rect(x: w / 2, y: w / 2, width: s - w, height: s - w)), .solid(color), width: w),
        ]
    }
}
