// A card that sinks when pressed, written as SwiftUI writes it: scaled to 96 % while pressed
// (0.1 s to 0.6 s), moving there and back on SwiftUI's spring(response 0.3, damping 0.7). The design
// a consumer package owns; HoloframeUI evaluates the view on the clip's clock, animates the scale as
// SwiftUI's `.animation(_:value:)` does (retargeting with velocity), lays it out and draws it.

import HoloframeUI

public struct PressedCard: View {
    public var pressed: Bool

    public init(pressed: Bool) { self.pressed = pressed }

    public var body: some View {
        Text("Pressed")
            .font(.headline)
            .foregroundStyle(.white)
            .padding(.leading, 16)
            .frame(width: 160, height: 100, alignment: .leading)
            .background(LinearGradient(colors: [.green, .blue], startPoint: .topLeading, endPoint: .bottomTrailing),
                        in: RoundedRectangle(cornerRadius: 18, style: .continuous))
            .scaleEffect(pressed ? 0.96 : 1)
            .animation(.spring(response: 0.3, dampingFraction: 0.7), value: pressed)
    }

    public static let pressStart = 0.1, pressEnd = 0.6

    /// One second at 60 fps, 200×180 pt at 1x, pressed from 0.1 s to 0.6 s.
    public static var clip: Clip {
        Clip.view(name: "pressed-card", size: Size(200, 180), duration: 1, background: Color(white: 0.95)) { t in
            PressedCard(pressed: (pressStart..<pressEnd).contains(t))
        }
    }
}
