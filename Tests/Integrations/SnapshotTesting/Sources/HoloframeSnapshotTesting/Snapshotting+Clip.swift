// Snapshot strategies for clips, scenes and canvases.
//
// Several frames of a clip: `.frames([0, 30, 60])` is ONE contact sheet (the frames in a grid,
// each labelled with its index and time, drawn by Holoframe's contact sheet). One file to review
// and one diff show the motion as a whole, and the frames render from one simulation, in order.
// When each frame needs its own file (to re-record one frame alone, or to loosen one frame's
// tolerance), use `assertSnapshots(of: clip, as: .eachFrame([0, 30, 60]))`: one named strategy per
// frame, files `<test>.frame-00030.png`; each frame is then rendered from a fresh simulation.

import Holoframe
import SnapshotTesting
import XCTest
#if canImport(Testing)
import Testing
#endif

extension Snapshotting where Value == Canvas, Format == Canvas {
    /// A canvas as PNG, diffed by Holoframe.
    public static func holoframePNG(tolerance: Tolerance = .exact) -> Snapshotting<Canvas, Canvas> {
        SimplySnapshotting(pathExtension: "png", diffing: .holoframePNG(tolerance: tolerance))
    }
}

extension Snapshotting where Value == Scene, Format == Canvas {
    /// A scene rendered at `scale` pixels per point.
    public static func scene(scale: Double = 1, tolerance: Tolerance = .exact,
                             fonts: FontLibrary = .shared) -> Snapshotting<Scene, Canvas> {
        Snapshotting<Canvas, Canvas>.holoframePNG(tolerance: tolerance).pullback { scene in
            SnapshotRendering.render { try SceneRenderer(fonts: fonts).render(scene, scale: scale) }
        }
    }
}

extension Snapshotting where Value == Clip, Format == Canvas {
    /// Frame `index` of the clip at its own scale (a fresh simulation advanced to it).
    public static func frame(_ index: Int, tolerance: Tolerance = .exact,
                             fonts: FontLibrary = .shared) -> Snapshotting<Clip, Canvas> {
        Snapshotting<Canvas, Canvas>.holoframePNG(tolerance: tolerance).pullback { clip in
            SnapshotRendering.render { try RenderPipeline(fonts: fonts).renderFrame(SnapshotRendering.checked(index, clip), of: clip) }
        }
    }

    /// Several frames as one contact sheet, `columns` wide, each frame at the clip's scale.
    public static func frames(_ indices: [Int], columns: Int = 4, tolerance: Tolerance = .exact,
                              fonts: FontLibrary = .shared) -> Snapshotting<Clip, Canvas> {
        Snapshotting<Canvas, Canvas>.holoframePNG(tolerance: tolerance).pullback { clip in
            SnapshotRendering.render {
                let frames = try indices.map { try SnapshotRendering.checked($0, clip) }
                return try RenderPipeline(fonts: fonts).contactSheet(of: clip, frames: frames, columns: columns)
            }
        }
    }

    /// One strategy per frame for `assertSnapshots(of:as:)`, named `frame-00030`.
    public static func eachFrame(_ indices: [Int], tolerance: Tolerance = .exact,
                                 fonts: FontLibrary = .shared) -> [String: Snapshotting<Clip, Canvas>] {
        Dictionary(uniqueKeysWithValues: indices.map {
            ("frame-" + GoldenStore.fileName(frame: $0).dropLast(4), Snapshotting.frame($0, tolerance: tolerance, fonts: fonts))
        })
    }
}

extension Dictionary where Key == String, Value == Snapshotting<Clip, Canvas> {
    /// `assertSnapshots(of: clip, as: .eachFrame([0, 30]))`: one file per frame.
    public static func eachFrame(_ indices: [Int], tolerance: Tolerance = .exact, fonts: FontLibrary = .shared) -> Self {
        Snapshotting<Clip, Canvas>.eachFrame(indices, tolerance: tolerance, fonts: fonts)
    }
}

/// A strategy's snapshot closure cannot throw: a render error (a frame outside the clip, a font
/// that does not load) is reported as a test failure with its message, and the snapshot is an
/// empty canvas, which also fails the comparison as a size mismatch.
enum SnapshotRendering {
    static func render(_ body: () throws -> Canvas) -> Canvas {
        do { return try body() } catch {
            let message = "Holoframe could not render the snapshot: \(error)"
            #if canImport(Testing)
            if Test.current != nil {
                Issue.record(Comment(rawValue: message))
                return Canvas(width: 0, height: 0, premultipliedBytes: [])
            }
            #endif
            XCTFail(message)
            return Canvas(width: 0, height: 0, premultipliedBytes: [])
        }
    }

    static func checked(_ index: Int, _ clip: Clip) throws -> Int {
        guard index >= 0 && index < clip.frameCount else {
            throw SnapshotFrameError(description: "frame \(index) is outside clip '\(clip.name)', which has frames 0…\(clip.frameCount - 1)")
        }
        return index
    }
}

struct SnapshotFrameError: Error, CustomStringConvertible { let description: String }
