// `render --contact-sheet FILE`: `count` frames sampled evenly from the selection, tiled in
// `columns`, checked against the caps before anything is drawn, and written as one PNG
// atomically (the file is complete or absent; a cancelled run writes nothing).

import HoloClips
import HoloGolden
import HoloPNG
import HoloRaster
import HoloStop

/// What a contact sheet export wrote.
public struct ContactSheetReport: Sendable {
    public var frames: Int
    public var width: Int
    public var height: Int
}

extension RenderPipeline {
    public func writeContactSheet(of clip: Clip, frames: [Int], count: Int, columns: Int, to path: String,
                                  profile: PNGProfile = .fast, threads: Int = 1, limits: Limits = Limits(),
                                  cancellation: CancellationFlag? = nil) throws -> ContactSheetReport {
        let picked = Self.sampleFrames(frames, count: count)
        let size = ContactSheet.size(tileWidth: clip.pixelWidth, tileHeight: clip.pixelHeight, tiles: picked.count, columns: columns)
        try limits.checkSurface(width: size.width, height: size.height, what: "a contact sheet",
                                scaleHint: "lower --scale, --sheet-frames or --sheet-columns")
        let canvas = try contactSheet(of: clip, frames: picked, columns: columns, cancellation: cancellation, maxTime: limits.maxTime)
        try PNG.write(canvas, to: path, profile: profile, threads: threads)
        return ContactSheetReport(frames: picked.count, width: canvas.width, height: canvas.height)
    }
}
