// The flowing header's formulas as pure functions (docs/designs.md, Flowing header), so each can
// be tested at chosen inputs without running a simulation.

import HoloGeometry

public enum FlowingMath {
    /// progress = clamp((offset − start) / 40, 0, 1)
    @inlinable public static func progress(offset: Double, start: Double) -> Double {
        min(1, max(0, (offset - start) / FlowingTokens.transitionRange))
    }

    /// A progress that runs ahead of `p` by `factor` and holds at 1 once there: min(1, factor·p) for
    /// p < 1, p itself from 1 on (a spring's overshoot past 1 is kept).
    @inlinable public static func lead(_ p: Double, by factor: Double) -> Double {
        p >= 1 ? p : min(1, factor * p)
    }

    /// Each axis on its own progress: x = src.x + (dst.x − src.x)·px, y = src.y + (dst.y − src.y)·py.
    @inlinable public static func center(from source: Point, to destination: Point, xProgress px: Double, yProgress py: Double) -> Point {
        Point(source.x + (destination.x - source.x) * px, source.y + (destination.y - source.y) * py)
    }

    /// Linear interpolation of two frame centres: c = src + (dst − src)·p
    @inlinable public static func center(from source: Point, to destination: Point, progress p: Double) -> Point {
        Point(source.x + (destination.x - source.x) * p, source.y + (destination.y - source.y) * p)
    }

    /// Title scale: 1 + (dstHeight/srcHeight − 1)·p, the frames' heights standing in for font sizes
    /// (Portal measures the two Text frames: large title 41 pt tall, headline 22 pt tall).
    @inlinable public static func titleScale(progress p: Double,
                                             sourceHeight: Double = FlowingTokens.sourceTitleLineHeight,
                                             destinationHeight: Double = FlowingTokens.navigationTitleLineHeight) -> Double {
        guard sourceHeight > 0 else { return 1 }
        return 1 + (destinationHeight / sourceHeight - 1) * p
    }

    /// Per-axis scale from the source size toward the destination size:
    ///   s = (src + (dst − src)·p) / src  on each axis (1 for an empty source).
    @inlinable public static func scale(from source: Size, to destination: Size, progress p: Double) -> Size {
        guard source.width > 0, source.height > 0 else { return Size(1, 1) }
        return Size((source.width + (destination.width - source.width) * p) / source.width,
                    (source.height + (destination.height - source.height) * p) / source.height)
    }

    /// Accessory fade (opacity, and scale for an accessory that stays): max(0.6, 1 − 4p).
    @inlinable public static func accessoryFade(progress p: Double) -> Double {
        max(FlowingTokens.accessoryFadeMinimum, 1 - FlowingTokens.accessoryFadeMultiplier * p)
    }
}
