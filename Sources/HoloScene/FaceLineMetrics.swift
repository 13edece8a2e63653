// The vertical metrics of the faces text is drawn with, for layout that must clear a glyph (the
// hairline under a navigation bar's title clears its descenders) before the renderer draws it.
//
// Why a published value: clips build their scenes in HoloClips, which does not see the renderer's
// font library (HoloRaster); the face changes with `--font` and with the default face itself (DejaVu
// Sans today, Inter under issue 31). The program that renders publishes its library's metrics
// (Holoframe's RenderPipeline does, for every render, bench, golden and studio frame) before
// scenes are drawn, and layout reads them when it builds a frame. Until something is published (a
// library user building scenes without a pipeline) the metrics are DejaVu Sans's, the face
// FontLibrary.shared loads when no other is installed: ascender 1901 and descender 483 of 2048 units.

import HoloGeometry

/// Ascender and descender of a face, in ems (both positive, from the baseline).
public struct FaceLineMetrics: Hashable, Sendable {
    public var ascender: Double
    public var descender: Double
    public init(ascender: Double, descender: Double) { self.ascender = ascender; self.descender = descender }

    /// DejaVu Sans: what is used until a renderer publishes its faces.
    public static let dejaVuSans = FaceLineMetrics(ascender: 1901.0 / 2048, descender: 483.0 / 2048)
}

/// Something that knows the faces text is drawn with (a renderer's font library).
public protocol FaceLineMetricsSource: Sendable {
    /// The metrics of the face `weight` is drawn with, nil if it has none.
    func lineMetrics(for weight: FontWeight) -> FaceLineMetrics?
}

/// The faces of the renderer in use, as published by it.
public enum TextFaces {
    private static let published = Locked<(any FaceLineMetricsSource)?>(nil)

    /// Makes `source` the faces layout measures against (the last publish wins).
    public static func publish(_ source: any FaceLineMetricsSource) {
        published.withLock { $0 = source }
    }

    /// The published face's metrics for `weight`, or DejaVu Sans's if none is published.
    public static func lineMetrics(for weight: FontWeight) -> FaceLineMetrics {
        let source = published.withLock { $0 }
        return source?.lineMetrics(for: weight) ?? .dejaVuSans
    }
}
