// Writes the fast writer's shape files for a second, independent decoder (Pillow, in
// Tests/Scripts/png_pillow_check.py). Runs only when HOLOFRAME_PNG_SHAPES_DIR names a folder:
// for each shape and setting, NAME.png (fast writer) and NAME.rgba (the straight RGBA8 the PNG
// must decode to, width × height × 4 bytes; the size is in the name: NAME = shape-WxH-setting).

import Foundation
import HoloPNG
import HoloPixels
import Testing

@Suite struct FastPNGShapeFiles {
    static let folder = ProcessInfo.processInfo.environment["HOLOFRAME_PNG_SHAPES_DIR"]

    @Test(.enabled(if: folder != nil)) func writeShapeFiles() throws {
        let folder = Self.folder!
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var shapes = FastPNGTests.shapes()
        shapes.append(("ui frame translucent", Fixtures.uiFrame(width: 390, height: 844, transparentBackground: true)))
        shapes.append(("ui frame", Fixtures.uiFrame(width: 390, height: 844)))
        for (name, canvas) in shapes {
            let straight = straightRGBA(canvas)
            for (index, settings) in FastPNGTests.settings.enumerated() {
                let stem = "\(name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "×", with: "x"))-\(canvas.width)x\(canvas.height)-s\(index)"
                try AtomicFile.write(try FastPNG.encode(canvas, settings: settings, threads: 1 + index % 3), to: "\(folder)/\(stem).png")
                try AtomicFile.write(straight, to: "\(folder)/\(stem).rgba")
            }
        }
    }
}
