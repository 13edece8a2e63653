// How a family's typed state is written as its `holoframe simulate` / `render --state` line.
//
// Each family's state is a typed value (enums for phases, `ScrollState` for the scroll, `Rect`s for
// frames) that its scene is built from; the JSON line is written from it, never read back. The
// encoder sorts keys (`FrameSource`), so a family's `encode(to:)` only has to write the same keys
// with the same values: `StateKey` names them by string, and the helpers below write the pieces
// several families share in one spelling.
//
// Keys a family leaves out when a value is absent (`card`, `heroFrame`, `waveStart`, …) are written
// with `encodeIfPresent`; keys it always writes, null included (the flowing header's), with `encode`.

import HoloGeometry
import HoloMotion

/// A state line's key, by its name in the JSON.
struct StateKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

extension KeyedEncodingContainer where K == StateKey {
    /// The scroll view's trio as every family spells it: `scrollOffset`, `scrollPhase` and, where
    /// the family reports it, `scrollVelocity`. `phase` overrides the phase's name (the reveal's
    /// chevron snap reports "snapping").
    mutating func encodeScroll(_ scroll: ScrollState, velocity: Bool = true, phase: String? = nil) throws {
        try encode(scroll.offset, forKey: "scrollOffset")
        if velocity { try encode(scroll.velocity, forKey: "scrollVelocity") }
        try encode(phase ?? scroll.phase.rawValue, forKey: "scrollPhase")
    }

    /// A value by its key name.
    mutating func encode<T: Encodable>(_ value: T, _ key: StateKey) throws { try encode(value, forKey: key) }
    /// A value by its key name, the key left out when the value is nil.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: StateKey) throws { try encodeIfPresent(value, forKey: key) }
}
