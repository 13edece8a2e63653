import Testing
import HoloGeometry

@Suite struct SystemColorTests {
    @Test func swiftUINamesAreTheirSystemColors() {
        #expect(Color.named("red", scheme: .light) == Color(hex: 0xFF3B30))
        #expect(Color.named("red", scheme: .dark) == SystemColor.systemRed.resolved(.dark))
        #expect(Color.named("primary", scheme: .dark) == SystemColor.label.resolved(.dark))
        #expect(Color.named("white", scheme: .dark) == .white)
        #expect(Color.named("rouge", scheme: .light) == nil)
    }

    @Test func semanticColorsDifferBetweenLightAndDark() {
        for name in ["label", "secondaryLabel", "tertiaryLabel", "systemBackground", "secondarySystemBackground",
                     "systemGroupedBackground", "separator", "systemBlue", "systemGreen", "systemRed"] {
            guard let color = SystemColor(rawValue: name) else { Issue.record("no system colour \(name)"); continue }
            #expect(color.resolved(.light) != color.resolved(.dark), "\(name)")
        }
        #expect(SystemColor.secondaryLabel.resolved(.light) == Color(hex: 0x3C3C43, alpha: 0.6))
        #expect(SystemColor.separator.resolved(.dark) == Color(hex: 0x545458, alpha: 0.6))
    }

    /// Increase Contrast changes the hues and grays (HIG table); labels have no published variant.
    @Test func increasedContrast() {
        #expect(SystemColor.systemBlue.resolved(.light, increasedContrast: true) == Color(hex: 0x0040DD))
        #expect(SystemColor.systemGray.resolved(.dark, increasedContrast: true) == Color(hex: 0xAEAEB2))
        #expect(SystemColor.label.resolved(.dark, increasedContrast: true) == SystemColor.label.resolved(.dark))
        for color in SystemColor.allCases where color.rawValue.hasPrefix("system") && !color.rawValue.contains("Background")
            && !color.rawValue.contains("Fill") {
            #expect(color.resolved(.light, increasedContrast: true) != color.resolved(.light), "\(color)")
        }
    }
}
