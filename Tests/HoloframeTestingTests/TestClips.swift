// Small clips built in Swift, as a user of HoloframeTesting would write them.

import Holoframe

/// A dot sliding right over a gradient bar: 40×30 pt, one frame per 1/30 s, 8 frames.
struct SlidingDot: ClipSimulation {
    struct State: Encodable { var x: Double }
    /// Where the dot is drawn, in points; shifts every frame (so frames differ).
    var startX = 8.0
    var speed = 90.0  // pt/s

    mutating func advance(to time: Double) -> State { State(x: startX + speed * time) }

    func scene(for state: State) -> Scene {
        Scene(size: Size(40, 30), background: Color(white: 0.96), root: [
            .fill(.roundedRect(Rect(x: 2, y: 2, width: 36, height: 8), cornerRadius: 4, style: .continuous),
                  .linearGradient(stops: Paint.evenStops([Color(hex: 0x5856D6), Color(hex: 0xFF2D55)]),
                                  start: Point(2, 6), end: Point(38, 6))),
            .fill(.circle(center: Point(state.x, 20), radius: 6), .solid(Color(hex: 0x007AFF))),
        ])
    }

    static func clip(name: String = "sliding-dot", startX: Double = 8) -> Clip {
        Clip(name: name, size: Size(40, 30), scale: 1, fps: 30, frameCount: 8) { SlidingDot(startX: startX) }
    }
}
