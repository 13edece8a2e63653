// `tilted` (bounding-box window, lane bilinear) against `tiltedReference`, byte for byte.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct TiltFastPathTests {
    /// Random translucent blocks in the middle of a transparent layer (the title-layer shape),
    /// under tilts from slight to steep, both signs, strong perspective and off-centre anchors.
    @Test(arguments: [(8.0, 0.0), (0.0, -12.0), (-25.0, 17.0), (40.0, 60.0), (75.0, -80.0), (0.3, 0.2)])
    func fastTiltEqualsTheReference(degreesX: Double, degreesY: Double) {
        var layer = Canvas(width: 90, height: 64, scale: 2)
        let blocks = noiseCanvas(width: 50, height: 30, seed: UInt64(abs(degreesX * 7 + degreesY) + 1))
        for y in 0..<30 { for x in 0..<50 where (x / 4 + y / 3) % 3 != 0 { layer[x + 20, y + 17] = blocks[x, y] } }
        for perspective in [0.3, 1.0, 3.0] {
            for anchor in [Point(22.5, 16), Point(0, 0), Point(40, 30)] {
                let tilt = Tilt(degreesX: degreesX, degreesY: degreesY, perspective: perspective, anchor: anchor)
                let fast = tilted(layer, tilt: tilt), slow = tiltedReference(layer, tilt: tilt)
                #expect(fast.pixels == slow.pixels, "tilt \(degreesX)°, \(degreesY)° p \(perspective) anchor \(anchor)")
            }
        }
    }

    @Test func emptyLayerStaysEmptyAndFullLayerMatches() {
        let empty = Canvas(width: 20, height: 10, scale: 1)
        let tilt = Tilt(degreesX: 20, degreesY: 10, perspective: 1, anchor: Point(10, 5))
        #expect(tilted(empty, tilt: tilt).pixels == tiltedReference(empty, tilt: tilt).pixels)
        let full = noiseCanvas(width: 33, height: 21, seed: 9)
        let t = tilted(full, tilt: tilt)
        #expect(t.pixels == tiltedReference(full, tilt: tilt).pixels)
        #expect(t.pixels != full.pixels)
    }
}
