// A card that sinks when pressed: drawn at 100 % → 96 % on SwiftUI's spring(response 0.3,
// damping 0.7) while pressed (0.1 s to 0.6 s), then back. The design a consumer package owns;
// Holoframe steps the spring (HoloMotion's SpringState, 1/300 s steps) and draws the scene.

import Holoframe

public struct PressedCard: ClipSimulation {
    public struct State: Encodable { public var scalePercent: Double }

    public static let pressStart = 0.1, pressEnd = 0.6
    public static let spring = Spring(response: 0.3, dampingFraction: 0.7)
    private var state = SpringState(from: 100, to: 100)
    private var steps = 0

    public init() {}

    /// Steps the spring to `t` (k steps reach k/300 s), retargeting at the press and release steps.
    public mutating func advance(to t: Double) -> State {
        let target = Int((t * Double(SpringState.stepsPerSecond)).rounded(.down))
        while steps < target {
            let now = Double(steps) * SpringState.stepDuration
            let wanted = (now >= Self.pressStart && now < Self.pressEnd) ? 96.0 : 100.0
            if state.target[0] != wanted { state.retarget(wanted.animationVector) }
            state.step(Self.spring)
            steps += 1
        }
        return State(scalePercent: state.scalarPosition)
    }

    public func scene(for state: State) -> Scene {
        let card = Rect(x: 20, y: 40, width: 160, height: 100)
        let cx = card.origin.x + card.size.width / 2, cy = card.origin.y + card.size.height / 2
        let s = state.scalePercent / 100
        // Scale about the card's centre: move the centre to the origin, scale, move back.
        let transform = AffineTransform.translation(-cx, -cy).concatenating(.scale(s, s)).concatenating(.translation(cx, cy))
        return Scene(size: Size(200, 180), background: Color(white: 0.95), root: [
            .group([
                .fill(.roundedRect(card, cornerRadius: 18, style: .continuous),
                      .linearGradient(stops: Paint.evenStops([Color(hex: 0x34C759), Color(hex: 0x007AFF)]),
                                      start: card.origin, end: Point(card.origin.x + card.size.width, card.origin.y + card.size.height))),
                .text(TextRun("Pressed", font: .headline, origin: Point(36, 96)), .solid(.white)),
            ], transform: transform),
        ])
    }

    /// One second at 60 fps, 200×180 pt at 1x.
    public static var clip: Clip {
        Clip(name: "pressed-card", size: Size(200, 180), scale: 1, fps: 60, frameCount: 60) { PressedCard() }
    }
}
