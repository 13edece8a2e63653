// Portal's FlowingHeaderView as views of the layout kit: the accessory's 64 pt box, 12 pt above the
// title (large title, semibold) and, 4 pt under it, the subtitle (subheadline, secondary label),
// centred, 16 pt below the scroll content's top and 16 pt in from the sides. Its layout gives the
// frames the header flows from (FlowingPage's source frames); the scene draws the subtitle where it
// is laid out, while the title and the accessory are anchors here: the flowing overlay draws them
// (FlowingScene), once, at the frames this layout gives.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct FlowingHeaderView {
    /// Space on either side of the header's texts (the layout margin).
    static let horizontalPadding = 16.0

    var view: ViewSpec
    var title: ViewSpec
    var subtitle: ViewSpec
    /// The accessory's box (nil for a text-only header).
    var accessory: ViewSpec?

    /// Where the header's parts sit in the scroll content (y from the content's top).
    struct Frames: Hashable, Sendable {
        var accessory: Rect?
        var title: Rect
        var subtitle: Rect
    }

    init(_ configuration: FlowingConfiguration, environment: ViewEnvironment, subtitleColor: Color) {
        var c = ScreenComposer(environment)
        // The title is an anchor: never drawn from here (the flowing overlay draws it).
        title = c.text(configuration.title, .largeTitle, weight: .semibold, color: .clear)
        subtitle = c.text(configuration.subtitle, .subheadline, color: subtitleColor, lineLimit: nil, alignment: .center)
        let texts = c.vstack(spacing: FlowingTokens.titleSubtitleSpacing, [title, subtitle])
        if configuration.hasAccessory {
            let box = c.spacer().frame(width: FlowingTokens.accessorySize, height: FlowingTokens.accessorySize)
            accessory = box
            view = c.vstack(spacing: FlowingTokens.accessorySpacing, [box, texts])
        } else {
            view = texts
        }
        view = view.padding(top: FlowingTokens.headerTopPadding, leading: Self.horizontalPadding, trailing: Self.horizontalPadding)
            .frame(maxWidth: .infinity)
    }

    /// The environment the header is laid out in: the screen's width, as tall as it needs.
    static func environment(width: Double, type: DynamicTypeSize, scheme: ColorScheme = .light) -> ViewEnvironment {
        ViewEnvironment(layout: LayoutEnvironment(screen: Size(width, 100_000), safeArea: Insets(), displayScale: 3),
                        dynamicTypeSize: type, colorScheme: scheme)
    }

    /// The header laid out across a screen `width` wide, its top-leading corner at the content's.
    func piece(width: Double, environment: ViewEnvironment) -> ScreenPiece {
        ScreenPiece(name: "header", view: view, environment: environment, width: width, scrolls: true)
    }

    /// Where the header's parts sit in `piece`, this header laid out.
    func frames(in piece: ScreenPiece) -> Frames {
        func frame(_ v: ViewSpec) -> Rect { piece.layout.frames[v.id]!.last! }
        return Frames(accessory: accessory.map(frame), title: frame(title), subtitle: frame(subtitle))
    }
}
