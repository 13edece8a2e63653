// Where the feed's parts sit, from the device size alone (any device, any scale).
// All values are (choice): the design (docs/designs.md, Waveform) describes the refresh, not
// the feed's layout.

import HoloGeometry
import HoloMotion

public struct WaveformLayout: ScreenLayout {
    /// The screen (ScreenLayout.swift): its size, the text size, and the safe area — the title bar
    /// starts under `safeTop`, the tab bar extends over `safeBottom`.
    public let screen: ScreenMetrics
    public init(screen: ScreenMetrics) { self.screen = screen }

    /// Top of the scroll view (the list), under the title bar's large title (its band as the kit
    /// lays it out: WaveformFeedViews.largeTitle); the waveform overlays its top.
    public var listTop: Double { safeTop + WaveformFeed.metrics(self).titleBand }
    /// The kit's tab bar: 49 pt above the home indicator (SystemMetrics.tabBarHeight).
    public var tabBarHeight: Double { SystemMetrics.tabBarHeight + safeBottom }
    public var tabBarTop: Double { size.height - tabBarHeight }
    /// The scroll view's height: the list between the title bar and the tab bar.
    public var viewportHeight: Double { tabBarTop - listTop }

    public static let rowCount = 24
    public static let contentInset = 8.0
    public var contentHeight: Double { 2 * Self.contentInset + WaveformFeed.metrics(self).rowTops[Self.rowCount] }
    /// Song i's row as the kit lays it out: 74 pt at the default size (the 52 pt art and the list
    /// row's 11 pt above and below), taller once its text outgrows the art (from xxxLarge) and
    /// as its lines wrap (at the accessibility sizes).
    public func rowHeight(_ i: Int) -> Double {
        let tops = WaveformFeed.metrics(self).rowTops
        return tops[i + 1] - tops[i]
    }

    /// Centre of the waveform: the middle of the spacer band at the top of the list.
    public var waveformCenter: Point { Point(size.width / 2, listTop + WaveformTokens.spacerHeight / 2) }

    /// Bar i's rect for a height: bars side by side, centred on `waveformCenter`, growing both ways.
    public func barRect(_ i: Int, height: Double) -> Rect {
        let n = Double(WaveformTokens.barCount)
        let total = n * WaveformTokens.barWidth + (n - 1) * WaveformTokens.barGap
        let x = waveformCenter.x - total / 2 + Double(i) * (WaveformTokens.barWidth + WaveformTokens.barGap)
        return Rect(x: x, y: waveformCenter.y - height / 2, width: WaveformTokens.barWidth, height: height)
    }

    /// How far the rows are pushed below the list's top: the pulled-open gap or the spacer, the
    /// band the waveform has to itself (`rowTop`'s shift).
    public func openGap(scrollOffset: Double, spacer: Double) -> Double {
        max(spacer - max(scrollOffset, 0), -scrollOffset)
    }

    /// Bar i as drawn in a gap `gap` points tall: the design's spacer exists "to prevent the waveform
    /// from covering text", so the bars stay inside the band the rows have opened. Centred in the
    /// spacer's 50 pt band (`waveformCenter`) once the gap is that tall, in the gap while it is
    /// smaller, and no taller than the gap:
    ///   centreY = listTop + min(gap, spacer) / 2,   height = min(h, gap).
    /// A small pull (gap 9–18 pt) thus shows the wave shortened rather than running through the
    /// first row, and the wave's stop at 10 % progress (gap 8 pt, its 8 pt rest) is seamless.
    public func barRect(_ i: Int, height: Double, gap: Double) -> Rect {
        let band = min(max(gap, 0), WaveformTokens.spacerHeight)
        let h = min(height, max(gap, 0))
        let r = barRect(i, height: h)
        return Rect(x: r.minX, y: listTop + band / 2 - h / 2, width: r.width, height: h)
    }

    /// Row i's top in window points, for a scroll offset and a spacer height.
    ///
    /// The rows move down by  shift = max(spacer − max(offset, 0), −offset):  the spacer is the first
    /// row of the content, and a pull (offset < 0) opens a gap above the content that the spacer
    /// sits in, as UIKit's refresh control sits in the pulled-open inset. So a pull moves the rows
    /// with the finger (no 50 pt jump as the spacer appears), a refresh holds them the spacer's height
    /// down while the offset springs back to 0, and scrolled down (offset ≥ 0) the spacer scrolls
    /// away with the content.
    public func rowTop(_ i: Int, scrollOffset: Double, spacer: Double) -> Double {
        listTop + openGap(scrollOffset: scrollOffset, spacer: spacer) + Self.contentInset + WaveformFeed.metrics(self).rowTops[i]
    }
}
