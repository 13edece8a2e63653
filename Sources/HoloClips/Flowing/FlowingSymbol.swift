// The accessory: SF Symbols' person.circle at 64 pt (design: `Image(systemName: "person.circle")
// .font(.system(size: 64)).foregroundStyle(.blue)`), HoloScene's path-drawn symbol in a 64 × 64
// box whose origin is the box's top-left. The scene scales and moves the box as a whole.

import HoloGeometry
import HoloScene

enum FlowingSymbol {
    /// person.circle at regular weight, as `Image(systemName:)` draws beside regular text.
    static func personCircle(color: Color) -> [Node] {
        let s = FlowingTokens.accessorySize
        return [Symbol.node("person.circle", size: s, weight: .regular, center: Point(s / 2, s / 2), paint: .solid(color))!]
    }
}
