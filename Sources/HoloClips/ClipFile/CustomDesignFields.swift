// What design "custom" reads from a clip file besides the common fields: the `scene` (decoded by
// Scene/), the variant keys `background` and `revealHeight`, and the rule that a scene with a
// scrollView gives the scroll's content height itself while one without needs the file's.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

extension CustomDesign {
    /// The file's `scene`, which design "custom" requires.
    static func sceneField(_ spec: ClipSpec, fileName: String) throws -> JSONValue {
        guard let json = spec.scene else {
            throw ClipFileError(fileName: fileName, path: "scene", reason: "is required when design is \"custom\" (see examples/)")
        }
        return json
    }

    /// The file's scroll view checked against the scene's: with a scrollView, layout gives the
    /// viewport and the content height (the file may not); without one, the file must.
    static func scrollField(_ scroll: ScrollSpec?, laidOut: ScrollGeometry?, fileName: String) throws -> ScrollSpec? {
        var scrollSpec = scroll
        if let g = laidOut {
            // The scroll view's viewport and content come from layout.
            if scroll?.hasContentHeight == true {
                throw ClipFileError(fileName: fileName, path: "scroll.contentHeight",
                                    reason: "the scene's scrollView lays its content out and gives the content height; leave contentHeight out")
            }
            var s = scrollSpec ?? ScrollSpec(configuration: ScrollConfiguration(contentHeight: 0, viewportHeight: 0), script: .empty)
            s.configuration.contentHeight = max(g.scrollableHeight, 1)
            s.configuration.viewportHeight = max(g.frame.height, 1)
            scrollSpec = s
        } else if scroll?.hasContentHeight == false {
            throw ClipFileError(fileName: fileName, path: "scroll.contentHeight",
                                reason: "missing; a scene without a scrollView needs the height of what it scrolls")
        }
        return scrollSpec
    }

    /// The variant keys design "custom" knows: `background` (a colour, default the scheme's
    /// white or black) and `revealHeight` (points, default the screen's height); any other is an error.
    static func variantFields(_ spec: ClipSpec, fileName: String) throws -> (background: Color, revealHeight: Double) {
        let size = spec.device.size
        var chosenBackground: Color = spec.environment.colorScheme == .dark ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF)
        switch spec.variant["background"] {
        case nil: break
        case .string(let hex)?:
            guard let color = Self.color(hex: hex)
                    ?? Color.named(hex, scheme: spec.environment.colorScheme, increasedContrast: spec.environment.highContrast) else {
                throw ClipFileError(fileName: fileName, path: "variant.background",
                                    reason: "expected \"#RRGGBB\", \"#RRGGBBAA\" or a colour name such as \"systemGroupedBackground\", got \"\(hex)\"")
            }
            chosenBackground = color
        default:
            throw ClipFileError(fileName: fileName, path: "variant.background", reason: "expected a colour string such as \"#00000000\"")
        }
        let revealHeight: Double
        switch spec.variant["revealHeight"] {
        case .number(let h)? where h > 0 && h.isFinite: revealHeight = h
        case nil: revealHeight = size.height
        default: throw ClipFileError(fileName: fileName, path: "variant.revealHeight", reason: "must be a positive number of points")
        }
        if let unknown = spec.variant.keys.sorted().first(where: { $0 != "revealHeight" && $0 != "background" }) {
            throw ClipFileError(fileName: fileName, path: "variant.\(unknown)",
                                reason: "is not a variant of design \"custom\" (known: background, revealHeight)")
        }
        return (chosenBackground, revealHeight)
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    static func color(hex: String) -> Color? {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt64(hex.dropFirst(), radix: 16) else { return nil }
        if hex.count == 7 { return Color(hex: UInt32(v)) }
        return Color(hex: UInt32(v >> 8), alpha: Double(v & 0xFF) / 255)
    }
}
