// Threshold haptics (docs/designs.md, Reveal: "light threshold haptics when the reveal begins and
// stronger haptics near the committed state"). The progress is sampled at 600 Hz, the scroll's own
// step, so a crossing is found at the same instant whichever frames are rendered; the frame state
// lists every haptic fired up to its time.
//
//   start  (light):  p rises past 0.02 while armed; re-arms when p is back to ≤ 0.005
//   commit (medium): p reaches 0.95 while armed;    re-arms when p falls below 0.5

public struct RevealHaptic: Hashable, Sendable, Encodable {
    public enum Kind: String, Hashable, Sendable, Encodable { case revealStart, commit }
    public var time: Double
    public var kind: Kind
    /// UIImpactFeedbackGenerator style the design would play.
    public var style: String { kind == .revealStart ? "light" : "medium" }

    enum Key: String, CodingKey { case time, kind, style }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .time); try c.encode(kind, forKey: .kind); try c.encode(style, forKey: .style)
    }
}

public enum RevealHaptics {
    /// Every haptic in 0…duration for a progress track, sampled at `stepsPerSecond`.
    public static func events(duration: Double, stepsPerSecond: Int = 600, progress: (Double) -> Double) -> [RevealHaptic] {
        var out: [RevealHaptic] = []
        var startArmed = true, commitArmed = true
        let steps = Int((duration * Double(stepsPerSecond)).rounded(.up))
        for n in 0...max(steps, 0) {
            let t = Double(n) / Double(stepsPerSecond)
            let p = progress(t)
            if p <= RevealTokens.startRearm { startArmed = true }
            if p < RevealTokens.commitRearm { commitArmed = true }
            if startArmed && p > RevealTokens.revealStartThreshold {
                out.append(RevealHaptic(time: t, kind: .revealStart)); startArmed = false
            }
            if commitArmed && p >= RevealTokens.commitThreshold {
                out.append(RevealHaptic(time: t, kind: .commit)); commitArmed = false
            }
        }
        return out
    }
}
